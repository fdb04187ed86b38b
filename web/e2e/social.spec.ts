import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers.ts';

const xsrf = async (page: Page) => ({ 'x-xsrf-token': decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value) });

// The server's OAuth endpoints point at the local fake provider the config starts (scripts/fake-oauth-provider.ts),
// which approves at once as google.user@social.example.
test('signs a new user in with Google through the popup', async ({ page }) => {
  await login(page);
  const saved = await page.request.post('/api/v1/settings', {
    headers: await xsrf(page),
    multipart: {
      client: JSON.stringify({ 'client.social.google.enable': true }),
      server: JSON.stringify({ 'server.google_id': 'google-client-id', 'server.google_secret': 'google-client-secret' }),
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await page.request.post('/api/v1/auth/logout', { headers: await xsrf(page) });
  await page.context().clearCookies();

  await page.goto('/login');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  // The popup goes through the provider and closes itself; it may be gone before we could wait for that.
  await popup;
  await expect(page).not.toHaveURL(/\/login/);
  const me = await (await page.request.get('/api/v1/auth/me')).json();
  expect(me.user.email).toBe('google.user@social.example');

  await page.goto('/account-settings');
  const panel = page.getByRole('region', { name: 'Manage social login' });
  await expect(panel.getByText('Connected as google.user@social.example')).toBeVisible();
  // The account has no password, so its only link stays.
  await panel.getByRole('button', { name: 'Disconnect Google' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Set a password before disconnecting your last social account.');

  // It sets a first password without a current one; from then on the form asks for it.
  const password = page.getByRole('region', { name: 'Update password' });
  await expect(password.getByText('Your account has no password yet. Set one to also sign in with your email address.')).toBeVisible();
  await expect(password.getByLabel('Current password')).toHaveCount(0);
  await password.getByLabel('New password').fill('social-password');
  await password.getByLabel('Confirm password').fill('social-password');
  await password.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(password.getByLabel('Current password')).toBeVisible();
  expect((await (await page.request.get('/api/v1/auth/me')).json()).user.has_password).toBe(true);

  // With a password it may let Google go; connecting it again asks the owner to confirm it is them first.
  await panel.getByRole('button', { name: 'Disconnect Google' }).click();
  await expect(panel.getByText('Not connected')).toBeVisible();
  await panel.getByRole('button', { name: 'Connect Google' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await confirm.getByLabel('Current password').fill('wrong-password');
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(confirm.getByText('Your current password is incorrect.')).toBeVisible();
  await confirm.getByLabel('Current password').fill('social-password');
  const linkPopup = page.waitForEvent('popup');
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await linkPopup;
  await expect(confirm).toBeHidden();
  await expect(panel.getByText('Connected as google.user@social.example')).toBeVisible();

  // Leave the shared e2e database as the seed made it: other specs count users and click 'Continue'.
  await page.request.post('/api/v1/auth/logout', { headers: await xsrf(page) });
  await page.context().clearCookies();
  await login(page);
  await page.request.post('/api/v1/settings', { headers: await xsrf(page), multipart: { client: JSON.stringify({ 'client.social.google.enable': false }) } });
  const listed = await (await page.request.get('/api/v1/users?query=google.user')).json();
  const id = listed.pagination.data.find((u: { email: string }) => u.email === 'google.user@social.example').id;
  expect((await page.request.delete(`/api/v1/users/${id}`, { headers: await xsrf(page) })).ok()).toBe(true);
});

test('with registration policies set, a Google sign-up asks for them on the register page, and sign in sends new members there', async ({ page }) => {
  await login(page);
  const policies = [{ id: 'e2e-terms', label: 'E2E terms', type: 'route', action: '/contact', target: '_blank' }];
  const before = await (await page.request.get('/api/v1/settings')).json();
  const saved = await page.request.post('/api/v1/settings', {
    headers: await xsrf(page),
    multipart: {
      client: JSON.stringify({ 'client.social.google.enable': true, 'client.registration.policies': JSON.stringify(policies) }),
      server: JSON.stringify({ 'server.google_id': 'google-client-id', 'server.google_secret': 'google-client-secret' }),
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  try {
    await page.request.post('/api/v1/auth/logout', { headers: await xsrf(page) });
    await page.context().clearCookies();

    // From sign in, a Google account the site does not know makes no account without the policies.
    await page.goto('/login');
    const refused = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await refused;
    await expect(page.getByText('To create an account, accept "E2E terms" on the sign-up page first.')).toBeVisible();
    expect((await (await page.request.get('/api/v1/auth/me')).json()).user).toBeNull();

    // On the register page the button asks for the tick first, without opening the provider.
    await page.goto('/register');
    let popups = 0;
    page.on('popup', () => { popups++; });
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByText('You must accept "E2E terms".')).toBeVisible();
    expect(popups).toBe(0);
    await page.getByRole('checkbox', { name: 'I accept the E2E terms' }).check();
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await popup;
    await expect(page).not.toHaveURL(/\/register/);
    expect((await (await page.request.get('/api/v1/auth/me')).json()).user.email).toBe('google.user@social.example');
  } finally {
    // Leave the shared e2e database as the seed made it.
    await page.request.post('/api/v1/auth/logout', { headers: await xsrf(page) });
    await page.context().clearCookies();
    await login(page);
    await page.request.post('/api/v1/settings', {
      headers: await xsrf(page),
      multipart: { client: JSON.stringify({ 'client.social.google.enable': false, 'client.registration.policies': before.client['client.registration.policies'] ?? '[]' }) },
    });
    const listed = await (await page.request.get('/api/v1/users?query=google.user')).json();
    const made = listed.pagination.data.find((u: { email: string }) => u.email === 'google.user@social.example');
    if (made) expect((await page.request.delete(`/api/v1/users/${made.id}`, { headers: await xsrf(page) })).ok()).toBe(true);
  }
});
