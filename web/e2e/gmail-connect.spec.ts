import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers.ts';

const xsrf = async (page: Page) => ({ 'x-xsrf-token': decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value) });
const saveServer = async (page: Page, server: Record<string, unknown>) => {
  const res = await page.request.post('/api/v1/settings', { headers: await xsrf(page), multipart: { client: '{}', server: JSON.stringify(server) } });
  expect(res.ok(), await res.text()).toBe(true);
};

// Google's OAuth endpoints point at the local fake provider the config starts (scripts/fake-oauth-provider.ts),
// which approves at once as google.user@social.example and grants offline access.
test('connects a Gmail account from the mail settings page through the popup', async ({ page }) => {
  await login(page);
  await saveServer(page, { 'server.google_id': 'google-client-id', 'server.google_secret': 'google-client-secret' });

  await page.goto('/admin/settings/mail');
  await expect(page.getByRole('button', { name: 'Connect Gmail account' })).toHaveCount(0);
  await page.getByLabel('Outgoing mail method').selectOption('gmailApi');
  await expect(page.getByText('No Gmail account is connected.')).toBeVisible();
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect Gmail account' }).click();
  await popup;
  await expect(page.getByText('Connected gmail account', { exact: true })).toBeVisible();
  await expect(page.getByText('Connected gmail account: google.user@social.example')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reconnect Gmail account' })).toBeVisible();
  // The unsaved driver choice survived the connect.
  await expect(page.getByLabel('Outgoing mail method')).toHaveValue('gmailApi');

  const settings = await (await page.request.get('/api/v1/settings')).json();
  expect(settings.server['server.connectedGmailAccount']).toBe('google.user@social.example');
  expect(settings.server['server.gmail_refresh_token']).toBe('********');

  // Leave the shared e2e database as it was.
  await saveServer(page, { 'server.connectedGmailAccount': '', 'server.gmail_refresh_token': '', 'server.google_id': '', 'server.google_secret': '' });
});
