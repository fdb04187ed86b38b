import { sql } from 'kysely';
import { PAYMENT_DUE_STATUSES, type BillingSubscription, type PermissionGrant, type Price, type PriceInterval, type Product } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso, toBool, type Db } from '../../db/index.ts';
import { filters, type ListDefinition, invalidFilter } from '../../http/list-query.ts';
import { cappedTrigramSearch } from '../../http/text-search.ts';
import { displayName } from '../users/repository.ts';
import { USER_SEARCH_INDEX } from '../users/list.ts';

/** Money is kept in minor units; the API speaks decimal amounts (19.99). */
export const toCents = (amount: number) => Math.round(amount * 100);
export const fromCents = (cents: number) => Number(cents) / 100;

const parseJson = <T>(text: string | null, fallback: T): T => {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
};

const PRODUCT_COLUMNS = [
  'products.id', 'products.name', 'products.description', 'products.position', 'products.available_space', 'products.recommended',
  'products.hidden', 'products.free', 'products.feature_list', 'products.permissions', 'products.created_at', 'products.updated_at',
] as const;

/** Prices of the given plans, each with how many subscriptions use it (a price with any is locked). */
export async function pricesFor(db: Db, productIds: number[]): Promise<Map<number, Price[]>> {
  const out = new Map<number, Price[]>();
  if (!productIds.length) return out;
  const rows = await db.selectFrom('prices')
    .select(['prices.id', 'prices.product_id', 'prices.amount', 'prices.currency', 'prices.interval', 'prices.interval_count'])
    .select((eb) => eb.selectFrom('subscriptions').select(sql<number>`count(*)`.as('n')).whereRef('subscriptions.price_id', '=', 'prices.id').as('subscriptions_count'))
    .where('prices.product_id', 'in', productIds).orderBy('prices.amount').orderBy('prices.id').execute();
  for (const r of rows) {
    const price: Price = { ...r, amount: fromCents(r.amount), interval: r.interval as PriceInterval, subscriptions_count: Number(r.subscriptions_count ?? 0) };
    out.set(r.product_id, [...(out.get(r.product_id) ?? []), price]);
  }
  return out;
}


type ProductRow = Awaited<ReturnType<ReturnType<typeof productsBase>['execute']>>[number];

export async function toProducts(db: Db, rows: ProductRow[]): Promise<Product[]> {
  const prices = await pricesFor(db, rows.map((r) => r.id));
  return rows.map((r) => ({
    ...r,
    recommended: toBool(r.recommended), hidden: toBool(r.hidden), free: toBool(r.free),
    feature_list: parseJson<string[]>(r.feature_list, []),
    permissions: parseJson<PermissionGrant[]>(r.permissions, []),
    prices: prices.get(r.id) ?? [],
  }));
}

