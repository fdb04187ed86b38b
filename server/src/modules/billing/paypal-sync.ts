import type { AppContext } from '../../context.ts';
import { paypalClient, paypalIntervalUnit, paypalValue } from './gateways/paypal.ts';
import { sentValues, type SyncedIds } from './sync-ids.ts';

/**
 * The PayPal half of plan sync: our plan is a PayPal catalog product, each of our prices a PayPal billing plan
 * with one regular, endless billing cycle. Only the ids are collected here; sync.ts writes them once every
 * gateway succeeded.
 *
 * A price whose amount or cycle changed (its paypal_id was cleared on save) becomes a new PayPal plan rather than
 * an update: PayPal can only re-price an existing plan through update-pricing-schemes, which cannot change the
 * cycle and moves every existing subscriber of that plan to the new price; our prices with subscribers are locked,
 * so a new plan is what the rule means. The plan it replaces is recorded as retired on save, and sync deactivates it.
 */
export async function syncPaypalPlans(ctx: AppContext, ids: SyncedIds): Promise<void> {
  const client = await paypalClient(ctx);
  if (!client) return;
  const products = await ctx.db.selectFrom('products').select(['id', 'name', 'description', 'paypal_id']).orderBy('id').execute();
  const prices = await ctx.db.selectFrom('prices').select(['id', 'product_id', 'amount', 'currency', 'interval', 'interval_count'])
    .where('paypal_id', 'is', null).orderBy('id').execute();
  const productIds = new Map<number, { id: string; name: string }>();
  for (const p of products) {
    // PayPal limits descriptions to 256 characters and lets a product's description, not its name, be patched.
    const description = (p.description ?? '').trim().slice(0, 256);
    let id = p.paypal_id;
    if (id) {
      if (description) await client.request('PATCH', `/v1/catalogs/products/${encodeURIComponent(id)}`, [{ op: 'replace', path: '/description', value: description }]);
    } else {
      id = (await client.request<{ id: string }>('POST', '/v1/catalogs/products', { name: p.name, type: 'SERVICE', ...(description ? { description } : {}) })).id;
      // A catalog product has no status: one this sync cannot keep is left as it is.
      ids.products.push({ id: p.id, column: 'paypal_id', value: id, retired: null });
    }
    productIds.set(p.id, { id, name: p.name });
  }
  for (const price of prices) {
    // A plan created after the products were read has no PayPal product yet: the next sync makes both.
    const product = productIds.get(price.product_id);
    if (!product) continue;
    const created = await client.request<{ id: string }>('POST', '/v1/billing/plans', {
      product_id: product.id,
      name: `${product.name} (${paypalValue(price.amount, price.currency)} ${price.currency})`.slice(0, 127),
      status: 'ACTIVE',
      billing_cycles: [{
        frequency: { interval_unit: paypalIntervalUnit(price.interval), interval_count: price.interval_count },
        tenure_type: 'REGULAR',
        sequence: 1,
        total_cycles: 0,
        pricing_scheme: { fixed_price: { value: paypalValue(price.amount, price.currency), currency_code: price.currency } },
      }],
      payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
    });
    ids.prices.push({ id: price.id, column: 'paypal_id', value: created.id, retired: { gateway: 'paypal', kind: 'price', gateway_id: created.id }, sent: sentValues(price) });
  }
}
