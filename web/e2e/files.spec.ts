import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { login } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await login(page);
});

test('upload an image and a text file, see them listed, preview them, page through and delete them', async ({ page }) => {
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
  const text = 'Hello from the end-to-end test.\nSecond line.';
  await page.goto('/admin/files');
  await expect(page.getByRole('heading', { name: 'Uploaded files and folders' })).toBeVisible();

  await page.getByTestId('upload-input').setInputFiles([
    { name: 'e2e-poster.png', mimeType: 'image/png', buffer: png },
    { name: 'e2e-notes.txt', mimeType: 'text/plain', buffer: Buffer.from(text) },
  ]);
  await expect(page.getByTestId('upload-item')).toHaveCount(2);
  await expect(page.getByText('Uploads complete')).toBeVisible({ timeout: 15_000 });

  const rows = page.locator('tbody tr');
  await expect(rows.filter({ hasText: 'e2e-poster.png' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'e2e-notes.txt' })).toHaveCount(1);
  // The image row shows its generated thumbnail, loaded for real.
  const thumb = rows.filter({ hasText: 'e2e-poster.png' }).getByTestId('file-thumbnail');
  await expect(thumb).toHaveAttribute('src', /thumbnail=1/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await expect(rows.filter({ hasText: 'e2e-notes.txt' })).toContainText('Text');

  // Newest first: the text file, then the image.
  await page.getByRole('button', { name: 'Preview e2e-notes.txt' }).click();
  const preview = page.getByTestId('file-preview');
  await expect(preview.getByRole('heading', { name: 'e2e-notes.txt' })).toBeVisible();
  await expect(preview.getByTestId('text-preview')).toContainText('Hello from the end-to-end test.');
  await expect(preview.getByRole('button', { name: 'Previous file' })).toBeDisabled();

  await preview.getByRole('button', { name: 'Next file' }).click();
  await expect(preview.getByRole('heading', { name: 'e2e-poster.png' })).toBeVisible();
  // The last file: Next says it is disabled and keeps focus (a disabled button dropped it to the page).
  await expect(preview.getByRole('button', { name: 'Next file' })).toBeDisabled();
  await expect(preview.getByRole('button', { name: 'Next file' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(preview.getByRole('heading', { name: 'e2e-poster.png' })).toBeVisible();
  const img = preview.getByRole('img', { name: 'e2e-poster.png' });
  await expect(img).toHaveAttribute('src', /preview_token=/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(800);
  await expect(preview.getByRole('link', { name: 'Download' })).toHaveAttribute('href', /download=1/);

  await page.keyboard.press('ArrowLeft');
  await expect(preview.getByRole('heading', { name: 'e2e-notes.txt' })).toBeVisible();
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toHaveCount(0);

  // Bulk delete both with the confirm dialog.
  for (const name of ['e2e-poster.png', 'e2e-notes.txt']) {
    await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  }
  await page.getByRole('button', { name: /^Delete \(2\)/ }).click();
  await expect(page.getByText('This will permanently remove the items and cannot be undone.')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted 2 records')).toBeVisible();
  await expect(rows.filter({ hasText: 'e2e-poster.png' })).toHaveCount(0);
  await expect(page.getByText('Nothing has been uploaded yet')).toBeVisible();
});

test('filters by type and owner', async ({ page }) => {
  await page.goto('/admin/files');
  await page.getByTestId('upload-input').setInputFiles([
    { name: 'filter-a.txt', mimeType: 'text/plain', buffer: Buffer.from('aaa') },
    { name: 'filter-b.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') },
  ]);
  await expect(page.getByText('Uploads complete')).toBeVisible({ timeout: 15_000 });
  await page.getByPlaceholder('Search files').fill('filter-');
  await expect(page).toHaveURL(/query=filter-/);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Type').selectOption({ label: 'Spreadsheet' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('filter-b.csv');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows).toHaveCount(2);
  await rows.first().getByTitle(/Show files of admin@e2e.local/).click();
  await expect(page).toHaveURL(/owner_id/);
  await expect(page.getByTestId('owner-filter-value')).toHaveText('admin@e2e.local');
  await expect(rows).toHaveCount(2);
});

test('files dropped on the page upload too; a refused type says why', async ({ page }) => {
  await page.goto('/admin/files');
  await expect(page.getByRole('heading', { name: 'Uploaded files and folders' })).toBeVisible();
  const drop = async (name: string, content: string) => {
    const transfer = await page.evaluateHandle(([n, c]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([c], n, { type: 'text/plain' }));
      return dt;
    }, [name, content]);
    await page.getByRole('heading', { name: 'Uploaded files and folders' }).dispatchEvent('drop', { dataTransfer: transfer });
  };
  await drop('dropped.txt', 'dropped on the page');
  await expect(page.locator('tbody tr').filter({ hasText: 'dropped.txt' })).toHaveCount(1, { timeout: 15_000 });
  await drop('fake.png', 'these bytes are text, not a picture');
  await expect(page.getByTestId('upload-item').filter({ hasText: 'fake.png' })).toContainText("The file's contents do not match its type.", { timeout: 15_000 });
});

test('a PDF previews in place without starting a download', async ({ page }) => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  await page.goto('/admin/files');
  await page.getByTestId('upload-input').setInputFiles([{ name: 'e2e-manual.pdf', mimeType: 'application/pdf', buffer: pdf }]);
  await expect(page.getByText('Uploads complete')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Preview e2e-manual.pdf' }).click();
  const preview = page.getByTestId('file-preview');
  await expect(preview.getByRole('heading', { name: 'e2e-manual.pdf' })).toBeVisible();
  // The file is sent only as a sandboxed download: framed by its URL it downloaded and showed a blank page.
  await expect(preview.locator('iframe[title="e2e-manual.pdf"]')).toHaveAttribute('src', /^blob:/);
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);
  expect(downloads).toEqual([]);
});

test('an SVG shows its type icon and "No file preview available" instead of a broken image and an error', async ({ page }) => {
  // Nothing to draw, so no thumbnail can be made of it.
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  await page.goto('/admin/files');
  await page.getByTestId('upload-input').setInputFiles([{ name: 'e2e-logo.svg', mimeType: 'image/svg+xml', buffer: svg }]);
  await expect(page.getByText('Uploads complete')).toBeVisible({ timeout: 15_000 });
  const row = page.locator('tbody tr').filter({ hasText: 'e2e-logo.svg' });
  await expect(row).toHaveCount(1);
  // The SVG is served only as a download: without a generated thumbnail the list shows its type icon, not a broken image.
  await expect(row.getByTestId('file-thumbnail')).toHaveCount(0);
  await page.getByRole('button', { name: 'Preview e2e-logo.svg' }).click();
  const preview = page.getByTestId('file-preview');
  await expect(preview.getByText('No file preview available')).toBeVisible();
  await expect(preview.getByText('There was an issue previewing this file')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);
});
