import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDay, noticeOf, sendSubscriptionNotices, type NoticeState } from '../src/modules/billing/notices.ts';
import { seedDefaultLocalization } from '../src/db/seed/localizations.ts';
import { Client, asAdmin, createTestApp, createUser, mailsIn } from './helper.ts';

const t = await createTestApp();
let admin: Client;
let standard: { id: number; prices: { id: number }[] };
let premium: { id: number; prices: { id: number }[] };

let read = 0;
/** Mails sent since the last call. */
const newMails = async () => {
  const all = await mailsIn(t);
  const out = all.slice(read);
  read = all.length;
  return out;
};
const pass = (at?: Date) => sendSubscriptionNotices(t.ctx, at);
const DAY = 86400_000;

const subscribe = async (userId: number, over: Record<string, unknown> = {}) => {
  const res = await admin.post('/api/v1/billing/subscriptions', { user_id: userId, product_id: standard.id, price_id: standard.prices[0].id, ...over });
  expect(res.status, res.text).toBe(200);
  return res.body.subscription as { id: number };
};

beforeAll(async () => {
  admin = await asAdmin(t);
  await t.ctx.settings.set({ 'client.billing.enable': true, 'client.dates.default_timezone': 'UTC' });
  const plan = async (name: string) => (await admin.post('/api/v1/billing/products', { name, prices: [{ amount: 9.99, currency: 'USD', interval: 'month', interval_count: 1 }] })).body.product;
  standard = await plan('Standard');
  premium = await plan('Premium');
  await pass();
  await newMails();
});

