import { afterAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { startFakeOAuth, type FakeOAuth } from '../../scripts/fake-oauth-provider.ts';
import { ADMIN, Client, PASSWORD, asAdmin, createTestApp, createUser, guest } from './helper.ts';

const fake: FakeOAuth = await startFakeOAuth();
afterAll(() => fake.close());
const t = await createTestApp({ OAUTH_GOOGLE_BASE_URL: `${fake.url}/google` });

/** A code for the time step `steps` away from now (the server accepts one step either side). */
const codeAt = (secret: string, steps = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/** Lets the next code be accepted, as if the next 30 seconds had passed (each step is accepted once). */
const nextStep = (userId: number) => t.ctx.db.updateTable('two_factor').set({ last_step: null }).where('user_id', '=', userId).execute();

/** A signed-in user who turned 2FA on; answers the client, the secret and the recovery codes. */
async function withTwoFactor(opts: Parameters<typeof createUser>[1] = {}) {
  const u = await createUser(t, { roles: [t.roles.users], ...opts });
  const c = await new Client(t).login(u.email, u.password);
  const setup = await c.post('/api/v1/account/two-factor', { password: u.password });
  expect(setup.status, setup.text).toBe(200);
  const confirmed = await c.post('/api/v1/account/two-factor/confirm', { code: codeAt(setup.body.secret) });
  expect(confirmed.status, confirmed.text).toBe(200);
  await nextStep(u.id);
  return { user: u, c, secret: setup.body.secret as string, recovery: confirmed.body.recovery_codes as string[] };
}

/** The password step: answers the client holding only the pending challenge. */
async function passwordStep(email: string, password = PASSWORD, client = guest(t)) {
  const res = await client.post('/api/v1/auth/login', { email, password });
  expect(res.status, res.text).toBe(200);
  expect(res.body).toEqual({ user: null, two_factor: true });
  return client;
}

describe('two-factor sign-in: setting it up', () => {
  it('gives a secret and an SVG QR code, and turns on only after a valid code; recovery codes are shown once and stored hashed', async () => {
    const u = await createUser(t, { roles: [t.roles.users] });
    const c = await new Client(t).login(u.email, u.password);
    expect((await c.get('/api/v1/account/two-factor')).body).toEqual({ enabled: false, pending: false, recovery_codes_left: 0, required: false });
    const setup = await c.post('/api/v1/account/two-factor', { password: u.password });
    expect(setup.body.qr_svg).toMatch(/^<svg/);
    expect(setup.body.otpauth_url).toContain(`secret=${setup.body.secret}`);
    // Not on yet: the password alone still signs in.
    expect((await guest(t).post('/api/v1/auth/login', { email: u.email, password: u.password })).body.user.id).toBe(u.id);
    const wrong = await c.post('/api/v1/account/two-factor/confirm', { code: codeAt(setup.body.secret, 5) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toEqual(['The code is invalid or has already been used.']);
    expect((await c.post('/api/v1/account/two-factor/confirm', { code: 'abc' })).status).toBe(422);
    const ok = await c.post('/api/v1/account/two-factor/confirm', { code: codeAt(setup.body.secret) });
    expect(ok.status).toBe(200);
    expect(ok.body.recovery_codes).toHaveLength(8);
    const row = await t.ctx.db.selectFrom('two_factor').select('recovery_codes').where('user_id', '=', u.id).executeTakeFirstOrThrow();
    for (const code of ok.body.recovery_codes) expect(row.recovery_codes).not.toContain(code);
    expect((await c.get('/api/v1/account/two-factor')).body).toMatchObject({ enabled: true, recovery_codes_left: 8 });
    expect((await c.post('/api/v1/account/two-factor', { password: u.password })).body.message).toBe('Two-factor authentication is already on.');
  });

  it('starts only for the owner: the password first, so a stolen session cannot put its own authenticator in front', async () => {
    const u = await createUser(t, { roles: [t.roles.users] });
    const c = await new Client(t).login(u.email, u.password);
    expect((await c.post('/api/v1/account/two-factor', {})).body.errors).toEqual({ password: ['Enter your current password.'] });
    expect((await c.post('/api/v1/account/two-factor', { password: 'not-mine' })).body.errors).toEqual({ password: ['Your current password is incorrect.'] });
    expect((await c.get('/api/v1/account/two-factor')).body.pending).toBe(false);
    expect((await c.post('/api/v1/account/two-factor', { password: u.password })).status).toBe(200);
  });
});

describe('two-factor sign-in: the code step', () => {
  it('asks for the code after the password; the pending state grants nothing', async () => {
    const { user, secret } = await withTwoFactor();
    const pending = await passwordStep(user.email);
    expect((await pending.get('/api/v1/auth/me')).body.user).toBeNull();
    expect((await pending.get('/api/v1/account/two-factor')).status).toBe(401);
    expect((await pending.get('/api/v1/account/sessions')).status).toBe(401);
    const res = await pending.post('/api/v1/auth/two-factor-challenge', { code: codeAt(secret) });
    expect(res.status, res.text).toBe(200);
    expect(res.body.user.id).toBe(user.id);
    expect((await pending.get('/api/v1/auth/me')).body.user.id).toBe(user.id);
  });

  it('refuses the code step without the password step, and a wrong or reused code', async () => {
    const { user, secret } = await withTwoFactor();
    const skipped = await guest(t).post('/api/v1/auth/two-factor-challenge', { code: codeAt(secret) });
    expect(skipped.status).toBe(401);
    const a = await passwordStep(user.email);
    expect((await a.post('/api/v1/auth/two-factor-challenge', { code: codeAt(secret, 10) })).status).toBe(422);
    const code = codeAt(secret);
    expect((await a.post('/api/v1/auth/two-factor-challenge', { code })).status).toBe(200);
    // The same code (same time step) from another browser that also knows the password: refused.
    const b = await passwordStep(user.email);
    const reused = await b.post('/api/v1/auth/two-factor-challenge', { code });
    expect(reused.status).toBe(422);
    expect(reused.body.errors.code).toEqual(['The code is invalid or has already been used.']);
    // A challenge is used once.
    expect((await a.post('/api/v1/auth/two-factor-challenge', { code: codeAt(secret, 1) })).status).toBe(401);
  });

  it('signs in with a recovery code, each usable once', async () => {
    const { user, recovery } = await withTwoFactor();
    const a = await passwordStep(user.email);
    expect((await a.post('/api/v1/auth/two-factor-challenge', { recovery_code: recovery[0] })).body.user.id).toBe(user.id);
    const b = await passwordStep(user.email);
    const again = await b.post('/api/v1/auth/two-factor-challenge', { recovery_code: recovery[0] });
    expect(again.status).toBe(422);
    expect(again.body.errors.recovery_code).toEqual(['The code is invalid or has already been used.']);
    expect((await b.post('/api/v1/auth/two-factor-challenge', { recovery_code: recovery[1].toUpperCase() })).status).toBe(200);
    expect((await b.get('/api/v1/account/two-factor')).body.recovery_codes_left).toBe(6);
  });

  it('applies the login throttle to code attempts', async () => {
    const { user, secret } = await withTwoFactor();
    const c = await passwordStep(user.email);
    for (let i = 0; i < 5; i++) expect((await c.post('/api/v1/auth/two-factor-challenge', { code: codeAt(secret, 20 + i) })).status).toBe(422);
    const blocked = await c.post('/api/v1/auth/two-factor-challenge', { code: codeAt(secret) });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeTruthy();
  });

  it('caps wrong codes per account, so someone holding the password cannot spread guesses over many addresses', async () => {
    const { user, secret } = await withTwoFactor();
    let ip = 0;
    /** The password step and one code from an address not seen before (a fresh browser each time). */
    const attempt = async (code: string) => {
      const from = { 'x-forwarded-for': `10.77.0.${++ip}` };
      const c = guest(t);
      expect((await c.request('POST', '/api/v1/auth/login', { email: user.email, password: PASSWORD }, from)).body).toEqual({ user: null, two_factor: true });
      return c.request('POST', '/api/v1/auth/two-factor-challenge', { code }, from);
    };
    for (let i = 0; i < 10; i++) expect((await attempt(codeAt(secret, 20 + i))).status).toBe(422);
    const blocked = await attempt(codeAt(secret, 40));
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many attempts/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Not even the right code gets through meanwhile: the cap is what makes guessing hopeless.
    expect((await attempt(codeAt(secret))).status).toBe(429);
  });

  it('counts wrong recovery codes against the same cap, and a right code clears it', async () => {
    const { user, secret, recovery } = await withTwoFactor();
    let ip = 0;
    const pending = async () => {
      const from = { 'x-forwarded-for': `10.78.0.${++ip}` };
      const c = guest(t);
      await c.request('POST', '/api/v1/auth/login', { email: user.email, password: PASSWORD }, from);
      return { c, from };
    };
    for (let i = 0; i < 9; i++) {
      const { c, from } = await pending();
      expect((await c.request('POST', '/api/v1/auth/two-factor-challenge', { recovery_code: `bad-${i}` }, from)).status).toBe(422);
    }
    const owner = await pending();
    expect((await owner.c.request('POST', '/api/v1/auth/two-factor-challenge', { recovery_code: recovery[0] }, owner.from)).status).toBe(200);
    // The owner got in: the count starts over.
    for (let i = 0; i < 9; i++) {
      const { c, from } = await pending();
      expect((await c.request('POST', '/api/v1/auth/two-factor-challenge', { code: codeAt(secret, 20 + i) }, from)).status).toBe(422);
    }
    const last = await pending();
    expect((await last.c.request('POST', '/api/v1/auth/two-factor-challenge', { code: codeAt(secret) }, last.from)).status).toBe(200);
  });

  it('remembers the device for 30 days when asked, and only that device', async () => {
    const { user, secret } = await withTwoFactor();
    const c = await passwordStep(user.email);
    const res = await c.post('/api/v1/auth/two-factor-challenge', { code: codeAt(secret), remember: true });
    expect(res.status).toBe(200);
    const cookie = [res.headers['set-cookie']].flat().find((h) => String(h).startsWith('two_factor_remember='));
    expect(String(cookie)).toMatch(/Max-Age=2592000/);
    expect(String(cookie)).toMatch(/HttpOnly/);
    await c.post('/api/v1/auth/logout');
    await c.get('/api/v1/auth/me');
    const again = await c.post('/api/v1/auth/login', { email: user.email, password: user.password });
    expect(again.body.user?.id, again.text + JSON.stringify([...c.cookies.keys()])).toBe(user.id);
    // Another browser still gets the code step; a forged cookie does not help.
    const other = guest(t);
    other.cookies.set('two_factor_remember', `${user.id}.${Date.now() + 1e9}.forged`);
    await passwordStep(user.email, user.password, other);
  });

  it('turning it off needs the password and a code; new recovery codes replace the old ones', async () => {
    const { user, c, secret, recovery } = await withTwoFactor();
    const fresh = await c.post('/api/v1/account/two-factor/recovery-codes', { password: user.password, code: codeAt(secret) });
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.body.recovery_codes).toHaveLength(8);
    const p = await passwordStep(user.email);
    expect((await p.post('/api/v1/auth/two-factor-challenge', { recovery_code: recovery[0] })).status).toBe(422);
    await nextStep(user.id);
    const wrongPassword = await c.request('DELETE', '/api/v1/account/two-factor', { password: 'nope', code: codeAt(secret) });
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.body.errors.password).toEqual(['The password is incorrect.']);
    expect((await c.request('DELETE', '/api/v1/account/two-factor', { password: user.password, code: '000000' })).status).toBe(422);
    expect((await c.request('DELETE', '/api/v1/account/two-factor', { password: user.password })).status).toBe(422);
    await nextStep(user.id);
    expect((await c.request('DELETE', '/api/v1/account/two-factor', { password: user.password, code: codeAt(secret) })).status).toBe(200);
    expect((await guest(t).post('/api/v1/auth/login', { email: user.email, password: user.password })).body.user.id).toBe(user.id);
  });
});

describe('two-factor sign-in: social login and the admin requirement', () => {
  it('a social login of an account with 2FA lands on the code step, with no session', async () => {
    await t.ctx.settings.set({ 'client.social.google.enable': true, 'server.google_id': fake.clients.google.id, 'server.google_secret': fake.clients.google.secret } as never);
    const { user, secret } = await withTwoFactor({ email: fake.accounts.google.email ?? undefined });
    // Its owner proved the address (a mailed link): the provider's sign-in may link to it.
    await t.ctx.db.updateTable('users').set({ email_proven_at: new Date().toISOString() }).where('id', '=', user.id).execute();
    const client = guest(t);
    const start = await client.get('/api/v1/auth/social/google/connect');
    const approved = await fetch(String(start.headers.location), { redirect: 'manual' });
    const callback = new URL(approved.headers.get('location')!);
    const page = await client.get(callback.pathname + callback.search);
    expect(page.text).toContain('"status":"TWO_FACTOR"');
    expect(page.text).toContain('/login/two-factor');
    expect((await client.get('/api/v1/auth/me')).body.user).toBeNull();
    expect((await client.post('/api/v1/auth/two-factor-challenge', { code: codeAt(secret) })).body.user.id).toBe(user.id);
  });

  it('with the setting on, a user who can open the admin is refused admin calls until 2FA is on', async () => {
    const admin = await asAdmin(t);
    expect((await admin.post('/api/v1/settings', { client: { 'client.auth.require_two_factor_admin': true } })).status).toBe(200);
    const blocked = await admin.get('/api/v1/roles');
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe('Two-factor authentication is required for your account. Turn it on in your account settings.');
    expect((await admin.get('/api/v1/account/two-factor')).body.required).toBe(true);
    // The public site and the account settings stay open.
    expect((await admin.get('/api/v1/auth/me')).body.user.email).toBe(ADMIN.email);
    const setup = await admin.post('/api/v1/account/two-factor', { password: ADMIN.password });
    expect((await admin.post('/api/v1/account/two-factor/confirm', { code: codeAt(setup.body.secret) })).status).toBe(200);
    expect((await admin.get('/api/v1/roles')).status).toBe(200);
    // A regular user is not affected.
    const u = await createUser(t, { roles: [t.roles.users] });
    expect((await (await new Client(t).login(u.email, u.password)).get('/api/v1/account/two-factor')).body.required).toBe(false);
  });
});

describe('require 2FA for admins covers access tokens', () => {
  it('refuses the token of a user who can open the admin until its owner turns 2FA on', async () => {
    // Set directly: the site's admin turned 2FA on in an earlier test, and an earlier test left the setting on.
    const requireTwoFactor = (on: boolean) => t.ctx.settings.set({ 'client.auth.require_two_factor_admin': on });
    await requireTwoFactor(false);
    const owner = await createUser(t, { roles: [t.roles.admin] });
    const c = await new Client(t).login(owner.email, owner.password);
    const plain = (await c.post('/api/v1/auth/access-tokens', { tokenName: 'ci' })).body.plainTextToken as string;
    const user = await createUser(t, { roles: [t.roles.users], permissions: ['api.access'] });
    const userToken = (await (await new Client(t).login(user.email, user.password)).post('/api/v1/auth/access-tokens', { tokenName: 'mine' })).body.plainTextToken as string;
    const withToken = (token: string) => Object.assign(guest(t), { bearer: token });
    expect((await withToken(plain).get('/api/v1/roles')).status).toBe(200);

    await requireTwoFactor(true);
    for (const url of ['/api/v1/roles', '/api/v1/auth/me']) {
      const refused = await withToken(plain).get(url);
      expect(refused.status, url).toBe(403);
      expect(refused.body.message).toBe('Two-factor authentication is required for your account before its access tokens can be used. Turn it on in your account settings.');
    }
    // A token scoped below the admin is still its owner's: refused too. A regular user's token is not affected.
    const scoped = (await c.post('/api/v1/auth/access-tokens', { tokenName: 'narrow', scopes: ['titles.view'] })).body.plainTextToken as string;
    expect((await withToken(scoped).get('/api/v1/auth/me')).status).toBe(403);
    expect((await withToken(userToken).get('/api/v1/auth/me')).status).toBe(200);

    // The owner turns 2FA on (in a session): the same token works at once.
    const setup = await c.post('/api/v1/account/two-factor', { password: owner.password });
    expect((await c.post('/api/v1/account/two-factor/confirm', { code: codeAt(setup.body.secret) })).status).toBe(200);
    expect((await withToken(plain).get('/api/v1/roles')).status).toBe(200);
    await requireTwoFactor(false);
  });
});
