import { expect, test, type Page } from '@playwright/test';
import { api, login, setHomePage } from './helpers.ts';

test.describe.configure({ mode: 'serial' });
// The landing page is what this editor shapes: the site shows it at `/` while these run.
test.beforeAll(async ({ browser }) => { await setHomePage(browser, 'landing'); });
test.afterAll(async ({ browser }) => { await setHomePage(browser, 'home'); });
// Wide enough for the preview to show the landing page's navbar menu.
test.use({ viewport: { width: 1600, height: 1000 } });

test.beforeEach(async ({ page }) => {
  await login(page);
});

const cssVar = (page: Page, name: string) => page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

test('header title and a theme colour change live in the preview, save, and show on the site', async ({ page, browser }) => {
  await page.goto('/admin/appearance/landing-page');
  const save = page.getByRole('button', { name: 'Saved' });
  await expect(save).toBeDisabled();
  const preview = page.frameLocator('iframe[title="Preview"]');
  // Not the default text: the serial group reruns as a whole on retry, after this test saved its title.
  await expect(preview.locator('h1')).not.toBeEmpty();

  await page.getByLabel('Header title').fill('Everything worth watching');
  await expect(preview.locator('h1')).toHaveText('Everything worth watching');
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();

  // A bad colour is refused before saving.
  await page.getByLabel('Header overlay color 1', { exact: true }).fill('blue');
  await expect(page.getByText('Enter a valid hex colour, for example #1e88e5.')).toBeVisible();
  await page.getByLabel('Header overlay color 1', { exact: true }).fill('#102030');

  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('link', { name: /^Themes/ }).click();
  await expect(page).toHaveURL(/\/admin\/appearance\/themes$/);
  // The site's default theme is the dark one (issue 10): that is what a visitor sees first.
  await page.getByRole('link', { name: /^Dark/ }).click();
  await expect(page.getByTestId('appearance-path')).toHaveText('Themes › Dark');
  await page.getByLabel('Primary', { exact: true }).fill('#ff0000');
  const frame = page.frames().find((f) => f.url().includes('appearanceEditor'))!;
  await expect.poll(() => frame.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--be-primary').trim())).toBe('#ff0000');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Saved' })).toBeDisabled();

  const visitor = await browser.newPage({ colorScheme: 'dark' });
  await visitor.goto('/');
  await expect(visitor.locator('h1')).toHaveText('Everything worth watching');
  expect(await cssVar(visitor, '--be-primary')).toBe('#ff0000');
  await visitor.close();
});

test('the preview shows the landing page being edited while the site\'s home is a channel', async ({ page, browser }) => {
  await setHomePage(browser, 'home');
  try {
    await page.goto('/admin/appearance/landing-page');
    const preview = page.frameLocator('iframe[title="Preview"]');
    await expect(preview.locator('h1')).not.toBeEmpty();
    await page.getByLabel('Header title').fill('Preview of the landing');
    await expect(preview.locator('h1')).toHaveText('Preview of the landing');
  } finally {
    await setHomePage(browser, 'landing');
  }
});

test('unknown indexes redirect and a menu item edit shows on the site', async ({ page, browser }) => {
  // Edit, preview, save, check as admin and as a guest, then delete: a long flow.
  test.slow();
  await page.goto('/admin/appearance/menus/99');
  await expect(page).toHaveURL(/\/admin\/appearance\/menus$/);
  await page.goto('/admin/appearance/themes/42');
  await expect(page).toHaveURL(/\/admin\/appearance\/themes$/);

  await page.goto('/admin/appearance/menus');
  await page.getByRole('link', { name: /^Primary/ }).click();
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/admin\/appearance\/menus\/0\/items\/0$/);
  await page.getByLabel('Label').fill('Browse all');
  await page.getByLabel('URL').fill('not a url');
  await expect(page.getByText('Enter a valid URL.')).toBeVisible();
  // Changing the type clears the action.
  await page.getByLabel('Type').selectOption('route');
  await expect(page.getByLabel('Route')).toHaveValue('');
  await page.getByLabel('Route').selectOption('/register');
  await expect(page.frameLocator('iframe[title="Preview"]').getByRole('link', { name: 'Browse all' })).toBeVisible();
  // Only holders of admin.access see the item: picked by its name in the permission picker, not from a raw
  // multi-select of keys (issue 16, item 18).
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Roles' }).getByRole('checkbox', { name: 'users' })).not.toBeChecked();
  const permissions = page.getByRole('group', { name: 'Permissions' });
  await permissions.getByLabel('Show advanced permissions').check();
  await permissions.getByRole('button', { name: /^admin/i }).click();
  await permissions.getByRole('checkbox', { name: 'Access admin area' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();

  await page.goto('/');
  const link = page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Browse all' });
  await expect(link).toHaveAttribute('href', '/register');
  const guest = await browser.newPage();
  await guest.goto('/');
  await expect(guest.getByRole('link', { name: 'Contact' })).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Browse all' })).toHaveCount(0);
  await guest.close();

  // Deleting asks, then returns to the menu.
  await page.goto('/admin/appearance/menus/0/items/0');
  await page.getByRole('button', { name: 'Delete item' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/admin\/appearance\/menus\/0$/);
  // The edited item is gone; the menu's other default item (News) stays.
  await expect(page.getByRole('link', { name: 'Browse all' })).toHaveCount(0);
  await expect(page.locator('#main-content').getByRole('link', { name: 'News', exact: true })).toBeVisible();
});

test('SEO tags are in the served HTML and can be customised', async ({ page, request }) => {
  let html = await (await request.get('/')).text();
  expect(html).toMatch(/<title>StreamSite - Movies and series, streaming in one place\.<\/title>/);
  expect(html).toContain('<meta property="og:type" content="website">');
  expect(html).toContain('"@type":"WebSite"');

  await page.goto('/admin/appearance/seo-settings');
  const landing = page.getByLabel('Landing page');
  await expect(landing).toContainText('<title>');
  // Markup reads left to right, also in a right-to-left language.
  await expect(landing).toHaveAttribute('dir', 'ltr');
  await landing.fill('<title>{{site_name}} | Watch online</title>\n<meta name="description" content="{{site_description}}">');
  // One save model in the editor: SEO edits are saved by the editor's Save button, like every other section.
  await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Updated SEO tags')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeDisabled();

  html = await (await request.get('/')).text();
  expect(html).toContain('<title>StreamSite | Watch online</title>');
});

test('branding: site name required, favicon size checked, images and name served', async ({ page, request }) => {
  const sharp = (await import('sharp')).default;
  const png = (size: number) => sharp({ create: { width: size, height: size, channels: 3, background: '#aa3366' } }).png().toBuffer();
  await page.goto('/admin/appearance/general');
  await page.getByLabel('Site name').fill('');
  await expect(page.getByText('Enter a site name.')).toBeVisible();
  await page.getByLabel('Site name').fill('Flix');

  await page.getByLabel('Favicon').setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: await png(256) });
  await expect(page.getByText('Favicon image should be at least 512x512.').last()).toBeVisible();
  await page.getByLabel('Favicon').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: await png(512) });
  await expect(page.locator('img[src*="/storage/appearance/favicon-"]')).toBeVisible();
  await page.getByLabel('Light logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png(64) });
  await expect(page.frameLocator('iframe[title="Preview"]').locator('img[src*="/storage/appearance/logo_light-"]').first()).toBeVisible();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  const html = await (await request.get('/')).text();
  expect(html).toContain('<title>Flix | Watch online</title>');
  const icon = /<link rel="icon" type="image\/png" sizes="32x32" href="([^"]+)">/.exec(html)?.[1];
  expect(icon).toMatch(/-32\.png$/);
  expect((await request.get(icon!)).ok()).toBe(true);
});

