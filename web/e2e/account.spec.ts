import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { api, login, submitLogin } from './helpers.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

// Seeded demo accounts (password "password"). Each test puts back what it changed, so the other
// specs that share this database (the users table counts and sorts them) see them as seeded.
const PROFILE_USER = 'zoe.dubois4@example.com';
const SESSIONS_USER = 'mia.ahmed2@example.com';

test('account settings needs a signed-in user', async ({ page }) => {
  await page.goto('/account-settings');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount-settings/);
});

test("a mailed link to a section of account settings, opened signed out, lands on that section after signing in", async ({ page }) => {
  // The subscription mails' "Manage your subscription" button links to the billing section.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/account-settings#account-billing');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount-settings%23account-billing$/);
  await submitLogin(page, PROFILE_USER, 'password');
  await expect(page).toHaveURL(/\/account-settings#account-billing$/);
  await expect(page.locator('#account-billing')).toBeInViewport();
});

test('profile, avatar and password', async ({ page }) => {
  await login(page, PROFILE_USER, 'password');
  await page.goto('/account-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();

  await page.getByLabel('First name').fill('Renamed');
  await page.getByRole('button', { name: 'Update profile' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Renamed Dubois');

  await page.getByLabel('Profile image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Uploaded image')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove image' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove image' }).click();
  await expect(page.getByText('Removed image')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove image' })).toBeHidden();

  await page.getByLabel('Current password').fill('wrong-password');
  await page.getByLabel('New password').fill('second-password');
  await page.getByLabel('Confirm password').fill('second-password');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Your current password is incorrect.')).toBeVisible();
  await page.getByLabel('Current password').fill('password');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');

  // The new password works; then put the seeded values back.
  await page.getByLabel('Current password').fill('second-password');
  await page.getByLabel('New password').fill('password');
  await page.getByLabel('Confirm password').fill('password');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password changed').first()).toBeVisible();
  await page.getByLabel('First name').fill('Zoe');
  await page.getByRole('button', { name: 'Update profile' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Zoe Dubois');
});

test('sessions and API tokens', async ({ page, browser }) => {
  await login(page, SESSIONS_USER, 'password');
  // A second browser signed in as the same user.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await login(otherPage, SESSIONS_USER, 'password');

  await page.goto('/account-settings');
  const sessions = page.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('Current')).toHaveCount(1);
  await page.getByRole('button', { name: 'Log out other sessions' }).click();
  await expect(page.getByText('Logged out other sessions')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await otherPage.goto('/account-settings');
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();

  await expect(page.getByText('You have not created any API tokens yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Create token' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('The token name is required.')).toBeVisible();
  await expect(page.getByText('Choose at least one permission.')).toBeVisible();
  await page.getByLabel('Token name').fill('Home server');
  // A token carries only the scopes chosen, among those the user holds.
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^titles/i }).and(dialog.locator('[aria-expanded]')).click();
  await dialog.getByLabel('View titles').check();
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  const plain = await page.getByTestId('plain-text-token').textContent();
  expect(plain).toMatch(/\|/);
  await page.getByRole('button', { name: 'Done' }).click();
  const tokens = page.getByRole('list', { name: 'API tokens' });
  await expect(tokens.getByText('Home server')).toBeVisible();
  await expect(page.getByText(plain!)).toHaveCount(0);
  // The reference for what a token can call is one click away.
  await expect(page.getByRole('link', { name: 'API documentation' })).toHaveAttribute('href', '/api-docs');

  // The token works as a bearer, for what it was made for, until it is deleted.
  const bearer = { authorization: `Bearer ${plain}` };
  expect((await page.request.get('/api/v1/titles/1', { headers: bearer })).status()).toBe(200);
  const account = await page.request.get('/api/v1/account/sessions', { headers: bearer });
  expect(account.status()).toBe(403);
  expect((await account.json()).message).toBe('This token was made for chosen permissions only. Use a token with full access, or sign in, for this call.');
  await expect(tokens.getByText('View titles')).toBeVisible();
  const outOfScope = await page.request.get('/api/v1/people', { headers: { authorization: `Bearer ${plain}` } });
  expect(outOfScope.status()).toBe(403);
  expect((await outOfScope.json()).message).toBe('This token does not have the "people.view" permission.');
  await page.getByRole('button', { name: 'Delete token Home server' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Token deleted')).toBeVisible();
  await expect(page.getByText('You have not created any API tokens yet.')).toBeVisible();
  expect((await page.request.get('/api/v1/titles/1', { headers: bearer })).status()).toBe(401);

  // A token past its expiry stays listed for its owner to delete, marked expired: the API already refuses it.
  const { plainTextToken } = await api(page, 'POST', 'auth/access-tokens', { tokenName: 'Short-lived', scopes: ['titles.view'], expires_at: new Date(Date.now() + 2000).toISOString() });
  await expect.poll(async () => (await page.request.get('/api/v1/titles/1', { headers: { authorization: `Bearer ${plainTextToken}` } })).status(), { timeout: 10_000 }).toBe(401);
  await page.reload();
  await expect(tokens.getByRole('listitem').filter({ hasText: 'Short-lived' }).getByText(/^Expired /)).toBeVisible();
  await page.getByRole('button', { name: 'Delete token Short-lived' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('You have not created any API tokens yet.')).toBeVisible();
});

test('a member changes their email, downloads their data, then closes their account', async ({ browser, page }) => {
  test.setTimeout(60_000);
  const first = `leaving-${Date.now()}@example.com`;
  const email = `moved-${Date.now()}@example.com`;
  const password = 'leaving-password';
  const admin = await browser.newPage();
  await login(admin);
  await api(admin, 'POST', 'users', { email: first, password, first_name: 'Leaving', email_verified_at: true });
  await admin.close();

  await login(page, first, password);
  await page.goto('/account-settings');
  // The new address gets a link; the account moves when it is opened.
  await page.getByRole('button', { name: 'Change email' }).click();
  const change = page.getByRole('dialog', { name: 'Change email' });
  await change.getByLabel('New email').fill(email);
  await change.getByLabel('Password').fill(password);
  await change.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('We sent a confirmation link to your new email address.')).toBeVisible();
  const mailLog = path.resolve(fileURLToPath(import.meta.url), '../../../storage/e2e/logs/mail.log');
  const readLog = () => (fs.existsSync(mailLog) ? fs.readFileSync(mailLog, 'utf8') : '');
  await expect.poll(readLog, { timeout: 10_000 }).toContain(email);
  const token = [...readLog().matchAll(/\/email\/change\/([A-Za-z0-9_-]+)/g)].at(-1)?.[1];
  await page.goto(`/email/change/${token}`);
  await expect(page.getByText('Your email address has been changed.')).toBeVisible();
  await page.goto('/account-settings');
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText(email);

  const panel = page.getByRole('region', { name: 'Your data' });
  // The file is built in the background: the panel says so, then offers it (and a mail says it is ready).
  await panel.getByRole('button', { name: 'Prepare your data' }).click();
  await expect(page.getByText("We're preparing your data. We'll email you when the file is ready to download.")).toBeVisible();
  const download = page.waitForEvent('download');
  await panel.getByRole('link', { name: 'Download your data' }).click({ timeout: 15_000 });
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^account-data-\d{4}-\d\d-\d\d\.json$/);
  await expect(panel).toContainText('Available until');
  await expect.poll(readLog, { timeout: 10_000 }).toContain('Your data is ready to download');
  const data = JSON.parse(fs.readFileSync((await file.path())!, 'utf8'));
  expect(data.account).toMatchObject({ email, first_name: 'Leaving' });

  // Signed out, the site keeps its own look and menus (they used to fall back to the built-in ones until a reload).
  const look = () => page.evaluate(() => [getComputedStyle(document.body).backgroundColor, document.querySelector('header a')?.innerHTML]);
  const before = await look();
  await panel.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Your current password is incorrect.')).toBeVisible();
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  await expect.poll(look).toEqual(before);
  // The address and password no longer sign in.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('These credentials do not match our records.').first()).toBeVisible();
});

/** A fresh member made by the admin; answers their address. Each test closes the account it made when it ends. */
async function freshMember(browser: import('@playwright/test').Browser, prefix: string, password: string, verified = true): Promise<string> {
  const email = `${prefix}-${Date.now()}@example.com`;
  const admin = await browser.newPage();
  await login(admin);
  await api(admin, 'POST', 'users', { email, password, email_verified_at: verified });
  await admin.close();
  return email;
}

test('a member logs out one chosen session, from the keyboard and after a confirm', async ({ browser, page }) => {
  const password = 'one-session-password';
  const email = await freshMember(browser, 'one-session', password);
  await login(page, email, password);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await login(otherPage, email, password);

  await page.goto('/account-settings');
  const sessions = page.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  // Only the other session has the button: this one signs out from the account menu.
  const end = sessions.getByRole('button', { name: /^Log out / });
  await expect(end).toHaveCount(1);
  // Named with when it signed in: sign-ins from one browser and address differ by that only.
  await expect(end).toHaveAccessibleName(/ · Signed in /);
  await end.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Log out this session?' });
  await expect(confirm).toContainText('will need to sign in again.');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(sessions.getByRole('listitem')).toHaveCount(2);

  await end.focus();
  await page.keyboard.press('Enter');
  await confirm.getByRole('button', { name: 'Log out' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Session ended')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await otherPage.goto('/account-settings');
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();
  await api(page, 'DELETE', 'account', { password });
});

test('a member who has not confirmed their address sees only what they can do on the account page', async ({ browser, page }) => {
  const admin = await browser.newPage();
  await login(admin);
  const before = (await (await admin.request.get('/api/v1/auth/me')).json()).settings['client.require_email_confirmation'] as boolean;
  await api(admin, 'POST', 'settings', { client: { 'client.require_email_confirmation': true }, server: {} });
  try {
    const password = 'unconfirmed-password';
    const email = await freshMember(browser, 'unconfirmed', password, false);
    await login(page, email, password);
    await page.goto('/account-settings');
    const confirm = page.getByRole('region', { name: 'Confirm your email address' });
    await expect(confirm).toContainText('Until then you can change the address, ask for a new link or delete your account.');
    await expect(confirm).toContainText(email);
    await expect(confirm.getByRole('button', { name: 'Change email' })).toBeVisible();
    // Nothing the server would refuse until the address is confirmed.
    for (const name of ['Profile', 'Update password', 'Two-factor authentication', 'Active sessions', 'Your data']) await expect(page.getByRole('region', { name, exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Update password' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Download your data' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Prepare your data' })).toHaveCount(0);

    await confirm.getByRole('button', { name: 'Resend confirmation email' }).click();
    await expect(page.getByText('Confirmation email sent.')).toBeVisible();

    const closing = page.getByRole('region', { name: 'Delete account' });
    await closing.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  } finally {
    await api(admin, 'POST', 'settings', { client: { 'client.require_email_confirmation': before }, server: {} });
    await admin.close();
  }
});
