import { expect as baseExpect, test, type Page } from '@playwright/test';
import { api, login, setHomePage } from './helpers.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
// Many pages of the built app in one test; on a machine shared with other jobs that takes over two minutes.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

// The demo catalogue and the default channels are seeded as the server starts.
test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/api/v1/channel/home')).status(), { timeout: 60_000 }).toBe(200);
});

async function popularTitles(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/v1/channel/popular-movies');
  return (await res.json()).channel.content.data.slice(0, 2).map((t: { name: string }) => t.name);
}

test('an admin builds a manual channel and an auto-update channel; a visitor sees them', async ({ page, browser }) => {
  await login(page);
  const [first, second] = await popularTitles(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Channels', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Channels', level: 1 })).toBeVisible();

  // A manual channel: search, add, reorder with the keyboard-friendly buttons, remove.
  await page.getByRole('link', { name: 'Add new channel' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Staff picks');
  await page.getByRole('textbox', { name: 'Slug' }).fill('staff-picks');
  await page.getByLabel('Content', { exact: true }).selectOption('manual');
  const search = page.getByRole('combobox', { name: 'Add content' });
  for (const name of [first, second]) {
    await search.fill(name);
    await page.getByRole('option', { name: new RegExp(`^${name}`) }).first().click();
  }
  const items = page.getByTestId('channel-item');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(first);
  await page.getByRole('button', { name: `Move ${second} up` }).click();
  await expect(items.first()).toContainText(second);
  await expect(page.getByTestId('channel-preview').getByTestId('poster-card').first()).toContainText(second);
  // The preview's narrow cards keep each year and type whole ("202 / 4" and "Seri / es" were split across lines).
  const splitWords = await page.getByTestId('channel-preview').getByTestId('poster-card-meta').evaluateAll((metas) => metas.flatMap((m) => [...m.children])
    .filter((el) => { const r = document.createRange(); r.selectNodeContents(el); return r.getClientRects().length > 1; })
    .map((el) => el.textContent));
  expect(splitWords).toEqual([]);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Channel created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/channels\/staff-picks\/edit$/);
  await expect(page.getByTestId('channel-item')).toHaveCount(2);

  // Validation shows next to the field.
  await page.goto('/admin/channels/new');
  await page.getByLabel('Name', { exact: true }).fill('Bad');
  await page.getByRole('textbox', { name: 'Slug' }).fill('a b');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('The slug may only contain letters, numbers, underscores and hyphens, 3 to 20 characters.')).toBeVisible();

  // An auto-update channel over local data.
  await page.getByRole('textbox', { name: 'Slug' }).fill('top-local');
  await page.getByLabel('Name', { exact: true }).fill('Top local');
  await page.getByLabel('Content', { exact: true }).selectOption('autoUpdate');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('The auto update method is required.')).toBeVisible();
  await page.getByLabel('Auto update method').selectOption('top_rated');
  await page.getByLabel('Layout', { exact: true }).selectOption('carousel');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Channel created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/channels\/top-local\/edit$/);
  await expect(page.getByTestId('channel-preview').getByTestId('poster-card').first()).toBeVisible();

  // The site's home page is the home channel (the default).
  const visitor = await browser.newPage();
  await visitor.goto('/');
  await expect(visitor.getByTestId('hero-slider')).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Popular movies' })).toBeVisible();
  await visitor.getByRole('button', { name: 'Next slide' }).click();
  await visitor.goto('/channel/staff-picks');
  await expect(visitor.getByRole('heading', { name: 'Staff picks', level: 1 })).toBeVisible();
  await expect(visitor.getByTestId('poster-card')).toHaveCount(2);
  await expect(visitor.getByTestId('poster-card').first()).toContainText(second);
  await expect(visitor).toHaveTitle(/Staff picks/);
  await visitor.goto('/channel/top-local');
  await expect(visitor.getByRole('heading', { name: 'Top local', level: 1 })).toBeVisible();
  await expect(visitor.getByTestId('poster-card').first()).toBeVisible();
  // Load more pages through a listAll channel.
  await visitor.goto('/channel/movies');
  await expect(visitor.getByTestId('poster-card')).toHaveCount(24);
  // Scrolling to the end loads the next page (the Load more button is the same for keyboards).
  await visitor.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
  await expect.poll(() => visitor.getByTestId('poster-card').count()).toBeGreaterThan(24);
  await visitor.close();
});

