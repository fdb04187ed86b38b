import { expect, test, type Page } from '@playwright/test';
import { api, login } from './helpers.ts';
import { STRIPE_WEBHOOK_SECRET, stripeURL } from './playwright.config.ts';

const EMAIL = 'checkout.buyer@e2e.local';
const PASSWORD = 'buyer-password';

/** Settings through the subscriptions settings call (multipart, as the settings page sends it). */
async function saveSettings(page: Page, client: Record<string, unknown>, server: Record<string, unknown> = {}) {
  const token = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value);
  const res = await page.request.post('/api/v1/settings', { headers: { 'x-xsrf-token': token }, multipart: { client: JSON.stringify(client), server: JSON.stringify(server) } });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * Switches Stripe on (its credential check runs against the fake) and sells a synced plan for `run`; afterwards the
 * plan's subscriptions and the plan go, and billing and Stripe are put back as they were (the demo seed switches them on).
 */
async function sellingPlan(page: Page, plan: Record<string, unknown>, run: (product: { id: number }) => Promise<void>) {
  await login(page);
  const before = (await (await page.request.get('/api/v1/settings')).json()).client as Record<string, unknown>;
  await saveSettings(page, { 'billing.enable': true, 'billing.stripe.enable': true },
    { stripe_key: 'pk_test_e2e', stripe_secret: 'sk_test_e2e', stripe_webhook_secret: STRIPE_WEBHOOK_SECRET });
  const { product } = await api(page, 'POST', 'billing/products', plan);
  await api(page, 'POST', 'billing/products/sync');
  try {
    await run(product);
  } finally {
    const subs = await page.request.get(`/api/v1/billing/subscriptions?filters=${encodeURIComponent(JSON.stringify([{ key: 'product_id', value: product.id, operator: '=' }]))}`);
    for (const s of (await subs.json()).pagination.data as { id: number }[]) await api(page, 'DELETE', `billing/subscriptions/${s.id}`);
    await api(page, 'DELETE', `billing/products/${product.id}`);
    await saveSettings(page, { 'billing.enable': before['client.billing.enable'], 'billing.stripe.enable': before['client.billing.stripe.enable'] });
  }
}

test('a visitor picks a plan, logs in, pays at (fake) Stripe, sees the plan in Billing, cancels and resumes', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await sellingPlan(page, {
    name: 'Gold', feature_list: ['Everything'], prices: [{ amount: 5, currency: 'USD', interval: 'month', interval_count: 1 }, { amount: 50, currency: 'USD', interval: 'year', interval_count: 1 }],
  }, async () => {
    await api(page, 'POST', 'users', { email: EMAIL, password: PASSWORD, email_verified_at: true });

    const visitor = await browser.newPage();
    try {
      await visitor.goto('/pricing');
      await visitor.getByRole('listitem', { name: 'Gold' }).getByRole('button', { name: 'Choose plan: Gold' }).click();
      await expect(visitor).toHaveURL(/\/login\?redirect=/);
      await visitor.getByLabel('Email').fill(EMAIL);
      await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await visitor.getByRole('button', { name: 'Continue', exact: true }).click();

      // Back on /pricing, checkout starts by itself and leaves for Stripe's hosted page.
      await expect(visitor).toHaveURL(new RegExp(`^${stripeURL}/pay/cs_`));
      await visitor.getByRole('button', { name: 'Pay', exact: true }).click();
      await expect(visitor).toHaveURL(/\/billing\/success$/);
      await expect(visitor.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible();
      await expect(visitor.getByText('Your Gold plan is active.')).toBeVisible();

      await visitor.getByRole('link', { name: 'Go to billing' }).click();
      const panel = visitor.getByRole('region', { name: 'Billing' });
      await expect(panel.getByLabel('Current plan')).toContainText('Gold');
      await expect(panel.getByLabel('Current plan')).toContainText('$5.00');
      await expect(panel.getByText('Renews at')).toBeVisible();
      await expect(panel.getByRole('row', { name: /Paid/ })).toContainText('$5.00');

      await panel.getByRole('button', { name: 'Cancel subscription' }).click();
      await visitor.getByRole('alertdialog').getByRole('button', { name: 'Cancel subscription' }).click();
      await expect(visitor.getByText('Subscription cancelled')).toBeVisible();
      await expect(panel.getByText('Ends at')).toBeVisible();
      await panel.getByRole('button', { name: 'Resume' }).click();
      await expect(visitor.getByText('Subscription resumed')).toBeVisible();
      await expect(panel.getByText('Renews at')).toBeVisible();

      // The card is changed at Stripe's customer portal, which leads back to the Billing panel.
      await panel.getByRole('button', { name: 'Update payment method' }).click();
      await expect(visitor).toHaveURL(new RegExp(`^${stripeURL}/portal/bps_`));
      await visitor.getByRole('link', { name: 'Return' }).click();
      await expect(visitor).toHaveURL(/\/account-settings#account-billing$/);
      await expect(panel.getByLabel('Current plan')).toContainText('Gold');

      // The pricing page marks the plan held and sends a subscriber to the Billing panel instead of a second checkout.
      await visitor.goto('/pricing');
      const gold = visitor.getByRole('listitem', { name: 'Gold' });
      await expect(gold.getByText('Your plan')).toBeVisible();
      await expect(gold.getByRole('button', { name: 'Choose plan: Gold' })).toHaveCount(0);
      await gold.getByRole('link', { name: 'Manage subscription' }).click();
      await expect(panel.getByLabel('Current plan')).toContainText('Gold');
    } finally {
      await visitor.close();
    }
  });
});

test('a first payment left waiting at the bank starts nothing, and the member picks a plan again', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await sellingPlan(page, { name: 'Silver', prices: [{ amount: 3, currency: 'USD', interval: 'month', interval_count: 1 }] }, async () => {
    const email = 'checkout.unpaid@e2e.local';
    await api(page, 'POST', 'users', { email, password: PASSWORD, email_verified_at: true });

    const member = await browser.newPage();
    try {
      await login(member, email, PASSWORD);
      await member.goto('/pricing');
      await member.getByRole('listitem', { name: 'Silver' }).getByRole('button', { name: 'Choose plan: Silver' }).click();
      await expect(member).toHaveURL(new RegExp(`^${stripeURL}/pay/cs_`));
      await member.getByRole('button', { name: 'Authenticate later' }).click();
      // Stripe sends the buyer back, but the plan has not started: the page keeps confirming instead of thanking.
      await expect(member).toHaveURL(/\/billing\/success$/);
      await expect(member.getByText('We are confirming your payment. This takes a few seconds.')).toBeVisible();
      await expect(member.getByText('Your Silver plan is active.')).toHaveCount(0);

      await member.getByRole('link', { name: 'Go to billing' }).click();
      const panel = member.getByRole('region', { name: 'Billing' });
      await expect(panel.getByText('Your first payment did not go through, so this plan has not started.')).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Change plan' })).toHaveCount(0);
      await panel.getByRole('link', { name: 'Choose a plan again' }).click();

      // The pricing page offers the checkout again (the waiting attempt ends at Stripe), and paying starts the plan.
      await expect(member).toHaveURL(/\/pricing$/);
      await member.getByRole('listitem', { name: 'Silver' }).getByRole('button', { name: 'Choose plan: Silver' }).click();
      await expect(member).toHaveURL(new RegExp(`^${stripeURL}/pay/cs_`));
      await member.getByRole('button', { name: 'Pay', exact: true }).click();
      await expect(member.getByText('Your Silver plan is active.')).toBeVisible();
    } finally {
      await member.close();
    }
  });
});
