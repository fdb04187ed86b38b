import { expect, test } from '@playwright/test';
import { login, setHomePage } from './helpers.ts';

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
