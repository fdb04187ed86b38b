import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Stripe from 'stripe';
import { setStripeEndpoint } from '../src/modules/billing/gateways/stripe.ts';
import { fromStripeAmount } from '../src/modules/billing/gateways/stripe-checkout.ts';
import { Client, PASSWORD, asAdmin, asUser, createTestApp, createUser } from './helper.ts';
import { startFakeStripe, type FakeStripe } from './billing/fake-stripe.ts';

const t = await createTestApp();
let admin: Client;
let stripe: FakeStripe;

const retired = () => t.ctx.db.selectFrom('retired_gateway_ids').select(['gateway', 'kind', 'gateway_id']).orderBy('id').execute();
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
  it('refuses without calls while no gateway is enabled: there is nothing to sync to', async () => {
    const res = await admin.post('/api/v1/billing/products/sync');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Turn on Stripe or PayPal in the subscription settings before syncing plans.');
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
    // The replaced price is archived once the new one is saved.
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /v1/products/${first.products[0].stripe_id}`, 'POST /v1/prices', `POST /v1/prices/${first.prices[0].stripe_id}`,
    ]);
    expect(stripe.requests[2].body).toEqual({ active: 'false' });
    const second = await ids();
    expect(second.products[0].stripe_id).toBe(first.products[0].stripe_id);
    expect(second.prices[0].stripe_id).not.toBe(first.prices[0].stripe_id);
    expect(stripe.prices.get(first.prices[0].stripe_id!)!.active).toBe(false);
    expect(stripe.prices.get(second.prices[0].stripe_id!)!.active).toBe(true);
  });

  it('sends each currency in its Stripe minor unit: whole yen, cents, thousandths of a Kuwaiti dinar', async () => {
    const made = [];
    for (const [amount, currency] of [[980, 'JPY'], [9.99, 'EUR'], [5.25, 'KWD'], [12, 'BHD']] as const) {
      made.push((await admin.post('/api/v1/billing/products', { name: `In ${currency}`, prices: [{ amount, currency, interval: 'month', interval_count: 1 }] })).body.product);
    }
    stripe.requests.length = 0;
    expect((await admin.post('/api/v1/billing/products/sync')).status).toBe(200);
    const sent = stripe.requests.filter((r) => r.path === '/v1/prices').map((r) => [r.body.currency, r.body.unit_amount]);
    expect(sent).toEqual([['jpy', '980'], ['eur', '999'], ['kwd', '5250'], ['bhd', '12000']]);
    // An invoice Stripe totals in thousandths reads back as the amount the plan shows.
    expect([fromStripeAmount(5250, 'KWD'), fromStripeAmount(980, 'JPY'), fromStripeAmount(999, 'EUR')]).toEqual([525, 98000, 999]);
    for (const p of made) await admin.delete(`/api/v1/billing/products/${p.id}`);
    await admin.post('/api/v1/billing/products/sync');
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

  it('closing an account, or an admin deleting it, stops its Stripe billing at once', async () => {
    const product = (await admin.get('/api/v1/billing/products')).body.pagination.data[0];
    const subscribe = async (userId: number, gatewayId: string) => {
      const now = new Date().toISOString();
      await t.ctx.db.insertInto('subscriptions').values({
        user_id: userId, product_id: product.id, price_id: product.prices[0].id, gateway_name: 'stripe', gateway_id: gatewayId, gateway_status: 'active',
        description: null, renews_at: new Date(Date.now() + 86400_000).toISOString(), ends_at: null, created_at: now, updated_at: now,
      }).execute();
    };
    const leaving = await asUser(t);
    await subscribe(leaving.user.id, 'sub_leaving');
    const removed = await createUser(t);
    await subscribe(removed.id, 'sub_removed');
    stripe.requests.length = 0;
    expect((await leaving.request('DELETE', '/api/v1/account', { password: PASSWORD })).status).toBe(200);
    expect((await admin.request('DELETE', `/api/v1/users/${removed.id}`)).status).toBe(200);
    expect(stripe.requests.map((r) => [r.method, r.path])).toEqual([['DELETE', '/v1/subscriptions/sub_leaving'], ['DELETE', '/v1/subscriptions/sub_removed']]);
    expect(await t.ctx.db.selectFrom('subscriptions').select('id').where('user_id', 'in', [leaving.user.id, removed.id]).execute()).toEqual([]);
  });
});

describe('POST billing/stripe/webhook', () => {
  const secret = 'whsec_test_secret';
  const signer = new Stripe('sk_test_signer');
  let seq = 0;
  const send = (type: string, object: Record<string, unknown>, opts: { id?: string; badSignature?: boolean } = {}) => {
    const payload = JSON.stringify({ id: opts.id ?? `evt_${++seq}`, object: 'event', type, data: { object } });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: opts.badSignature ? 'whsec_wrong' : secret });
    return t.app.inject({ method: 'POST', url: '/api/v1/billing/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
  };
  const local = () => t.ctx.db.selectFrom('subscriptions').selectAll().where('gateway_id', '=', 'sub_hook').execute();

  it('creates, renews, marks past due, cancels and ends a subscription; a redelivered event changes nothing', async () => {
    await t.ctx.settings.set({ 'server.stripe_webhook_secret': secret });
    const price = (await t.ctx.db.selectFrom('prices').select(['id', 'product_id', 'stripe_id']).where('stripe_id', 'is not', null).executeTakeFirstOrThrow());
    const user = await createUser(t);
    const period = Math.floor(Date.now() / 1000) + 30 * 86400;
    const sub = (over: Record<string, unknown> = {}) => ({
      id: 'sub_hook', object: 'subscription', status: 'active', cancel_at_period_end: false, metadata: { user_id: String(user.id) },
      items: { data: [{ price: { id: price.stripe_id }, current_period_end: period }] }, ...over,
    });

    const results = await Promise.all(Array.from({ length: 50 }, () => send('customer.subscription.created', sub(), { id: 'evt_created' })));
    expect(results.every((r) => r.statusCode === 200), results.map((r) => r.body).join()).toBe(true);
    let rows = await local();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: user.id, product_id: price.product_id, price_id: price.id, gateway_name: 'stripe', ends_at: null });
    expect(await t.ctx.db.selectFrom('webhook_events').select('id').where('event_id', '=', 'evt_created').execute()).toHaveLength(1);

    await send('invoice.payment_failed', { id: 'in_1', object: 'invoice', subscription: 'sub_hook', lines: { data: [] } });
    expect((await local())[0].gateway_status).toBe('past_due');
    const next = period + 30 * 86400;
    await send('invoice.paid', { id: 'in_2', object: 'invoice', subscription: 'sub_hook', lines: { data: [{ period: { end: next } }] } });
    rows = await local();
    expect(rows[0]).toMatchObject({ gateway_status: null, renews_at: new Date(next * 1000).toISOString() });

    await send('customer.subscription.updated', sub({ cancel_at_period_end: true }), { id: 'evt_cancel' });
    expect((await local())[0].ends_at).toBe(new Date(period * 1000).toISOString());
    // The same event again after a later change does not roll it back.
    await send('customer.subscription.updated', sub(), { id: 'evt_resume' });
    await send('customer.subscription.updated', sub({ cancel_at_period_end: true }), { id: 'evt_cancel' });
    expect((await local())[0].ends_at).toBeNull();

    const ended = Math.floor(Date.now() / 1000) - 10;
    await send('customer.subscription.deleted', sub({ status: 'canceled', ended_at: ended }));
    expect((await local())[0].ends_at).toBe(new Date(ended * 1000).toISOString());
  });

  it('refuses a bad signature, and records but refuses an unknown customer; unknown event types are ignored', async () => {
    const before = (await t.ctx.db.selectFrom('subscriptions').select('id').execute()).length;
    const bad = await send('customer.subscription.created', { id: 'sub_x', metadata: { user_id: '1' }, items: { data: [] } }, { badSignature: true, id: 'evt_bad' });
    expect(bad.statusCode).toBe(400);
    expect(await t.ctx.db.selectFrom('webhook_events').select('id').where('event_id', '=', 'evt_bad').execute()).toEqual([]);
    const unknown = await send('customer.subscription.created', { id: 'sub_y', status: 'active', metadata: { user_id: '999999' }, items: { data: [] } }, { id: 'evt_unknown' });
    expect(unknown.statusCode).toBe(422);
    expect(await t.ctx.db.selectFrom('webhook_events').select(['status', 'message']).where('event_id', '=', 'evt_unknown').execute()).toEqual([{ status: 'refused', message: 'Unknown customer.' }]);
    expect((await send('charge.refunded', { id: 'ch_1' })).statusCode).toBe(200);
    expect((await t.ctx.db.selectFrom('subscriptions').select('id').execute()).length).toBe(before);
  });
});

describe('Stripe webhooks that arrive late, out of order or after a change made at Stripe', () => {
  const secret = 'whsec_order_secret';
  const signer = new Stripe('sk_test_signer');
  let seq = 0;
  const send = (type: string, object: Record<string, unknown>) => {
    const payload = JSON.stringify({ id: `evt_order_${++seq}`, object: 'event', type, data: { object } });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret });
    return t.app.inject({ method: 'POST', url: '/api/v1/billing/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
  };
  const period = Math.floor(Date.now() / 1000) + 30 * 86400;
  const synced = async () => {
    await t.ctx.settings.set({ 'server.stripe_webhook_secret': secret });
    expect((await admin.post('/api/v1/billing/products/sync')).status).toBe(200);
    return t.ctx.db.selectFrom('prices').select(['id', 'product_id', 'stripe_id']).where('stripe_id', 'is not', null).orderBy('id').execute();
  };
  const subscription = (id: string, userId: number, stripePrice: string, over: Record<string, unknown> = {}) => ({
    id, object: 'subscription', status: 'active', cancel_at_period_end: false, metadata: { user_id: String(userId) },
    items: { data: [{ price: { id: stripePrice }, current_period_end: period }] }, ...over,
  });
  const row = (gatewayId: string) => t.ctx.db.selectFrom('subscriptions').selectAll().where('gateway_id', '=', gatewayId).execute();

  it('a plan changed at Stripe moves the subscription to the plan Stripe now bills', async () => {
    const [cheap, dear] = (await synced()).filter((p, i, all) => all.findIndex((q) => q.product_id === p.product_id) === i);
    expect(dear, 'two synced plans').toBeDefined();
    const user = await createUser(t);
    expect((await send('customer.subscription.created', subscription('sub_moved', user.id, cheap.stripe_id!))).statusCode).toBe(200);
    expect((await send('customer.subscription.updated', subscription('sub_moved', user.id, dear.stripe_id!))).statusCode).toBe(200);
    expect(await row('sub_moved')).toMatchObject([{ product_id: dear.product_id, price_id: dear.id, ends_at: null }]);
  });

  it('a subscription moved at Stripe to a price no plan here has keeps its plan, and the operator hears of it', async () => {
    const [price] = await synced();
    const user = await createUser(t);
    await send('customer.subscription.created', subscription('sub_drift', user.id, price.stripe_id!));
    const capture = vi.spyOn(t.ctx.errors, 'capture').mockResolvedValue(undefined);
    try {
      const payload = subscription('sub_drift', user.id, 'price_never_synced');
      const res = await send('customer.subscription.updated', payload);
      expect(res.statusCode).toBe(200);
      const [local] = await row('sub_drift');
      expect(local).toMatchObject({ product_id: price.product_id, price_id: price.id });
      const note = `Stripe now bills subscription ${local.id} at price_never_synced, a price no plan here has: it keeps its plan here. Add that price to a plan and sync, or change the subscription back at Stripe.`;
      expect(await t.ctx.db.selectFrom('webhook_events').select(['status', 'message']).where('event_id', '=', `evt_order_${seq}`).execute()).toEqual([{ status: 'processed', message: note }]);
      expect(capture).toHaveBeenCalledTimes(1);
      expect((capture.mock.calls[0][0] as Error).message).toBe(note);
    } finally {
      capture.mockRestore();
    }
  });

  it('an older "active" event delivered after the subscription ended at Stripe does not bring the access back', async () => {
    const [price] = await synced();
    const user = await createUser(t);
    await send('customer.subscription.created', subscription('sub_late', user.id, price.stripe_id!));
    const ended = Math.floor(Date.now() / 1000) - 10;
    await send('customer.subscription.deleted', subscription('sub_late', user.id, price.stripe_id!, { status: 'canceled', ended_at: ended }));
    const stale = await send('customer.subscription.updated', subscription('sub_late', user.id, price.stripe_id!));
    expect(stale.statusCode).toBe(200);
    await send('invoice.paid', { id: 'in_late', object: 'invoice', subscription: 'sub_late', lines: { data: [{ period: { end: period } }] } });
    expect(await row('sub_late')).toMatchObject([{ ends_at: new Date(ended * 1000).toISOString(), gateway_status: 'canceled' }]);
    const member = await new Client(t).login(user.email, PASSWORD);
    expect((await member.get('/api/v1/billing/subscription')).body.subscription).toBeNull();
  });

  it('the end Stripe reports for a subscription an admin deleted does not bring the row back', async () => {
    const [price] = await synced();
    const user = await createUser(t);
    await send('customer.subscription.created', subscription('sub_gone', user.id, price.stripe_id!));
    const [local] = await row('sub_gone');
    expect((await admin.delete(`/api/v1/billing/subscriptions/${local.id}`)).status).toBe(200);
    const res = await send('customer.subscription.deleted', subscription('sub_gone', user.id, price.stripe_id!, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) }));
    // Answered 200 so Stripe stops redelivering it; nothing is recorded again.
    expect(res.statusCode).toBe(200);
    expect(await row('sub_gone')).toEqual([]);
  });
});

describe('plan sync retires the Stripe prices and products we no longer use', () => {
  const sync = () => admin.post('/api/v1/billing/products/sync');
  const price = (amount: number, interval = 'month') => ({ amount, currency: 'USD', interval, interval_count: 1 });
  const stripeIdsOf = async (productId: number) => ({
    product: (await t.ctx.db.selectFrom('products').select('stripe_id').where('id', '=', productId).executeTakeFirstOrThrow()).stripe_id!,
    prices: (await t.ctx.db.selectFrom('prices').select('stripe_id').where('product_id', '=', productId).orderBy('id').execute()).map((p) => p.stripe_id!),
  });

  it('a changed price: the save records the old Stripe price, sync archives it and the new one stays active', async () => {
    expect(await retired()).toEqual([]);
    const plan = (await admin.post('/api/v1/billing/products', { name: 'Retire A', prices: [price(4)] })).body.product;
    expect((await sync()).status).toBe(200);
    const before = await stripeIdsOf(plan.id);

    // A save that leaves amount and cycle alone keeps the Stripe price.
    await admin.put(`/api/v1/billing/products/${plan.id}`, { name: 'Retire A2', prices: [{ id: plan.prices[0].id, ...price(4) }] });
    expect(await retired()).toEqual([]);
    const res = await admin.put(`/api/v1/billing/products/${plan.id}`, { name: 'Retire A2', prices: [{ id: plan.prices[0].id, ...price(4, 'year') }] });
    expect(res.status, res.text).toBe(200);
    expect(await retired()).toEqual([{ gateway: 'stripe', kind: 'price', gateway_id: before.prices[0] }]);

    expect((await sync()).body.message).toBe('Plans synced');
    const after = await stripeIdsOf(plan.id);
    expect(after.prices[0]).not.toBe(before.prices[0]);
    expect(stripe.prices.get(before.prices[0])!.active).toBe(false);
    expect(stripe.prices.get(after.prices[0])!.active).toBe(true);
    expect(stripe.products.get(after.product)!.active).toBe(true);
    expect(await retired()).toEqual([]);
  });

  it('a deleted price, then a deleted plan: their prices and the product are archived at the next sync', async () => {
    const plan = (await admin.post('/api/v1/billing/products', { name: 'Retire B', prices: [price(6), price(60, 'year')] })).body.product;
    expect((await sync()).status).toBe(200);
    const synced = await stripeIdsOf(plan.id);

    await admin.put(`/api/v1/billing/products/${plan.id}`, { name: 'Retire B', prices: [{ id: plan.prices[0].id, ...price(6) }] });
    expect(await retired()).toEqual([{ gateway: 'stripe', kind: 'price', gateway_id: synced.prices[1] }]);
    stripe.requests.length = 0;
    expect((await sync()).status).toBe(200);
    expect(stripe.requests.filter((r) => r.path.startsWith('/v1/prices')).map((r) => `${r.method} ${r.path}`)).toEqual([`POST /v1/prices/${synced.prices[1]}`]);
    expect(stripe.prices.get(synced.prices[1])!.active).toBe(false);
    expect(stripe.prices.get(synced.prices[0])!.active).toBe(true);

    expect((await admin.delete(`/api/v1/billing/products/${plan.id}`)).body.message).toBe('Plan deleted');
    expect(await retired()).toEqual([
      { gateway: 'stripe', kind: 'price', gateway_id: synced.prices[0] },
      { gateway: 'stripe', kind: 'product', gateway_id: synced.product },
    ]);
    stripe.requests.length = 0;
    expect((await sync()).status).toBe(200);
    // Prices first, then their product.
    expect(stripe.requests.filter((r) => r.body.active === 'false').map((r) => r.path)).toEqual([`/v1/prices/${synced.prices[0]}`, `/v1/products/${synced.product}`]);
    expect(stripe.prices.get(synced.prices[0])!.active).toBe(false);
    expect(stripe.products.get(synced.product)!.active).toBe(false);
    expect(await retired()).toEqual([]);
  });

  it("a failing or timed-out archive answers 'Could not sync plans' and keeps the rows; the next sync retries them", async () => {
    const plan = (await admin.post('/api/v1/billing/products', { name: 'Retire C', prices: [price(7)] })).body.product;
    expect((await sync()).status).toBe(200);
    const before = await stripeIdsOf(plan.id);
    await admin.put(`/api/v1/billing/products/${plan.id}`, { name: 'Retire C', prices: [{ id: plan.prices[0].id, ...price(8) }] });

    for (const mode of ['error', 'hang'] as const) {
      stripe.fail = { path: /^\/v1\/prices\/price_/, mode };
      const res = await sync();
      expect(res.status, mode).toBe(502);
      expect(res.body.message).toBe('Could not sync plans');
      expect(await retired()).toEqual([{ gateway: 'stripe', kind: 'price', gateway_id: before.prices[0] }]);
      expect(stripe.prices.get(before.prices[0])!.active).toBe(true);
    }
    // The new price was saved before the archive failed: the admin's change is live.
    const replaced = await stripeIdsOf(plan.id);
    expect(replaced.prices[0]).not.toBe(before.prices[0]);

    stripe.fail = null;
    expect((await sync()).status).toBe(200);
    expect(stripe.prices.get(before.prices[0])!.active).toBe(false);
    expect((await stripeIdsOf(plan.id)).prices).toEqual(replaced.prices);
    expect(await retired()).toEqual([]);
  });

  it("an id Stripe no longer knows counts as done; a gateway that is off keeps its rows for later", async () => {
    await t.ctx.db.insertInto('retired_gateway_ids').values([
      { gateway: 'stripe', kind: 'price', gateway_id: 'price_gone', created_at: new Date().toISOString() },
      { gateway: 'paypal', kind: 'price', gateway_id: 'P-LATER', created_at: new Date().toISOString() },
    ]).execute();
    expect((await sync()).status).toBe(200);
    expect(await retired()).toEqual([{ gateway: 'paypal', kind: 'price', gateway_id: 'P-LATER' }]);

    const plan = (await admin.post('/api/v1/billing/products', { name: 'Retire D', prices: [price(9)] })).body.product;
    expect((await sync()).status).toBe(200);
    const synced = await stripeIdsOf(plan.id);
    await t.ctx.settings.set({ 'client.billing.stripe.enable': false });
    await admin.delete(`/api/v1/billing/products/${plan.id}`);
    stripe.requests.length = 0;
    expect((await sync()).status).toBe(409);
    expect(stripe.requests).toEqual([]);
    expect((await retired()).filter((r) => r.gateway === 'stripe')).toHaveLength(2);

    await t.ctx.settings.set({ 'client.billing.stripe.enable': true });
    expect((await sync()).status).toBe(200);
    expect(stripe.products.get(synced.product)!.active).toBe(false);
    expect(stripe.prices.get(synced.prices[0])!.active).toBe(false);
    await t.ctx.db.deleteFrom('retired_gateway_ids').execute();
  });

  it('what a failed sync created, or a price edited while Stripe made it, is archived instead of kept', async () => {
    const plan = (await admin.post('/api/v1/billing/products', { name: 'Retire E', prices: [price(10)] })).body.product;
    const known = new Set(stripe.products.keys());
    stripe.fail = { path: /^\/v1\/prices$/, mode: 'error' };
    expect((await sync()).status).toBe(502);
    stripe.fail = null;
    const orphan = [...stripe.products.keys()].find((id) => !known.has(id))!;
    expect(await retired()).toEqual([{ gateway: 'stripe', kind: 'product', gateway_id: orphan }]);
    expect((await sync()).status).toBe(200);
    expect(stripe.products.get(orphan)!.active).toBe(false);
    const synced = await stripeIdsOf(plan.id);
    expect(synced.product).not.toBe(orphan);
    expect(stripe.products.get(synced.product)!.active).toBe(true);

    // The admin changes the amount while the sync waits for Stripe to make the price at the old amount.
    await admin.put(`/api/v1/billing/products/${plan.id}`, { name: 'Retire E', prices: [{ id: plan.prices[0].id, ...price(11) }] });
    let edited = false;
    stripe.beforeReply = async (method, path) => {
      if (method !== 'POST' || path !== '/v1/prices' || edited) return;
      edited = true;
      await t.ctx.db.updateTable('prices').set({ amount: 1200 }).where('id', '=', plan.prices[0].id).execute();
    };
    try {
      expect((await sync()).status).toBe(200);
    } finally {
      stripe.beforeReply = null;
    }
    const made = [...stripe.prices.values()].filter((p) => p.unit_amount === 1100);
    expect(made).toHaveLength(1);
    // Not kept for a price that is no longer 11.00: archived, and the next sync makes the right one.
    expect((await stripeIdsOf(plan.id)).prices).toEqual([null]);
    expect(made[0].active).toBe(false);
    expect((await sync()).status).toBe(200);
    const fixed = (await stripeIdsOf(plan.id)).prices[0];
    expect(stripe.prices.get(fixed)).toMatchObject({ unit_amount: 1200, active: true });
    expect(await retired()).toEqual([]);
  });
});
