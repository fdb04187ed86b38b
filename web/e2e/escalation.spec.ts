import { expect, test } from '@playwright/test';
import { signInAsDelegate } from './helpers.ts';

// The server refuses these with 403 and a message; the admin screens show that message as a toast.
test('a user manager cannot suspend the super admin and is told why', async ({ page }) => {
  await signInAsDelegate(page, 'user.manager@e2e.local', ['users.update']);
  await page.goto('/admin/users');
  await page.getByPlaceholder('Search users').fill('admin@e2e');
  await page.getByRole('button', { name: 'More actions for admin@e2e.local' }).click();
  await page.getByRole('menuitem', { name: 'Suspend' }).click();
  await page.getByLabel('Reason').fill('Taking over');
  await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText('Only an admin can modify an admin.')).toBeVisible();
});

test('a role manager cannot edit the admin role and is told why', async ({ page }) => {
  await signInAsDelegate(page, 'role.manager@e2e.local', ['roles.update']);
  await page.goto('/admin/roles');
  await page.getByRole('link', { name: 'admin', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/roles\/\d+\/edit$/);
  await page.getByLabel('Description').fill('Mine now');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Only an admin can modify a role with the admin permission.')).toBeVisible();
});

test("a user manager without roles.update sees users' roles as names, not links to a role editor they cannot open", async ({ page }) => {
  await signInAsDelegate(page, 'chips.manager@e2e.local', ['users.update']);
  await page.goto('/admin/users');
  await page.getByPlaceholder('Search users').fill('chips.manager@e2e');
  const row = page.getByRole('row').filter({ hasText: 'chips.manager@e2e.local' });
  await expect(row.getByText('users', { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: 'users', exact: true })).toHaveCount(0);
});

test('a settings manager without appearance.update is not offered the appearance pages in the settings menu', async ({ page }) => {
  await signInAsDelegate(page, 'settings.manager@e2e.local', ['settings.update']);
  await page.goto('/admin/settings/general');
  const menu = page.getByRole('navigation', { name: 'Settings menu' });
  await expect(menu.getByRole('link', { name: 'General' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Themes' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Menus' })).toHaveCount(0);
});