export async function findProduct(db: Db, id: number): Promise<Product | null> {
  const row = await db.selectFrom('products').select(PRODUCT_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? (await toProducts(db, [row]))[0] : null;
}

export function productsBase(db: Db, withHidden: boolean) {
  let qb = db.selectFrom('products').select(PRODUCT_COLUMNS);
  if (!withHidden) qb = qb.where('products.hidden', '=', false);
  return qb;
}

export function productsListDefinition(): ListDefinition {
  return {
    sorts: { position: 'products.position', name: 'products.name', created_at: 'products.created_at', updated_at: 'products.updated_at' },
    defaultSort: ['position', 'asc'],
    tieBreaker: 'products.id',
    filters: { created_at: filters.date('products.created_at'), updated_at: filters.date('products.updated_at') },
  };
}

const SUBSCRIPTION_COLUMNS = [
  'subscriptions.id', 'subscriptions.user_id', 'subscriptions.product_id', 'subscriptions.price_id', 'subscriptions.description',
  'subscriptions.renews_at', 'subscriptions.ends_at', 'subscriptions.created_at', 'subscriptions.updated_at',
  'subscriptions.gateway_name', 'subscriptions.gateway_status',
  'users.email', 'users.first_name', 'users.last_name', 'users.avatar',
  'products.name as product_name', 'prices.amount', 'prices.currency', 'prices.interval', 'prices.interval_count',
] as const;

export function subscriptionsBase(db: Db) {
  return db.selectFrom('subscriptions')
    .leftJoin('users', 'users.id', 'subscriptions.user_id')
    .leftJoin('products', 'products.id', 'subscriptions.product_id')
    .leftJoin('prices', 'prices.id', 'subscriptions.price_id')
    .select(SUBSCRIPTION_COLUMNS);
}
type SubscriptionRow = Awaited<ReturnType<ReturnType<typeof subscriptionsBase>['execute']>>[number];

/** Valid means not ended: no ends_at, or one still ahead (compared when read, so no job has to expire anything). */
export const isValidAt = (endsAt: string | null, now = nowIso()) => !endsAt || endsAt > now;

export function toSubscription(r: SubscriptionRow): BillingSubscription {
  return {
    id: r.id, user_id: r.user_id, product_id: r.product_id, price_id: r.price_id, description: r.description,
    renews_at: r.renews_at, ends_at: r.ends_at, created_at: r.created_at, updated_at: r.updated_at,
    gateway_name: r.gateway_name, gateway_status: r.gateway_status,
    valid: isValidAt(r.ends_at), cancelled: Boolean(r.ends_at),
    user: r.email ? { id: r.user_id, avatar: r.avatar, email: r.email, display_name: displayName({ email: r.email, first_name: r.first_name, last_name: r.last_name }) } : null,
    product: r.product_id && r.product_name ? { id: r.product_id, name: r.product_name } : null,
    price: r.price_id && r.amount !== null ? { id: r.price_id, amount: fromCents(r.amount), currency: r.currency!, interval: r.interval as PriceInterval, interval_count: r.interval_count! } : null,
  };
}

export async function findSubscription(db: Db, id: number): Promise<BillingSubscription | null> {
  const row = await subscriptionsBase(db).where('subscriptions.id', '=', id).executeTakeFirst();
  return row ? toSubscription(row) : null;
}

export function subscriptionsListDefinition(ctx: AppContext): ListDefinition {
  const intFilter = (column: string): ListDefinition['filters'][string] => (qb, f) => {
    const id = Number(f.value);
    if (!Number.isInteger(id)) throw invalidFilter(column);
    return qb.where(column, f.operator === '!=' ? '!=' : '=', id);
  };
  return {
    sorts: {
      created_at: 'subscriptions.created_at', renews_at: 'subscriptions.renews_at', ends_at: 'subscriptions.ends_at',
      updated_at: 'subscriptions.updated_at', gateway_name: 'subscriptions.gateway_name',
    },
    defaultSort: ['created_at', 'desc'],
    tieBreaker: 'subscriptions.id',
    // The customer's e-mail or name, through the users' own text index (the list joins users).
    search: cappedTrigramSearch(ctx.db, ctx.dialect, USER_SEARCH_INDEX, 'version:users'),
    filters: {
      gateway_name: (qb, f) => qb.where('subscriptions.gateway_name', f.operator === '!=' ? '!=' : '=', String(f.value)),
      product_id: intFilter('subscriptions.product_id'),
      user_id: intFilter('subscriptions.user_id'),
      // The statuses the list shows (SubscriptionsPage subscriptionStatus), one each: ended (past ends_at); past due
      // (a payment is owed, whatever the gateway calls it: Stripe's unpaid, PayPal's suspended); cancelled (in its
      // grace period); active (the rest).
      status: (qb, f) => {
        const now = nowIso();
        const notDue = (q: typeof qb) => q.where((eb) => eb.or([eb('subscriptions.gateway_status', 'is', null), eb('subscriptions.gateway_status', 'not in', [...PAYMENT_DUE_STATUSES])]));
        if (f.value === 'active') return notDue(qb.where('subscriptions.ends_at', 'is', null));
        if (f.value === 'cancelled') return notDue(qb.where('subscriptions.ends_at', '>', now));
        if (f.value === 'ended') return qb.where('subscriptions.ends_at', '<=', now);
        if (f.value === 'past_due') {
          return qb.where('subscriptions.gateway_status', 'in', [...PAYMENT_DUE_STATUSES])
            .where((eb) => eb.or([eb('subscriptions.ends_at', 'is', null), eb('subscriptions.ends_at', '>', now)]));
        }
        throw invalidFilter('status');
      },
      renews_at: filters.date('subscriptions.renews_at'),
      ends_at: filters.date('subscriptions.ends_at'),
      created_at: filters.date('subscriptions.created_at'),
      updated_at: filters.date('subscriptions.updated_at'),
    },
    countVersion: { db: ctx.db, counter: 'version:users' },
  };
}
