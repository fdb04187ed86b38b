import { expect, test } from '@playwright/test';
import { paypalURL } from './playwright.config.ts';
import { api, login } from './helpers.ts';

interface FakeCall { method: string; path: string; body: any }

test('admin enables PayPal past its credential check and syncs a plan to PayPal', async ({ page }) => {
  test.setTimeout(60_000);
  await login(page);
  await page.goto('/admin/settings/subscriptions');
  await page.getByLabel('Enable PayPal').check();
  await page.getByLabel('PayPal client ID').fill('paypal-client');
  await page.getByLabel('PayPal secret').fill('not-the-secret');
  await page.getByLabel('PayPal webhook ID').fill('WH-HOOK-1');
  await page.getByRole('button', { name: 'Update' }).click();
  // The fake PayPal refuses the token request: the message shows under the PayPal section and nothing is saved.
  const group = page.locator('[data-group-error="paypal_group"]');
  await expect(group).toContainText('PayPal refused the client ID and secret.');
  await page.getByLabel('PayPal secret').fill('paypal-secret');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Settings updated')).toBeVisible();
  await expect(group).toHaveCount(0);

  const { product } = await api(page, 'POST', 'billing/products', { name: 'PayPal Monthly', prices: [{ amount: 4.5, currency: 'USD', interval: 'month', interval_count: 1 }] });
  try {
    await page.goto('/admin/plans');
    await page.getByRole('button', { name: 'Sync plans' }).click();
    await expect(page.getByText('Plans synced')).toBeVisible();
    const calls = (await (await page.request.get(`${paypalURL}/__requests`)).json()) as FakeCall[];
    expect(calls.find((c) => c.method === 'POST' && c.path === '/v1/catalogs/products')?.body).toMatchObject({ name: 'PayPal Monthly', type: 'SERVICE' });
    expect(calls.find((c) => c.method === 'POST' && c.path === '/v1/billing/plans')?.body.billing_cycles[0]).toMatchObject({
      frequency: { interval_unit: 'MONTH', interval_count: 1 }, pricing_scheme: { fixed_price: { value: '4.50', currency_code: 'USD' } },
    });
  } finally {
    // Later specs start from no plans and PayPal off.
    await api(page, 'DELETE', `billing/products/${product.id}`);
    await api(page, 'POST', 'settings', { client: { 'client.billing.paypal.enable': false }, server: {} });
  }
});
