import { expect, test } from '@playwright/test';
import { login } from './helpers.ts';

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