test('an admin resets the channels to default after confirming', async ({ page }) => {
  await login(page);
  await page.goto('/admin/channels');
  await page.getByRole('button', { name: 'Reset to default' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('Channels reset to default')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Staff picks' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Popular movies', exact: true })).toBeVisible();
  await page.goto('/channel/staff-picks');
  await expect(page.getByTestId('channel-view')).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByTestId('hero-slider')).toBeVisible();
});

test('a site that prefers its marketing landing shows it at `/`, and the home channel again when switched back', async ({ page, browser }) => {
  await setHomePage(browser, 'landing');
  await page.goto('/');
  await expect(page.getByTestId('hero-slider')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Get started' })).toBeVisible();
  await setHomePage(browser, 'home');
  await page.goto('/');
  await expect(page.getByTestId('hero-slider')).toBeVisible();
});

test('a channel of rows that are all empty (a new site\'s home) says there is nothing yet, and shows an admin where to add titles', async ({ page, browser }) => {
  await login(page);
  const row = (await api(page, 'POST', 'channel', { name: 'Empty row', slug: 'empty-row', config: { contentType: 'manual', contentModel: 'titles' } })).channel;
  const rows = (await api(page, 'POST', 'channel', { name: 'Empty rows', slug: 'empty-rows', config: { contentType: 'manual', contentModel: 'channels', hideTitle: true }, items: [{ id: row.id, model_type: 'channel' }] })).channel;
  try {
    const guest = await browser.newPage();
    await guest.goto('/channel/empty-rows');
    await expect(guest.getByTestId('channel-empty')).toContainText('Nothing to watch yet');
    await expect(guest.getByRole('link', { name: 'Add titles' })).toHaveCount(0);
    await guest.close();
    await page.goto('/channel/empty-rows');
    await page.getByRole('link', { name: 'Add titles' }).click();
    await expect(page).toHaveURL(/\/admin\/titles$/);
  } finally {
    await api(page, 'DELETE', `channel/${rows.id},${row.id}`);
  }
});

test('a visitor whose role may not view titles sees none in channels or on the home page', async ({ page, browser }) => {
  await login(page);
  const roles = (await (await page.request.get('/api/v1/roles?perPage=100')).json()).pagination.data as { id: number; name: string }[];
  const guests = roles.find((r) => r.name === 'guests')!;
  const granted = (await (await page.request.get(`/api/v1/roles/${guests.id}`)).json()).role.permissions.map((p: { name: string }) => ({ name: p.name }));
  const visitor = await browser.newPage();
  await visitor.goto('/channel/popular-movies');
  await expect(visitor.getByTestId('poster-card').first()).toBeVisible();
  await api(page, 'PUT', `roles/${guests.id}`, { permissions: granted.filter((p: { name: string }) => p.name !== 'titles.view') });
  try {
    await visitor.goto('/channel/popular-movies');
    await expect(visitor.getByText('Nothing to show here yet.')).toBeVisible();
    await expect(visitor.getByTestId('poster-card')).toHaveCount(0);
    await visitor.goto('/');
    await expect(visitor.getByTestId('channel-view')).toBeVisible();
    await expect(visitor.getByTestId('poster-card')).toHaveCount(0);
  } finally {
    await api(page, 'PUT', `roles/${guests.id}`, { permissions: granted });
    await visitor.close();
  }
});

// The home channel at `/` whatever happened above: the other specs expect it.
test.afterAll(async ({ browser }) => { await setHomePage(browser, 'home'); });

test("a channel's SEO title stays the tab's title once the app has loaded", async ({ page, browser }) => {
  await login(page);
  const { channel } = await api(page, 'POST', 'channel', {
    name: 'Tab name', slug: 'seo-titled', public: true, config: { contentType: 'manual', contentModel: 'titles', layout: 'grid', seoTitle: 'Hand-picked films' },
  });
  const visitor = await browser.newPage();
  await visitor.goto('/channel/seo-titled');
  await expect(visitor.getByRole('heading', { name: 'Tab name', level: 1 })).toBeVisible();
  await expect(visitor).toHaveTitle(/^Hand-picked films - /);
  await visitor.close();
  await api(page, 'DELETE', `channel/${channel.id}`);
});
