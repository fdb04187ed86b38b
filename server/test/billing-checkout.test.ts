import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStripeEndpoint } from '../src/modules/billing/gateways/stripe.ts';
import { Client, asAdmin, asUser, createTestApp, guest } from './helper.ts';
import { startFakeStripe, type FakeStripe } from './billing/fake-stripe.ts';

const t = await createTestApp();
let admin: Client;
let stripe: FakeStripe;
const SECRET = 'whsec_checkout_test';
const plans: Record<string, any> = {};

beforeAll(async () => {
  stripe = await startFakeStripe();
  setStripeEndpoint(stripe.url, 1500);
  admin = await asAdmin(t);
  await t.ctx.settings.set({
    'client.billing.enable': true, 'client.billing.stripe.enable': true, 'server.stripe_key': 'pk_test_1', 'server.stripe_secret': 'sk_test_1',
    'server.stripe_webhook_secret': SECRET,
  });
  // Stripe posts its webhooks to the app under test.
  stripe.webhook = { url: '', secret: SECRET };
  const plan = async (name: string, extra: Record<string, unknown>) =>
    (await admin.post('/api/v1/billing/products', { name, prices: [{ amount: 9.99, currency: 'USD', interval: 'month', interval_count: 1 }], ...extra })).body.product;
  plans.basic = await plan('Basic', { permissions: [{ name: 'tags.view' }] });
  plans.premium = await plan('Premium', { prices: [{ amount: 19.99, currency: 'USD', interval: 'month', interval_count: 1 }, { amount: 199, currency: 'USD', interval: 'year', interval_count: 1 }] });
  plans.hidden = await plan('Hidden', { hidden: true });
  plans.free = await plan('Free', { free: true, prices: [] });
  expect((await admin.post('/api/v1/billing/products/sync')).status).toBe(200);
  plans.unsynced = await plan('Later', {});
});
afterAll(async () => {
  setStripeEndpoint(null);
  await stripe.close();
});

/** The fake's hosted page delivers its webhooks through inject (the app under test has no port). */
async function pay(url: string) {
  const sessionId = url.split('/').pop()!;
  return delivering(() => stripe.pay(sessionId)).then(({ result, statuses }) => ({ success: result, statuses }));
}

/** Runs something of the fake's that sends webhooks, delivering them to the app; answers its result and their statuses. */
async function delivering<T>(run: () => Promise<T>) {
  const deliveries: Promise<unknown>[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (_u: string, init: RequestInit) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/billing/stripe/webhook', headers: init.headers as Record<string, string>, payload: String(init.body) });
    deliveries.push(Promise.resolve(res.statusCode));
    return new Response(res.body, { status: res.statusCode });
  }) as typeof fetch;
  try {
    return { result: await run(), statuses: await Promise.all(deliveries) };
  } finally {
    globalThis.fetch = realFetch;
  }
}

