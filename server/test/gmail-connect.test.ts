import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { SETTINGS_MASK } from '@app/contracts';
import { startFakeOAuth, defaultAccounts, type FakeOAuth } from '../../scripts/fake-oauth-provider.ts';
import { API_ENDPOINTS } from '../src/drivers/switch.ts';
import { asAdmin, asUser, createTestApp, type Client, type Res } from './helper.ts';
import { startHttp } from './drivers/servers/http.ts';

// The real flow against the local Google OAuth server, then a real send through the gmailApi driver.
const fake: FakeOAuth = await startFakeOAuth();
const t = await createTestApp({ OAUTH_GOOGLE_BASE_URL: `${fake.url}/google` });
const GMAIL_SEND = 'https://www.googleapis.com/auth/gmail.send';

// The Gmail API (users.messages.send) accepting only access tokens the fake Google issued with the gmail.send scope.
const gmail = await startHttp((r) => {
  const info = fake.tokenInfo(String(r.headers.authorization ?? '').replace(/^Bearer /, ''));
  if (!info || !info.scope.split(' ').includes(GMAIL_SEND)) return { status: 401, json: { error: { code: 401, message: 'Request had invalid authentication credentials.' } } };
  if (r.method === 'POST' && r.path === '/gmail/v1/users/me/messages/send') return { json: { id: '18c', threadId: '18c', labelIds: ['SENT'], from: info.account.email } };
  return { status: 404, json: { error: { code: 404 } } };
});
const saved = { ...API_ENDPOINTS };
API_ENDPOINTS.gmail = gmail.url;
API_ENDPOINTS.googleOauth = `${fake.url}/google`;
afterAll(async () => {
  Object.assign(API_ENDPOINTS, saved);
  await gmail.close();
  await fake.close();
});

