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
