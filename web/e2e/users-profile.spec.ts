import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { login } from './helpers';

test.beforeEach(async ({ page }) => login(page));

/** A real 64x64 PNG (solid colour), built here so the test needs no fixture file. */
function png(size = 64): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0x6a)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

async function openEdit(page: import('@playwright/test').Page, email: string) {
  await page.goto('/admin/users');
  await page.getByPlaceholder('Search users').fill(email);
  await page.getByRole('link', { name: `Edit user ${email}` }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
}

test('an admin uploads and removes a user’s profile image', async ({ page }) => {
  await openEdit(page, 'ava.garcia0@example.com');
  await page.locator('input[type=file]').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: png() });
  await expect(page.getByText('Uploaded image')).toBeVisible();
  const img = page.getByRole('region', { name: 'Profile image' }).locator('img');
  await expect(img).toHaveAttribute('src', /\/storage\//);
  const src = await img.getAttribute('src');
  // Kept as a small square WebP, whatever was uploaded.
  expect((await page.request.get(src!)).headers()['content-type']).toBe('image/webp');

  await page.getByRole('button', { name: 'Remove image' }).click();
  await expect(page.getByText('Removed image')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile image' }).locator('img')).toHaveCount(0);
  // Not an image: refused with the server's message, nothing stored.
  await page.locator('input[type=file]').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('plain text') });
  await expect(page.getByText('The file must be an image (png, jpeg, gif or webp).')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile image' }).locator('img')).toHaveCount(0);
});

test('resend confirmation mails a fresh link to an unconfirmed user', async ({ page }) => {
  await page.goto('/admin/users/new');
  await page.getByLabel('Email', { exact: true }).fill('unconfirmed@e2e.local');
  await page.getByLabel('Password', { exact: true }).fill('a-good-password');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('User created')).toBeVisible();
  await openEdit(page, 'unconfirmed@e2e.local');
  await page.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(page.getByText('Confirmation email sent')).toBeVisible();
  // Mail goes out through the queue, a moment after the answer.
  const mailLog = path.resolve(fileURLToPath(import.meta.url), '../../../storage/e2e/logs/mail.log');
  const readLog = () => (fs.existsSync(mailLog) ? fs.readFileSync(mailLog, 'utf8') : '');
  await expect.poll(readLog, { timeout: 10_000 }).toContain('unconfirmed@e2e.local');
  const log = readLog();
  // The mailed link opens a page that confirms the address; opened again it says so again (a used link confirms nothing).
  const token = [...log.matchAll(/\/email\/verify\/([A-Za-z0-9_-]+)/g)].at(-1)?.[1];
  expect(token).toBeTruthy();
  await page.goto(`/email/verify/${token}`);
  await expect(page.getByText('Your email address has been confirmed.')).toBeVisible();
  await page.goto(`/email/verify/${token}`);
  await expect(page.getByText('Your email address has been confirmed.')).toBeVisible();
  await openEdit(page, 'unconfirmed@e2e.local');
  await expect(page.getByRole('button', { name: 'Resend confirmation email' })).toHaveCount(0);

  // Leave the shared e2e database as the seed made it (other specs count the users).
  await page.goto('/admin/users?query=unconfirmed');
  await page.locator('tbody').getByRole('checkbox').first().check();
  await page.getByRole('button', { name: /Delete \(1\)/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted 1 record')).toBeVisible();
});

test('Export CSV downloads the filtered users as a CSV file', async ({ page }) => {
  await page.goto('/admin/users?query=ava.garcia0');
  await expect(page.getByRole('link', { name: 'Edit user ava.garcia0@example.com' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  const lines = text.trim().split(/\r?\n/);
  expect(lines[0]).toMatch(/email/);
  expect(lines.slice(1).some((l) => l.includes('ava.garcia0@example.com'))).toBe(true);
  expect(lines.length).toBe(2);
});
