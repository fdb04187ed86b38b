import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStripeEndpoint } from '../src/modules/billing/gateways/stripe.ts';
import { Client, asAdmin, createTestApp, createUser } from './helper.ts';
import { startFakeStripe, type FakeStripe } from './billing/fake-stripe.ts';

const t = await createTestApp();
let admin: Client;
let stripe: FakeStripe;

const ids = async () => ({
  products: await t.ctx.db.selectFrom('products').select(['id', 'stripe_id']).orderBy('id').execute(),
  prices: await t.ctx.db.selectFrom('prices').select(['id', 'stripe_id']).orderBy('id').execute(),
});

beforeAll(async () => {
  stripe = await startFakeStripe();
  setStripeEndpoint(stripe.url, 1500);
  admin = await asAdmin(t);
  await t.ctx.settings.set({ 'client.billing.enable': true });
});
afterAll(async () => {
  setStripeEndpoint(null);
  await stripe.close();
});

describe('POST billing/products/sync with Stripe', () => {
  it("answers 'Plans synced' without calls while no gateway is enabled", async () => {
    const res = await admin.post('/api/v1/billing/products/sync');
    expect(res.body.message).toBe('Plans synced');
    expect(stripe.requests).toEqual([]);
  });

  it('creates products and prices at Stripe, updates them later, and a changed price becomes a new one', async () => {
    await t.ctx.settings.set({ 'client.billing.stripe.enable': true, 'server.stripe_key': 'pk_test_1', 'server.stripe_secret': 'sk_test_1' });
    const created = await admin.post('/api/v1/billing/products', { name: 'Pro', prices: [{ amount: 9.99, currency: 'USD', interval: 'month', interval_count: 3 }] });
    const product = created.body.product;
    const res = await admin.post('/api/v1/billing/products/sync');
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('Plans synced');
    const priceCall = stripe.requests.find((r) => r.path === '/v1/prices')!;
    expect(priceCall.body).toMatchObject({ currency: 'usd', unit_amount: '999', 'recurring[interval]': 'month', 'recurring[interval_count]': '3' });
    const first = await ids();
    expect(first.products[0].stripe_id).toMatch(/^prod_/);
    expect(first.prices[0].stripe_id).toMatch(/^price_/);

    stripe.requests.length = 0;
    await admin.put(`/api/v1/billing/products/${product.id}`, { name: 'Pro plus', prices: [{ id: product.prices[0].id, amount: 12, currency: 'USD', interval: 'month', interval_count: 3 }] });
    await admin.post('/api/v1/billing/products/sync');
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /v1/products/${first.products[0].stripe_id}`, 'POST /v1/prices']);
    const second = await ids();
    expect(second.products[0].stripe_id).toBe(first.products[0].stripe_id);
    expect(second.prices[0].stripe_id).not.toBe(first.prices[0].stripe_id);
  });

  it("a failing or timed-out gateway leaves the previous ids: 'Could not sync plans'", async () => {
    const before = await ids();
    const product = (await admin.post('/api/v1/billing/products', { name: 'Half', prices: [{ amount: 5, currency: 'EUR', interval: 'year', interval_count: 1 }] })).body.product;
    for (const mode of ['error', 'hang'] as const) {
      stripe.fail = { path: /^\/v1\/prices$/, mode };
      const res = await admin.post('/api/v1/billing/products/sync');
      expect(res.status, mode).toBe(502);
      expect(res.body.message).toBe('Could not sync plans');
      const after = await ids();
      // The new plan was created at Stripe before the price failed, but nothing was written here.
      expect(after.products.find((p) => p.id === product.id)!.stripe_id).toBeNull();
      expect(after.products.filter((p) => p.id !== product.id)).toEqual(before.products);
    }
    stripe.fail = null;
    expect((await admin.post('/api/v1/billing/products/sync')).status).toBe(200);
    expect((await ids()).products.every((p) => p.stripe_id)).toBe(true);
  });

  it('cancel, resume and delete of a Stripe subscription call Stripe', async () => {
    const product = (await admin.get('/api/v1/billing/products')).body.pagination.data[0];
    const user = await createUser(t);
    const now = new Date().toISOString();
    const { id } = await t.ctx.db.insertInto('subscriptions').values({
      user_id: user.id, product_id: product.id, price_id: product.prices[0].id, gateway_name: 'stripe', gateway_id: 'sub_123', gateway_status: null,
      description: null, renews_at: new Date(Date.now() + 86400_000).toISOString(), ends_at: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    stripe.requests.length = 0;
    expect((await admin.post(`/api/v1/billing/subscriptions/${id}/cancel`)).status).toBe(200);
    expect((await admin.post(`/api/v1/billing/subscriptions/${id}/resume`)).status).toBe(200);
    expect((await admin.delete(`/api/v1/billing/subscriptions/${id}`)).status).toBe(200);
    expect(stripe.requests.map((r) => [r.method, r.path, r.body.cancel_at_period_end])).toEqual([
      ['POST', '/v1/subscriptions/sub_123', 'true'],
      ['POST', '/v1/subscriptions/sub_123', 'false'],
      ['DELETE', '/v1/subscriptions/sub_123', undefined],
    ]);
  });
});
