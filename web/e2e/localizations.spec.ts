import { expect, test } from '@playwright/test';
import { ADMIN } from './playwright.config.ts';
import { api, login } from './helpers.ts';

test('create a localization, translate a line, save, and see the site in it', async ({ page }) => {
  // A long flow across the admin and the public site (about 15 s idle): room for a loaded CI machine.
  test.slow();
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/localizations');
  await expect(page.getByRole('heading', { name: 'Localizations' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'English', exact: true })).toBeVisible();

  // Create
  await page.getByRole('button', { name: 'Add new localization' }).click();
  const modal = page.getByRole('dialog', { name: 'Add new localization' });
  await modal.getByRole('button', { name: 'Create' }).click();
  await expect(modal.getByText('The name field is required.')).toBeVisible();
  await modal.getByLabel('Name').fill('Deutsch');
  await modal.getByLabel('Language').selectOption('de');
  await modal.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Localization created')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Deutsch', exact: true })).toBeVisible();

  // A second localization for the same language is refused with a field error.
  await page.getByRole('button', { name: 'Add new localization' }).click();
  await modal.getByLabel('Name').fill('German again');
  await modal.getByLabel('Language').selectOption('de');
  await modal.getByRole('button', { name: 'Create' }).click();
  await expect(modal.getByText('A localization for this language already exists.')).toBeVisible();
  await modal.getByRole('button', { name: 'Cancel' }).click();

  // Translate: search narrows the virtualized list; edit one line, add one, save.
  await page.getByRole('row', { name: /Deutsch/ }).getByRole('link', { name: 'Translate' }).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Deutsch');
  await page.getByLabel('Search translations').fill('Register');
  const line = page.getByLabel('Register', { exact: true });
  await expect(line).toHaveValue('Register');
  await line.fill('Registrieren');
  // A menu item's label is a line like any other.
  await page.getByLabel('Search translations').fill('Pricing');
  await page.getByLabel('Pricing', { exact: true }).fill('Preise');
  await page.getByRole('button', { name: 'Add new translation' }).click();
  const add = page.getByRole('dialog', { name: 'Add new translation' });
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add.getByText('The translation key is required.')).toBeVisible();
  await add.getByLabel('Translation key').fill('Custom greeting');
  await add.getByLabel('Translation value').fill('Hallo');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('textbox', { name: 'Custom greeting' })).toHaveValue('Hallo');
  await page.getByRole('button', { name: 'Save translations' }).click();
  await expect(page.getByText('Localization updated')).toBeVisible();

  // The saved lines come back after a reload.
  await page.reload();
  await page.getByLabel('Search translations').fill('Register');
  await expect(page.getByLabel('Register', { exact: true })).toHaveValue('Registrieren');

  // Switch the site to it as a visitor and see the translated string; the choice survives a reload.
  await page.context().clearCookies();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Register' })).toBeVisible();
  await page.getByRole('button', { name: 'Change language' }).click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.getByRole('link', { name: 'Registrieren' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Preise' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.reload();
  await expect(page.getByRole('link', { name: 'Registrieren' })).toBeVisible();
});

test('the default localization cannot be deleted; others can', async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/localizations');
  await expect(page.getByRole('button', { name: 'Delete English' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add new localization' }).click();
  const modal = page.getByRole('dialog', { name: 'Add new localization' });
  await modal.getByLabel('Name').fill('Svenska');
  await modal.getByLabel('Language').selectOption('sv');
  await modal.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Localization created')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Svenska' }).click();
  const edit = page.getByRole('dialog', { name: 'Update localization' });
  await expect(edit.getByLabel('Name')).toHaveValue('Svenska');
  await edit.getByLabel('Name').fill('Swedish');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Localization updated')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Swedish' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Localization deleted')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Swedish', exact: true })).toHaveCount(0);
});

test('a signed-in user picks a language in the account menu and keeps it on the next sign-in', async ({ page, browser }) => {
  await login(page, ADMIN.email, ADMIN.password);
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const headers = { 'x-xsrf-token': decodeURIComponent(xsrf) };
  const created = await page.request.post('/api/v1/localizations', { data: { name: 'Français', language: 'fr' }, headers });
  expect(created.ok()).toBe(true);
  const { localization } = await created.json();
  const full = await (await page.request.get(`/api/v1/localizations/${localization.id}`)).json();
  const saved = await page.request.put(`/api/v1/localizations/${localization.id}`, { data: { lines: { ...full.localization.lines, 'Account settings': 'Paramètres du compte' } }, headers });
  expect(saved.ok()).toBe(true);

  const context = await browser.newContext();
  const user = await context.newPage();
  await login(user, 'ava.garcia0@example.com', 'password');
  await user.goto('/');
  await user.getByRole('button', { name: /Account menu$/ }).click();
  await user.getByRole('menuitem', { name: 'Français' }).click();
  // The switch re-renders the page with the new lines (closing any open menu): wait for it before opening the menu again.
  await expect(user.locator('html')).toHaveAttribute('lang', 'fr');
  await user.getByRole('button', { name: /Account menu$/ }).click();
  await expect(user.getByRole('menuitem', { name: 'Paramètres du compte' })).toBeVisible();
  await context.close();

  // A new browser (no cookie): the account remembers the choice once signed in.
  const other = await browser.newContext();
  const again = await other.newPage();
  await login(again, 'ava.garcia0@example.com', 'password');
  // Signing in loads the account's language and re-renders the page: wait for it, as above.
  await expect(again.locator('html')).toHaveAttribute('lang', 'fr');
  await again.getByRole('button', { name: /Account menu$/ }).click();
  await expect(again.getByRole('menuitem', { name: 'Paramètres du compte' })).toBeVisible();
  await other.close();
});

