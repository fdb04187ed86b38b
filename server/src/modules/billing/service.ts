import { sql } from 'kysely';
import {
  PLAN_UNAVAILABLE, PRICE_LOCKED, isUnpaidStart, PRICE_NOT_OF_PLAN, SUBSCRIPTION_ENDED, SUBSCRIPTION_NOT_CANCELLED, translate,
  type BillingSubscription, type PermissionGrant, type Price, type PriceInput, type Product, type ProductInput, type SubscriptionInput,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { lockRows } from '../../db/row-lock.ts';
import { HttpError, notFound, unprocessable, stillThere } from '../../http/errors.ts';
import { checkGrants } from '../roles/service.ts';
import { assertCanGrant, type Actor } from '../roles/grants.ts';
import { STAFF_PERMISSIONS } from '../roles/permissions.ts';
import { findProduct, findSubscription, isValidAt, toCents } from './repository.ts';
import { gatewayFor } from './gateways/index.ts';
import { priceGatewayIds, retire } from './retired.ts';

/** The spec's locked-price message with its subscriber count filled in (the plural form picks the wording). */
export const lockedMessage = (count: number) => translate(undefined, PRICE_LOCKED, { count });
const locked = (field: string, count: number) => unprocessable(field, lockedMessage(count));

/** Plans are sold to anyone who pays: none may carry `admin`, and nobody puts on one what they do not hold. */
async function checkPlanPermissions(ctx: AppContext, input: ProductInput, actor: Actor, before: Product | null) {
  const grants = checkGrants(input.permissions);
  if (grants.some((g) => STAFF_PERMISSIONS.has(g.name))) throw unprocessable('permissions', 'A plan cannot carry admin permissions.');
  await assertCanGrant(ctx.db, actor, grants, before?.permissions ?? []);
  return grants;
}

const samePrice = (a: Price, b: PriceInput) =>
  a.amount === b.amount && a.currency === b.currency && a.interval === b.interval && a.interval_count === b.interval_count;

const priceValues = (p: PriceInput) => ({ amount: toCents(p.amount), currency: p.currency, interval: p.interval, interval_count: p.interval_count });

/**
 * Price rows of a plan edit. A row with an id edits that price; existing prices left out are deleted. A price with
 * subscribers is locked: it can be neither changed nor deleted (section 5), so the admin adds a new one instead.
 * The gateway ids a changed or deleted price let go of are recorded as retired (retired.ts) in the same transaction.
 */
async function savePrices(ctx: AppContext, trx: Db, productId: number, input: PriceInput[], existing: Price[]): Promise<void> {
  const byId = new Map(existing.map((p) => [p.id, p]));
  const kept = new Set<number>();
  const now = nowIso();
  for (const [i, p] of input.entries()) {
    if (p.id === undefined) {
      await trx.insertInto('prices').values({ product_id: productId, ...priceValues(p), created_at: now, updated_at: now }).execute();
      continue;
    }
    const before = byId.get(p.id);
    if (!before) throw unprocessable(`prices.${i}.id`, 'The price does not belong to this plan.');
    kept.add(p.id);
    if (samePrice(before, p)) continue;
    if (before.subscriptions_count > 0) throw locked(`prices.${i}.amount`, before.subscriptions_count);
    // A changed price loses its gateway ids: the gateway's prices are immutable, the next sync makes new ones and
    // deactivates these. On PostgreSQL the row stays locked until commit, so a sync cannot write an id in between.
    await lockRows(trx, ctx.dialect, 'prices', [p.id], 'update');
    const ids = await trx.selectFrom('prices').select(['stripe_id', 'paypal_id']).where('id', '=', p.id).executeTakeFirst();
    await trx.updateTable('prices').set({ ...priceValues(p), stripe_id: null, paypal_id: null, updated_at: now }).where('id', '=', p.id).execute();
    if (ids) await retire(trx, priceGatewayIds(ids));
  }
  const removed = existing.filter((p) => !kept.has(p.id));
  for (const p of removed) if (p.subscriptions_count > 0) throw locked('prices', p.subscriptions_count);
  if (removed.length) {
    const gone = await trx.deleteFrom('prices').where('id', 'in', removed.map((p) => p.id)).returning(['stripe_id', 'paypal_id']).execute();
    await retire(trx, gone.flatMap(priceGatewayIds));
  }
}

function productValues(input: ProductInput, grants: PermissionGrant[]) {
  return {
    name: input.name, description: input.description, position: input.position, available_space: input.available_space,
    recommended: input.recommended, hidden: input.hidden, free: input.free,
    feature_list: JSON.stringify(input.feature_list), permissions: JSON.stringify(grants),
  };
}

export async function createProduct(ctx: AppContext, input: ProductInput, actor: Actor): Promise<Product> {
  const grants = await checkPlanPermissions(ctx, input, actor, null);
  const now = nowIso();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('products').values({ ...productValues(input, grants), created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    await savePrices(ctx, trx, row.id, input.prices, []);
    return row.id;
  });
  return stillThere(await findProduct(ctx.db, id), 'Plan not found');
}

export async function updateProduct(ctx: AppContext, id: number, input: ProductInput, actor: Actor): Promise<Product> {
  const existing = await findProduct(ctx.db, id);
  if (!existing) throw notFound('Plan not found');
  const grants = await checkPlanPermissions(ctx, input, actor, existing);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('products').set({ ...productValues(input, grants), updated_at: nowIso() }).where('id', '=', id).execute();
    await savePrices(ctx, trx, id, input.prices, existing.prices);
  });
  return stillThere(await findProduct(ctx.db, id), 'Plan not found');
}

