import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers.ts';

/** Issue 16 item 17: registering always says what happened next. */
const xsrf = async (page: Page) => ({ 'x-xsrf-token': decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value) });

async function requireConfirmation(page: Page, on: boolean) {
  await login(page);
  const res = await page.request.post('/api/v1/settings', {
    headers: await xsrf(page),
    multipart: { client: JSON.stringify({ 'client.require_email_confirmation': on }), server: '{}' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await page.context().clearCookies();
}

async function register(page: Page, email: string, name?: [string, string]) {
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  if (name) {
    await page.getByLabel('First name').fill(name[0]);
    await page.getByLabel('Last name').fill(name[1]);
  }
  await page.getByLabel('Password', { exact: true }).fill('a-long-password-1');
  await page.getByLabel('Confirm password').fill('a-long-password-1');
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('when the address must be confirmed, registering shows a "check your inbox" page', async ({ page }) => {
  await requireConfirmation(page, true);
  try {
    const email = `inbox-${Date.now()}@example.com`;
    await register(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByText(/We have sent a confirmation link to inbox-\d+@example\.com\./)).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);

    // Signed in before confirming: the site browses as for a visitor, says why, and sends a new link on request.
    await login(page, email, 'a-long-password-1');
    await page.goto('/titles/1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const notice = page.getByRole('status').filter({ hasText: `Please confirm your email address first. We sent a link to ${email}.` });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Resend confirmation email' }).click();
    await expect(page.getByText('Confirmation email sent.')).toBeVisible();
    await page.context().clearCookies();
  } finally {
    await requireConfirmation(page, false);
  }
});

test('otherwise the new user lands signed in with a welcome toast', async ({ page }) => {
  await register(page, `welcome-${Date.now()}@example.com`);
  await expect(page.getByText('Welcome! Your account has been created.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /welcome-.*Account menu/ })).toBeVisible();
});

test('a name given when registering is the one the site shows for the member', async ({ page }) => {
  await register(page, `named-${Date.now()}@example.com`, ['Ada', 'Lovelace']);
  await expect(page.getByText('Welcome! Your account has been created.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Ada Lovelace.*Account menu/ })).toBeVisible();
  await page.goto('/account-settings');
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await expect(page.getByLabel('Last name')).toHaveValue('Lovelace');
});

async function disableRegistration(page: Page, off: boolean) {
  await login(page);
  const res = await page.request.post('/api/v1/settings', {
    headers: await xsrf(page),
    multipart: { client: JSON.stringify({ 'client.registration.disable': off }), server: '{}' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await page.context().clearCookies();
}

test('with registration disabled, sign in offers no sign-up and /register only says so', async ({ page }) => {
  await disableRegistration(page, true);
  try {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up.' })).toHaveCount(0);
    await page.goto('/register');
    await expect(page.getByText('Registration is currently disabled.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create account' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  } finally {
    await disableRegistration(page, false);
  }
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Sign up.' })).toBeVisible();
});

test("a required policy's checkbox reads as one translated sentence, with the policy where the language puts it", async ({ page, browser }) => {
  await login(page);
  const headers = await xsrf(page);
  const setPolicies = async (policies: unknown[]) => {
    const res = await page.request.post('/api/v1/settings', { headers, multipart: { client: JSON.stringify({ 'client.registration.policies': JSON.stringify(policies) }), server: '{}' } });
    expect(res.ok(), await res.text()).toBe(true);
  };
  const created = await page.request.post('/api/v1/localizations', { headers, data: { name: 'Türkçe', language: 'tr' } });
  expect(created.ok(), await created.text()).toBe(true);
  const { localization } = await created.json();
  const context = await browser.newContext();
  try {
    await setPolicies([{ id: 'terms', label: 'Terms of service', type: 'link', action: 'https://example.com/terms', target: '_blank' }]);
    const lines = { 'I accept the :label': ':label okudum ve kabul ediyorum', 'Terms of service': 'Kullanım koşullarını' };
    expect((await page.request.put(`/api/v1/localizations/${localization.id}`, { headers, data: { lines } })).ok()).toBe(true);
    const visitor = await context.newPage();
    await visitor.goto('/register');
    await expect(visitor.getByRole('checkbox', { name: 'I accept the Terms of service' })).toBeVisible();
    await visitor.getByRole('button', { name: 'Change language' }).click();
    await visitor.getByRole('menuitem', { name: 'Türkçe' }).click();
    await expect(visitor.getByRole('checkbox', { name: 'Kullanım koşullarını okudum ve kabul ediyorum' })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Kullanım koşullarını' })).toHaveAttribute('href', 'https://example.com/terms');
  } finally {
    await context.close();
    await setPolicies([]);
    expect((await page.request.delete(`/api/v1/localizations/${localization.id}`, { headers })).ok()).toBe(true);
  }
});

test('a visitor sent to sign in who signs up instead comes back to the page they were on', async ({ page }) => {
  await page.goto('/account-settings');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount-settings$/);
  await page.getByRole('link', { name: 'Sign up.' }).click();
  await expect(page).toHaveURL(/\/register\?redirect=%2Faccount-settings$/);
  // And back again to sign in, the place to return to still rides along.
  await page.getByRole('link', { name: 'Sign in.' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount-settings$/);
  await page.getByRole('link', { name: 'Sign up.' }).click();
  // The sign-in form has an Email field too: type only once the sign-up form is the one showing.
  await expect(page.getByRole('heading', { level: 1, name: 'Create a new account' })).toBeVisible();
  await page.getByLabel('Email').fill(`back-${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('a-long-password-1');
  await page.getByLabel('Confirm password').fill('a-long-password-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account-settings$/);
  await expect(page.getByRole('heading', { name: 'Account settings', level: 1 })).toBeVisible();
});
