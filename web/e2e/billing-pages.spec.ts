import { expect, test, type Page } from '@playwright/test';
import { api, login } from './helpers.ts';

/** Settings through the subscriptions settings call (multipart, as the settings page sends it). */
async function saveSettings(page: Page, client: Record<string, unknown>) {
  const token = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value);
  const res = await page.request.post('/api/v1/settings', { headers: { 'x-xsrf-token': token }, multipart: { client: JSON.stringify(client), server: '{}' } });
  expect(res.ok(), await res.text()).toBe(true);
}

test('pricing: a plan without a price for the chosen cycle says so instead of passing its other price off', async ({ page, browser }) => {
  await login(page);
  const before = (await (await page.request.get('/api/v1/settings')).json()).client as Record<string, unknown>;
  await saveSettings(page, { 'billing.enable': true });
  const yearly = (await api(page, 'POST', 'billing/products', { name: 'Yearly Saver', prices: [{ amount: 90, currency: 'USD', interval: 'year', interval_count: 1 }] })).product;
  const monthly = (await api(page, 'POST', 'billing/products', { name: 'Month Pass', prices: [{ amount: 8, currency: 'USD', interval: 'month', interval_count: 1 }] })).product;
  const visitor = await browser.newPage();
  try {
    await visitor.goto('/pricing');
    const saver = visitor.getByRole('listitem', { name: 'Yearly Saver' });
    const pass = visitor.getByRole('listitem', { name: 'Month Pass' });
    await visitor.getByRole('radio', { name: 'Monthly' }).click();
    await expect(saver).toContainText('$90.00');
    await expect(saver).toContainText('per year');
    await expect(saver.getByText('Not offered monthly')).toBeVisible();
    await expect(pass.getByText(/Not offered/)).toHaveCount(0);
    await visitor.getByRole('radio', { name: 'Yearly' }).click();
    await expect(saver.getByText(/Not offered/)).toHaveCount(0);
    await expect(pass.getByText('Not offered yearly')).toBeVisible();
  } finally {
    await visitor.close();
    await api(page, 'DELETE', `billing/products/${yearly.id}`);
    await api(page, 'DELETE', `billing/products/${monthly.id}`);
    await saveSettings(page, { 'billing.enable': before['client.billing.enable'] ?? false });
  }
});

test('checkout success: past its quick checks the page says what to do, and still shows the plan once confirmed', async ({ page, browser }) => {
  await login(page);
  const before = (await (await page.request.get('/api/v1/settings')).json()).client as Record<string, unknown>;
  await saveSettings(page, { 'billing.enable': true });
  const email = `slow.payment.${Date.now()}@e2e.local`;
  const { user } = await api(page, 'POST', 'users', { email, password: 'slow-password', email_verified_at: true });
  const product = (await api(page, 'POST', 'billing/products', { name: 'Late Confirm', prices: [{ amount: 6, currency: 'USD', interval: 'month', interval_count: 1 }] })).product;
  const buyer = await browser.newPage();
  try {
    await login(buyer, email, 'slow-password');
    await buyer.clock.install();
    await buyer.goto('/billing/success');
    await expect(buyer.getByText('We are confirming your payment. This takes a few seconds.')).toBeVisible();
    await buyer.clock.fastForward(31_000);
    await expect(buyer.getByText('Your payment is taking longer than usual to confirm.')).toBeVisible();
    await expect(buyer.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    await expect(buyer.getByText('We are confirming your payment. This takes a few seconds.')).toHaveCount(0);
    // The gateway's confirmation lands late: the page picks it up by itself.
    await api(page, 'POST', 'billing/subscriptions', { user_id: user.id, product_id: product.id, price_id: product.prices[0].id, ends_at: null });
    await buyer.clock.fastForward(16_000);
    await expect(buyer.getByText('Your Late Confirm plan is active.')).toBeVisible();
  } finally {
    await buyer.close();
    await api(page, 'DELETE', `users/${user.id}`);
    await api(page, 'DELETE', `billing/products/${product.id}`);
    await saveSettings(page, { 'billing.enable': before['client.billing.enable'] ?? false });
  }
});
