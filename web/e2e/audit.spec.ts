import { expect, test } from '@playwright/test';
import { login } from './helpers.ts';

test('an admin finds who changed a setting in the audit log, with the value before and after', async ({ page }) => {
  await login(page);
  await page.goto('/admin/settings/logging');
  const days = page.getByLabel('Keep the audit log for (days)');
  await days.fill('45');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Settings updated').last()).toBeVisible();

  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  // Audit rows are written in batches after the answer: until this one is, the newest settings row is an older change.
  const row = page.getByRole('row').filter({ hasText: '/api/v1/settings' }).first();
  const dialog = page.getByRole('dialog');
  const field = dialog.getByRole('row').filter({ hasText: 'server.audit_retention_days' });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('POST', { timeout: 2000 });
    await expect(row).toContainText('admin@e2e.local');
    await row.getByRole('button', { name: /View \d+ change/ }).click();
    await expect(field).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(field.getByRole('cell').nth(0)).toHaveText('90');
  await expect(field.getByRole('cell').nth(1)).toHaveText('45');
  await page.keyboard.press('Escape');

  // The record filter narrows the list to one kind of record: among users changes (other specs may have made some
  // first) the settings change never shows.
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Record', { exact: true }).selectOption({ label: 'users' });
  await expect(page.getByText('No matching changes').or(page.getByRole('row').filter({ hasText: '/api/v1/users' }).first())).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '/api/v1/settings' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('row').filter({ hasText: '/api/v1/settings' }).first()).toBeVisible();
});
