import { expect, test } from '@playwright/test';
import { login } from './helpers.ts';

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
