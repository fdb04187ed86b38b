import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers.ts';

/** Issue 16 item 6: keyboard users skip the menus, land on each new page's heading, and keep their place in tables. */

async function skipLinkWorks(page: Page) {
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
}

test('the first Tab on a site page reaches a skip link that moves focus to the main content', async ({ page }) => {
  await page.goto('/movies');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await skipLinkWorks(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await skipLinkWorks(page);
});

test('after client-side navigation on the site, focus is on the new page’s heading and the page did not jump', async ({ page }) => {
  await page.goto('/movies');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Series' }).click();
  await expect(page).toHaveURL(/\/series$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  await expect(heading).toHaveText(/Series/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe('admin', () => {
  test.beforeEach(async ({ page }) => { await login(page); });

  test('the admin has a skip link and moves focus to each section’s heading', async ({ page }) => {
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await skipLinkWorks(page);
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Roles' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeFocused();
    // Changing only the query string (a search, a page) leaves focus where the user is typing.
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeFocused();
    const search = page.getByRole('searchbox');
    await search.fill('garcia');
    await expect(page).toHaveURL(/query=garcia/);
    await expect(search).toBeFocused();
  });

  test('ticking a row checkbox in a table keeps focus on it', async ({ page }) => {
    await page.goto('/admin/users');
    const first = page.locator('tbody').getByRole('checkbox').first();
    await first.focus();
    await page.keyboard.press('Space');
    await expect(first).toBeChecked();
    await expect(first).toBeFocused();
    // A mouse click unticks it and focus stays too.
    await first.click();
    await expect(first).not.toBeChecked();
    await expect(first).toBeFocused();
  });
});

test.describe('dialogs', () => {
  test.beforeEach(async ({ page }) => { await login(page); });

  test('closing a dialog opened with a field that takes focus gives focus back to its button, or to the menu’s button', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/account-settings');
    for (const [name, close] of [['Change email', 'Escape'], ['Create token', 'Cancel'], ['Delete account', 'Escape']] as const) {
      const opener = page.getByRole('button', { name, exact: true });
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('textbox').first()).toBeFocused();
      if (close === 'Escape') await page.keyboard.press('Escape');
      else await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    }

    // A dialog opened from a menu item (gone once the menu closed) goes back to the menu's button.
    await page.goto('/titles/2');
    // The member's menu button (a guest's plain button is replaced once the session loads).
    const add = page.getByTestId('add-to-list');
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'New list…' })).toBeVisible();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: 'New list…' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New list' });
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();
  });

  test('the phone menu sheet keeps Tab inside, and Escape in a menu inside it closes only that menu', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/movies');
    const open = page.getByRole('button', { name: /^Open menu/ });
    await open.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    const close = sheet.getByRole('button', { name: 'Close menu' });
    await expect(close).toBeFocused();
    const focusInSheet = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    // Backwards from the first control wraps to the last one in the sheet, and forwards from there to the first.
    await page.keyboard.press('Shift+Tab');
    expect(await focusInSheet()).toBe(true);
    await expect(close).not.toBeFocused();
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();

    for (const name of [/Account menu/, /^Notifications/]) {
      const trigger = sheet.getByRole('button', { name });
      await trigger.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menu')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
      await expect(sheet).toBeVisible();
      await expect(trigger).toBeFocused();
    }
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(open).toBeFocused();
  });
});
