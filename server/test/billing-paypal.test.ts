import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gatewayFor } from '../src/modules/billing/gateways/index.ts';
import { endLapsedPaypalSubscriptions } from '../src/modules/billing/paypal-end.ts';
import { Client, asAdmin, asUser, createTestApp, createUser } from './helper.ts';
import { startFakePaypal } from './billing/fake-paypal.ts';

const paypal = await startFakePaypal();
const t = await createTestApp({}, { paypal: { apiUrl: paypal.url, timeoutMs: 1500 } });
let admin: Client;

const ids = async () => ({
  products: await t.ctx.db.selectFrom('products').select(['id', 'paypal_id']).orderBy('id').execute(),
  prices: await t.ctx.db.selectFrom('prices').select(['id', 'paypal_id']).orderBy('id').execute(),
});
const retired = () => t.ctx.db.selectFrom('retired_gateway_ids').select(['gateway', 'kind', 'gateway_id']).orderBy('id').execute();
const saveSettings = (client: Record<string, unknown>, server: Record<string, unknown>) => admin.post('/api/v1/settings', { client, server });

beforeAll(async () => {
  admin = await asAdmin(t);
  await t.ctx.settings.set({ 'client.billing.enable': true });
});
afterAll(async () => {
  await paypal.close();
});

describe('PayPal credentials on the subscriptions settings page', () => {
  it('refuses a client ID and secret PayPal does not accept, under paypal_group, and saves good ones', async () => {
    const bad = await saveSettings({ 'client.billing.paypal.enable': true }, { 'server.paypal_client_id': 'paypal-client', 'server.paypal_secret': 'wrong', 'server.paypal_webhook_id': paypal.webhookId });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ paypal_group: ['PayPal refused the client ID and secret.'] });
    expect(await t.ctx.settings.get('client.billing.paypal.enable')).toBe(false);
    expect(await t.ctx.settings.get('server.paypal_secret')).toBe('');

    const good = await saveSettings({ 'client.billing.paypal.enable': true }, { 'server.paypal_client_id': 'paypal-client', 'server.paypal_secret': 'paypal-secret', 'server.paypal_webhook_id': paypal.webhookId });
    expect(good.status, good.text).toBe(200);
    expect(await t.ctx.settings.get('client.billing.paypal.enable')).toBe(true);
  });
});

describe('POST billing/products/sync with PayPal', () => {
  it('creates catalog products and billing plans, reuses the token, and a changed price becomes a new plan', async () => {
    const created = await admin.post('/api/v1/billing/products', { name: 'Pro', description: 'All titles', prices: [{ amount: 9.99, currency: 'USD', interval: 'month', interval_count: 3 }] });
    const product = created.body.product;
    paypal.requests.length = 0;
    paypal.tokenCalls = 0;
    const res = await admin.post('/api/v1/billing/products/sync');
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('Plans synced');
    expect(paypal.requests.find((r) => r.path === '/v1/catalogs/products')!.body).toEqual({ name: 'Pro', type: 'SERVICE', description: 'All titles' });
    const plan = paypal.requests.find((r) => r.path === '/v1/billing/plans')!.body;
    expect(plan.billing_cycles).toEqual([{
      frequency: { interval_unit: 'MONTH', interval_count: 3 }, tenure_type: 'REGULAR', sequence: 1, total_cycles: 0,
      pricing_scheme: { fixed_price: { value: '9.99', currency_code: 'USD' } },
    }]);
    const first = await ids();
    expect(first.products[0].paypal_id).toMatch(/^PROD-/);
    expect(first.prices[0].paypal_id).toMatch(/^P-/);

    paypal.requests.length = 0;
    await admin.put(`/api/v1/billing/products/${product.id}`, { name: 'Pro', description: 'Everything', prices: [{ id: product.prices[0].id, amount: 12, currency: 'USD', interval: 'year', interval_count: 1 }] });
    expect((await admin.post('/api/v1/billing/products/sync')).status).toBe(200);
    // The replaced plan is deactivated once the new one is saved.
    expect(paypal.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `PATCH /v1/catalogs/products/${first.products[0].paypal_id}`, 'POST /v1/billing/plans', `POST /v1/billing/plans/${first.prices[0].paypal_id}/deactivate`,
    ]);
    expect(paypal.requests[0].body).toEqual([{ op: 'replace', path: '/description', value: 'Everything' }]);
    const second = await ids();
    expect(second.products[0].paypal_id).toBe(first.products[0].paypal_id);
    expect(second.prices[0].paypal_id).not.toBe(first.prices[0].paypal_id);
    expect(paypal.planStatus.get(first.prices[0].paypal_id!)).toBe('INACTIVE');
    expect(paypal.planStatus.get(second.prices[0].paypal_id!)).toBe('ACTIVE');
    // The token the credential check obtained is still valid: no sync call asked for another.
    expect(paypal.tokenCalls).toBe(0);
  });

  it("a failing or timed-out PayPal leaves the previous ids: 'Could not sync plans'", async () => {
    const before = await ids();
    const product = (await admin.post('/api/v1/billing/products', { name: 'Half', prices: [{ amount: 5, currency: 'EUR', interval: 'week', interval_count: 2 }] })).body.product;
    for (const mode of ['error', 'hang'] as const) {
      paypal.fail = { path: /^\/v1\/billing\/plans$/, mode };
      const res = await admin.post('/api/v1/billing/products/sync');
      expect(res.status, mode).toBe(502);
      expect(res.body.message).toBe('Could not sync plans');
      const after = await ids();
      // The catalog product was created at PayPal before the plan failed, but nothing was written here.
      expect(after.products.find((p) => p.id === product.id)!.paypal_id).toBeNull();
      expect(after.products.filter((p) => p.id !== product.id)).toEqual(before.products);
      expect(after.prices.filter((p) => p.paypal_id !== null)).toEqual(before.prices);
    }
    paypal.fail = null;
    expect((await admin.post('/api/v1/billing/products/sync')).status).toBe(200);
    const synced = await ids();
    expect(synced.products.every((p) => p.paypal_id) && synced.prices.every((p) => p.paypal_id)).toBe(true);
  });
});