/**
 * A plan whose prices have subscribers keeps them: deleting it would delete locked prices. Its Stripe product and
 * its prices' Stripe prices and PayPal plans are recorded as retired in the same transaction, for sync to deactivate.
 */
export async function deleteProduct(ctx: AppContext, id: number): Promise<void> {
  const existing = await findProduct(ctx.db, id);
  if (!existing) throw notFound('Plan not found');
  const subscribers = existing.prices.reduce((n, p) => n + p.subscriptions_count, 0);
  if (subscribers > 0) {
    throw new HttpError(422, translate(undefined, "This plan can't be deleted because it has [one 1 subscriber|other :count subscribers].", { count: subscribers }));
  }
  await ctx.db.transaction().execute(async (trx) => {
    // The prices would go with the plan (foreign key cascade); deleted first, they say which gateway ids they held.
    const prices = await trx.deleteFrom('prices').where('product_id', '=', id).returning(['stripe_id', 'paypal_id']).execute();
    const product = await trx.deleteFrom('products').where('id', '=', id).returning('stripe_id').executeTakeFirst();
    await retire(trx, [
      ...prices.flatMap(priceGatewayIds),
      ...(product?.stripe_id ? [{ gateway: 'stripe', kind: 'product', gateway_id: product.stripe_id } as const] : []),
    ]);
  });
}

async function checkSubscription(ctx: AppContext, input: SubscriptionInput, id?: number): Promise<void> {
  if (!(await ctx.db.selectFrom('users').select('id').where('id', '=', input.user_id).executeTakeFirst())) {
    throw unprocessable('user_id', 'The selected user does not exist.');
  }
  // Two running subscriptions: the member's billing panel shows one, and cancelling it quietly switches to the other.
  const now = nowIso();
  if (!input.ends_at || input.ends_at > now) {
    let other = ctx.db.selectFrom('subscriptions').select('id').where('user_id', '=', input.user_id)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]));
    if (id !== undefined) other = other.where('id', '!=', id);
    if (await other.executeTakeFirst()) throw unprocessable('user_id', 'This user already has a subscription. Edit it, or let it end first.');
  }
  const product = await findProduct(ctx.db, input.product_id);
  if (!product) throw unprocessable('product_id', PLAN_UNAVAILABLE);
  if (input.price_id === null && !product.free) throw unprocessable('price_id', 'The price field is required.');
  if (input.price_id !== null && !product.prices.some((p) => p.id === input.price_id)) throw unprocessable('price_id', PRICE_NOT_OF_PLAN);
  if (input.renews_at && input.ends_at && input.ends_at < input.renews_at) throw unprocessable('ends_at', 'The end date must be after the renewal date.');
}

