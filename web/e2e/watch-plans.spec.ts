import { expect, test } from '@playwright/test';
import { api, login } from './helpers';

interface Role { id: number; guests: boolean; default: boolean; permissions: { name: string; restrictions?: unknown[] }[] }
const MEMBER = { email: 'watch.member@e2e.local', password: 'member-password' };

/**
 * A site that sells watching: the operator takes videos.view from guests and new accounts and gives it with a plan.
 * The spec changes shared roles and settings, and puts them back however it ends.
 */
test('without the permission to watch, guests and members are offered the plans; a plan that grants it lets them watch', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await login(page);
  const roles = (await (await page.request.get('/api/v1/roles?perPage=100')).json()).pagination.data as Role[];
  const open = roles.filter((r) => r.guests || r.default);
  const grants = (r: Role) => r.permissions.map((p) => ({ name: p.name, ...(p.restrictions?.length ? { restrictions: p.restrictions } : {}) }));
  const billingWas = ((await (await page.request.get('/api/v1/settings')).json()).client as Record<string, unknown>)['client.billing.enable'];
  const videos = (await (await page.request.get('/api/v1/videos?perPage=50&orderBy=id&orderDir=asc')).json()).pagination.data as { id: number; title_id: number; category: string; season_num: number | null }[];
  const video = videos.find((v) => v.category === 'full' && v.season_num === null)!;
  const trailer = videos.find((v) => v.category === 'trailer')!;
  const { product } = await api(page, 'POST', 'billing/products', {
    name: 'Watcher', feature_list: ['Every video'], permissions: [{ name: 'videos.view' }], prices: [{ amount: 3, currency: 'USD', interval: 'month', interval_count: 1 }],
  });
  const { user } = await api(page, 'POST', 'users', { ...MEMBER, email_verified_at: true });
  try {
    for (const r of open) await api(page, 'PUT', `roles/${r.id}`, { permissions: grants(r).filter((p) => p.name !== 'videos.view') });
    await api(page, 'POST', 'settings', { client: JSON.stringify({ 'client.billing.enable': true }), server: '{}' });

    const guest = await browser.newPage();
    // The title page still offers Play: it leads to the watch page, which offers the plans.
    await guest.goto(`/titles/${video.title_id}`);
    await guest.getByRole('link', { name: /^Play/ }).first().click();
    await expect(guest).toHaveURL(new RegExp(`/watch/${video.id}`));
    const gate = guest.getByRole('alert');
    await expect(gate.getByRole('heading', { name: 'Subscribe to watch' })).toBeVisible();
    await expect(gate.getByText('Choose a plan to watch this video and the rest of the catalogue.')).toBeVisible();
    await expect(gate.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(guest).toHaveTitle(/^Subscribe to watch - /);
    await gate.getByRole('link', { name: 'See plans' }).click();
    await expect(guest).toHaveURL(/\/pricing$/);
    await expect(guest.getByRole('listitem', { name: 'Watcher' })).toBeVisible();
    // Trailers stay free to watch (the videos settings' switch, on by default): the title page offers one and it plays.
    await guest.goto(`/titles/${trailer.title_id}`);
    await guest.getByRole('link', { name: 'Trailer', exact: true }).click();
    await expect(guest).toHaveURL(new RegExp(`/watch/${trailer.id}`));
    await expect(guest.locator('video, iframe')).toHaveCount(1, { timeout: 30_000 });
    await expect(guest.getByRole('heading', { name: 'Subscribe to watch' })).toHaveCount(0);
    await guest.close();

    const member = await browser.newPage();
    await login(member, MEMBER.email, MEMBER.password);
    await member.goto(`/watch/${video.id}`);
    await expect(member.getByRole('heading', { name: 'Subscribe to watch' })).toBeVisible();
    await expect(member.getByRole('alert').getByRole('link', { name: 'Login' })).toHaveCount(0);
    // The plan's permission reaches the member as soon as they hold it.
    await api(page, 'POST', 'billing/subscriptions', { user_id: user.id, product_id: product.id, price_id: product.prices[0].id });
    await member.reload();
    await expect(member.locator('video, iframe')).toHaveCount(1, { timeout: 30_000 });
    await expect(member.getByRole('heading', { name: 'Subscribe to watch' })).toHaveCount(0);
    await member.close();
  } finally {
    for (const r of open) await api(page, 'PUT', `roles/${r.id}`, { permissions: grants(r) });
    await api(page, 'POST', 'settings', { client: JSON.stringify({ 'client.billing.enable': billingWas }), server: '{}' });
    await api(page, 'DELETE', `users/${user.id}`);
    await api(page, 'DELETE', `billing/products/${product.id}`);
  }
});
