import { expect, type Browser, type Page } from '@playwright/test';
import { ADMIN } from './playwright.config.ts';

export async function login(page: Page, email = ADMIN.email, password = ADMIN.password): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, email, password);
}

/** Fills and sends the sign-in form the page shows, and waits to leave it. */
export async function submitLogin(page: Page, email = ADMIN.email, password = ADMIN.password): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Picks a day (`YYYY-MM-DD`) in the DatePicker labelled `label`: opens its calendar, chooses the year and month. */
export async function pickDate(page: Page, label: string, day: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose a date' });
  await calendar.getByLabel('Year', { exact: true }).selectOption(day.slice(0, 4));
  await calendar.getByLabel('Month', { exact: true }).selectOption(String(Number(day.slice(5, 7)) - 1));
  await calendar.locator(`[data-day="${day}"]`).click();
}

/** A write call with the signed-in page's session and CSRF token, as the app's own client sends it. */
export async function api(page: Page, method: 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
  const token = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.fetch(`/api/v1/${path}`, { method, data, headers: { 'X-XSRF-TOKEN': decodeURIComponent(token) } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

/** As the admin, creates a user holding only the admin area and the given permissions, then signs in as them. */
export async function signInAsDelegate(page: Page, email: string, permissions: string[]): Promise<void> {
  await page.context().clearCookies();
  await login(page);
  await api(page, 'POST', 'users', {
    email, password: 'delegate-password', email_verified_at: true, permissions: ['admin.access', ...permissions].map((name) => ({ name })),
  });
  await page.context().clearCookies();
  await login(page, email, 'delegate-password');
}

/**
 * Chooses what `/` shows through the settings call the channels screen uses: the marketing landing (`landing`) or a
 * channel's slug. The site starts with the home channel; specs that choose the landing put `home` back when they end.
 */
export async function setHomePage(browser: Browser, choice: 'landing' | string): Promise<void> {
  const page = await browser.newPage();
  await login(page);
  const client = choice === 'landing' ? { 'client.homepage.type': 'landing' } : { 'client.homepage.type': 'channel', 'client.homepage.channel': choice };
  await api(page, 'POST', 'settings', { client: JSON.stringify(client), server: '{}' });
  await page.close();
}