test('custom CSS shows in the preview at once and on the saved site', async ({ page, request }) => {
  await page.goto('/admin/appearance/custom-code');
  await expect(page.getByTestId('code-editor-css')).toHaveAttribute('dir', 'ltr');
  await page.getByTestId('code-editor-css').locator('.cm-content').click();
  await page.keyboard.type('h1 { letter-spacing: 7px; }');
  const frame = page.frames().find((f) => f.url().includes('appearanceEditor'))!;
  await expect.poll(() => frame.evaluate(() => getComputedStyle(document.querySelector('h1')!).letterSpacing)).toBe('7px');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  expect(await (await request.get('/')).text()).toContain('<style id="be-custom-css">h1 { letter-spacing: 7px; }');
  // The admin area never gets the custom code.
  expect(await (await request.get('/admin')).text()).not.toContain('be-custom-css');

  // The editor opened inside its own preview goes to /admin instead.
  await frame.evaluate(() => { window.location.href = '/admin/appearance'; });
  await expect.poll(() => new URL(page.frames().find((f) => f !== page.mainFrame())!.url()).pathname).toBe('/admin');
  await api(page, 'POST', 'settings', { client: JSON.stringify({ 'client.custom_code.css': '' }), server: '{}' });
});

test('custom code stays on the site: following links into the admin leaves it behind, and back brings it again', async ({ page }) => {
  const code = (css: string, html: string) => api(page, 'POST', 'settings', { client: JSON.stringify({ 'client.custom_code.css': css, 'client.custom_code.html': html }), server: '{}' });
  await code('body { outline: 3px solid rgb(255, 0, 0); }', '<div id="cc-marker">Custom</div><script>window.customRan = true</script>');
  try {
    await page.goto('/contact');
    await expect(page.locator('#cc-marker')).toHaveText('Custom');
    expect(await page.evaluate(() => (window as { customRan?: boolean }).customRan)).toBe(true);

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Admin area' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A document served for the admin: no custom style, markup or running script.
    await expect(page.locator('#be-custom-css, #be-custom-html, #cc-marker')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { customRan?: boolean }).customRan)).toBeUndefined();
    expect(await page.evaluate(() => getComputedStyle(document.body).outlineStyle)).toBe('none');

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Site home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#cc-marker')).toHaveText('Custom');
    expect(await page.evaluate(() => getComputedStyle(document.body).outlineColor)).toBe('rgb(255, 0, 0)');
  } finally {
    await code('', '');
  }
});

