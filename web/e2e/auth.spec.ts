import { expect, test } from '@playwright/test';
import { api, login } from './helpers.ts';
import { ADMIN } from './playwright.config.ts';

test('signed-out visitors going to /admin are sent to the login page and back after signing in', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fusers/);
  await page.getByLabel('Email').fill('admin@e2e.local');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
});

test('a plain user sees the forbidden page in /admin and unknown paths show not found', async ({ page }) => {
  // Demo users from the seed share the password "password".
  await login(page, 'ava.garcia0@example.com', 'password');
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  await expect(page).toHaveTitle(/^You do not have access to this page/);
  await page.goto('/no/such/page');
  await expect(page.getByText('Page not found')).toBeVisible();
});

test('a session that ends under a form asks to sign in again, then saves what the form held', async ({ page }) => {
  await login(page);
  const title = (await api(page, 'POST', 'titles', { name: `Session ${Date.now()}`, is_series: false })).title;
  await page.goto(`/admin/titles/${title.id}/edit/primary-facts`);
  await page.getByLabel('Tagline').fill('Written while the session ended');
  // Signed out from elsewhere: the browser holds no session any more.
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(ADMIN.email);
  await expect(dialog.getByLabel('Password')).toBeFocused();
  // A wrong password is refused in the dialog, which stays open.
  await dialog.getByLabel('Password').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('These credentials do not match our records.')).toBeVisible();
  await dialog.getByLabel('Password').fill(ADMIN.password);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await (await page.request.get(`/api/v1/titles/${title.id}`)).json()).title.tagline).toBe('Written while the session ended');
  await expect(page.getByLabel('Tagline')).toHaveValue('Written while the session ended');
});

test('dismissing the sign-in dialog leaves the form as it was, with the refusal shown', async ({ page }) => {
  await login(page);
  await page.goto('/admin/titles/1/edit/primary-facts');
  await page.getByLabel('Tagline').fill('Not saved this time');
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Unauthenticated.')).toBeVisible();
  await expect(page.getByLabel('Tagline')).toHaveValue('Not saved this time');
});

test('a signed-in member never sees Login and Register in the header while the page finds out who they are', async ({ page }) => {
  await login(page);
  // Who the visitor is comes with auth/me; held back, the header used to offer a signed-in member to sign in.
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/api/v1/auth/me', async (route) => { await held; await route.continue(); });
  await page.goto('/titles/1', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('banner')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Register' })).toHaveCount(0);
  release();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.unroute('**/api/v1/auth/me');
});
