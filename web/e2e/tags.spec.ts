import { expect, test } from '@playwright/test';
import { login } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await login(page);
});

test('create, update, refuse a duplicate, filter and bulk delete tags', async ({ page }) => {
  await page.goto('/admin/tags');
  await expect(page.getByText('No tags have been created yet')).toBeVisible();

  const add = async (name: string, display: string) => {
    await page.getByRole('button', { name: 'Add new tag' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Display name').fill(display);
    await dialog.getByRole('button', { name: 'Create' }).click();
  };

  // Name is required.
  await page.getByRole('button', { name: 'Add new tag' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('dialog').getByText('The name field is required.')).toBeVisible();
  // System types are not offered.
  await expect(page.getByRole('dialog').getByLabel('Type').locator('option')).toHaveText(['Custom']);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await add('staff-pick', 'Staff pick');
  await expect(page.getByText('Tag created')).toBeVisible();
  await expect(page.getByRole('row', { name: /staff-pick/ })).toContainText('Staff pick');

  await add('staff-pick', 'Again');
  await expect(page.getByRole('dialog').getByText('A tag with this name already exists.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await add('hidden-gem', 'Hidden gem');
  await expect(page.getByText('Tag created').first()).toBeVisible();
  await add('classic', 'Classic');
  await expect(page.locator('tbody tr')).toHaveCount(3);

  await page.getByRole('button', { name: 'Edit tag hidden-gem' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('hidden-gem');
  await dialog.getByLabel('Display name').fill('Hidden gems');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tag updated')).toBeVisible();
  await expect(page.getByRole('row', { name: /hidden-gem/ })).toContainText('Hidden gems');

  await page.getByPlaceholder('Search tags').fill('gem');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.getByPlaceholder('Search tags').fill('');
  await expect(page.locator('tbody tr')).toHaveCount(3);
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Genre' });
  await expect(page.getByText('No matching tags')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.locator('tbody tr')).toHaveCount(3);

  await page.getByRole('row', { name: /staff-pick/ }).getByRole('checkbox').check();
  await page.getByRole('row', { name: /classic/ }).getByRole('checkbox').check();
  await page.getByRole('button', { name: /Delete \(2\)/ }).click();
  await expect(page.getByText('This will permanently remove the items and cannot be undone.')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted 2 records')).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr').first()).toContainText('hidden-gem');
});
