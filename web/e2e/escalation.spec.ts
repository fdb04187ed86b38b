import { expect, test } from '@playwright/test';
import { api, login, signInAsDelegate } from './helpers.ts';

// The server refuses these with 403 and a message (server/test/escalation.test.ts); the users table offers a user
// manager no action on an admin's row, and says why.
test('a user manager is offered no edit, suspend or delete on the super admin, and is told why', async ({ page }) => {
  await signInAsDelegate(page, 'user.manager@e2e.local', ['users.update', 'users.delete']);
  await page.goto('/admin/users');
  const rows = page.locator('tbody');
  await page.getByPlaceholder('Search users').fill('user.manager@e2e');
  await expect(rows.getByRole('checkbox')).toHaveCount(1);
  await page.getByPlaceholder('Search users').fill('admin@e2e');
  await expect(page.getByRole('img', { name: 'Only an admin can modify an admin.' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'More actions for admin@e2e.local' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit user admin@e2e.local' })).toHaveCount(0);
  // Nor can the row be picked for the bulk delete the server would refuse.
  await expect(rows.getByRole('checkbox')).toHaveCount(0);
});

// The server's refusal of the same edit is covered through the API (server/test/escalation.test.ts).
test('a role manager is shown the admin role read-only, with the reason, instead of a Save that fails', async ({ page }) => {
  await signInAsDelegate(page, 'role.manager@e2e.local', ['roles.update']);
  await page.goto('/admin/roles');
  await page.getByRole('link', { name: 'admin', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/roles\/\d+\/edit$/);
  await expect(page.getByText('Only an admin can modify a role with the admin permission.')).toBeVisible();
  await expect(page.getByLabel('Description')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
});

test('the role editor offers a role manager only what they may grant; the rest is disabled with the reason', async ({ page }) => {
  await signInAsDelegate(page, 'role.creator@e2e.local', ['roles.update', 'roles.create']);
  await page.goto('/admin/roles');
  await page.getByRole('link', { name: 'Add new role' }).click();
  await page.getByLabel('Show advanced permissions').check();
  await page.getByRole('main').getByRole('button', { name: /^Roles/ }).click();
  await expect(page.getByLabel('Update roles')).toBeEnabled();
  await page.getByRole('main').getByRole('button', { name: /^Admin/ }).click();
  const settings = page.getByLabel('Manage settings');
  await expect(settings).toBeDisabled();
  await expect(page.getByRole('listitem').filter({ has: settings })).toContainText('Only someone who holds this permission can grant it.');
});

test('the guests role does not offer permissions that need a signed-in user', async ({ page }) => {
  await login(page);
  await page.goto('/admin/roles');
  await page.getByRole('link', { name: 'guests', exact: true }).click();
  await expect(page.getByLabel('View comments')).toBeEnabled();
  const create = page.getByLabel('Create comments');
  await expect(create).toBeDisabled();
  await expect(page.getByRole('listitem').filter({ has: create })).toContainText('Visitors are not signed in: this permission needs a signed-in user.');
});

test('a user manager is not offered the admin role for a new user', async ({ page }) => {
  await signInAsDelegate(page, 'user.creator@e2e.local', ['users.update', 'users.create']);
  await page.goto('/admin/users');
  await page.getByRole('link', { name: 'Add new user' }).click();
  const roles = page.getByRole('group', { name: 'Roles' });
  await expect(roles.getByLabel('admin', { exact: true })).toBeDisabled();
  await expect(roles).toContainText('admin: Only an admin can modify a role with the admin permission.');
});

test('a user deleter finds the users page in the menu, with delete and without the actions they cannot use', async ({ page }) => {
  await signInAsDelegate(page, 'user.deleter@e2e.local', ['users.delete']);
  await page.goto('/admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByPlaceholder('Search users').fill('user.deleter@e2e');
  await expect(page.getByRole('button', { name: 'Delete user.deleter@e2e.local' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add new user' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit user user.deleter@e2e.local' })).toHaveCount(0);
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

test('a titles editor without titles.view (a private catalogue) finds the titles section and its table', async ({ page }) => {
  await login(page);
  const { user } = await api(page, 'POST', 'users', {
    email: 'titles.editor@e2e.local', password: 'delegate-password', email_verified_at: true, permissions: [{ name: 'admin.access' }, { name: 'titles.update' }],
  });
  // Without the default role's everyday permissions, titles.view among them.
  await api(page, 'PUT', `users/${user.id}`, { roles: [] });
  await page.context().clearCookies();
  await login(page, 'titles.editor@e2e.local', 'delegate-password');
  await page.goto('/admin');
  const list = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/titles');
  await page.getByRole('navigation').getByRole('link', { name: 'Titles', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/titles$/);
  expect((await list).status()).toBe(200);
  await expect(page.getByPlaceholder('Search titles')).toBeVisible();
});
