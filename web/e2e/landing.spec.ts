import { expect, test } from '@playwright/test';
import { api, login, setHomePage } from './helpers.ts';

// `/` shows the home channel by default; this site chooses its marketing landing.
test.beforeAll(async ({ browser }) => { await setHomePage(browser, 'landing'); });
test.afterAll(async ({ browser }) => { await setHomePage(browser, 'home'); });

test('the landing offers sign-in buttons to guests and a way into the catalogue to signed-in visitors', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

  await login(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get started' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Join now' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Start watching' }).first().click();
  await expect(page).toHaveURL(/\/movies$/);
});

test("the landing's built-in texts are lines of a localization, shown in the visitor's language", async ({ page, browser }) => {
  await login(page);
  // The built-in header text (another test may have written the operator's own), put back as it was after.
  const appearance = (await (await page.request.get('/api/v1/auth/me')).json()).settings['client.homepage.appearance'];
  const saveAppearance = (value: unknown) => api(page, 'POST', 'settings', { client: JSON.stringify({ 'client.homepage.appearance': value }), server: '{}' });
  await saveAppearance({ ...appearance, headerTitle: 'Movies, series and more, all in one place' });
  const { localization } = await api(page, 'POST', 'localizations', { name: 'Español', language: 'es' });
  const context = await browser.newContext();
  try {
    await api(page, 'PUT', `localizations/${localization.id}`, { lines: {
      'Movies, series and more, all in one place': 'Películas, series y más, todo en un lugar',
      'Get started': 'Empezar',
      'Watch on any device': 'Mira en cualquier dispositivo',
    } });
    const visitor = await context.newPage();
    await visitor.goto('/');
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Movies, series and more, all in one place');
    await visitor.getByRole('button', { name: 'Change language' }).click();
    await visitor.getByRole('menuitem', { name: 'Español' }).click();
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Películas, series y más, todo en un lugar');
    await expect(visitor.getByRole('link', { name: 'Empezar' })).toHaveAttribute('href', '/register');
    // (Menu labels, 'Home' among them, are lines too: the translations unit test; the menus here are another test's to change.)
    await expect(visitor.getByRole('heading', { name: 'Mira en cualquier dispositivo' })).toBeVisible();
  } finally {
    await context.close();
    await api(page, 'DELETE', `localizations/${localization.id}`);
    await saveAppearance(appearance);
  }
});

test("in a right-to-left language the operator's English texts keep their own direction, translated ones read right to left", async ({ page, browser }) => {
  await login(page);
  const { localization } = await api(page, 'POST', 'localizations', { name: 'עברית', language: 'he' });
  const { page: custom } = await api(page, 'POST', 'custom-pages', { title: 'About us.', slug: 'e2e-about-us-rtl', body: '<p>We stream movies, series and more.</p>' });
  const context = await browser.newContext();
  try {
    await api(page, 'PUT', `localizations/${localization.id}`, { lines: { 'Watch on any device': 'צפו בכל מכשיר.' } });
    const visitor = await context.newPage();
    await visitor.goto('/');
    await visitor.getByRole('button', { name: 'Change language' }).click();
    await visitor.getByRole('menuitem', { name: 'עברית' }).click();
    await expect(visitor.locator('html')).toHaveAttribute('dir', 'rtl');
    const direction = (el: Element) => getComputedStyle(el).direction;
    // "Movies, series and more, all in one place" ends where an English reader expects, not on the left.
    await expect.poll(() => visitor.getByRole('heading', { level: 1 }).evaluate(direction)).toBe('ltr');
    await expect.poll(() => visitor.getByRole('heading', { name: 'צפו בכל מכשיר.' }).evaluate(direction)).toBe('rtl');
    await expect(visitor.locator('[data-menu-position] a span').first()).toHaveAttribute('dir', 'auto');
    // A custom page written in English: ".About us" no more.
    await visitor.goto(`/pages/${custom.slug}`);
    await expect.poll(() => visitor.getByRole('heading', { name: 'About us.' }).evaluate(direction)).toBe('ltr');
    expect(await visitor.getByText('We stream movies, series and more.').evaluate(direction)).toBe('ltr');
  } finally {
    await context.close();
    await api(page, 'DELETE', `custom-pages/${custom.id}`);
    await api(page, 'DELETE', `localizations/${localization.id}`);
  }
});
