import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@app/contracts';
import { startFakeOAuth, defaultAccounts, type FakeOAuth } from '../../scripts/fake-oauth-provider.ts';
import { asUser, Client, createTestApp, createUser, guest, mailsIn, type Res } from './helper.ts';

// The real flow against a local server speaking each provider's OAuth endpoints.
const fake: FakeOAuth = await startFakeOAuth();
afterAll(() => fake.close());
const t = await createTestApp(Object.fromEntries(SOCIAL_PROVIDERS.map((p) => [`OAUTH_${p.toUpperCase()}_BASE_URL`, `${fake.url}/${p}`])));

async function enable(provider: SocialProvider, on = true) {
  await t.ctx.settings.set({
    [`client.social.${provider}.enable`]: on, [`server.${provider}_id`]: fake.clients[provider].id, [`server.${provider}_secret`]: fake.clients[provider].secret,
  } as never);
}

/** Connect, let the provider approve, follow it back to our callback; answers the callback page. */
async function socialLogin(client: Client, provider: SocialProvider, tamper?: (callback: URL) => void, query = ''): Promise<Res> {
  const start = await client.get(`/api/v1/auth/social/${provider}/connect?popup=1${query}`);
  expect(start.status).toBe(302);
  const approved = await fetch(String(start.headers.location), { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const callback = new URL(approved.headers.get('location')!);
  expect(callback.pathname).toBe(`/api/v1/auth/social/${provider}/callback`);
  tamper?.(callback);
  return client.get(callback.pathname + callback.search);
}

const me = async (client: Client) => (await client.get('/api/v1/auth/me')).body.user;

beforeAll(async () => {
  for (const p of SOCIAL_PROVIDERS) await enable(p);
});
beforeEach(async () => {
  Object.assign(fake.accounts, defaultAccounts());
  await t.ctx.settings.set({ 'client.registration.disable': false, 'client.auth.domain_blacklist': '', 'client.registration.policies': '[]' });
});

describe('social login', () => {
  it.each(SOCIAL_PROVIDERS)('%s: creates a verified account with the default role and signs it in', async (provider) => {
    const client = guest(t);
    const res = await socialLogin(client, provider);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    // The popup tells its opener (same origin only) and closes.
    expect(res.text).toContain('"status":"SUCCESS"');
    expect(res.text).toContain('postMessage(data, location.origin)');
    const user = await me(client);
    expect(user.email).toBe(fake.accounts[provider].email);
    expect(user.email_verified_at).toBeTruthy();
    const roles = await t.ctx.db.selectFrom('user_role').select('role_id').where('user_id', '=', user.id).execute();
    expect(roles.map((r) => r.role_id)).toEqual([t.roles.users]);
    const link = await t.ctx.db.selectFrom('social_profiles').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(link).toMatchObject({ service_name: provider, user_service_id: fake.accounts[provider].id });
  });

  it('signs the linked user in again, even after their email changed at the provider', async () => {
    const first = guest(t);
    fake.accounts.google = { ...fake.accounts.google, id: 'g-again', email: 'again@social.example' };
    await socialLogin(first, 'google');
    const userId = (await me(first)).id;
    fake.accounts.google = { ...fake.accounts.google, email: 'changed@social.example' };
    const second = guest(t);
    await socialLogin(second, 'google');
    expect((await me(second)).id).toBe(userId);
    expect(await t.ctx.db.selectFrom('users').select('id').where('email', '=', 'changed@social.example').executeTakeFirst()).toBeUndefined();
  });

  it('links a provider account to the existing user with the same verified email', async () => {
    const existing = await createUser(t, { email: 'link-me@social.example', roles: [t.roles.users] });
    // As if its owner had opened a mailed link (a confirmation or a password reset).
    await t.ctx.db.updateTable('users').set({ email_proven_at: new Date().toISOString() }).where('id', '=', existing.id).execute();
    // Addresses are compared the way they are stored: trimmed and lower-cased.
    fake.accounts.facebook = { ...fake.accounts.facebook, id: 'fb-link', email: ' Link-Me@Social.Example' };
    const client = guest(t);
    expect((await socialLogin(client, 'facebook')).status).toBe(200);
    expect((await me(client)).id).toBe(existing.id);
    expect(await t.ctx.db.selectFrom('social_profiles').select('user_id').where('user_service_id', '=', 'fb-link').executeTakeFirst()).toEqual({ user_id: existing.id });
  });

  it('does not hand an unconfirmed local account to whoever owns the address at the provider', async () => {
    const existing = await createUser(t, { email: 'unconfirmed@social.example', roles: [t.roles.users], verified: false });
    fake.accounts.google = { ...fake.accounts.google, id: 'g-unconfirmed', email: existing.email };
    const client = guest(t);
    const res = await socialLogin(client, 'google');
    expect(res.status).toBe(409);
    expect(res.text).toContain('An account with this email already exists.');
    expect(await me(client)).toBeNull();
  });

  it('does not share an account registered by someone else, while confirmation is off, with the address\'s owner', async () => {
    // Confirmation is off: registering stamps the address verified without anyone proving it.
    const email = 'victim@social.example';
    const attacker = guest(t);
    const reg = await attacker.post('/api/v1/auth/register', { email, password: 'attacker-pass', password_confirmation: 'attacker-pass' });
    expect(reg.status, reg.text).toBe(200);
    expect(reg.body.user.email_verified_at).toBeTruthy();
    fake.accounts.google = { ...fake.accounts.google, id: 'g-victim', email };
    const victim = guest(t);
    const refused = await socialLogin(victim, 'google');
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('An account with this email already exists.');
    expect(await me(victim)).toBeNull();

    // The owner proves the address with a password reset: the registrant is signed out, and the provider then links.
    await guest(t).post('/api/v1/auth/password/email', { email });
    const mail = (await mailsIn(t)).filter((m) => m.to === email).at(-1)!;
    const [, token] = /\/password\/reset\/([A-Za-z0-9_-]+)/.exec(mail.text)!;
    expect((await guest(t).post('/api/v1/auth/password/reset', { token, email, password: 'owner-pass-1', password_confirmation: 'owner-pass-1' })).status).toBe(200);
    expect(await me(attacker)).toBeNull();
    expect((await socialLogin(victim, 'google')).status).toBe(200);
    expect((await me(victim)).email).toBe(email);
  });

  it('refuses a callback whose state does not match the one it started with', async () => {
    const client = guest(t);
    const res = await socialLogin(client, 'google', (cb) => cb.searchParams.set('state', 'forged'));
    expect(res.status).toBe(403);
    expect(res.text).toContain('This sign-in request is invalid or has expired.');
    expect(res.text).toContain('"status":"ERROR"');
    expect(await me(client)).toBeNull();
    // A callback from another browser (no pending state cookie) is refused too.
    const start = await guest(t).get('/api/v1/auth/social/google/connect');
    const approved = await fetch(String(start.headers.location), { redirect: 'manual' });
    const cb = new URL(approved.headers.get('location')!);
    const other = guest(t);
    expect((await other.get(cb.pathname + cb.search)).status).toBe(403);
    expect(await me(other)).toBeNull();
  });

  it('sends PKCE to Google and X, and the redirect goes back to the site', async () => {
    for (const provider of ['google', 'twitter'] as const) {
      const start = await guest(t).get(`/api/v1/auth/social/${provider}/connect`);
      const url = new URL(String(start.headers.location));
      expect(url.origin + url.pathname).toContain(`${fake.url}/${provider}/`);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('redirect_uri')).toBe(`http://localhost:8000/api/v1/auth/social/${provider}/callback`);
    }
  });

  it('answers 404 with a clear message for a disabled provider, and 404 for an unknown one', async () => {
    await enable('envato', false);
    try {
      const res = await guest(t).get('/api/v1/auth/social/envato/connect');
      expect(res.status).toBe(404);
      expect(res.text).toContain('Envato login is not enabled.');
    } finally {
      await enable('envato');
    }
    expect((await guest(t).get('/api/v1/auth/social/myspace/connect')).status).toBe(404);
  });

  it('does not create accounts when registration is disabled or the domain is blacklisted, but still signs linked users in', async () => {
    const linked = guest(t);
    fake.accounts.twitter = { ...fake.accounts.twitter, id: 'tw-linked', email: 'tw-linked@social.example' };
    await socialLogin(linked, 'twitter');
    await t.ctx.settings.set({ 'client.registration.disable': true });
    const again = guest(t);
    expect((await socialLogin(again, 'twitter')).status).toBe(200);
    expect((await me(again)).email).toBe('tw-linked@social.example');

    fake.accounts.twitter = { ...fake.accounts.twitter, id: 'tw-new', email: 'tw-new@social.example' };
    const client = guest(t);
    const res = await socialLogin(client, 'twitter');
    expect(res.status).toBe(403);
    expect(res.text).toContain('Registration is currently disabled.');
    expect(await me(client)).toBeNull();

    await t.ctx.settings.set({ 'client.registration.disable': false, 'client.auth.domain_blacklist': 'blocked.example' });
    fake.accounts.twitter = { ...fake.accounts.twitter, id: 'tw-blocked', email: 'x@blocked.example' };
    const blocked = await socialLogin(guest(t), 'twitter');
    expect(blocked.status).toBe(422);
    expect(blocked.text).toContain('Registration from this domain is not allowed.');
    // Its subdomains too, as on the register form.
    fake.accounts.twitter = { ...fake.accounts.twitter, id: 'tw-sub', email: 'x@mail.blocked.example' };
    const sub = await socialLogin(guest(t), 'twitter');
    expect(sub.status).toBe(422);
    expect(sub.text).toContain('Registration from this domain is not allowed.');
    expect(await t.ctx.db.selectFrom('users').select('id').where('email', 'in', ['tw-new@social.example', 'x@blocked.example', 'x@mail.blocked.example']).execute()).toEqual([]);
  });

  it('makes a new account only when the registration policies were ticked on the register page; linked members just sign in', async () => {
    fake.accounts.google = { ...fake.accounts.google, id: 'g-policy-linked', email: 'policy-linked@social.example' };
    await socialLogin(guest(t), 'google');
    const policies = [
      { id: 'tos', label: 'Terms of service', type: 'route', action: '/pages/terms', target: '_blank' },
      { id: 'privacy', label: 'Privacy policy', type: 'route', action: '/pages/privacy', target: '_blank' },
    ];
    await t.ctx.settings.set({ 'client.registration.policies': JSON.stringify(policies) });

    // From the sign-in page (nothing ticked), or with only some ticked: no account, and the way to make one.
    fake.accounts.google = { ...fake.accounts.google, id: 'g-policy-new', email: 'policy-new@social.example' };
    for (const query of ['', '&policies=tos', '&policies=constructor,__proto__']) {
      const client = guest(t);
      const res = await socialLogin(client, 'google', undefined, query);
      expect(res.status).toBe(422);
      expect(res.text).toContain(query === '&policies=tos'
        ? 'To create an account, accept \\"Privacy policy\\" on the sign-up page first.'
        : 'To create an account, accept \\"Terms of service\\" on the sign-up page first.');
      expect(await me(client)).toBeNull();
    }
    expect(await t.ctx.db.selectFrom('users').select('id').where('email', '=', 'policy-new@social.example').executeTakeFirst()).toBeUndefined();

    // Both ticked on the register page: the account is made and signed in.
    const agreed = guest(t);
    expect((await socialLogin(agreed, 'google', undefined, '&policies=tos,privacy')).status).toBe(200);
    expect((await me(agreed)).email).toBe('policy-new@social.example');

    // A member who has an account signs in from the sign-in page as before.
    fake.accounts.google = { ...fake.accounts.google, id: 'g-policy-linked', email: 'policy-linked@social.example' };
    const linked = guest(t);
    expect((await socialLogin(linked, 'google')).status).toBe(200);
    expect((await me(linked)).email).toBe('policy-linked@social.example');
  });

  it('refuses a banned user', async () => {
    const client = guest(t);
    fake.accounts.google = { ...fake.accounts.google, id: 'g-banned', email: 'banned@social.example' };
    await socialLogin(client, 'google');
    const { id } = await me(client);
    await t.ctx.db.updateTable('users').set({ banned_at: new Date().toISOString() }).where('id', '=', id).execute();
    const again = guest(t);
    const res = await socialLogin(again, 'google');
    expect(res.status).toBe(403);
    expect(res.text).toContain('This account has been suspended.');
    expect(await me(again)).toBeNull();
  });

  it('lets a signed-in user connect and disconnect a provider', async () => {
    const user = await asUser(t);
    fake.accounts.envato = { ...fake.accounts.envato, id: 'envato_linker', email: 'different@social.example' };
    expect((await user.post('/api/v1/auth/social/envato/link', { password: user.user.password })).body).toEqual({ message: 'Confirmed.' });
    const res = await socialLogin(user, 'envato');
    expect(res.status).toBe(200);
    expect((await me(user)).id).toBe(user.user.id);
    const list = await user.get('/api/v1/auth/social/profiles');
    expect(list.body.profiles).toEqual([expect.objectContaining({ service_name: 'envato', username: 'envato_linker' })]);

    // The same provider account cannot be linked to a second user.
    const other = await asUser(t);
    await other.post('/api/v1/auth/social/envato/link', { password: other.user.password });
    const taken = await socialLogin(other, 'envato');
    expect(taken.status).toBe(409);
    expect(taken.text).toContain('This Envato account is already connected to another user.');

    expect((await user.post('/api/v1/auth/social/envato/disconnect')).body).toEqual({ message: 'Account disconnected.' });
    expect((await user.get('/api/v1/auth/social/profiles')).body.profiles).toEqual([]);
    expect((await user.post('/api/v1/auth/social/envato/disconnect')).status).toBe(404);
    expect((await guest(t).post('/api/v1/auth/social/envato/disconnect')).status).toBe(401);
  });

  it('connects a new provider only after the owner proved it is them, once per proof and per browser', async () => {
    const user = await asUser(t);
    fake.accounts.google = { ...fake.accounts.google, id: 'g-thief', email: 'thief@social.example' };
    const linked = async () => (await user.get('/api/v1/auth/social/profiles')).body.profiles.length;
    // A stolen session alone cannot attach the thief's own provider account.
    const bare = await socialLogin(user, 'google');
    expect(bare.status).toBe(403);
    expect(bare.text).toContain('Confirm it is you before connecting a new account.');
    expect(await linked()).toBe(0);
    const wrong = await user.post('/api/v1/auth/social/google/link', { password: 'not-the-password' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.password).toEqual(['Your current password is incorrect.']);
    expect((await user.post('/api/v1/auth/social/google/link', {})).body.errors.password).toEqual(['Enter your current password.']);
    // A proof in another browser of the same account does not count for this one.
    const elsewhere = await new Client(t).login(user.user.email, user.user.password);
    expect((await elsewhere.post('/api/v1/auth/social/google/link', { password: user.user.password })).status).toBe(200);
    expect((await socialLogin(user, 'google')).status).toBe(403);
    // Proven for one provider is not proven for another.
    expect((await user.post('/api/v1/auth/social/facebook/link', { password: user.user.password })).status).toBe(200);
    expect((await socialLogin(user, 'google')).status).toBe(403);
    expect((await user.post('/api/v1/auth/social/google/link', { password: user.user.password })).status).toBe(200);
    expect((await socialLogin(user, 'google')).text).toContain('"status":"SUCCESS"');
    expect(await linked()).toBe(1);
    // Used up: disconnecting and connecting again asks again.
    await user.post('/api/v1/auth/social/google/disconnect');
    expect((await socialLogin(user, 'google')).status).toBe(403);
    expect((await guest(t).post('/api/v1/auth/social/google/link', { password: 'x' })).status).toBe(401);
    expect((await user.post('/api/v1/auth/social/myspace/link', { password: user.user.password })).status).toBe(404);
  });

  it('keeps the last link of an account that has no password', async () => {
    const client = guest(t);
    fake.accounts.facebook = { ...fake.accounts.facebook, id: 'fb-only', email: 'fb-only@social.example' };
    await socialLogin(client, 'facebook');
    const res = await client.post('/api/v1/auth/social/facebook/disconnect');
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Set a password before disconnecting your last social account.');
  });

  it('redirects back into the app when not in a popup', async () => {
    const client = guest(t);
    const start = await client.get('/api/v1/auth/social/google/connect');
    const approved = await fetch(String(start.headers.location), { redirect: 'manual' });
    const cb = new URL(approved.headers.get('location')!);
    cb.searchParams.set('state', 'forged');
    const res = await client.get(cb.pathname + cb.search);
    expect(res.text).toContain('location.replace("/login?social_error=');
  });
});

describe('an account without a password proves it is the owner', () => {
  const age = (userId: number, minutes: number) => t.ctx.db.updateTable('sessions')
    .set({ created_at: new Date(Date.now() - minutes * 60_000).toISOString() }).where('user_id', '=', userId).execute();
  const setPassword = (c: Client) => c.put('/api/v1/account/password', { password: 'first-password', password_confirmation: 'first-password' });
  const again = 'For your security, sign in again with your social account, then try again.';

  it('with a sign-in through the provider in the last 15 minutes; an older session is asked to sign in again', async () => {
    const client = guest(t);
    fake.accounts.google = { ...fake.accounts.google, id: 'g-proof', email: 'proof@social.example' };
    await socialLogin(client, 'google');
    const user = await me(client);
    await age(user.id, 20);
    for (const res of [
      await setPassword(client),
      await client.put('/api/v1/account/email', { email: 'thief@elsewhere.example' }),
      await client.request('DELETE', '/api/v1/account', {}),
    ]) {
      expect(res.status, res.text).toBe(422);
      expect(res.body.errors.reauth).toEqual([again]);
    }
    expect(await me(client)).toMatchObject({ id: user.id, has_password: false });
    // Signing in again through the linked provider, still signed in: a fresh session in place of the old one.
    const old = client.cookies.get('session')!;
    expect((await socialLogin(client, 'google')).text).toContain('"status":"SUCCESS"');
    expect(client.cookies.get('session')).not.toBe(old);
    expect(await t.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
    expect((await setPassword(client)).status).toBe(200);
    expect((await me(client)).has_password).toBe(true);
  });

  it('with a code from the authenticator app when 2FA is on, however fresh the session', async () => {
    const { Secret, TOTP } = await import('otpauth');
    const client = guest(t);
    fake.accounts.twitter = { ...fake.accounts.twitter, id: 'tw-proof', email: 'proof2fa@social.example' };
    await socialLogin(client, 'twitter');
    const user = await me(client);
    const secret = (await client.post('/api/v1/account/two-factor', {})).body.secret as string;
    const code = (steps = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });
    expect((await client.post('/api/v1/account/two-factor/confirm', { code: code() })).status).toBe(200);
    const missing = await client.request('DELETE', '/api/v1/account', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors.code).toEqual(['Enter the code from your authenticator app.']);
    const wrong = await client.put('/api/v1/account/email', { email: 'thief@elsewhere.example', code: '000000' });
    expect(wrong.body.errors.code).toEqual(['The code is invalid or has already been used.']);
    const ok = await client.put('/api/v1/account/password', { code: code(1), password: 'first-password', password_confirmation: 'first-password' });
    expect(ok.status, ok.text).toBe(200);
    expect((await me(client)).id).toBe(user.id);
  });
});
