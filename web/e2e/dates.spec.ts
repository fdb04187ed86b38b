import { expect, test } from '@playwright/test';
import { api, login, pickDate } from './helpers.ts';

// A browser in Kiritimati (UTC+14) on a site set to Pago Pago (UTC-11): every instant falls on a different day in the
// two, so a filter reading the browser's days cannot pass for one reading the site's.
test.use({ timezoneId: 'Pacific/Kiritimati', locale: 'en-US' });

test.beforeEach(async ({ page }) => {
  await login(page);
});

test("a date filter's days are the days the table shows (the site's timezone, not the browser's)", async ({ page }) => {
  const email = `tz-filter-${Date.now()}@example.com`;
  const { user } = await api(page, 'POST', 'users', { email, password: 'password123' }) as { user: { created_at: string } };
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Pago_Pago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(user.created_at));
  const settings = await (await page.request.get('/api/v1/settings')).json() as { client: Record<string, unknown> };
  const before = settings.client['client.dates.default_timezone'] ?? 'auto';
  await api(page, 'POST', 'settings', { client: { 'client.dates.default_timezone': 'Pacific/Pago_Pago' } });
  try {
    await page.goto(`/admin/users?query=${encodeURIComponent(email)}`);
    const row = page.locator('tbody tr', { hasText: email });
    const shown = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(`${day}T00:00:00Z`));
    await expect(row).toContainText(shown);
    await page.getByRole('button', { name: 'Filters' }).click();
    await pickDate(page, 'Created date from', day);
    await pickDate(page, 'Created date to', day);
    await expect.poll(() => decodeURIComponent(page.url())).toContain('"end"');
    await expect(row).toBeVisible();
    // The picked days read back from the URL as the same days.
    await page.reload();
    await expect(page.getByLabel('Created date from', { exact: true })).toContainText(shown);
    await expect(page.getByLabel('Created date to', { exact: true })).toContainText(shown);
    await expect(row).toBeVisible();
  } finally {
    await api(page, 'POST', 'settings', { client: { 'client.dates.default_timezone': before } });
  }
});

/** Runs `body` with the site set to Pago Pago (UTC-11), the setting restored after. */
async function inPagoPago(page: import('@playwright/test').Page, body: () => Promise<void>): Promise<void> {
  const settings = await (await page.request.get('/api/v1/settings')).json() as { client: Record<string, unknown> };
  const before = settings.client['client.dates.default_timezone'] ?? 'auto';
  await api(page, 'POST', 'settings', { client: { 'client.dates.default_timezone': 'Pacific/Pago_Pago' } });
  try {
    await body();
  } finally {
    await api(page, 'POST', 'settings', { client: { 'client.dates.default_timezone': before } });
  }
}

test("'Suspend until' is a time on the site's clock, the one the admin's tables use", async ({ page }) => {
  const email = `tz-suspend-${Date.now()}@example.com`;
  await api(page, 'POST', 'users', { email, password: 'password123' });
  await inPagoPago(page, async () => {
    await page.goto(`/admin/users?query=${encodeURIComponent(email)}`);
    await page.getByRole('button', { name: `More actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Suspend' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Permanent').uncheck();
    await dialog.getByLabel('Suspend until').fill('2030-06-15T10:00');
    const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/users\/\d+\/ban$/.test(r.url()));
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    // 10:00 in Pago Pago (UTC-11), not 10:00 in the browser's Kiritimati (UTC+14, the day before in UTC).
    expect((await sent).postDataJSON().ban_until).toBe('2030-06-15T21:00:00.000Z');
    await expect(page.getByText('User suspended')).toBeVisible();
  });
});

test("a subscription's 'Renews at' shows and saves the day the subscriptions table shows", async ({ page }) => {
  const stamp = Date.now();
  const { user } = await api(page, 'POST', 'users', { email: `tz-sub-${stamp}@example.com`, password: 'password123' }) as { user: { id: number } };
  const { product } = await api(page, 'POST', 'billing/products', { name: `Zone Pass ${stamp}`, prices: [{ amount: 5, currency: 'USD', interval: 'month', interval_count: 1 }] });
  // 08:00 UTC on Jun 15 is Jun 14, 21:00 in Pago Pago and Jun 15, 22:00 in Kiritimati.
  await api(page, 'POST', 'billing/subscriptions', { user_id: user.id, product_id: product.id, price_id: product.prices[0].id, renews_at: '2030-06-15T08:00:00.000Z' });
  await inPagoPago(page, async () => {
    await page.goto(`/admin/subscriptions?query=${encodeURIComponent(`tz-sub-${stamp}`)}`);
    const row = page.locator('tbody tr', { hasText: `tz-sub-${stamp}@example.com` });
    await expect(row).toContainText('Jun 14, 2030');
    await row.getByRole('button', { name: /Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Renews at')).toHaveValue('2030-06-14T21:00');
    await dialog.getByLabel('Renews at').fill('2030-07-01T00:30');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Subscription updated')).toBeVisible();
    await expect(row).toContainText('Jul 1, 2030');
  });
});