/** Starts the connect, lets Google approve, follows it back to our callback; answers the start and the callback page. */
async function connect(client: Client, tamper?: (callback: URL) => void): Promise<{ start: URL; res: Res }> {
  const started = await client.get('/api/v1/settings/mail/gmail/connect?popup=1');
  expect(started.status).toBe(302);
  const start = new URL(String(started.headers.location));
  const approved = await fetch(start, { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const callback = new URL(approved.headers.get('location')!);
  expect(callback.pathname).toBe('/api/v1/settings/mail/gmail/callback');
  tamper?.(callback);
  return { start, res: await client.get(callback.pathname + callback.search) };
}

const stored = async () => ({
  account: await t.ctx.settings.get('server.connectedGmailAccount'),
  token: await t.ctx.settings.get('server.gmail_refresh_token'),
});

beforeEach(async () => {
  Object.assign(fake.accounts, defaultAccounts());
  await t.ctx.settings.set({
    'server.google_id': fake.clients.google.id, 'server.google_secret': fake.clients.google.secret,
    'server.gmail_client_id': '', 'server.gmail_client_secret': '', 'server.gmail_refresh_token': '', 'server.connectedGmailAccount': '', 'server.mail_driver': 'log',
  });
});

describe('Gmail connect', () => {
  it('asks Google for offline gmail.send access, stores the refresh token and account, and mail is sent with it', async () => {
    const admin = await asAdmin(t);
    fake.accounts.google = { ...fake.accounts.google, email: 'Sender@Gmail.example' };
    const { start, res } = await connect(admin);
    expect(start.pathname).toBe('/google/o/oauth2/v2/auth');
    expect(Object.fromEntries(start.searchParams)).toMatchObject({
      client_id: fake.clients.google.id, access_type: 'offline', prompt: 'consent', response_type: 'code', code_challenge_method: 'S256',
    });
    expect(start.searchParams.get('scope')!.split(' ')).toEqual(expect.arrayContaining(['email', GMAIL_SEND]));

    // The popup tells its opener (same origin only) and closes.
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('"type":"gmail-connect","status":"SUCCESS","callbackData":{"profile":{"email":"sender@gmail.example"}}');
    expect(res.text).toContain('postMessage(data, location.origin)');
    const s = await stored();
    expect(s.account).toBe('sender@gmail.example');
    expect(s.token).toMatch(/^1\/\//);

    // The browser sees the account, never the token.
    const settings = (await admin.get('/api/v1/settings')).body;
    expect(settings.server['server.connectedGmailAccount'] ?? settings.server.connectedGmailAccount).toBe('sender@gmail.example');
    expect(JSON.stringify(settings)).not.toContain(s.token);
    expect(JSON.stringify(settings)).toContain(SETTINGS_MASK);

    // Choosing the driver passes the credential check (a real refresh) and the next mail goes out through the Gmail API.
    const saved = await admin.post('/api/v1/settings', { server: JSON.stringify({ mail_driver: 'gmailApi' }) });
    expect(saved.status, saved.text).toBe(200);
    const before = gmail.requests.length;
    await t.ctx.mailer.deliver({ to: 'reader@example.com', subject: 'Sent through Gmail', text: 'Hello' });
    const sent = gmail.requests.slice(before);
    expect(sent.map((r) => r.path)).toEqual(['/gmail/v1/users/me/messages/send']);
    expect(Buffer.from(sent[0].json.raw, 'base64url').toString()).toContain('Subject: Sent through Gmail');
  });

  it('uses the Gmail client credentials when they are set', async () => {
    const admin = await asAdmin(t);
    // Only the Gmail pair is right: the flow and the driver must both take it over the Google login's.
    await t.ctx.settings.set({ 'server.gmail_client_id': fake.clients.google.id, 'server.gmail_client_secret': fake.clients.google.secret, 'server.google_id': 'login-id', 'server.google_secret': 'login-secret' });
    const { start, res } = await connect(admin);
    expect(start.searchParams.get('client_id')).toBe(fake.clients.google.id);
    expect(res.status).toBe(200);
    await t.ctx.settings.set({ 'server.mail_driver': 'gmailApi' });
    const before = gmail.requests.length;
    await t.ctx.mailer.deliver({ to: 'reader@example.com', subject: 'Again', text: 'Hello' });
    expect(gmail.requests.slice(before).map((r) => r.path)).toEqual(['/gmail/v1/users/me/messages/send']);
  });

  it('refuses a callback whose state does not match, storing nothing', async () => {
    const admin = await asAdmin(t);
    const { res } = await connect(admin, (cb) => cb.searchParams.set('state', 'forged-state'));
    expect(res.status).toBe(400);
    expect(res.text).toContain('"status":"ERROR"');
    expect(res.text).toContain('This connect request is invalid or has expired. Please try again.');
    expect(await stored()).toEqual({ account: '', token: '' });
  });

  it('refuses a callback from a browser that did not start the connect', async () => {
    const admin = await asAdmin(t);
    const started = await admin.get('/api/v1/settings/mail/gmail/connect?popup=1');
    const approved = await fetch(String(started.headers.location), { redirect: 'manual' });
    const callback = new URL(approved.headers.get('location')!);
    const other = await asAdmin(t);
    const res = await other.get(callback.pathname + callback.search);
    expect(res.status).toBe(400);
    expect(await stored()).toEqual({ account: '', token: '' });
  });

  it('refuses users without settings.update', async () => {
    const user = await asUser(t);
    expect((await user.get('/api/v1/settings/mail/gmail/connect?popup=1')).status).toBe(403);
    expect((await user.get('/api/v1/settings/mail/gmail/callback?code=x&state=y')).status).toBe(403);
    expect(await stored()).toEqual({ account: '', token: '' });
  });

  it('says what is missing when no Google client is set up', async () => {
    const admin = await asAdmin(t);
    await t.ctx.settings.set({ 'server.google_id': '', 'server.google_secret': '' });
    const res = await admin.get('/api/v1/settings/mail/gmail/connect?popup=1');
    expect(res.status).toBe(422);
    expect(res.text).toContain('Enter the Google client ID and secret (authentication settings) before connecting Gmail.');
  });
});
