import { expect, test } from '@playwright/test';
import { api, login } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await login(page);
});

test('a dialog opens on its first field and gives focus back to what opened it', async ({ page }) => {
  await page.goto('/admin/genres');
  const add = page.getByRole('button', { name: 'Add new genre' });
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // The first field, not the "×" close button.
  await expect(dialog.locator('input').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  // An edit dialog opened from a row's button goes back to that button.
  const edit = page.getByRole('button', { name: /^Edit / }).first();
  await edit.click();
  await expect(page.getByRole('dialog').locator('input').first()).toBeFocused();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeFocused();
});

test('a confirmation opens on its first button, and a row menu’s dialog returns focus to the menu button', async ({ page }) => {
  await page.goto('/admin/users?query=garcia');
  const menuButton = page.getByRole('button', { name: /^More actions for / }).first();
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Suspend' }).click();
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'));
  await expect(dialog).toBeVisible();
  // Its first enabled field (the date stays disabled until "until a date" is chosen), not the "×".
  await expect(dialog.locator('input:not([disabled]), select:not([disabled]), textarea:not([disabled])').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menuButton).toBeFocused();
});

test('dismissing a comment’s reports gives focus to the next control in its row, not back to the top of the page', async ({ browser, page }) => {
  const stamp = Date.now();
  const email = `commenter-${stamp}@example.com`;
  await api(page, 'POST', 'users', { email, password: 'commenter-password', email_verified_at: true });
  const { title } = await api(page, 'POST', 'titles', { name: `Focus check ${stamp}`, is_series: false });
  const writer = await browser.newPage();
  await login(writer, email, 'commenter-password');
  const content = `Focus check ${stamp}`;
  const { comment } = await api(writer, 'POST', 'comment', { commentable_type: 'title', commentable_id: title.id, content });
  await writer.close();
  await api(page, 'POST', `comment/${comment.id}/report`, { reason: 'Off topic' });

  await page.goto('/admin/comments');
  const row = page.getByRole('row').filter({ hasText: content });
  await row.getByRole('button', { name: 'View 1 report' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Reports' });
  await expect(dialog).toContainText('Off topic');
  await dialog.getByRole('button', { name: 'Dismiss reports' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell').filter({ hasText: /^0$/ })).toHaveCount(1);
  // The "View 1 report" button that opened it became a plain 0: focus moves on along the same row.
  await expect(row.getByRole('button', { name: 'Edit comment' })).toBeFocused();
});

test('dismissing a comment’s reports in the "Reported" list, where its row leaves, gives focus to the next row', async ({ browser, page }) => {
  const stamp = Date.now();
  const email = `reported-${stamp}@example.com`;
  await api(page, 'POST', 'users', { email, password: 'commenter-password', email_verified_at: true });
  const { title } = await api(page, 'POST', 'titles', { name: `Reported focus ${stamp}`, is_series: false });
  const writer = await browser.newPage();
  await login(writer, email, 'commenter-password');
  const ids: number[] = [];
  for (const n of [1, 2]) ids.push((await api(writer, 'POST', 'comment', { commentable_type: 'title', commentable_id: title.id, content: `Reported ${n} ${stamp}` })).comment.id);
  await writer.close();
  for (const id of ids) await api(page, 'POST', `comment/${id}/report`, { reason: 'Off topic' });

  try {
    const filters = [{ key: 'title_id', value: title.id, operator: '=' }, { key: 'reported', value: true, operator: '=' }];
    await page.goto(`/admin/comments?filters=${encodeURIComponent(JSON.stringify(filters))}`);
    const rows = page.getByRole('row').filter({ hasText: `${stamp}` });
    await expect(rows).toHaveCount(2, { timeout: 20_000 });
    const first = (await rows.first().textContent())!.includes(`Reported 1 ${stamp}`) ? 1 : 2;
    const other = page.getByRole('row').filter({ hasText: `Reported ${3 - first} ${stamp}` });
    await rows.first().getByRole('button', { name: 'View 1 report' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Reports' });
    await dialog.getByRole('button', { name: 'Dismiss reports' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(1);
    // Its row left the filtered list and focus fell back to the top of the page; it goes on to the next row's reports.
    await expect(other.getByRole('button', { name: 'View 1 report' })).toBeFocused();
  } finally {
    await api(page, 'DELETE', `titles/${title.id}`);
  }
});
