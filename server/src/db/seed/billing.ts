import { DEFAULT_MENUS, productInputSchema } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../index.ts';
import { createProduct } from '../../modules/billing/service.ts';
import { markSubscriptionsTold } from '../../modules/billing/notices.ts';

const GB = 1024 ** 3;

/**
 * Three demo plans for /pricing, First to Third: a free one (Basic), a recommended one and a premium one, each paid plan with
 * a monthly and a yearly price (the page's Monthly/Yearly switch). They carry no permissions beyond what every user
 * has; the paid plans give storage space. Gateway ids stay empty: no gateway is set up on a fresh install, and the
 * plans sync (POST billing/products/sync) creates them at a gateway once an admin enables it.
 */
const PLANS = [
  {
    name: 'Basic', description: 'Get to know the catalogue, free of charge.', position: 0, free: true,
    feature_list: ['Browse every movie and series', 'Trailers and clips', 'Watchlist and your own lists', 'Ratings and reviews'],
  },
  {
    name: 'Standard', description: 'Everything to watch, in Full HD.', position: 1, recommended: true, available_space: 5 * GB,
    feature_list: ['Every movie and series', 'Full HD streaming', 'Watch on any device', '5 GB of storage for your uploads', 'Cancel anytime'],
    prices: [{ amount: 7.99, currency: 'USD', interval: 'month' }, { amount: 79.9, currency: 'USD', interval: 'year' }],
  },
  {
    name: 'Premium', description: 'The best picture and early access to premieres.', position: 2, available_space: 50 * GB,
    feature_list: ['Everything in Standard', '4K Ultra HD where available', 'Early access to premieres', '50 GB of storage for your uploads', 'Priority support'],
    prices: [{ amount: 12.99, currency: 'USD', interval: 'month' }, { amount: 129.9, currency: 'USD', interval: 'year' }],
  },
];

/**
 * Seeds the demo plans through the plans service (the admin's own rules and its transaction per plan), switches
 * subscriptions on so the pricing page is shown, links it from the footer menu, and gives the demo users' subscriptions (seeded without a plan)
 * the monthly price of a paid plan, alternately Standard and Premium.
 */
export async function seedDemoBilling(ctx: AppContext, adminId: number): Promise<void> {
  const actor = { id: adminId, permissions: new Set(['admin']) };
  const monthly: number[] = [];
  // A plan a first start that died later already made is kept, not made twice.
  const made = new Map((await ctx.db.selectFrom('products').select(['id', 'name']).execute()).map((p) => [p.name, p.id]));
  for (const plan of PLANS) {
    const id = made.get(plan.name);
    const price = id !== undefined
      ? await ctx.db.selectFrom('prices').select('id').where('product_id', '=', id).where('interval', '=', 'month').executeTakeFirst()
      : (await createProduct(ctx, productInputSchema.parse(plan), actor)).prices.find((p) => p.interval === 'month');
    if (price) monthly.push(price.id);
  }
  const planless = await ctx.db.selectFrom('subscriptions').select('id').where('product_id', 'is', null).orderBy('id').execute();
  if (planless.length && monthly.length) {
    const prices = await ctx.db.selectFrom('prices').select(['id', 'product_id']).where('id', 'in', monthly).orderBy('amount').execute();
    const now = nowIso();
    await ctx.db.transaction().execute(async (trx) => {
      for (const [i, sub] of planless.entries()) {
        const price = prices[i % prices.length];
        await trx.updateTable('subscriptions').set({ product_id: price.product_id, price_id: price.id, updated_at: now }).where('id', '=', sub.id).execute();
      }
    });
  }
  // The demo members' subscriptions are history: nobody is mailed that they started.
  await markSubscriptionsTold(ctx.db);
  // The pricing page is reachable from every page: the primary menu (the header) and the footer menu get a Pricing
  // link (the spec's /billing/pricing route).
  const pricing = (id: string) => ({ id, label: 'Pricing', icon: null, type: 'route' as const, action: '/billing/pricing', target: '_self' as const, roles: [], permissions: [] });
  const linkIds = new Map([['primarymnu', 'pr0001'], ['footermenu', 'pr0002']]);
  const menus = DEFAULT_MENUS.map((m) => linkIds.has(m.id) ? { ...m, items: [...m.items, pricing(linkIds.get(m.id)!)] } : m);
  await ctx.settings.set({ 'client.billing.enable': true, 'client.menus': menus });
}
