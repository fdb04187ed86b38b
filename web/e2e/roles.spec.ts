import { expect, test } from '@playwright/test';
import { login } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await login(page);
});

test('create a role, edit its permissions, add and remove users', async ({ page }) => {
  await page.goto('/admin/roles');
  await expect(page.getByRole('link', { name: 'admin', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Add new role' }).click();
  await expect(page).toHaveURL(/\/admin\/roles\/new$/);

  // The name is required.
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('The name field is required.')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Reviewers');
  await page.getByLabel('Description').fill('Keeps an eye on reviews');
  await page.getByRole('button', { name: /^users/i, exact: false }).and(page.locator('[aria-expanded]')).click();
  await page.getByLabel('View users').check();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Created new role')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/roles\/\d+\/edit$/);
  await expect(page.getByRole('heading', { name: 'Edit “Reviewers“ role' })).toBeVisible();

  // Permissions: a plain one, an advanced one, and one with a numeric restriction.
  await page.getByRole('button', { name: /^tags/i }).and(page.locator('[aria-expanded]')).click();
  await expect(page.getByLabel('Update tags')).toHaveCount(0);
  await page.getByLabel('Show advanced permissions').check();
  await page.getByLabel('Update tags').check();
  await page.getByRole('button', { name: /^files/i }).and(page.locator('[aria-expanded]')).click();
  await page.getByLabel('Upload files').check();
  await page.getByLabel('Largest file (bytes)').fill('2048');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Role updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('View users')).toBeChecked();
  await expect(page.getByLabel('Update tags')).toBeChecked();
  await expect(page.getByLabel('Largest file (bytes)')).toHaveValue('2048');

  // Users tab: add two users through the picker, then remove one.
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveURL(/tab=users/);
  await expect(page.getByText('No users have been assigned to this role yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add users' }).click();
  const picker = page.getByRole('dialog');
  await picker.getByPlaceholder('Search users').fill('garcia');
  // Wait for the search to answer: every result is a garcia.
  await expect(picker.locator('li label').first()).toContainText('garcia');
  await expect(picker.locator('li label', { hasNotText: 'garcia' })).toHaveCount(0);
  await picker.getByRole('checkbox').nth(0).check();
  await picker.getByRole('checkbox').nth(1).check();
  await picker.getByRole('button', { name: 'Add (2)' }).click();
  await expect(page.getByText('Assigned 2 users to role')).toBeVisible();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('pagination-range')).toHaveText('1 - 2 of 2');

  await page.locator('tbody').getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Remove from role (1)' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Removed 1 users from role')).toBeVisible();
  await expect(rows).toHaveCount(1);

  // The roles list shows the new role with its one user; the users table filters by it.
  await page.goto('/admin/roles');
  await expect(page.getByRole('row', { name: /Reviewers/ })).toContainText('1');
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Reviewers' });
  await expect(page).toHaveURL(/filters=/);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr').first()).toContainText('garcia');
});

test('guests role refuses users; the admin role cannot be deleted; CSV export', async ({ page }) => {
  await page.goto('/admin/roles');
  await page.getByRole('link', { name: 'guests', exact: true }).click();
  // Internal roles hide the default and guests toggles.
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('guests');
  await expect(page.getByRole('switch', { name: 'Default' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page.getByText("Users can't be assigned to this role")).toBeVisible();

  await page.goto('/admin/roles');
  await page.getByRole('row', { name: /admin/ }).getByRole('checkbox').check();
  await page.getByRole('button', { name: /Delete \(1\)/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Could not delete records: The admin role cannot be deleted.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'admin', exact: true })).toBeVisible();

  await page.getByPlaceholder('Search roles').fill('users');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(href).toContain('/api/v1/roles/csv/export?query=users');
  const csv = await page.request.get(href!);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const lines = (await csv.text()).trim().split('\n');
  expect(lines[0]).toContain('id,name,description');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(',users,');
});