describe('PayPal subscriptions from the admin and the gateway', () => {
  const insertSub = async (gatewayId: string) => {
    const price = await t.ctx.db.selectFrom('prices').select(['id', 'product_id']).orderBy('id').executeTakeFirstOrThrow();
    const user = await createUser(t);
    const now = new Date().toISOString();
    return t.ctx.db.insertInto('subscriptions').values({
      user_id: user.id, product_id: price.product_id, price_id: price.id, gateway_name: 'paypal', gateway_id: gatewayId, gateway_status: null,
      description: null, renews_at: new Date(Date.now() + 86400_000).toISOString(), ends_at: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
  };

  it('cancel suspends, resume activates, delete cancels at PayPal', async () => {
    const { id } = await insertSub('I-ADMIN1');
    paypal.requests.length = 0;
    expect((await admin.post(`/api/v1/billing/subscriptions/${id}/cancel`)).status).toBe(200);
    expect((await admin.post(`/api/v1/billing/subscriptions/${id}/resume`)).status).toBe(200);
    expect((await admin.delete(`/api/v1/billing/subscriptions/${id}`)).status).toBe(200);
    expect(paypal.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/billing/subscriptions/I-ADMIN1/suspend',
      'POST /v1/billing/subscriptions/I-ADMIN1/activate',
      'POST /v1/billing/subscriptions/I-ADMIN1/cancel',
    ]);
  });

  it('a plan change to another price waits for the buyer: the answer carries PayPal\'s approve link and the record stays until UPDATED', async () => {
    const max = (await admin.post('/api/v1/billing/products', { name: 'Max', prices: [{ amount: 30, currency: 'USD', interval: 'month', interval_count: 1 }] })).body.product;
    expect((await admin.post('/api/v1/billing/products/sync')).status).toBe(200);
    const target = await t.ctx.db.selectFrom('prices').select(['id', 'paypal_id']).where('product_id', '=', max.id).executeTakeFirstOrThrow();
    const price = await t.ctx.db.selectFrom('prices').select(['id', 'product_id', 'paypal_id']).where('product_id', '!=', max.id).where('paypal_id', 'is not', null)
      // A plan change stays in the subscription's currency (the other prices are refused).
      .where('currency', '=', 'USD').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const member = await asUser(t);
    const now = new Date().toISOString();
    await t.ctx.db.insertInto('subscriptions').values({
      user_id: member.user.id, product_id: price.product_id, price_id: price.id, gateway_name: 'paypal', gateway_id: 'I-REVISE1', gateway_status: 'active',
      description: null, renews_at: new Date(Date.now() + 86400_000).toISOString(), ends_at: null, created_at: now, updated_at: now,
    }).execute();
    paypal.subscriptions.set('I-REVISE1', { id: 'I-REVISE1', status: 'ACTIVE', plan_id: price.paypal_id!, custom_id: String(member.user.id) });

    const res = await member.post('/api/v1/billing/subscription/change-plan', { price_id: target.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ url: `${paypal.url}/webapps/billing/subscriptions?ba_token=BA-I-REVISE1`, message: 'Approve the new price with PayPal to finish changing your plan.' });
    expect(res.body.subscription.price_id).toBe(price.id);
    expect(paypal.requests.at(-1)!.body).toMatchObject({ plan_id: target.paypal_id, application_context: { return_url: 'http://localhost:8000/account-settings' } });
    expect((await t.ctx.db.selectFrom('subscriptions').select('price_id').where('gateway_id', '=', 'I-REVISE1').executeTakeFirstOrThrow()).price_id).toBe(price.id);
  });

  it('a grace period that has passed is cancelled at PayPal for good, once', async () => {
    const { id } = await insertSub('I-LAPSED');
    await t.ctx.db.updateTable('subscriptions').set({ ends_at: new Date(Date.now() - 1000).toISOString(), gateway_status: 'suspended' }).where('id', '=', id).execute();
    paypal.requests.length = 0;
    expect(await endLapsedPaypalSubscriptions(t.ctx)).toBe(1);
    expect(paypal.requests.map((r) => r.path)).toEqual(['/v1/billing/subscriptions/I-LAPSED/cancel']);
    expect(await endLapsedPaypalSubscriptions(t.ctx)).toBe(0);
    expect((await t.ctx.db.selectFrom('subscriptions').select('gateway_status').where('id', '=', id).executeTakeFirstOrThrow()).gateway_status).toBe('cancelled');
  });

  it('checkout answers the approve link; plan change revises; invoices list the transactions', async () => {
    const gateway = (await gatewayFor(t.ctx, 'paypal'))!;
    const product = await t.ctx.db.selectFrom('products').select(['id', 'name', 'stripe_id', 'paypal_id']).orderBy('id').executeTakeFirstOrThrow();
    const price = await t.ctx.db.selectFrom('prices').select(['id', 'amount', 'currency', 'interval', 'interval_count', 'stripe_id', 'paypal_id']).where('product_id', '=', product.id).executeTakeFirstOrThrow();
    const user = await createUser(t);
    const { url } = await gateway.checkout!({ user: { id: user.id, email: 'buyer@test.local' }, product, price, successUrl: 'http://localhost:8000/billing/success', cancelUrl: 'http://localhost:8000/billing/failure' });
    const call = paypal.requests.at(-1)!;
    expect(call.body).toMatchObject({ plan_id: price.paypal_id, custom_id: String(user.id), application_context: { return_url: 'http://localhost:8000/billing/success', cancel_url: 'http://localhost:8000/billing/failure' } });
    const subId = [...paypal.subscriptions.values()].at(-1)!.id;
    expect(url).toBe(`${paypal.url}/webapps/billing/subscriptions?ba_token=BA-${subId}`);

    const urls = { returnUrl: 'http://localhost:8000/account-settings', cancelUrl: 'http://localhost:8000/account-settings' };
    // A plan at the same price moves at once; one at another price needs the buyer's approval first.
    paypal.plans.set('P-SAME', paypal.plans.get(price.paypal_id!));
    expect(await gateway.changePrice!(subId, 'P-SAME', urls)).toEqual({ approveUrl: undefined });
    expect(paypal.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/billing/subscriptions/${subId}/revise`, body: { plan_id: 'P-SAME', application_context: { return_url: urls.returnUrl } } });
    paypal.plans.set('P-OTHER', '99.00');
    expect(await gateway.changePrice!(subId, 'P-OTHER', urls)).toEqual({ approveUrl: `${paypal.url}/webapps/billing/subscriptions?ba_token=BA-${subId}` });
    expect(paypal.subscriptions.get(subId)).toMatchObject({ plan_id: 'P-SAME', pending_plan_id: 'P-OTHER' });
    expect(await gateway.invoices!(subId)).toEqual([{ id: 'TX-1', createdAt: '2026-10-01T10:00:00Z', amount: 999, currency: 'USD', status: 'paid', url: null }]);
    // PayPal's subscribers choose how they pay for automatic payments in their PayPal account.
    expect(await gateway.paymentPage!(subId, 'http://localhost:8000/account-settings')).toEqual({ url: 'https://www.paypal.com/myaccount/autopay/' });

    await expect(gateway.checkout!({ user: { id: user.id, email: 'b@test.local' }, product, price: { ...price, paypal_id: null }, successUrl: 'x', cancelUrl: 'y' }))
      .rejects.toThrow('This plan is not available through PayPal yet.');
  });
});

describe('POST billing/paypal/webhook', () => {
  let seq = 0;
  const send = (eventType: string, resource: Record<string, unknown>, opts: { id?: string; badSignature?: boolean } = {}) => {
    const { payload, headers } = paypal.signed({ id: opts.id ?? `WH-${++seq}`, event_type: eventType, resource_type: 'subscription', resource }, opts);
    return t.app.inject({ method: 'POST', url: '/api/v1/billing/paypal/webhook', headers, payload });
  };
  const local = async () => (await t.ctx.db.selectFrom('subscriptions').selectAll().where('gateway_id', '=', 'I-HOOK').execute());
  const events = (id: string) => t.ctx.db.selectFrom('webhook_events').select(['status', 'message']).where('gateway', '=', 'paypal').where('event_id', '=', id).execute();

  it('activates, fails a payment, renews, updates, suspends, cancels and expires; 50 duplicate deliveries change the DB once', async () => {
    const price = await t.ctx.db.selectFrom('prices').select(['id', 'product_id', 'paypal_id']).where('paypal_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const other = await t.ctx.db.selectFrom('prices').select(['id', 'product_id', 'paypal_id']).where('paypal_id', 'is not', null).where('id', '!=', price.id).executeTakeFirstOrThrow();
    const user = await createUser(t);
    const next = new Date(Date.now() + 30 * 86400_000).toISOString();
    const sub = (over: Record<string, unknown> = {}) => ({ id: 'I-HOOK', status: 'ACTIVE', plan_id: price.paypal_id, custom_id: String(user.id), billing_info: { next_billing_time: next }, ...over });

    const results = await Promise.all(Array.from({ length: 50 }, () => send('BILLING.SUBSCRIPTION.ACTIVATED', sub(), { id: 'WH-ACTIVATED' })));
    expect(results.every((r) => r.statusCode === 200), results.map((r) => r.body).join()).toBe(true);
    let rows = await local();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: user.id, product_id: price.product_id, price_id: price.id, gateway_name: 'paypal', ends_at: null, renews_at: next });
    expect(await events('WH-ACTIVATED')).toEqual([{ status: 'processed', message: null }]);

    const failed = await Promise.all(Array.from({ length: 50 }, () => send('BILLING.SUBSCRIPTION.PAYMENT.FAILED', sub(), { id: 'WH-FAILED' })));
    expect(failed.every((r) => r.statusCode === 200)).toBe(true);
    expect((await local())[0].gateway_status).toBe('past_due');

    paypal.nextBillingTime = new Date(Date.now() + 60 * 86400_000).toISOString();
    const sale = { id: 'SALE-1', state: 'completed', billing_agreement_id: 'I-HOOK', amount: { total: '9.99', currency: 'USD' } };
    await Promise.all(Array.from({ length: 50 }, () => send('PAYMENT.SALE.COMPLETED', sale, { id: 'WH-SALE' })));
    expect((await local())[0]).toMatchObject({ gateway_status: null, renews_at: paypal.nextBillingTime });

    await send('BILLING.SUBSCRIPTION.UPDATED', sub({ plan_id: other.paypal_id }));
    expect((await local())[0]).toMatchObject({ price_id: other.id, product_id: other.product_id, renews_at: next });

    await send('BILLING.SUBSCRIPTION.SUSPENDED', sub({ status: 'SUSPENDED' }), { id: 'WH-SUSPENDED' });
    expect((await local())[0]).toMatchObject({ ends_at: next, gateway_status: 'suspended' });
    await send('BILLING.SUBSCRIPTION.ACTIVATED', sub(), { id: 'WH-REACTIVATED' });
    expect((await local())[0]).toMatchObject({ ends_at: null, gateway_status: null });
    // The suspension delivered again after the resume changes nothing.
    await send('BILLING.SUBSCRIPTION.SUSPENDED', sub({ status: 'SUSPENDED' }), { id: 'WH-SUSPENDED' });
    expect((await local())[0].ends_at).toBeNull();

    await send('BILLING.SUBSCRIPTION.CANCELLED', sub({ status: 'CANCELLED' }));
    expect((await local())[0]).toMatchObject({ ends_at: next, gateway_status: 'cancelled' });
    const before = Date.now();
    await send('BILLING.SUBSCRIPTION.EXPIRED', sub({ status: 'EXPIRED' }));
    rows = await local();
    expect(rows[0].gateway_status).toBe('expired');
    expect(Date.parse(rows[0].ends_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(rows[0].ends_at!)).toBeLessThanOrEqual(Date.now());

    // An ACTIVATED or a sale delivered late, after the end, gives nothing back: PayPal cannot reactivate it.
    expect((await send('BILLING.SUBSCRIPTION.ACTIVATED', sub(), { id: 'WH-LATE-ACTIVATED' })).statusCode).toBe(200);
    expect((await send('PAYMENT.SALE.COMPLETED', { ...sale, id: 'SALE-LATE' }, { id: 'WH-LATE-SALE' })).statusCode).toBe(200);
    expect((await local())[0]).toMatchObject({ ends_at: rows[0].ends_at, gateway_status: 'expired' });
    expect(await events('WH-LATE-ACTIVATED')).toEqual([{ status: 'ignored', message: 'The subscription already ended at PayPal.' }]);
  });

  it('the suspension PayPal reports for a member who cancelled is their grace period, not a failed payment', async () => {
    const price = await t.ctx.db.selectFrom('prices').select(['id', 'paypal_id']).where('paypal_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const member = await asUser(t);
    const next = new Date(Date.now() + 30 * 86400_000).toISOString();
    paypal.subscriptions.set('I-GRACE', { id: 'I-GRACE', status: 'ACTIVE', plan_id: price.paypal_id!, custom_id: String(member.user.id) });
    const sub = (status: string) => ({ id: 'I-GRACE', status, plan_id: price.paypal_id, custom_id: String(member.user.id), billing_info: { next_billing_time: next } });
    expect((await send('BILLING.SUBSCRIPTION.ACTIVATED', sub('ACTIVE'))).statusCode).toBe(200);
    const cancelled = await member.post('/api/v1/billing/subscription/cancel');
    expect(cancelled.status, cancelled.text).toBe(200);
    expect((await send('BILLING.SUBSCRIPTION.SUSPENDED', sub('SUSPENDED'))).statusCode).toBe(200);
    const own = (await member.get('/api/v1/billing/subscription')).body.subscription;
    expect(own).toMatchObject({ valid: true, cancelled: true, ends_at: next, gateway_status: null });
    // Resumed in the grace period: PayPal's ACTIVATED brings it back as it was.
    expect((await send('BILLING.SUBSCRIPTION.ACTIVATED', sub('ACTIVE'))).statusCode).toBe(200);
    expect((await member.get('/api/v1/billing/subscription')).body.subscription).toMatchObject({ cancelled: false, ends_at: null, gateway_status: null });
  });

  it("the original ACTIVATED delivered after the member cancelled does not give the access back; PayPal's suspension racing the cancel is no failed payment", async () => {
    const price = await t.ctx.db.selectFrom('prices').select(['id', 'paypal_id']).where('paypal_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const member = await asUser(t);
    const next = new Date(Date.now() + 30 * 86400_000).toISOString();
    const activatedAt = new Date(Date.now() - 60_000).toISOString();
    paypal.subscriptions.set('I-LATE', { id: 'I-LATE', status: 'ACTIVE', plan_id: price.paypal_id!, custom_id: String(member.user.id) });
    const sub = (status: string, at: string) => ({
      id: 'I-LATE', status, plan_id: price.paypal_id, custom_id: String(member.user.id), billing_info: { next_billing_time: next }, create_time: activatedAt, status_update_time: at,
    });
    // The checkout return made the row; PayPal's own ACTIVATED is still on its way.
    expect((await send('BILLING.SUBSCRIPTION.ACTIVATED', sub('ACTIVE', activatedAt), { id: 'WH-LATE-FIRST' })).statusCode).toBe(200);
    // PayPal answers the suspend of the member's cancel only after its SUSPENDED webhook was processed here.
    paypal.onStatusChange = (id, status) => (status === 'SUSPENDED' ? send('BILLING.SUBSCRIPTION.SUSPENDED', sub('SUSPENDED', new Date().toISOString())) : Promise.resolve());
    try {
      expect((await member.post('/api/v1/billing/subscription/cancel')).status).toBe(200);
    } finally {
      paypal.onStatusChange = null;
    }
    const cancelled = { valid: true, cancelled: true, ends_at: next, gateway_status: null };
    expect((await member.get('/api/v1/billing/subscription')).body.subscription).toMatchObject(cancelled);
    // The first ACTIVATED delivered again, late: older than the cancel, it changes nothing.
    expect((await send('BILLING.SUBSCRIPTION.ACTIVATED', sub('ACTIVE', activatedAt), { id: 'WH-LATE-AGAIN' })).statusCode).toBe(200);
    expect(await events('WH-LATE-AGAIN')).toEqual([{ status: 'ignored', message: 'An older activation than the last change to the subscription.' }]);
    expect((await member.get('/api/v1/billing/subscription')).body.subscription).toMatchObject(cancelled);
    // An activation after the cancel (PayPal reactivated it) still brings it back.
    expect((await send('BILLING.SUBSCRIPTION.ACTIVATED', sub('ACTIVE', new Date(Date.now() + 1000).toISOString()))).statusCode).toBe(200);
    expect((await member.get('/api/v1/billing/subscription')).body.subscription).toMatchObject({ cancelled: false, ends_at: null, gateway_status: null });
  });

  it('a subscription revised at PayPal to a billing plan no price here has keeps its plan, and the operator hears of it', async () => {
    const price = await t.ctx.db.selectFrom('prices').select(['id', 'product_id', 'paypal_id']).where('paypal_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const member = await asUser(t);
    const sub = (planId: string) => ({ id: 'I-DRIFT', status: 'ACTIVE', plan_id: planId, custom_id: String(member.user.id), billing_info: { next_billing_time: new Date(Date.now() + 86400_000).toISOString() } });
    expect((await send('BILLING.SUBSCRIPTION.ACTIVATED', sub(price.paypal_id!))).statusCode).toBe(200);
    const capture = vi.spyOn(t.ctx.errors, 'capture').mockResolvedValue(undefined);
    try {
      expect((await send('BILLING.SUBSCRIPTION.UPDATED', sub('P-NEVER-SYNCED'), { id: 'WH-DRIFT' })).statusCode).toBe(200);
      const [local] = await t.ctx.db.selectFrom('subscriptions').select(['id', 'price_id', 'product_id']).where('gateway_id', '=', 'I-DRIFT').execute();
      expect(local).toMatchObject({ price_id: price.id, product_id: price.product_id });
      const note = `PayPal now bills subscription ${local.id} at P-NEVER-SYNCED, a price no plan here has: it keeps its plan here. Add that price to a plan and sync, or change the subscription back at PayPal.`;
      expect(await events('WH-DRIFT')).toEqual([{ status: 'processed', message: note }]);
      expect(capture).toHaveBeenCalledTimes(1);
    } finally {
      capture.mockRestore();
    }
  });

  it('refuses a bad signature; records and refuses an unknown customer or plan; ignores unknown event types', async () => {
    const count = async () => (await t.ctx.db.selectFrom('subscriptions').select('id').execute()).length;
    const before = await count();
    const price = await t.ctx.db.selectFrom('prices').select('paypal_id').where('paypal_id', 'is not', null).executeTakeFirstOrThrow();
    const user = await createUser(t);
    const bad = await send('BILLING.SUBSCRIPTION.ACTIVATED', { id: 'I-BAD', plan_id: price.paypal_id, custom_id: String(user.id) }, { badSignature: true, id: 'WH-BAD' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid signature.');
    expect(await events('WH-BAD')).toEqual([]);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/v1/billing/paypal/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ id: 'WH-NOSIG', event_type: 'BILLING.SUBSCRIPTION.ACTIVATED', resource: {} }) });
    expect(unsigned.statusCode).toBe(400);

    const unknownUser = await send('BILLING.SUBSCRIPTION.ACTIVATED', { id: 'I-NOUSER', plan_id: price.paypal_id, custom_id: '999999' }, { id: 'WH-NOUSER' });
    expect(unknownUser.statusCode).toBe(422);
    expect(await events('WH-NOUSER')).toEqual([{ status: 'refused', message: 'Unknown customer.' }]);
    const unknownPlan = await send('BILLING.SUBSCRIPTION.ACTIVATED', { id: 'I-NOPLAN', plan_id: 'P-NOT-OURS', custom_id: String(user.id) }, { id: 'WH-NOPLAN' });
    expect(unknownPlan.statusCode).toBe(422);
    expect(await events('WH-NOPLAN')).toEqual([{ status: 'refused', message: 'Unknown price.' }]);
    const unknownSub = await send('BILLING.SUBSCRIPTION.PAYMENT.FAILED', { id: 'I-NOWHERE' }, { id: 'WH-NOSUB' });
    expect(unknownSub.statusCode).toBe(422);

    // An admin's delete cancels at PayPal, whose CANCELLED then finds nothing here: accepted, nothing to do.
    expect((await send('BILLING.SUBSCRIPTION.CANCELLED', { id: 'I-DELETED', status: 'CANCELLED' }, { id: 'WH-GONE' })).statusCode).toBe(200);
    expect(await events('WH-GONE')).toEqual([{ status: 'ignored', message: 'Unknown subscription.' }]);
    expect((await send('CHECKOUT.ORDER.APPROVED', { id: 'ORDER-1' }, { id: 'WH-OTHER' })).statusCode).toBe(200);
    expect(await events('WH-OTHER')).toEqual([{ status: 'ignored', message: 'Unhandled event type.' }]);
    expect(await count()).toBe(before);
  });

  it('answers 502 while PayPal cannot verify (PayPal delivers again later) and 404 while PayPal is off; nothing is recorded', async () => {
    paypal.fail = { path: /verify-webhook-signature/, mode: 'error' };
    const down = await send('BILLING.SUBSCRIPTION.PAYMENT.FAILED', { id: 'I-HOOK' }, { id: 'WH-DOWN' });
    paypal.fail = null;
    expect(down.statusCode).toBe(502);
    expect(await events('WH-DOWN')).toEqual([]);
    await t.ctx.settings.set({ 'client.billing.paypal.enable': false });
    try {
      expect((await send('BILLING.SUBSCRIPTION.PAYMENT.FAILED', { id: 'I-HOOK' }, { id: 'WH-OFF' })).statusCode).toBe(404);
      expect(await events('WH-OFF')).toEqual([]);
    } finally {
      await t.ctx.settings.set({ 'client.billing.paypal.enable': true });
    }
  });
});

describe('plan sync deactivates the PayPal plans we no longer use', () => {
  const sync = () => admin.post('/api/v1/billing/products/sync');
  const price = (amount: number, interval = 'month') => ({ amount, currency: 'USD', interval, interval_count: 1 });
  const planIdsOf = async (productId: number) =>
    (await t.ctx.db.selectFrom('prices').select('paypal_id').where('product_id', '=', productId).orderBy('id').execute()).map((p) => p.paypal_id!);

  it('a changed price, a deleted price and a deleted plan: each old billing plan is deactivated at the next sync', async () => {
    expect((await sync()).status).toBe(200);
    expect(await retired()).toEqual([]);
    const plan = (await admin.post('/api/v1/billing/products', { name: 'Retire P', prices: [price(4), price(40, 'year')] })).body.product;
    expect((await sync()).status).toBe(200);
    const [monthly, yearly] = await planIdsOf(plan.id);

    await admin.put(`/api/v1/billing/products/${plan.id}`, { name: 'Retire P', prices: [{ id: plan.prices[0].id, ...price(5) }, { id: plan.prices[1].id, ...price(40, 'year') }] });
    expect(await retired()).toEqual([{ gateway: 'paypal', kind: 'price', gateway_id: monthly }]);
    expect((await sync()).status).toBe(200);
    const [monthly2] = await planIdsOf(plan.id);
    expect(monthly2).not.toBe(monthly);
    expect([paypal.planStatus.get(monthly), paypal.planStatus.get(monthly2), paypal.planStatus.get(yearly)]).toEqual(['INACTIVE', 'ACTIVE', 'ACTIVE']);
    // PayPal refuses new subscriptions on the old plan.
    const user = await createUser(t);
    await expect((await gatewayFor(t.ctx, 'paypal'))!.checkout!({
      user: { id: user.id, email: 'old@test.local' }, product: { id: plan.id, name: 'Retire P', stripe_id: null, paypal_id: null },
      price: { id: plan.prices[0].id, amount: 400, currency: 'USD', interval: 'month', interval_count: 1, stripe_id: null, paypal_id: monthly }, successUrl: 'x', cancelUrl: 'y',
    })).rejects.toThrow(/HTTP 422/);

    await admin.put(`/api/v1/billing/products/${plan.id}`, { name: 'Retire P', prices: [{ id: plan.prices[0].id, ...price(5) }] });
    expect(await retired()).toEqual([{ gateway: 'paypal', kind: 'price', gateway_id: yearly }]);
    expect((await sync()).status).toBe(200);
    expect(paypal.planStatus.get(yearly)).toBe('INACTIVE');

    expect((await admin.delete(`/api/v1/billing/products/${plan.id}`)).status).toBe(200);
    // The catalog product has no status at PayPal: only its plans are recorded.
    expect(await retired()).toEqual([{ gateway: 'paypal', kind: 'price', gateway_id: monthly2 }]);
    paypal.requests.length = 0;
    expect((await sync()).status).toBe(200);
    expect(paypal.requests.filter((r) => r.path.endsWith('/deactivate')).map((r) => r.path)).toEqual([`/v1/billing/plans/${monthly2}/deactivate`]);
    expect(paypal.planStatus.get(monthly2)).toBe('INACTIVE');
    expect(await retired()).toEqual([]);
  });

  it("a failing or timed-out deactivation answers 'Could not sync plans' and keeps the row; the next sync retries it", async () => {
    const plan = (await admin.post('/api/v1/billing/products', { name: 'Retire Q', prices: [price(7)] })).body.product;
    expect((await sync()).status).toBe(200);
    const [old] = await planIdsOf(plan.id);
    await admin.put(`/api/v1/billing/products/${plan.id}`, { name: 'Retire Q', prices: [{ id: plan.prices[0].id, ...price(8) }] });
    for (const mode of ['error', 'hang'] as const) {
      paypal.fail = { path: /\/deactivate$/, mode };
      const res = await sync();
      expect(res.status, mode).toBe(502);
      expect(res.body.message).toBe('Could not sync plans');
      expect(await retired()).toEqual([{ gateway: 'paypal', kind: 'price', gateway_id: old }]);
      expect(paypal.planStatus.get(old)).toBe('ACTIVE');
    }
    // The new plan was saved before the deactivation failed.
    const [replacement] = await planIdsOf(plan.id);
    expect(replacement).not.toBe(old);
    paypal.fail = null;
    expect((await sync()).status).toBe(200);
    expect(paypal.planStatus.get(old)).toBe('INACTIVE');
    expect(await planIdsOf(plan.id)).toEqual([replacement]);
    expect(await retired()).toEqual([]);
  });

  it('a plan already inactive or unknown to PayPal counts as done; a gateway that is off keeps its rows for later', async () => {
    const [inactive] = [...paypal.planStatus.entries()].find(([, status]) => status === 'INACTIVE')!;
    const now = new Date().toISOString();
    await t.ctx.db.insertInto('retired_gateway_ids').values([
      { gateway: 'paypal', kind: 'price', gateway_id: inactive, created_at: now },
      { gateway: 'paypal', kind: 'price', gateway_id: 'P-UNKNOWN', created_at: now },
      { gateway: 'stripe', kind: 'price', gateway_id: 'price_later', created_at: now },
    ]).execute();
    paypal.requests.length = 0;
    expect((await sync()).status).toBe(200);
    expect(paypal.requests.filter((r) => r.path.endsWith('/deactivate'))).toHaveLength(2);
    expect(await retired()).toEqual([{ gateway: 'stripe', kind: 'price', gateway_id: 'price_later' }]);
    await t.ctx.db.deleteFrom('retired_gateway_ids').execute();
  });
});