describe('POST billing/checkout', () => {
  it('refuses guests, bad input, unknown gateways, hidden, free and unsynced prices', async () => {
    const member = await asUser(t);
    expect((await guest(t).post('/api/v1/billing/checkout', { price_id: plans.basic.prices[0].id, gateway: 'stripe' })).status).toBe(401);
    const bad = await member.post('/api/v1/billing/checkout', { price_id: 'x', gateway: 'stripe' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.price_id).toBeDefined();
    const refusal = async (body: unknown) => {
      const res = await member.post('/api/v1/billing/checkout', body);
      expect(res.status, res.text).toBe(422);
      return res.body.message;
    };
    expect(await refusal({ price_id: plans.basic.prices[0].id, gateway: 'bitcoin' })).toBe('This payment method is not available.');
    expect(await refusal({ price_id: plans.basic.prices[0].id, gateway: 'paypal' })).toBe('This payment method is not available.');
    expect(await refusal({ price_id: plans.hidden.prices[0].id, gateway: 'stripe' })).toBe('This price is not available.');
    expect(await refusal({ price_id: 999999, gateway: 'stripe' })).toBe('This price is not available.');
    expect(await refusal({ price_id: plans.unsynced.prices[0].id, gateway: 'stripe' })).toBe('This price is not available with the chosen payment method yet.');
    await t.ctx.settings.set({ 'client.billing.enable': false });
    expect(await refusal({ price_id: plans.basic.prices[0].id, gateway: 'stripe' })).toBe('Billing is not enabled.');
    await t.ctx.settings.set({ 'client.billing.enable': true });
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions')).toEqual([]);
  });

  it("opens a subscription-mode Checkout Session; paying sends webhooks that give the user the plan and its permissions", async () => {
    const member = await asUser(t);
    const perms = async () => (await member.get('/api/v1/auth/me')).body.user.effective_permissions as string[];
    expect(await perms()).not.toContain('tags.view');
    const price = plans.basic.prices[0];
    const res = await member.post('/api/v1/billing/checkout', { price_id: price.id, gateway: 'stripe' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^${stripe.url}/pay/cs_\\d+$`));
    const call = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    const stripePrice = (await t.ctx.db.selectFrom('prices').select('stripe_id').where('id', '=', price.id).executeTakeFirstOrThrow()).stripe_id;
    expect(call.body).toMatchObject({
      mode: 'subscription', 'line_items[0][price]': stripePrice, 'line_items[0][quantity]': '1', client_reference_id: String(member.user.id),
      'subscription_data[metadata][user_id]': String(member.user.id), success_url: expect.stringMatching(/\/billing\/success$/), cancel_url: expect.stringMatching(/\/billing\/cancelled$/),
    });
    expect((await member.get('/api/v1/billing/subscription')).body.subscription).toBeNull();

    const { success, statuses } = await pay(res.body.url);
    expect(statuses).toEqual([200, 200, 200]);
    expect(success).toMatch(/\/billing\/success$/);
    const own = (await member.get('/api/v1/billing/subscription')).body.subscription;
    expect(own).toMatchObject({ gateway_name: 'stripe', product: { id: plans.basic.id, name: 'Basic' }, price: { id: price.id, amount: 9.99 }, valid: true, cancelled: false });
    expect(own.renews_at).toBeTruthy();
    expect(await t.ctx.db.selectFrom('subscriptions').select('id').where('user_id', '=', member.user.id).execute()).toHaveLength(1);
    expect(await perms()).toContain('tags.view');

    // A subscriber changes plan instead of checking out again.
    const again = await member.post('/api/v1/billing/checkout', { price_id: plans.premium.prices[0].id, gateway: 'stripe' });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('You already have a subscription. Change your plan instead.');
  });

  it('a start whose first payment never went through (incomplete) does not block a new checkout, and cancelling it ends it now', async () => {
    const member = await asUser(t);
    const start = async (priceId: number) => {
      const res = await member.post('/api/v1/billing/checkout', { price_id: priceId, gateway: 'stripe' });
      expect(res.status, res.text).toBe(200);
      await pay(res.body.url);
      const row = await t.ctx.db.selectFrom('subscriptions').select(['id', 'gateway_id']).where('user_id', '=', member.user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      // As Stripe reports a first invoice that was not paid (a declined card, 3-D Secure left undone).
      await t.ctx.db.updateTable('subscriptions').set({ gateway_status: 'incomplete' }).where('id', '=', row.id).execute();
      return row;
    };
    const first = await start(plans.basic.prices[0].id);
    expect((await member.get('/api/v1/billing/subscription')).body.subscription).toMatchObject({ gateway_status: 'incomplete', valid: true });

    // Picking a plan again replaces the attempt: it ends at Stripe (so it cannot be paid later too) and here.
    const again = await member.post('/api/v1/billing/checkout', { price_id: plans.premium.prices[0].id, gateway: 'stripe' });
    expect(again.status, again.text).toBe(200);
    expect(stripe.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${first.gateway_id}`)).toBe(true);
    expect((await member.get('/api/v1/billing/subscription')).body.subscription).toBeNull();
    await pay(again.body.url);
    const second = await t.ctx.db.selectFrom('subscriptions').select(['id', 'gateway_id', 'price_id']).where('user_id', '=', member.user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(second.price_id).toBe(plans.premium.prices[0].id);
    expect((await member.get('/api/v1/billing/subscription')).body.subscription).toMatchObject({ price: { id: plans.premium.prices[0].id }, valid: true });

    // Cancelling an unpaid start has no paid period to wait for: it ends at once, and a new checkout is open.
    await t.ctx.db.updateTable('subscriptions').set({ gateway_status: 'incomplete' }).where('id', '=', second.id).execute();
    const cancelled = await member.post('/api/v1/billing/subscription/cancel');
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(stripe.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${second.gateway_id}`)).toBe(true);
    expect((await member.get('/api/v1/billing/subscription')).body.subscription).toBeNull();
  });

  it('checkout.session.completed alone records the subscription once; subscription events then find it', async () => {
    const member = await asUser(t);
    const res = await member.post('/api/v1/billing/checkout', { price_id: plans.premium.prices[0].id, gateway: 'stripe' });
    const session = res.body.url.split('/').pop();
    const { default: Stripe } = await import('stripe');
    const signer = new Stripe('sk_test_x');
    const send = (type: string, object: unknown, id: string) => {
      const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
      return t.app.inject({ method: 'POST', url: '/api/v1/billing/stripe/webhook', payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: SECRET }) } });
    };
    const completed = { id: session, object: 'checkout.session', mode: 'subscription', subscription: 'sub_completed', client_reference_id: String(member.user.id), metadata: { user_id: String(member.user.id), price_id: String(plans.premium.prices[0].id) } };
    expect((await send('checkout.session.completed', completed, 'evt_cs_1')).statusCode).toBe(200);
    expect((await send('checkout.session.completed', completed, 'evt_cs_2')).statusCode).toBe(200);
    const rows = () => t.ctx.db.selectFrom('subscriptions').select(['price_id', 'renews_at']).where('gateway_id', '=', 'sub_completed').execute();
    expect(await rows()).toEqual([{ price_id: plans.premium.prices[0].id, renews_at: null }]);
    const end = Math.floor(Date.now() / 1000) + 86400;
    const stripePrice = (await t.ctx.db.selectFrom('prices').select('stripe_id').where('id', '=', plans.premium.prices[0].id).executeTakeFirstOrThrow()).stripe_id;
    await send('customer.subscription.created', { id: 'sub_completed', object: 'subscription', status: 'active', cancel_at_period_end: false, metadata: { user_id: String(member.user.id) }, items: { data: [{ price: { id: stripePrice }, current_period_end: end }] } }, 'evt_cs_3');
    expect(await rows()).toEqual([{ price_id: plans.premium.prices[0].id, renews_at: new Date(end * 1000).toISOString() }]);
    // An unknown customer is recorded and refused.
    const stranger = await send('checkout.session.completed', { ...completed, subscription: 'sub_stranger', client_reference_id: '999999', metadata: {} }, 'evt_cs_4');
    expect(stranger.statusCode).toBe(422);
  });
});

describe('the Billing panel calls', () => {
  it('cancel → resume at Stripe, change plan swaps the item price, invoices come from Stripe', async () => {
    const member = await asUser(t);
    const none = await member.post('/api/v1/billing/subscription/cancel');
    expect([none.status, none.body.message]).toEqual([422, 'You do not have a subscription.']);
    expect((await member.get('/api/v1/billing/invoices')).body.invoices).toEqual([]);

    const res = await member.post('/api/v1/billing/checkout', { price_id: plans.premium.prices[0].id, gateway: 'stripe' });
    await pay(res.body.url);
    const own = (await member.get('/api/v1/billing/subscription')).body.subscription;
    const subId = (await t.ctx.db.selectFrom('subscriptions').select('gateway_id').where('id', '=', own.id).executeTakeFirstOrThrow()).gateway_id!;

    stripe.requests.length = 0;
    const cancelled = await member.post('/api/v1/billing/subscription/cancel');
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.subscription).toMatchObject({ cancelled: true, valid: true, ends_at: own.renews_at });
    expect(stripe.subscriptions.get(subId)!.cancel_at_period_end).toBe(true);
    const resumed = await member.post('/api/v1/billing/subscription/resume');
    expect(resumed.body.subscription).toMatchObject({ cancelled: false, ends_at: null });
    expect(stripe.subscriptions.get(subId)!.cancel_at_period_end).toBe(false);
    const twice = await member.post('/api/v1/billing/subscription/resume');
    expect([twice.status, twice.body.message]).toEqual([422, 'Only a cancelled subscription in its grace period can be resumed.']);

    const same = await member.post('/api/v1/billing/subscription/change-plan', { price_id: plans.premium.prices[0].id });
    expect([same.status, same.body.message]).toEqual([422, 'You are already subscribed to this price.']);
    expect((await member.post('/api/v1/billing/subscription/change-plan', { price_id: plans.hidden.prices[0].id })).status).toBe(422);
    expect((await member.post('/api/v1/billing/subscription/change-plan', {})).status).toBe(422);
    const yearly = plans.premium.prices[1];
    const changed = await member.post('/api/v1/billing/subscription/change-plan', { price_id: yearly.id });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.subscription.price).toMatchObject({ id: yearly.id, amount: 199, interval: 'year' });
    const yearlyStripe = (await t.ctx.db.selectFrom('prices').select('stripe_id').where('id', '=', yearly.id).executeTakeFirstOrThrow()).stripe_id;
    expect(stripe.subscriptions.get(subId)!.items.data[0].price.id).toBe(yearlyStripe);

    const invoices = (await member.get('/api/v1/billing/invoices')).body.invoices;
    expect(invoices).toEqual([{ id: expect.stringMatching(/^in_/), created_at: expect.any(String), amount: 19.99, currency: 'USD', status: 'paid', url: expect.stringContaining(stripe.url) }]);

    // Refunded at Stripe (its dashboard): the invoice says so, and the charge.refunded event is recorded with the
    // amounts; the access stays until the subscription itself is cancelled or deleted.
    const status = async () => (await member.get('/api/v1/billing/invoices')).body.invoices[0].status;
    expect((await delivering(() => stripe.refund(invoices[0].id, 500))).statuses).toEqual([200]);
    expect(await status()).toBe('partially_refunded');
    await delivering(() => stripe.refund(invoices[0].id));
    expect(await status()).toBe('refunded');
    const recorded = await t.ctx.db.selectFrom('webhook_events').select(['status', 'message']).where('gateway', '=', 'stripe').where('type', '=', 'charge.refunded').orderBy('id').execute();
    expect(recorded.map((r) => r.status)).toEqual(['processed', 'processed']);
    expect(recorded[0].message).toMatch(/^Refunded 5 USD of 19\.99 USD \(charge ch_\w+\); access is unchanged\.$/);
    expect(recorded[1].message).toMatch(/^Refunded 19\.99 USD of 19\.99 USD \(charge ch_\w+, in full\); access is unchanged\.$/);
    expect((await member.get('/api/v1/billing/subscription')).body.subscription).toMatchObject({ valid: true, cancelled: false });
  });

  it('a plan change stays in the currency the subscription is paid in: Stripe would refuse the mix', async () => {
    const euro = (await admin.post('/api/v1/billing/products', { name: 'Euro', prices: [{ amount: 8, currency: 'EUR', interval: 'month', interval_count: 1 }] })).body.product;
    expect((await admin.post('/api/v1/billing/products/sync')).status).toBe(200);
    const member = await asUser(t);
    await pay((await member.post('/api/v1/billing/checkout', { price_id: plans.basic.prices[0].id, gateway: 'stripe' })).body.url);
    stripe.requests.length = 0;
    const res = await member.post('/api/v1/billing/subscription/change-plan', { price_id: euro.prices[0].id });
    expect([res.status, res.body.errors?.price_id]).toEqual([422, ['Choose a price in USD, the currency your subscription is paid in.']]);
    expect(stripe.requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect((await member.get('/api/v1/billing/subscription')).body.subscription.price_id).toBe(plans.basic.prices[0].id);
    await admin.delete(`/api/v1/billing/products/${euro.id}`);
  });

  it("payment method: a Stripe subscriber gets a customer portal session for their own customer, coming back to the Billing panel", async () => {
    const member = await asUser(t);
    expect(await member.post('/api/v1/billing/subscription/payment-method').then((r) => [r.status, r.body.message])).toEqual([422, 'You do not have a subscription.']);
    const res = await member.post('/api/v1/billing/checkout', { price_id: plans.basic.prices[0].id, gateway: 'stripe' });
    await pay(res.body.url);
    const own = (await member.get('/api/v1/billing/subscription')).body.subscription;
    const subId = (await t.ctx.db.selectFrom('subscriptions').select('gateway_id').where('id', '=', own.id).executeTakeFirstOrThrow()).gateway_id!;

    stripe.requests.length = 0;
    const page = await member.post('/api/v1/billing/subscription/payment-method');
    expect(page.status, page.text).toBe(200);
    expect(page.body.url).toMatch(new RegExp(`^${stripe.url}/portal/bps_\\d+$`));
    expect(stripe.requests.map((r) => [r.method, r.path])).toEqual([['GET', `/v1/subscriptions/${subId}`], ['POST', '/v1/billing_portal/sessions']]);
    expect(stripe.requests[1].body).toEqual({ customer: stripe.subscriptions.get(subId)!.customer, return_url: `${t.ctx.config.appUrl}/account-settings#account-billing` });
    // The portal's page leads back to the Billing panel.
    expect(await fetch(page.body.url).then((r) => r.text())).toContain(`href="${t.ctx.config.appUrl}/account-settings#account-billing"`);

    stripe.fail = { path: /^\/v1\/billing_portal\//, mode: 'error' };
    const failed = await member.post('/api/v1/billing/subscription/payment-method');
    stripe.fail = null;
    expect([failed.status, failed.body.message]).toEqual([502, 'The payment gateway could not be reached. Try again later.']);
    expect((await guest(t).post('/api/v1/billing/subscription/payment-method')).status).toBe(401);
  });

  it("a gateway failure is a 502 and the local record stays", async () => {
    const member = await asUser(t);
    const res = await member.post('/api/v1/billing/checkout', { price_id: plans.basic.prices[0].id, gateway: 'stripe' });
    await pay(res.body.url);
    stripe.fail = { path: /^\/v1\/subscriptions\//, mode: 'error' };
    const failed = await member.post('/api/v1/billing/subscription/cancel');
    stripe.fail = null;
    expect(failed.status).toBe(502);
    expect((await member.get('/api/v1/billing/subscription')).body.subscription.cancelled).toBe(false);
  });

  it('a local subscription (made by an admin) cannot change plan and has no invoices; it cancels and resumes', async () => {
    const member = await asUser(t);
    await admin.post('/api/v1/billing/subscriptions', { user_id: member.user.id, product_id: plans.basic.id, price_id: plans.basic.prices[0].id, renews_at: new Date(Date.now() + 86400_000).toISOString() });
    expect((await member.get('/api/v1/billing/subscription')).body.subscription.gateway_name).toBe('none');
    const res = await member.post('/api/v1/billing/subscription/change-plan', { price_id: plans.premium.prices[0].id });
    expect([res.status, res.body.message]).toEqual([422, 'This subscription cannot change plan here.']);
    expect((await member.get('/api/v1/billing/invoices')).body.invoices).toEqual([]);
    // Cancel (grace period until renews_at) and resume work on it as on a billed one, with no gateway to call.
    expect((await member.post('/api/v1/billing/subscription/cancel')).body.subscription.cancelled).toBe(true);
    expect((await member.post('/api/v1/billing/subscription/resume')).body.subscription.cancelled).toBe(false);
    const payment = await member.post('/api/v1/billing/subscription/payment-method');
    expect([payment.status, payment.body.message]).toEqual([422, 'This subscription has no payment method to update here.']);
  });
});

describe('subscriptions settings: Stripe credential check', () => {
  it('saves a secret Stripe accepts and refuses one it does not, under stripe_group', async () => {
    stripe.rejectKeys.add('sk_test_bad');
    const bad = await admin.post('/api/v1/settings', { server: { stripe_secret: 'sk_test_bad' } });
    expect(bad.status, bad.text).toBe(422);
    expect(bad.body.errors.stripe_group).toEqual(['Stripe refused the secret key: invalid API key.']);
    expect(await t.ctx.settings.get('server.stripe_secret')).toBe('sk_test_1');
    const good = await admin.post('/api/v1/settings', { server: { stripe_secret: 'sk_test_2' } });
    expect(good.status, good.text).toBe(200);
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path === '/v1/balance')).toBe(true);
  });

  it('refuses a publishable key that is not one, or of the other mode than the secret key', async () => {
    const save = (server: Record<string, string>) => admin.post('/api/v1/settings', { server });
    const notKey = await save({ stripe_key: 'sk_test_2' });
    expect([notKey.status, notKey.body.errors?.stripe_group]).toEqual([422, ['The publishable key starts with pk_test_ or pk_live_.']]);
    const live = await save({ stripe_key: 'pk_live_abc' });
    expect([live.status, live.body.errors?.stripe_group]).toEqual([422, ['The publishable key and the secret key must both be test keys or both live keys.']]);
    expect(await t.ctx.settings.get('server.stripe_key')).not.toBe('pk_live_abc');
    expect((await save({ stripe_key: 'pk_test_abc' })).status).toBe(200);
  });
});
