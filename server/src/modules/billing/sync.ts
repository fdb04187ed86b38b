import { PLANS_SYNC_FAILED } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { stripeClient, stripeUnitAmount } from './gateways/stripe.ts';
import { syncPaypalPlans } from './paypal-sync.ts';
import { setId, type SyncedIds } from './sync-ids.ts';

/**
 * POST billing/products/sync: every plan and price exists at each enabled gateway. Stripe prices are immutable,
 * so a price changed here (its stripe_id was cleared on save) becomes a new Stripe price. All gateway calls run
 * first and the new ids are written in one transaction afterwards: a gateway that fails or times out midway
 * leaves every plan with its previous ids, and the admin sees "Could not sync plans".
 */
export async function syncPlans(ctx: AppContext): Promise<void> {
  const ids: SyncedIds = { products: new Map(), prices: new Map() };
  try {
    await syncStripePlans(ctx, ids);
    await syncPaypalPlans(ctx, ids);
  } catch (err) {
    // Logged for the operator; the admin gets the spec's message, never the gateway's internals.
    await ctx.errors.capture(err).catch(() => undefined);
    throw new HttpError(502, PLANS_SYNC_FAILED);
  }
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    for (const [id, set] of ids.products) await trx.updateTable('products').set({ ...set, updated_at: now }).where('id', '=', id).execute();
    for (const [id, set] of ids.prices) await trx.updateTable('prices').set({ ...set, updated_at: now }).where('id', '=', id).execute();
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
    const id = p.stripe_id
      ? (await stripe.products.update(p.stripe_id, fields)).id
      : (await stripe.products.create({ ...fields, description: p.description ?? undefined })).id;
    productIds.set(p.id, id);
    setId(ids.products, p.id, 'stripe_id', id);
  }
  for (const price of prices) {
    const created = await stripe.prices.create({
      product: productIds.get(price.product_id)!,
      currency: price.currency.toLowerCase(),
      unit_amount: stripeUnitAmount(price.amount, price.currency),
      recurring: { interval: price.interval as 'day' | 'week' | 'month' | 'year', interval_count: price.interval_count },
      metadata: { local_id: String(price.id) },
    });
    setId(ids.prices, price.id, 'stripe_id', created.id);
  }
}
