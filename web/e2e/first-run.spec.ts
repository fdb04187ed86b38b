import { expect, test } from '@playwright/test';
import { api, login } from './helpers.ts';

// What an operator meets on a new site: empty admin lists that say what they are for and offer the first step, and
// home-page rows (auto-update channels over the site's own catalogue) that pick up a title as soon as it is added.

const emptyList = { pagination: { current_page: 1, per_page: 15, from: null, to: null, total: 0, last_page: 1, data: [] } };

test('an empty titles list says what titles are for and offers to add the first one', async ({ page }) => {
  await login(page);
  // The e2e site has titles: the list answers empty here, as it does on a new site.
  await page.route(/\/api\/v1\/titles\?/, (route) => route.fulfill({ json: emptyList }));
  await page.goto('/admin/titles');
  await expect(page.getByText('No titles have been created yet')).toBeVisible();
  await expect(page.getByText('Movies and series you add here fill the site: its home page rows, browse pages and search.')).toBeVisible();
  await page.getByRole('link', { name: 'Add your first title' }).click();
  await expect(page).toHaveURL(/\/admin\/titles\/new$/);
});

test('an empty comments list says where comments come from, and offers no create action', async ({ page }) => {
  await login(page);
  await page.route(/\/api\/v1\/comment\?/, (route) => route.fulfill({ json: emptyList }));
  await page.goto('/admin/comments');
  await expect(page.getByText('Comments members post on titles, episodes and videos appear here, to edit or remove.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /first/i })).toHaveCount(0);
});

test('an auto-update row shows a title added after it, without waiting for the daily update', async ({ page }) => {
  await login(page);
  const stamp = Date.now().toString(36);
  const slug = `fr-${stamp}`.slice(0, 20);
  const { channel } = await api(page, 'POST', 'channel', {
    name: `Just added ${stamp}`, slug, type: 'channel', public: true,
    config: { contentType: 'autoUpdate', autoUpdateProvider: 'local', autoUpdateMethod: 'recently_added', contentModel: 'titles', titleType: 'movie', layout: 'grid' },
  });
  let titleId: number | null = null;
  try {
    const name = `First-run movie ${stamp}`;
    titleId = (await api(page, 'POST', 'titles', { name, is_series: false, description: 'Added by hand.' })).title.id;
    // The row is recomputed by a queued job: reload until it has run.
    await expect(async () => {
      await page.goto(`/channel/${slug}`);
      await expect(page.getByRole('link', { name }).first()).toBeVisible({ timeout: 1000 });
    }).toPass();
  } finally {
    if (titleId) await api(page, 'DELETE', `titles/${titleId}`);
    await api(page, 'DELETE', `channel/${channel.id}`);
  }
});
