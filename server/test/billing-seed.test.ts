import { describe, expect, it } from 'vitest';
import { GATEWAY_UNAVAILABLE } from '@app/contracts';
import { seedDemoBilling } from '../src/db/seed/billing.ts';
import { sendSubscriptionNotices } from '../src/modules/billing/notices.ts';
import { seedDemoUsers } from '../src/db/seed/users.ts';
import { asAdmin, asUser, createTestApp, guest } from './helper.ts';

const t = await createTestApp();

describe('demo billing seed', () => {
  it('seeds three plans a visitor sees on the pricing page, unsynced, and gives the demo subscriptions a plan', async () => {
    await seedDemoUsers(t.ctx, t.roles);
    const adminId = (await t.ctx.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await seedDemoBilling(t.ctx, adminId);

    // Subscriptions are switched on, so a signed-out visitor lists the plans (what /pricing shows), First to Third.
    expect(await t.ctx.settings.get('client.billing.enable')).toBe(true);
    const menus = await t.ctx.settings.get('client.menus');
    for (const position of ['footer', 'sidebar-primary'] as const) {
      const menu = menus.find((m) => m.positions.includes(position));
      expect(menu?.items.map((i) => [i.label, i.action])).toContainEqual(['Pricing', '/billing/pricing']);
    }
    const list = await guest(t).get('/api/v1/billing/products?perPage=100&orderBy=position&orderDir=asc');
    expect(list.status).toBe(200);
    const plans = list.body.pagination.data;
    expect(plans.map((p: { name: string }) => p.name)).toEqual(['Basic', 'Standard', 'Premium']);
    expect(plans.map((p: { position: number }) => p.position)).toEqual([0, 1, 2]);
    expect(plans.filter((p: { recommended: boolean }) => p.recommended).map((p: { name: string }) => p.name)).toEqual(['Standard']);
    expect(plans[0]).toMatchObject({ free: true, hidden: false, prices: [], permissions: [] });
    for (const paid of plans.slice(1)) {
      expect(paid.free).toBe(false);
      expect(paid.feature_list.length).toBeGreaterThan(2);
      expect(paid.available_space).toBeGreaterThan(0);
      expect(paid.prices.map((p: { interval: string; interval_count: number; currency: string }) => `${p.currency} ${p.interval} ${p.interval_count}`))
        .toEqual(['USD month 1', 'USD year 1']);
    }
    expect(plans[1].prices[0].amount).toBe(7.99);

    // The demo members' subscriptions are history: nobody is mailed that they started.
    expect(await sendSubscriptionNotices(t.ctx)).toBe(0);

    // No gateway is set up: nothing carries a gateway id until an admin enables one and the plans sync.
    const ids = await t.ctx.db.selectFrom('prices').select(['stripe_id', 'paypal_id']).execute();
    expect(ids.every((p) => p.stripe_id === null && p.paypal_id === null)).toBe(true);
    const productIds = await t.ctx.db.selectFrom('products').select(['stripe_id', 'paypal_id']).execute();
    expect(productIds.every((p) => p.stripe_id === null && p.paypal_id === null)).toBe(true);

    // The demo users' subscriptions (seeded without a plan) now show a paid plan and its monthly price.
    const subs = (await (await asAdmin(t)).get('/api/v1/billing/subscriptions?perPage=100')).body.pagination.data;
    expect(subs.length).toBe(10);
    for (const s of subs) {
      expect(['Standard', 'Premium']).toContain(s.product?.name);
      expect(s.price?.interval).toBe('month');
    }

    // A visitor who tries to buy a plan before any gateway is enabled is told the payment method is unavailable.
    const buyer = await asUser(t);
    const checkout = await buyer.post('/api/v1/billing/checkout', { price_id: plans[1].prices[0].id, gateway: 'stripe' });
    expect(checkout.status).toBe(422);
    expect(checkout.body.errors.gateway).toEqual([GATEWAY_UNAVAILABLE]);
  });
});
