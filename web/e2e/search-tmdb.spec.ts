import { expect, test } from '@playwright/test';
import { api, login } from './helpers.ts';

// The fake TMDb (playwright.config.ts) knows Fight Club, Game of Thrones and Brad Pitt; the demo catalogue has none of them.
test('with the search provider on All, a visitor finds a title only TMDb has, and opening it brings it into the catalogue', async ({ page, browser }) => {
  test.slow();
  await login(page);
  await page.goto('/admin/settings/search');
  await page.getByLabel('Search provider').selectOption('all');
  await page.getByLabel('TMDb API key').fill('test-key');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Settings updated').last()).toBeVisible();
  try {
    const visitor = await browser.newPage();
    await visitor.goto('/movies');
    const box = visitor.getByRole('combobox', { name: 'Search movies, series and people' });
    await box.click();
    await box.pressSequentially('game of');
    const option = visitor.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option', { name: /Game of Thrones/ });
    await expect(option).toBeVisible();
    // Its poster comes through the site (the visitor's browser never contacts the service) and loads.
    const poster = option.locator('img');
    await expect(poster).toHaveAttribute('src', /^\/api\/v1\/tmdb\/images\/w342\//);
    await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await option.click();
    // The import runs, then the title's own page replaces the address.
    await expect(visitor).toHaveURL(/\/titles\/\d+\/game-of-thrones$/, { timeout: 20_000 });
    await expect(visitor.getByRole('heading', { level: 1, name: 'Game of Thrones' })).toBeVisible();
    await expect(visitor.locator('[data-section="episodes"]')).toContainText('Winter Is Coming');

    // The service credits a series' cast for the series and for each season: the person's page tells the rows apart.
    await visitor.locator('[data-section="cast"]').getByRole('link', { name: /Peter Dinklage/ }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: 'Peter Dinklage' })).toBeVisible();
    const acting = visitor.locator('[data-section="credits-actors"] li');
    await expect(acting.filter({ hasText: 'Game of Thrones · Season 1' })).toHaveCount(1);
    await expect(acting.filter({ hasText: 'Game of Thrones' }).filter({ hasNotText: 'Season' })).toHaveCount(1);

    // The grouped results page now links the catalogue's title, and people from TMDb open the same way.
    await visitor.goto('/search?query=brad');
    await visitor.getByRole('link', { name: /Brad Pitt/ }).click();
    await expect(visitor).toHaveURL(/\/people\/\d+\/brad-pitt$/, { timeout: 20_000 });
    await expect(visitor.getByRole('heading', { level: 1, name: 'Brad Pitt' })).toBeVisible();
    await visitor.goBack();
    await expect(visitor).toHaveURL(/\/search\?query=brad$/);

    // A hit the service fails to send (the fake answers 500 for 666) is the site's error page, not the service's words.
    await visitor.goto('/titles/tmdb/movie/666');
    await expect(visitor.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible({ timeout: 20_000 });
    await expect(visitor).toHaveTitle(/^Something went wrong/);
    await visitor.close();
  } finally {
    await api(page, 'POST', 'settings', { client: { 'content.search_provider': 'local' }, server: { tmdb_api_key: '' } });
  }
});