test('themes: a text colour hard to read on its background shows a contrast hint, which does not block saving', async ({ page }) => {
  await page.goto('/admin/appearance/themes/0');
  const text = page.getByLabel('Text', { exact: true });
  const background = page.getByLabel('Background', { exact: true });
  const readable = await text.inputValue();
  const bg = await background.inputValue();
  await expect(page.getByTestId('color-hint')).toHaveCount(0);
  // A hex code reads left to right in any language.
  await expect(background).toHaveAttribute('dir', 'ltr');
  await background.fill('#fefefe');
  await text.fill('#ffffff');
  // Under the text colour, tied to its input; the form can still be saved (nothing saved here: the theme is shared).
  const hint = page.locator('[data-field$=".colors.text"]').getByTestId('color-hint');
  await expect(hint).toContainText('Hard to read on Background');
  await expect(hint).toContainText('contrast 1.0 to 1');
  await expect(text).toHaveAccessibleDescription(/Hard to read on Background/);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
  await text.fill(readable);
  await background.fill(bg);
  await expect(page.getByTestId('color-hint')).toHaveCount(0);
});

test('themes: default rules, reset colours, create and the last theme cannot be deleted', async ({ page }) => {
  await page.goto('/admin/appearance/themes');
  await page.getByRole('button', { name: 'Create theme' }).click();
  await expect(page).toHaveURL(/\/admin\/appearance\/themes\/2$/);
  await page.getByLabel('Name', { exact: true }).fill('Midnight');
  await page.getByLabel('Dark theme').check();
  await page.getByLabel('Background', { exact: true }).fill('#000000');
  // Default for dark here clears it on the Dark theme; default for light on this theme turns its dark default off.
  await page.getByLabel('Default for dark mode').check();
  await page.getByLabel('Default for light mode').check();
  await expect(page.getByLabel('Default for dark mode')).not.toBeChecked();
  await page.getByLabel('Default for dark mode').check();
  await expect(page.getByLabel('Default for light mode')).not.toBeChecked();
  await page.getByRole('button', { name: 'Reset colors' }).click();
  await expect(page.getByLabel('Background', { exact: true })).toHaveValue('#141518');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await page.goto('/admin/appearance/themes');
  await expect(page.getByRole('link', { name: /^Midnight.*Default dark/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Dark/ })).not.toContainText('Default dark');

  // Delete down to one theme; the last one is refused.
  for (const name of ['Midnight', 'Dark']) {
    await page.getByRole('link', { name: new RegExp(`^${name}`) }).click();
    await page.getByRole('button', { name: 'Delete theme' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/admin\/appearance\/themes$/);
  }
  await page.getByRole('link', { name: /^Light/ }).click();
  await page.getByRole('button', { name: 'Delete theme' }).click();
  await expect(page.getByText('At least one theme is required')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
});

test('action buttons and features reach the preview', async ({ page }) => {
  await page.goto('/admin/appearance/landing-page/action-buttons');
  await expect(page.getByTestId('appearance-path')).toHaveText('Landing page › Action buttons');
  const preview = page.frameLocator('iframe[title="Preview"]');
  // The preview must have loaded (and taken the editor's state) before the first change is sent.
  await expect(preview.locator('h1')).toBeVisible();
  await page.getByLabel('Label').first().fill('Start free trial');
  await expect(preview.getByRole('link', { name: 'Start free trial' })).toHaveAttribute('href', '/register');
  // The focused field's element is outlined in the preview.
  await expect(preview.getByRole('link', { name: 'Start free trial' })).toHaveClass(/appearance-highlight/);
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('link', { name: 'Primary features' }).click();
  await page.getByRole('button', { name: 'Add feature' }).click();
  await page.getByLabel('Title', { exact: true }).last().fill('Offline downloads');
  await expect(preview.getByRole('heading', { name: 'Offline downloads' })).toBeVisible();
});

type Values = Record<string, unknown>;
/** Saves appearance changes computed from the current values, runs `check`, then puts the changed keys back. */
async function withAppearance(page: Page, changes: (values: Values) => Values, check: () => Promise<void>) {
  const before = (await page.request.get('/api/v1/admin/appearance/values').then((r) => r.json())).values as Values;
  const changed = changes(before);
  await api(page, 'POST', 'admin/appearance', { changes: changed });
  try {
    await check();
  } finally {
    await api(page, 'POST', 'admin/appearance', { changes: Object.fromEntries(Object.keys(changed).map((k) => [k, before[k]])) });
  }
}
const menuItem = (id: string, label: string, action: string) => ({ id, label, icon: null, type: 'link', action, target: '_self', roles: [], permissions: [] });

test('the current page\'s link in the landing header stays readable in a light theme', async ({ page, browser }) => {
  let id = 4321;
  await withAppearance(page, (values) => {
    const themes = values['client.themes.all'] as { id: number }[];
    while (themes.some((t) => t.id === id)) id += 1;
    // A light theme of its own (near-black text) and a navbar menu linking to the landing page itself.
    const light = { id, name: 'E2E light', is_dark: false, default_light: false, default_dark: false, colors: { text: '#1a1c1f', bg: '#ffffff' } };
    const navbar = { id: 'e2enavbar1', name: 'E2E navbar', positions: ['landing-page-navbar'], items: [menuItem('e2ehom', 'E2E home', '/')] };
    return { 'client.themes.all': [...themes, light], 'client.menus': [...(values['client.menus'] as unknown[]), navbar], 'client.themes.user_change': true };
  }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const guest = await context.newPage();
    await guest.goto('/');
    await context.addCookies([{ name: 'be_theme', value: String(id), url: guest.url() }]);
    await guest.reload();
    const current = guest.locator('header').getByRole('link', { name: 'E2E home' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    // White on the header's dark picture, as the other links, not the theme's near-black text.
    await expect(current).toHaveCSS('color', 'rgb(255, 255, 255)');
    await context.close();
  });
});

test('a mobile bottom menu of 50 items and a long label stays one bar high and scrolls sideways', async ({ page, browser }) => {
  const label = 'A very long menu label that goes on and on and on';
  await withAppearance(page, (values) => {
    const items = Array.from({ length: 50 }, (_, i) => menuItem(`e2eb${String(i).padStart(2, '0')}`, i === 1 ? label : `Bottom ${i}`, `/news?e2e=${i}`));
    return { 'client.menus': [...(values['client.menus'] as unknown[]), { id: 'e2ebottom1', name: 'E2E bottom', positions: ['mobile-bottom'], items }] };
  }, async () => {
    const guest = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await guest.goto('/movies');
    const bar = guest.getByRole('navigation', { name: 'Mobile navigation' });
    await expect(bar.getByRole('link', { name: label })).toBeAttached();
    // One row of icons and labels, not a column of single letters over the page.
    expect((await bar.boundingBox())!.height).toBeLessThan(80);
    expect(await bar.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await guest.close();
  });
});
