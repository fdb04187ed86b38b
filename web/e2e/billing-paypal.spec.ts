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
    // Sync sends every plan (the demo seed's too): pick this one's calls by name.
    expect(calls.find((c) => c.method === 'POST' && c.path === '/v1/catalogs/products' && c.body.name === 'PayPal Monthly')?.body).toMatchObject({ type: 'SERVICE' });
    expect(calls.find((c) => c.method === 'POST' && c.path === '/v1/billing/plans' && c.body.name.startsWith('PayPal Monthly '))?.body.billing_cycles[0]).toMatchObject({
      frequency: { interval_unit: 'MONTH', interval_count: 1 }, pricing_scheme: { fixed_price: { value: '4.50', currency_code: 'USD' } },
    });
  } finally {
    // The plan goes and PayPal is off again, as before this test.
    await api(page, 'DELETE', `billing/products/${product.id}`);
    await api(page, 'POST', 'settings', { client: { 'client.billing.paypal.enable': false }, server: {} });
  }
});

test('a user subscribes with PayPal: approves at (fake) PayPal, gains the plan, cancels and resumes in Billing', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = 'paypal.buyer@e2e.local';
  const password = 'buyer-password';
  await login(page);
  // Whatever billing was before (the demo seed switches it on) is put back at the end.
  const before = (await (await page.request.get('/api/v1/settings')).json()).client as Record<string, unknown>;
  await api(page, 'POST', 'settings', {
    client: { 'client.billing.enable': true, 'client.billing.paypal.enable': true },
    server: { 'server.paypal_client_id': 'paypal-client', 'server.paypal_secret': 'paypal-secret', 'server.paypal_webhook_id': 'WH-HOOK-1' },
  });
  const { product } = await api(page, 'POST', 'billing/products', {
    name: 'Silver', feature_list: ['HD streaming'], permissions: [{ name: 'tags.view' }], prices: [{ amount: 7, currency: 'USD', interval: 'month', interval_count: 1 }],
  });
  await api(page, 'POST', 'billing/products/sync');
  await api(page, 'POST', 'users', { email, password, email_verified_at: true });

  const buyer = await browser.newPage();
  try {
    await login(buyer, email, password);
    await buyer.goto('/pricing');
    await buyer.getByRole('listitem', { name: 'Silver' }).getByRole('button', { name: 'Choose plan: Silver' }).click();
    // PayPal's approval page, then back to our success page once PayPal's webhook has landed.
    await expect(buyer).toHaveURL(new RegExp(`^${paypalURL}/webapps/billing/subscriptions`));
    await buyer.getByRole('button', { name: 'Agree & Subscribe' }).click();
    await expect(buyer).toHaveURL(/\/billing\/success/);
    await expect(buyer.getByText('Your Silver plan is active.')).toBeVisible();
    // The plan's permission is the user's now.
    const me = await (await buyer.request.get('/api/v1/auth/me')).json();
    expect(me.user.effective_permissions).toContain('tags.view');

    await buyer.getByRole('link', { name: 'Go to billing' }).click();
    const panel = buyer.getByRole('region', { name: 'Billing' });
    await expect(panel.getByLabel('Current plan')).toContainText('Silver');
    await expect(panel.getByText('Renews at')).toBeVisible();
    await panel.getByRole('button', { name: 'Cancel subscription' }).click();
    await buyer.getByRole('alertdialog').getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(buyer.getByText('Subscription cancelled')).toBeVisible();
    await expect(panel.getByText('Ends at')).toBeVisible();
    await panel.getByRole('button', { name: 'Resume' }).click();
    await expect(buyer.getByText('Subscription resumed')).toBeVisible();
    await expect(panel.getByText('Renews at')).toBeVisible();
    // PayPal was asked to suspend (the grace period) and to activate again.
    const calls = (await (await page.request.get(`${paypalURL}/__requests`)).json()) as FakeCall[];
    expect(calls.some((c) => c.method === 'POST' && /\/v1\/billing\/subscriptions\/[\w-]+\/suspend$/.test(c.path))).toBe(true);
    expect(calls.some((c) => c.method === 'POST' && /\/v1\/billing\/subscriptions\/[\w-]+\/activate$/.test(c.path))).toBe(true);
  } finally {
    await buyer.close();
    // Put the site back as it was: the subscription goes, then the plan, and billing and PayPal as they were.
    const subs = await page.request.get(`/api/v1/billing/subscriptions?filters=${encodeURIComponent(JSON.stringify([{ key: 'product_id', value: product.id, operator: '=' }]))}`);
    for (const s of (await subs.json()).pagination.data as { id: number }[]) await api(page, 'DELETE', `billing/subscriptions/${s.id}`);
    await api(page, 'DELETE', `billing/products/${product.id}`);
    await api(page, 'POST', 'settings', { client: { 'client.billing.enable': before['client.billing.enable'], 'client.billing.paypal.enable': before['client.billing.paypal.enable'] }, server: {} });
  }
});
