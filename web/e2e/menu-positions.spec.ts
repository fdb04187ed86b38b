import { expect, test, type Page } from '@playwright/test';
import { api, login } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const headers = async (page: Page) => ({ 'x-xsrf-token': decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value) });

test('a menu placed in the page positions shows on custom pages, contact, account settings, billing, notifications and checkout', async ({ page }) => {
  await login(page);
  const h = await headers(page);
  const values = await (await page.request.get('/api/v1/admin/appearance/values')).json();
  const menus = values.values['client.menus'];
  const menu = {
    id: 'e2epagemnu', name: 'Page links', positions: ['custom-page-navbar', 'account-settings-page', 'billing-page', 'contact-us-page', 'notifications-page', 'checkout-page-navbar', 'checkout-page-footer'],
    items: [
      // An icon name only Object has ("constructor") must show no icon, not break the page.
      { id: 'e2ect1', label: 'Reach the team', icon: 'constructor', type: 'route', action: '/contact', target: '_self', roles: [], permissions: [] },
      { id: 'e2ect2', label: 'Your account', type: 'route', action: '/account-settings', target: '_self', roles: [], permissions: [] },
    ],
  };
  const saved = await page.request.post('/api/v1/admin/appearance', { data: { changes: { 'client.menus': [...menus, menu] } }, headers: h });
  expect(saved.ok(), await saved.text()).toBe(true);
  const created = await page.request.post('/api/v1/custom-pages', { data: { title: 'Menu test page', slug: 'menu-test-page', body: '<p>Hello from a custom page.</p>' }, headers: h });
  expect(created.ok(), await created.text()).toBe(true);
  // The Billing panel shows only while billing is on; whatever it was is put back at the end.
  const billingBefore = (await (await page.request.get('/api/v1/settings')).json()).client['client.billing.enable'];
  await api(page, 'POST', 'settings', { client: { 'client.billing.enable': true }, server: {} });

  try {
    await page.goto('/pages/menu-test-page');
    await expect(page.getByRole('heading', { name: 'Menu test page' })).toBeVisible();
    const pageNav = page.getByRole('navigation', { name: 'Page navigation' });
    await expect(pageNav.getByRole('link', { name: 'Reach the team' })).toBeVisible();

    await pageNav.getByRole('link', { name: 'Reach the team' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
    const contactNav = page.getByRole('navigation', { name: 'Contact links' });
    await expect(contactNav.getByRole('link', { name: 'Reach the team' })).toBeVisible();

    await contactNav.getByRole('link', { name: 'Your account' }).click();
    await expect(page).toHaveURL(/\/account-settings$/);
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Account links' }).getByRole('link', { name: 'Reach the team' })).toBeVisible();
    await expect(page.locator('#account-billing').getByRole('navigation', { name: 'Billing links' }).getByRole('link', { name: 'Your account' })).toBeVisible();

    await page.goto('/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Notification links' }).getByRole('link', { name: 'Reach the team' })).toBeVisible();

    // The page a gateway sends a visitor back to after leaving its checkout: the navbar above, the footer below.
    await page.goto('/billing/cancelled');
    await expect(page.getByRole('heading', { name: 'Checkout cancelled' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Checkout navigation' }).getByRole('link', { name: 'Your account' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Checkout links' }).getByRole('link', { name: 'Reach the team' }).click();
    await expect(page).toHaveURL(/\/contact$/);
  } finally {
    // Leave the menus as they were for the other specs sharing this database.
    await page.request.post('/api/v1/admin/appearance', { data: { changes: { 'client.menus': menus } }, headers: h });
    await api(page, 'POST', 'settings', { client: { 'client.billing.enable': billingBefore }, server: {} });
  }
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Contact links' })).toHaveCount(0);
});

test('a header menu too long for the width offers all of it behind the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await login(page);
  const h = await headers(page);
  const values = await (await page.request.get('/api/v1/admin/appearance/values')).json();
  const menus = values.values['client.menus'];
  // Fits: no menu button beside the account.
  await page.goto('/contact');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();

  const items = Array.from({ length: 10 }, (_, i) => ({
    id: `e2elong${i}`, label: `Long section number ${i + 1}`, type: 'route', action: '/contact', target: '_self', roles: [], permissions: [],
  }));
  const crowded = { id: 'e2elongmnu', name: 'Long menu', positions: ['sidebar-primary'], items };
  const saved = await page.request.post('/api/v1/admin/appearance', { data: { changes: { 'client.menus': [...menus, crowded] } }, headers: h });
  expect(saved.ok(), await saved.text()).toBe(true);
  try {
    await page.goto('/contact');
    const open = page.getByRole('button', { name: 'Open menu' });
    await expect(open).toBeVisible();
    await open.click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await expect(sheet.getByRole('link', { name: 'Long section number 10' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  } finally {
    await page.request.post('/api/v1/admin/appearance', { data: { changes: { 'client.menus': menus } }, headers: h });
  }
});

test('an item for the guests role shows to signed-out visitors only', async ({ page, browser }) => {
  await login(page);
  const h = await headers(page);
  const menus = (await (await page.request.get('/api/v1/admin/appearance/values')).json()).values['client.menus'];
  const roles: { id: number; guests: boolean; name: string }[] = (await (await page.request.get('/api/v1/roles?perPage=100')).json()).pagination.data;
  const guests = roles.find((r) => r.guests)!.id;
  const menu = {
    id: 'e2eguestmn', name: 'Guest links', positions: ['contact-us-page'],
    items: [{ id: 'e2egs1', label: 'Sign in here', type: 'route', action: '/login', target: '_self', roles: [guests], permissions: [] }],
  };
  const saved = await page.request.post('/api/v1/admin/appearance', { data: { changes: { 'client.menus': [...menus, menu] } }, headers: h });
  expect(saved.ok(), await saved.text()).toBe(true);
  try {
    const visitor = await browser.newPage();
    await visitor.goto('/contact');
    await expect(visitor.getByRole('navigation', { name: 'Contact links' }).getByRole('link', { name: 'Sign in here' })).toBeVisible();
    await visitor.close();
    // A signed-in member does not hold the guests role.
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in here' })).toHaveCount(0);
  } finally {
    await page.request.post('/api/v1/admin/appearance', { data: { changes: { 'client.menus': menus } }, headers: h });
  }
});
