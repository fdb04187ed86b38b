import { expect, test } from '@playwright/test';
import { login } from './helpers.ts';

// Credentials are tried before a save: what does not connect is shown under its section and nothing is saved.
test.beforeEach(async ({ page }) => {
  await login(page);
});

test('S3 credentials that do not connect are refused under the S3 section', async ({ page }) => {
  await page.goto('/admin/settings/uploading');
  await page.getByLabel('User uploads storage method').selectOption('s3');
  await page.getByLabel('S3 key').fill('AKIDEXAMPLE');
  await page.getByLabel('S3 secret').fill('secret');
  await page.getByLabel('S3 bucket').fill('uploads');
  await page.getByLabel('S3 endpoint').fill('http://127.0.0.1:1');
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  const group = page.locator('[data-group-error="s3_group"]');
  await expect(group).toContainText('Could not reach the storage service');
  await expect(group).toBeInViewport();
  await page.reload();
  await expect(page.getByLabel('User uploads storage method')).toHaveValue('local');
});

test('a Redis server that does not answer is refused under the cache section', async ({ page }) => {
  await page.goto('/admin/settings/cache');
  await page.getByLabel('Cache method').selectOption('redis');
  await page.getByLabel('Redis host').fill('127.0.0.1');
  await page.getByLabel('Redis port').fill('1');
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(page.locator('[data-group-error="cache_group"]')).toContainText('Redis');
  await page.reload();
  await expect(page.getByLabel('Cache method')).toHaveValue('file');
  await page.getByRole('button', { name: 'Clear cache' }).click();
  await expect(page.getByText('Cache cleared').last()).toBeVisible();
});

test('the search page lists the searchable models and queues their import', async ({ page }) => {
  await page.goto('/admin/settings/search');
  // The database mode's help says what each mode finds.
  await page.getByLabel('Search method').selectOption('mysql');
  await expect(page.getByLabel('Database search mode')).toHaveAccessibleDescription(/Basic: the query as one phrase in the name\./);
  const model = page.getByLabel('Model', { exact: true });
  await expect(model.locator('option')).not.toHaveCount(1);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Imported search models').last()).toBeVisible();
});