/** An admin's subscription is local (gateway `none`): it is not billed anywhere. */
export async function createSubscription(ctx: AppContext, input: SubscriptionInput): Promise<BillingSubscription> {
  await checkSubscription(ctx, input);
  const now = nowIso();
  const row = await ctx.db.insertInto('subscriptions').values({
    user_id: input.user_id, product_id: input.product_id, price_id: input.price_id, description: input.description,
    renews_at: input.renews_at, ends_at: input.ends_at, gateway_name: 'none', gateway_id: null, gateway_status: null, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return stillThere(await findSubscription(ctx.db, row.id), 'Subscription not found');
}

/** Editing dates changes only the local record (section 4), never the gateway's billing. */
export async function updateSubscription(ctx: AppContext, id: number, input: SubscriptionInput): Promise<BillingSubscription> {
  if (!(await findSubscription(ctx.db, id))) throw notFound('Subscription not found');
  await checkSubscription(ctx, input, id);
  await ctx.db.updateTable('subscriptions').set({
    user_id: input.user_id, product_id: input.product_id, price_id: input.price_id, description: input.description,
    renews_at: input.renews_at, ends_at: input.ends_at, updated_at: nowIso(),
  }).where('id', '=', id).execute();
  return stillThere(await findSubscription(ctx.db, id), 'Subscription not found');
}

async function gatewayRow(ctx: AppContext, id: number) {
  const row = await ctx.db.selectFrom('subscriptions').select(['id', 'gateway_name', 'gateway_id', 'gateway_status', 'renews_at', 'ends_at']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Subscription not found');
  return row;
}

const GATEWAY_NAMES = new Map([['stripe', 'Stripe'], ['paypal', 'PayPal']]);

/**
 * The gateway that bills a subscription, to change it there first. One billed by a gateway that is switched off
 * is refused (422) rather than changed here only: the customer would go on being charged.
 */
async function billingGateway(ctx: AppContext, row: { gateway_name: string; gateway_id: string | null }) {
  if (!row.gateway_id) return null;
  const gateway = await gatewayFor(ctx, row.gateway_name);
  if (!gateway) {
    throw new HttpError(422, translate(undefined, 'This subscription is billed by :gateway, which is not set up: turn it on in the subscription settings to change it.', {
      gateway: GATEWAY_NAMES.get(row.gateway_name) ?? row.gateway_name,
    }));
  }
  return gateway;
}

/** Cancel starts a grace period until the next renewal (ends_at = renews_at); access lasts until then. */
export async function cancelSubscription(ctx: AppContext, id: number): Promise<BillingSubscription> {
  const row = await gatewayRow(ctx, id);
  if (row.ends_at && !isValidAt(row.ends_at)) throw new HttpError(422, SUBSCRIPTION_ENDED);
  if (isUnpaidStart(row.gateway_status)) return endSubscriptionNow(ctx, id);
  if (!row.ends_at) {
    await (await billingGateway(ctx, row))?.cancel(row.gateway_id!, { atPeriodEnd: true });
    // PayPal's SUSPENDED for this very cancel can land before this write and record a failed payment: it found the
    // subscription running, as it was when read above. The member cancelled, so the suspension is their grace period.
    const echo = row.gateway_name === 'paypal' ? { gateway_status: sql<string | null>`case when gateway_status = 'suspended' then null else gateway_status end` } : {};
    await ctx.db.updateTable('subscriptions').set({ ends_at: row.renews_at ?? nowIso(), ...echo, updated_at: nowIso() }).where('id', '=', id).execute();
  }
  return stillThere(await findSubscription(ctx.db, id), 'Subscription not found');
}

/** Ends a subscription now, at the gateway too (one whose first payment never went through has no period to keep). */
export async function endSubscriptionNow(ctx: AppContext, id: number): Promise<BillingSubscription> {
  const row = await gatewayRow(ctx, id);
  if (isValidAt(row.ends_at)) {
    await (await billingGateway(ctx, row))?.cancel(row.gateway_id!, { atPeriodEnd: false });
    await ctx.db.updateTable('subscriptions').set({ ends_at: nowIso(), updated_at: nowIso() }).where('id', '=', id).execute();
  }
  return stillThere(await findSubscription(ctx.db, id), 'Subscription not found');
}

/** Resume is possible only during the grace period; it returns to the original plan and cycle. */
export async function resumeSubscription(ctx: AppContext, id: number): Promise<BillingSubscription> {
  const row = await gatewayRow(ctx, id);
  if (!row.ends_at || !isValidAt(row.ends_at)) throw new HttpError(422, SUBSCRIPTION_NOT_CANCELLED);
  await (await billingGateway(ctx, row))?.resume(row.gateway_id!);
  await ctx.db.updateTable('subscriptions').set({ ends_at: null, updated_at: nowIso() }).where('id', '=', id).execute();
  return stillThere(await findSubscription(ctx.db, id), 'Subscription not found');
}

/** The gateway stops billing these users' subscriptions at once (their accounts are closing; the rows go with them). */
export async function stopBilling(ctx: AppContext, userIds: number[]): Promise<void> {
  const rows = await ctx.db.selectFrom('subscriptions').select('id').where('user_id', 'in', userIds).where('gateway_id', 'is not', null).execute();
  for (const r of rows) await deleteSubscription(ctx, r.id);
}

/** Delete is permanent: the gateway stops billing at once, then the record goes. */
export async function deleteSubscription(ctx: AppContext, id: number): Promise<void> {
  const row = await gatewayRow(ctx, id);
  if (isValidAt(row.ends_at)) await (await billingGateway(ctx, row))?.cancel(row.gateway_id!, { atPeriodEnd: false });
  await ctx.db.deleteFrom('subscriptions').where('id', '=', id).execute();
}
