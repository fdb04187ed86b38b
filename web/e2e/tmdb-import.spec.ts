import { expect, test } from '@playwright/test';
import { api, login } from './helpers.ts';

// The fake TMDb (playwright.config.ts) discovers 20 "Discovered N" movies a page; on page 3 it fails id 666.
test('multi-title import: each title reported, a failing one recorded while the others import, and the list shows them', async ({ page }) => {
  test.slow();
  await login(page);
  await api(page, 'POST', 'settings', { server: { tmdb_api_key: 'test-key' } });
  const imported: number[] = [];
  try {
    await page.goto('/admin/titles');
    await page.getByRole('button', { name: 'Import multiple titles' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import multiple titles' });
    await dialog.getByLabel('Start page').fill('3');
    await dialog.getByLabel('Page count').fill('1');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/tmdb/import') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const items: { id: number | null }[] = (await (await answer).json()).items;
    imported.push(...items.flatMap((i) => (i.id ? [i.id] : [])));
    await expect(page.getByText('19 titles imported, 1 failed.').last()).toBeVisible();
    const rows = dialog.getByRole('list', { name: 'Import progress' }).getByRole('listitem');
    await expect(rows).toHaveCount(20);
    await expect(rows.filter({ hasText: 'Discovered 666' })).toContainText('Failed: The movie database answered with an error (500).');
    await expect(rows.filter({ hasText: 'Discovered 10059' })).toContainText('Imported');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.getByPlaceholder('Search titles').fill('Discovered 10059');
    await expect(page.getByRole('table')).toContainText('Discovered 10059');
  } finally {
    if (imported.length) await api(page, 'DELETE', `titles/${imported.join(',')}`);
    await api(page, 'POST', 'settings', { server: { tmdb_api_key: '' } });
  }
});