describe('subscription mails (billing:notices)', () => {
  it('tells a member their subscription started, once, with its renewal date and a link to the site', async () => {
    const user = await createUser(t);
    await subscribe(user.id, { renews_at: '2031-03-05T12:00:00Z' });
    expect(await pass()).toBe(1);
    const [mail, ...rest] = await newMails();
    expect(rest).toEqual([]);
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe('Your Standard subscription has started');
    expect(mail.text).toContain('Thank you for subscribing. Everything Standard includes is yours to watch now.');
    expect(mail.text).toContain('It renews on March 5, 2031.');
    expect(mail.text).toContain(t.ctx.config.appUrl);
    // Nothing changed since: nothing to say.
    expect(await pass()).toBe(0);
    expect(await newMails()).toEqual([]);
  });

  it("the member's own cancel says until when they keep access; resuming says it continues", async () => {
    const user = await createUser(t);
    await subscribe(user.id, { renews_at: '2031-03-05T12:00:00Z' });
    await pass();
    await newMails();
    const member = await new Client(t).login(user.email, user.password);
    expect((await member.post('/api/v1/billing/subscription/cancel')).status).toBe(200);
    expect(await pass()).toBe(1);
    const [cancelled] = await newMails();
    expect(cancelled.subject).toBe('Your Standard subscription is cancelled');
    expect(cancelled.text).toContain('You keep access until March 5, 2031.');
    expect(cancelled.text).toContain('/account-settings#account-billing');

    expect((await member.post('/api/v1/billing/subscription/resume')).status).toBe(200);
    expect(await pass()).toBe(1);
    const [resumed] = await newMails();
    expect(resumed.subject).toBe('Your Standard subscription continues');
    expect(resumed.text).toContain('It renews on March 5, 2031.');
  });

  it('an admin moving the subscription to another plan tells the member the new plan', async () => {
    const user = await createUser(t);
    const sub = await subscribe(user.id);
    await pass();
    await newMails();
    const res = await admin.put(`/api/v1/billing/subscriptions/${sub.id}`, { user_id: user.id, product_id: premium.id, price_id: premium.prices[0].id });
    expect(res.status, res.text).toBe(200);
    expect(await pass()).toBe(1);
    expect((await newMails()).map((m) => [m.to, m.subject])).toEqual([[user.email, 'Your plan is now Premium']]);
  });

  it('a subscription that lapses at its end date is said to have ended, once, with no write to notice', async () => {
    const user = await createUser(t);
    const endsAt = new Date(Date.now() + DAY).toISOString();
    await subscribe(user.id, { ends_at: endsAt });
    expect(await pass()).toBe(1);
    expect((await newMails())[0].subject).toBe('Your Standard subscription has started');
    expect(await pass(new Date(Date.now() + 2 * DAY))).toBe(1);
    const [ended] = await newMails();
    expect(ended).toMatchObject({ to: user.email, subject: 'Your Standard subscription has ended' });
    expect(ended.text).toContain('/pricing');
    expect(await pass(new Date(Date.now() + 3 * DAY))).toBe(0);
  });

  it('a subscription made already ended, or deleted, mails nobody', async () => {
    const user = await createUser(t);
    await subscribe(user.id, { ends_at: '2020-01-01T00:00:00Z', renews_at: null });
    const other = await createUser(t);
    const sub = await subscribe(other.id);
    expect((await admin.delete(`/api/v1/billing/subscriptions/${sub.id}`)).status).toBe(200);
    expect(await pass()).toBe(0);
    expect(await newMails()).toEqual([]);
  });

  it('Stripe events: started, payment failed (once, though redelivered), paid again (no mail), ended', async () => {
    const secret = 'whsec_notices';
    await t.ctx.settings.set({ 'client.billing.stripe.enable': true, 'server.stripe_key': 'pk_test_n', 'server.stripe_secret': 'sk_test_n', 'server.stripe_webhook_secret': secret });
    await t.ctx.db.updateTable('prices').set({ stripe_id: 'price_notices' }).where('id', '=', standard.prices[0].id).execute();
    const signer = new Stripe('sk_test_signer');
    const send = async (id: string, type: string, object: Record<string, unknown>) => {
      const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
      const header = signer.webhooks.generateTestHeaderString({ payload, secret });
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/billing/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
      expect(res.statusCode, res.body).toBe(200);
    };
    const user = await createUser(t);
    const sub = (over: Record<string, unknown>) => ({
      id: 'sub_notices', object: 'subscription', status: 'active', cancel_at_period_end: false, metadata: { user_id: String(user.id) },
      items: { data: [{ price: { id: 'price_notices' }, current_period_end: Math.floor(Date.parse('2031-04-01T00:00:00Z') / 1000) }] }, ...over,
    });
    try {
      await send('evt_n1', 'customer.subscription.created', sub({}));
      expect(await pass()).toBe(1);
      expect((await newMails())[0]).toMatchObject({ to: user.email, subject: 'Your Standard subscription has started' });

      await send('evt_n2', 'customer.subscription.updated', sub({ status: 'past_due' }));
      await send('evt_n2', 'customer.subscription.updated', sub({ status: 'past_due' }));
      expect(await pass()).toBe(1);
      const [failed] = await newMails();
      expect(failed.subject).toBe('Your payment for Standard did not go through');
      expect(failed.text).toContain('We could not take the payment for your Standard subscription.');
      expect(failed.text).toContain('The payment will be tried again: please check that your payment details are up to date.');

      await send('evt_n3', 'invoice.paid', { id: 'in_1', object: 'invoice', subscription: 'sub_notices', lines: { data: [{ period: { end: Math.floor(Date.parse('2031-05-01T00:00:00Z') / 1000) } }] } });
      expect(await pass()).toBe(0);

      await send('evt_n4', 'customer.subscription.deleted', sub({ status: 'canceled', ended_at: Math.floor(Date.now() / 1000) - 60 }));
      expect(await pass()).toBe(1);
      expect((await newMails()).map((m) => m.subject)).toEqual(['Your Standard subscription has ended']);

      // A checkout whose first payment has not gone through (Stripe's incomplete) has started nothing: the mail waits for the payment.
      const later = await createUser(t);
      const pending = { ...sub({ status: 'incomplete' }), id: 'sub_notices_2', metadata: { user_id: String(later.id) } };
      await send('evt_n5', 'customer.subscription.created', pending);
      expect(await pass()).toBe(0);
      await send('evt_n6', 'customer.subscription.updated', { ...pending, status: 'active' });
      expect(await pass()).toBe(1);
      expect(await newMails()).toMatchObject([{ to: later.email, subject: 'Your Standard subscription has started' }]);
    } finally {
      await t.ctx.settings.set({ 'client.billing.stripe.enable': false });
    }
  });

  it("writes in the member's chosen language, dates included", async () => {
    await seedDefaultLocalization(t.ctx.db);
    const fr = (await admin.post('/api/v1/localizations', { name: 'Français', language: 'fr' })).body.localization;
    const full = (await admin.get(`/api/v1/localizations/${fr.id}`)).body.localization.lines;
    const lines = { ...full, 'Your :plan subscription is cancelled': 'Votre abonnement :plan est résilié', 'You keep access until :date.': 'Vous en profitez jusqu’au :date.' };
    expect((await admin.put(`/api/v1/localizations/${fr.id}`, { lines })).status).toBe(200);
    await t.ctx.settings.set({ 'client.i18n.enable': true });
    const user = await createUser(t);
    await t.ctx.db.updateTable('users').set({ language: 'fr' }).where('id', '=', user.id).execute();
    const sub = await subscribe(user.id, { renews_at: '2031-03-05T12:00:00Z' });
    await pass();
    await newMails();
    expect((await admin.post(`/api/v1/billing/subscriptions/${sub.id}/cancel`)).status).toBe(200);
    await pass();
    const [mail] = await newMails();
    expect(mail.subject).toBe('Votre abonnement Standard est résilié');
    expect(mail.text).toContain('Vous en profitez jusqu’au 5 mars 2031.');
    await t.ctx.settings.set({ 'client.i18n.enable': false });
  });

  it('with the setting off nothing is mailed, and turning it on later does not mail what happened meanwhile', async () => {
    await t.ctx.settings.set({ 'server.billing_notices': false });
    const user = await createUser(t);
    await subscribe(user.id);
    expect(await pass()).toBe(0);
    await t.ctx.settings.set({ 'server.billing_notices': true });
    expect(await pass()).toBe(0);
    expect(await newMails()).toEqual([]);
  });

  it('more changes than one pass reads are all mailed over the next passes, each once', async () => {
    const now = new Date().toISOString();
    const ids: number[] = [];
    await t.ctx.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 620; i++) {
        const u = await trx.insertInto('users').values({ email: `bulk-${i}@test.local`, password: null, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
        ids.push(u.id);
      }
      await trx.insertInto('subscriptions').values(ids.map((id) => ({
        user_id: id, product_id: standard.id, price_id: standard.prices[0].id, gateway_name: 'none', gateway_id: null, gateway_status: null,
        description: null, renews_at: null, ends_at: null, created_at: now, updated_at: now,
      }))).execute();
    });
    expect(await pass()).toBe(500);
    expect(await pass()).toBe(120);
    expect(await pass()).toBe(0);
    const mails = await newMails();
    expect(new Set(mails.map((m) => m.to)).size).toBe(620);
  });
});