test('a language written right to left turns the site\'s layout around', async ({ page, browser }) => {
  await login(page, ADMIN.email, ADMIN.password);
  const { localization } = await api(page, 'POST', 'localizations', { name: 'العربية', language: 'ar' });
  // Its translations are written right to left even in an English admin; the English keys stay left to right.
  await page.goto(`/admin/localizations/${localization.id}/translate`);
  const firstValue = page.getByTestId('translation-lines').locator('textarea').first();
  await expect(firstValue).toHaveAttribute('dir', 'rtl');
  await expect(firstValue).toHaveAttribute('lang', 'ar');
  await expect(page.getByTestId('translation-lines').locator('label span[dir="ltr"]').first()).toBeVisible();
  const context = await browser.newContext();
  const visitor = await context.newPage();
  try {
    await visitor.goto('/');
    await expect(visitor.locator('html')).toHaveAttribute('dir', 'ltr');
    await visitor.getByRole('button', { name: 'Change language' }).click();
    await visitor.getByRole('menuitem', { name: 'العربية' }).click();
    await expect(visitor.locator('html')).toHaveAttribute('dir', 'rtl');
    // The header reads from the right: the site's name first, the account buttons last.
    const header = visitor.locator('header').first();
    const logo = await header.getByRole('link').first().boundingBox();
    const account = await header.getByRole('navigation', { name: 'Account' }).boundingBox();
    expect(logo!.x).toBeGreaterThan(account!.x);
    // An English tagline inside the Arabic page keeps its own direction (its full stop stays at its end).
    const { title } = await (await visitor.request.get('/api/v1/titles/1')).json();
    await visitor.goto('/titles/1');
    const tagline = visitor.getByText(title.tagline, { exact: true });
    await expect(tagline).toHaveAttribute('dir', 'auto');
    expect(await tagline.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    // The server renders the next page that way before any script runs.
    const html = await (await visitor.request.get('/contact')).text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    await visitor.getByRole('button', { name: 'Change language' }).click();
    await visitor.getByRole('menuitem', { name: 'English' }).click();
    await expect(visitor.locator('html')).toHaveAttribute('dir', 'ltr');
  } finally {
    await context.close();
  }
});

test("an admin table's page range keeps its order in a right-to-left page", async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/localizations');
  const range = page.getByTestId('pagination-range');
  await expect(range).toHaveText(/^1 - \d+ of \d+$/);
  // The page's direction alone, as an Arabic admin sees it while this string is still English.
  await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
  const xOf = (needle: string) => range.evaluate((el, n) => {
    const text = el.firstChild!;
    const r = document.createRange();
    const at = text.textContent!.indexOf(n);
    r.setStart(text, at);
    r.setEnd(text, at + n.length);
    return r.getBoundingClientRect().x;
  }, needle);
  expect(await xOf('1 ')).toBeLessThan(await xOf('of'));
});

test("an admin table's header cells line up with their column's cells in both directions", async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/localizations');
  const header = page.getByRole('columnheader', { name: 'Language code' });
  const cell = page.getByRole('row', { name: /English/ }).getByRole('cell', { name: 'en', exact: true });
  // Where the text inside an element starts and ends on screen.
  const textBox = (el: Element) => {
    const r = document.createRange();
    r.selectNodeContents(el);
    const box = r.getBoundingClientRect();
    return { left: box.left, right: box.right };
  };
  await expect(cell).toBeVisible();
  expect(Math.abs((await header.evaluate(textBox)).left - (await cell.evaluate(textBox)).left)).toBeLessThan(2);
  await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
  expect(Math.abs((await header.evaluate(textBox)).right - (await cell.evaluate(textBox)).right)).toBeLessThan(2);
});

test('a plural line shows the forms its language has, and a malformed one is refused on that line until fixed', async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  // Welsh uses every plural category.
  const { localization } = await api(page, 'POST', 'localizations', { name: 'Cymraeg', language: 'cy' });
  try {
    await page.goto(`/admin/localizations/${localization.id}/translate`);
    await page.getByRole('searchbox', { name: 'Search translations' }).fill(':count lines]');
    const line = page.getByRole('textbox', { name: '[one 1 line|other :count lines]', exact: true });
    await expect(line).toHaveAccessibleDescription('Plural forms: [zero …|one …|two …|few …|many …|other …]');
    await line.fill('[one 1 llinell|other :count llinell');
    await page.getByRole('button', { name: 'Save translations' }).click();
    await expect(line).toHaveAttribute('aria-invalid', 'true');
    await expect(line).toHaveAccessibleDescription('The plural forms of this translation are malformed.');
    await line.fill('[zero dim llinellau|one 1 llinell|two 2 linell|few :count llinell|many :count llinell|other :count llinell]');
    await expect(line).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Save translations' }).click();
    await expect(page.getByText('Localization updated')).toBeVisible();
  } finally {
    await api(page, 'DELETE', `localizations/${localization.id}`);
  }
});
