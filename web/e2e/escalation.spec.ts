import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers.ts';

const xsrf = async (page: Page) => ({ 'x-xsrf-token': decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value) });

/** As the admin, creates a user holding only the admin area and the given permissions, then signs in as them. */
async function signInAsDelegate(page: Page, email: string, permissions: string[]): Promise<void> {
  await login(page);
  const res = await page.request.post('/api/v1/users', {
    headers: await xsrf(page),
    data: { email, password: 'delegate-password', email_verified_at: true, permissions: ['admin.access', ...permissions].map((name) => ({ name })) },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await page.context().clearCookies();
  await login(page, email, 'delegate-password');
}

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