describe('noticeOf', () => {
  const state = (over: Partial<NoticeState> = {}): NoticeState => ({ product_id: 1, ends_at: null, gateway_status: null, ended: false, ...over });
  it('picks one notice per change, a payment due ahead of the end date it brings', () => {
    expect(noticeOf(undefined, state())).toBe('started');
    expect(noticeOf(undefined, state({ ended: true, ends_at: '2020-01-01' }))).toBeNull();
    expect(noticeOf(state({ ended: true, ends_at: '2020-01-01' }), state())).toBe('started');
    expect(noticeOf(state(), state({ gateway_status: 'suspended', ends_at: '2031-01-01' }))).toBe('paymentFailed');
    expect(noticeOf(state({ gateway_status: 'past_due' }), state({ gateway_status: 'unpaid' }))).toBeNull();
    expect(noticeOf(state(), state({ gateway_status: 'cancelled', ends_at: '2031-01-01' }))).toBe('cancelled');
    expect(noticeOf(state({ ends_at: '2031-01-01' }), state())).toBe('resumed');
    expect(noticeOf(state(), state({ product_id: 2 }))).toBe('planChanged');
    expect(noticeOf(state(), state({ ends_at: '2020-01-01', ended: true }))).toBe('ended');
    expect(noticeOf(state({ ended: true, ends_at: '2020-01-01' }), state({ ended: true, ends_at: '2020-01-01' }))).toBeNull();
  });

  it("writes the day in the member's language, and in English for a language Intl does not know", () => {
    expect(formatDay('2031-03-05T12:00:00Z', 'fr', 'UTC')).toBe('5 mars 2031');
    expect(formatDay('2031-03-05T23:30:00Z', 'en', 'Asia/Tokyo')).toBe('March 6, 2031');
    expect(formatDay('2031-03-05T12:00:00Z', 'not a tag!', 'UTC')).toBe('March 5, 2031');
  });
});
