import { PLANS_SYNC_FAILED } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { stripeClient, stripeUnitAmount } from './gateways/stripe.ts';
import { syncPaypalPlans } from './paypal-sync.ts';
import { paypalClient } from './gateways/paypal.ts';
import { deactivateRetired, retire, type RetiredId } from './retired.ts';
import { newSyncedIds, sentValues, type SyncedIds } from './sync-ids.ts';

/**
 * POST billing/products/sync: every plan and price exists at each enabled gateway, and what we let go of does not.
 * Stripe prices are immutable, so a price changed here (its stripe_id was cleared on save) becomes a new Stripe
 * price. All gateway calls run first and the new ids are written in one transaction afterwards: a gateway that fails
 * or times out midway leaves every plan with its previous ids, and the admin sees "Could not sync plans"; what it
 * created meanwhile is recorded as retired. Last, the retired prices, plans and products (retired.ts) are
 * deactivated at their gateways; one that fails stays recorded for the next sync, which answers the same message.
 */
export async function syncPlans(ctx: AppContext): Promise<void> {
  // With no gateway on, a sync has nothing to do: saying "Plans synced" would let the admin think plans can be sold.
  if (!(await stripeClient(ctx)) && !(await paypalClient(ctx))) throw new HttpError(409, NO_GATEWAY);
  const ids = newSyncedIds();
  try {
    await syncStripePlans(ctx, ids);
    await syncPaypalPlans(ctx, ids);
  } catch (err) {
    await retire(ctx.db, createdIds(ids)).catch((e: unknown) => ctx.errors.capture(e).catch(() => undefined));
    throw await syncFailed(ctx, err);
  }
  await writeIds(ctx, ids);
  try {
    await deactivateRetired(ctx);
  } catch (err) {
    throw await syncFailed(ctx, err);
  }
}

const NO_GATEWAY = 'Turn on Stripe or PayPal in the subscription settings before syncing plans.';

/** Logged for the operator; the admin gets the spec's message, never the gateway's internals. */
async function syncFailed(ctx: AppContext, err: unknown): Promise<HttpError> {
  await ctx.errors.capture(err).catch(() => undefined);
  return new HttpError(502, PLANS_SYNC_FAILED);
}

const createdIds = (ids: SyncedIds): RetiredId[] => [...ids.products, ...ids.prices].flatMap((w) => (w.retired ? [w.retired] : []));

/**
 * One transaction writes every new id, each only where its row still wants it: the row exists, the column is still
 * empty (no other sync filled it) and a price still has the amount and cycle its gateway object was made with. An
 * id that lands nowhere is recorded as retired instead, in the same transaction.
 */
async function writeIds(ctx: AppContext, ids: SyncedIds): Promise<void> {
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const unused: RetiredId[] = [];
    for (const w of ids.products) {
      const res = await trx.updateTable('products').set({ [w.column]: w.value, updated_at: now })
        .where('id', '=', w.id).where(w.column, 'is', null).executeTakeFirst();
      if (!Number(res.numUpdatedRows) && w.retired) unused.push(w.retired);
    }
    for (const w of ids.prices) {
      const res = await trx.updateTable('prices').set({ [w.column]: w.value, updated_at: now })
        .where('id', '=', w.id).where(w.column, 'is', null)
        .where('amount', '=', w.sent.amount).where('currency', '=', w.sent.currency)
        .where('interval', '=', w.sent.interval).where('interval_count', '=', w.sent.interval_count)
        .executeTakeFirst();
      if (!Number(res.numUpdatedRows)) unused.push(w.retired);
    }
    await retire(trx, unused);
  });
}

async function syncStripePlans(ctx: AppContext, ids: SyncedIds): Promise<void> {
  const stripe = await stripeClient(ctx);
  if (!stripe) return;
  const products = await ctx.db.selectFrom('products').select(['id', 'name', 'description', 'stripe_id']).orderBy('id').execute();
  const prices = await ctx.db.selectFrom('prices').select(['id', 'product_id', 'amount', 'currency', 'interval', 'interval_count', 'stripe_id'])
    .where('stripe_id', 'is', null).orderBy('id').execute();
  const productIds = new Map<number, string>();
  for (const p of products) {
    const fields = { name: p.name, description: p.description ?? '', metadata: { local_id: String(p.id) } };
    if (p.stripe_id) {
      productIds.set(p.id, (await stripe.products.update(p.stripe_id, fields)).id);
      continue;
    }
    const id = (await stripe.products.create({ ...fields, description: p.description ?? undefined })).id;
    productIds.set(p.id, id);
    ids.products.push({ id: p.id, column: 'stripe_id', value: id, retired: { gateway: 'stripe', kind: 'product', gateway_id: id } });
  }
  for (const price of prices) {
    // A plan created after the products were read has no Stripe product yet: the next sync makes both.
    const product = productIds.get(price.product_id);
    if (!product) continue;
    const created = await stripe.prices.create({
      product,
      currency: price.currency.toLowerCase(),
      unit_amount: stripeUnitAmount(price.amount, price.currency),
      recurring: { interval: price.interval as 'day' | 'week' | 'month' | 'year', interval_count: price.interval_count },
      metadata: { local_id: String(price.id) },
    });
    ids.prices.push({ id: price.id, column: 'stripe_id', value: created.id, retired: { gateway: 'stripe', kind: 'price', gateway_id: created.id }, sent: sentValues(price) });
  }
}
