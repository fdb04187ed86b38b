import { afterEach, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@app/contracts';
import { ADMIN, Client, PASSWORD, asAdmin, asUser, createTestApp, createUser, guest, mailsIn } from './helper.ts';
import { LIMITS } from '../src/http/rate-limit.ts';
import { deleteExpiredCredentials } from '../src/modules/auth/sessions.ts';
import { tick } from '../src/modules/scheduler/index.ts';

const t = await createTestApp();

const mailsTo = async (email: string) => (await mailsIn(t)).filter((m) => m.to === email);
async function lastLink(email: string, pattern: RegExp): Promise<RegExpExecArray> {
  const m = (await mailsTo(email)).at(-1);
  const match = m && pattern.exec(m.text);
  if (!match) throw new Error(`no mail to ${email} matching ${pattern}: ${JSON.stringify((await mailsTo(email)))}`);
  return match;
}

// Every request from inject comes from 127.0.0.1; tests that fail logins on purpose use an address of their own
// (the test app sets TRUST_PROXY, so the server trusts X-Forwarded-For) so the per-IP limit they trip does not lock the other tests out.
let ipCounter = 0;
const freshIp = () => { ipCounter++; return `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`; };
const loginFrom = (c: Client, ip: string, email: string, password: string) =>
  c.request('POST', '/api/v1/auth/login', { email, password }, { 'x-forwarded-for': ip });

/** The raw Set-Cookie header for one cookie name. */
function setCookie(headers: Record<string, unknown>, name: string): string | undefined {
  const all = [headers['set-cookie'] ?? []].flat() as string[];
  return all.find((c) => c.startsWith(`${name}=`));
}

afterEach(async () => {
  await t.ctx.settings.set({ 'client.registration.disable': false, 'client.auth.domain_blacklist': '', 'client.require_email_confirmation': false });
});

describe('POST auth/register', () => {
  it('creates the user with the default role and signs them in', async () => {
    const c = guest(t);
    const res = await c.post('/api/v1/auth/register', { email: 'New.Person@Example.test', password: 'secret-pass', password_confirmation: 'secret-pass', first_name: 'New' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.user).toMatchObject({ email: 'new.person@example.test', first_name: 'New', roles: [{ name: 'users' }] });
    expect(res.body.user.email_verified_at).not.toBeNull();
    expect(res.body.user).not.toHaveProperty('password');
    expect(c.cookies.has(SESSION_COOKIE)).toBe(true);
    const me = await c.get('/api/v1/auth/me');
    expect(me.body.user.email).toBe('new.person@example.test');
    expect(me.body.user.effective_permissions).toContain('api.access');
    // The new account can sign in with its password.
    await guest(t).login('new.person@example.test', 'secret-pass');
  });

  it('refuses a taken email, a short password and a mismatched confirmation with field errors', async () => {
    const taken = await guest(t).post('/api/v1/auth/register', { email: ADMIN.email.toUpperCase(), password: 'secret-pass', password_confirmation: 'secret-pass' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email).toBeDefined();
    const short = await guest(t).post('/api/v1/auth/register', { email: 'short@example.test', password: 'short', password_confirmation: 'short' });
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toBeDefined();
    const mismatch = await guest(t).post('/api/v1/auth/register', { email: 'mm@example.test', password: 'secret-pass', password_confirmation: 'secret-pasz' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password_confirmation).toBeDefined();
    const bad = await guest(t).post('/api/v1/auth/register', { email: 'not-an-email', password: 'secret-pass', password_confirmation: 'secret-pass' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.email).toBeDefined();
    expect(await t.ctx.db.selectFrom('users').select('id').where('email', 'in', ['short@example.test', 'mm@example.test']).execute()).toEqual([]);
  });

  it('answers 403 while registration is disabled', async () => {
    await t.ctx.settings.set({ 'client.registration.disable': true });
    const res = await guest(t).post('/api/v1/auth/register', { email: 'closed@example.test', password: 'secret-pass', password_confirmation: 'secret-pass' });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/disabled/i);
    expect(await t.ctx.db.selectFrom('users').select('id').where('email', '=', 'closed@example.test').executeTakeFirst()).toBeUndefined();
  });

  it('refuses blacklisted domains with errors.email (case-insensitive), allows others', async () => {
    await t.ctx.settings.set({ 'client.auth.domain_blacklist': 'spam.test, Junk.Test' });
    // A blocked domain blocks its subdomains too; a name that merely ends the same way is another domain.
    for (const email of ['a@spam.test', 'B@JUNK.TEST', 'x@sub.spam.test', 'y@deep.sub.Junk.test']) {
      const res = await guest(t).post('/api/v1/auth/register', { email, password: 'secret-pass', password_confirmation: 'secret-pass' });
      expect(res.status, email).toBe(422);
      expect(res.body.errors.email).toEqual(['Registration from this domain is not allowed.']);
    }
    const ok = await guest(t).post('/api/v1/auth/register', { email: 'fine@notspam.test', password: 'secret-pass', password_confirmation: 'secret-pass' });
    expect(ok.status, ok.text).toBe(200);
  });

  it('with email confirmation required: mails a verify link, starts no session; the link verifies once', async () => {
    await t.ctx.settings.set({ 'client.require_email_confirmation': true });
    const c = guest(t);
    const res = await c.post('/api/v1/auth/register', { email: 'confirm@example.test', password: 'secret-pass', password_confirmation: 'secret-pass' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('needs_email_verification');
    expect(res.body.user).toBeUndefined();
    expect(c.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await c.get('/api/v1/auth/me')).body.user).toBeNull();

    const row = await t.ctx.db.selectFrom('users').select(['id', 'email_verified_at']).where('email', '=', 'confirm@example.test').executeTakeFirstOrThrow();
    expect(row.email_verified_at).toBeNull();
    const [, token] = await lastLink('confirm@example.test', /http:\/\/localhost:8000\/email\/verify\/([A-Za-z0-9_-]+)/);

    const wrong = await guest(t).post('/api/v1/auth/email/verify', { token: 'x'.repeat(40) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.token).toBeDefined();

    const ok = await guest(t).post('/api/v1/auth/email/verify', { token });
    expect(ok.status, ok.text).toBe(200);
    const after = await t.ctx.db.selectFrom('users').select('email_verified_at').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(after.email_verified_at).not.toBeNull();
    // Opened again (another tab) it says the address is confirmed, as it is.
    const again = await guest(t).post('/api/v1/auth/email/verify', { token });
    expect(again.status).toBe(200);
    await guest(t).login('confirm@example.test', 'secret-pass');
  });

  it('a signed-in unverified user can ask for a new link', async () => {
    const u = await createUser(t, { roles: [t.roles.users], verified: false });
    const c = await new Client(t).login(u.email, u.password);
    const before = (await mailsTo(u.email)).length;
    const res = await c.post('/api/v1/auth/email/verification-notification');
    expect(res.status, res.text).toBe(200);
    expect((await mailsTo(u.email))).toHaveLength(before + 1);
    const [, token] = await lastLink(u.email, /\/email\/verify\/([A-Za-z0-9_-]+)/);
    expect((await guest(t).post('/api/v1/auth/email/verify', { token })).status).toBe(200);
    expect((await c.post('/api/v1/auth/email/verification-notification')).status).toBe(422);
  });

  it('mails a new link a few times an hour only: signing up with someone else\'s address cannot flood their inbox', async () => {
    const u = await createUser(t, { roles: [t.roles.users], verified: false });
    const c = await new Client(t).login(u.email, u.password);
    const before = (await mailsTo(u.email)).length;
    for (let i = 0; i < LIMITS.verificationMail.max; i++) expect((await c.post('/api/v1/auth/email/verification-notification')).status).toBe(200);
    const limited = await c.post('/api/v1/auth/email/verification-notification');
    expect([limited.status, limited.body.message]).toEqual([429, expect.stringMatching(/^Too many confirmation emails\. Please try again in \d+ seconds\.$/)]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await mailsTo(u.email))).toHaveLength(before + LIMITS.verificationMail.max);
    // The last link sent still confirms the address.
    const [, token] = await lastLink(u.email, /\/email\/verify\/([A-Za-z0-9_-]+)/);
    expect((await guest(t).post('/api/v1/auth/email/verify', { token })).status).toBe(200);
  });
});

describe('POST auth/login, auth/logout, GET auth/me', () => {
  it('signs in: answers the user and sets an httpOnly SameSite session cookie', async () => {
    const c = guest(t);
    const res = await c.post('/api/v1/auth/login', { email: ADMIN.email, password: ADMIN.password });
    expect(res.status, res.text).toBe(200);
    expect(res.body.user).toMatchObject({ email: ADMIN.email, roles: [{ name: 'admin' }] });
    expect(res.body.user).not.toHaveProperty('password');
    const cookie = setCookie(res.headers, SESSION_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=(Lax|Strict)/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    // The CSRF cookie must be readable by the page's script.
    expect(setCookie(res.headers, CSRF_COOKIE)).not.toMatch(/HttpOnly/i);
  });

  it('accepts the email in any case', async () => {
    const res = await loginFrom(guest(t), freshIp(), ADMIN.email.toUpperCase(), ADMIN.password);
    expect(res.status, res.text).toBe(200);
  });

  it('answers 422 with errors.email for a wrong password or unknown account, without a session', async () => {
    const ip = freshIp();
    for (const [email, password] of [[ADMIN.email, 'wrong-password'], ['nobody@example.test', 'whatever']]) {
      const c = guest(t);
      const res = await loginFrom(c, ip, email, password);
      expect(res.status).toBe(422);
      expect(res.body.errors.email).toEqual(['These credentials do not match our records.']);
      expect(c.cookies.has(SESSION_COOKIE)).toBe(false);
    }
    const missing = await loginFrom(guest(t), ip, '', '');
    expect(missing.status).toBe(422);
    expect(missing.body.errors.email).toBeDefined();
    expect(missing.body.errors.password).toBeDefined();
  });

  it('logout ends the session on the server, not only in the browser', async () => {
    const c = await asAdmin(t);
    const stolen = new Map(c.cookies);
    expect((await c.get('/api/v1/auth/me')).body.user.email).toBe(ADMIN.email);
    expect((await c.post('/api/v1/auth/logout')).status).toBe(200);
    expect(c.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await c.get('/api/v1/auth/me')).body.user).toBeNull();
    // Replaying the old cookie does not bring the session back.
    const replay = new Client(t);
    replay.cookies = stolen;
    expect((await replay.get('/api/v1/auth/me')).body.user).toBeNull();
    expect((await replay.get('/api/v1/users')).status).toBe(401);
  });

  it('me: null for guests (with the guests role permissions)', async () => {
    const res = await guest(t).get('/api/v1/auth/me');
    expect(res.status).toBe(200);
    expect(res.body.user).toBeNull();
    expect(res.body.guest_permissions).toContain('titles.view');
    expect(res.body.guest_permissions).not.toContain('api.access');
    // A menu item restricted to the guests role is the visitor's to see.
    expect(res.body.guest_role_ids).toEqual([t.roles.guests]);
    expect(res.body.settings).toHaveProperty(['client.registration.disable']);
    expect(Object.keys(res.body.settings).every((k) => k.startsWith('client.'))).toBe(true);
  });

  it('me: the user with roles and effective_permissions = union of roles and own', async () => {
    const c = await asUser(t, { permissions: ['users.update', 'api.access'] });
    const me = (await c.get('/api/v1/auth/me')).body.user;
    expect(me.id).toBe(c.user.id);
    expect(me.roles).toEqual([{ id: t.roles.users, name: 'users' }]);
    expect(me.effective_permissions).toContain('users.update'); // own
    expect(me.effective_permissions).toContain('lists.create'); // from the users role
    expect(me.effective_permissions).not.toContain('admin');
    expect(new Set(me.effective_permissions).size).toBe(me.effective_permissions.length);
    expect(me.effective_permissions).toEqual([...me.effective_permissions].sort());
    expect(me).not.toHaveProperty('password');
    // The own permission is effective for the guard too.
    expect((await c.get('/api/v1/users')).status).toBe(200);
  });

  it('single-device login ends the other sessions', async () => {
    const u = await createUser(t, { roles: [t.roles.users] });
    const first = await new Client(t).login(u.email, u.password);
    await t.ctx.settings.set({ 'client.single_device_login': true });
    try {
      await new Client(t).login(u.email, u.password);
      expect((await first.get('/api/v1/auth/me')).body.user).toBeNull();
    } finally {
      await t.ctx.settings.set({ 'client.single_device_login': false });
    }
  });
});

describe('password reset', () => {
  const message = 'If an account exists for that email, we have sent a password reset link to it.';

  it('answers the same for known and unknown addresses, mailing only the known one', async () => {
    const u = await createUser(t, { roles: [t.roles.users] });
    const before = (await mailsIn(t)).length;
    const unknown = await guest(t).post('/api/v1/auth/password/email', { email: 'ghost@example.test' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ message });
    expect((await mailsIn(t))).toHaveLength(before);
    const known = await guest(t).post('/api/v1/auth/password/email', { email: u.email });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ message });
    expect((await mailsIn(t))).toHaveLength(before + 1);
    expect((await mailsTo(u.email)).at(-1)!.subject).toMatch(/reset/i);
    const bad = await guest(t).post('/api/v1/auth/password/email', { email: 'nope' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.email).toBeDefined();
  });

  it('the mailed token resets the password once and ends every session', async () => {
    const u = await createUser(t, { roles: [t.roles.users] });
    const session = await new Client(t).login(u.email, u.password);
    await guest(t).post('/api/v1/auth/password/email', { email: u.email });
    const [, token, email] = await lastLink(u.email, /http:\/\/localhost:8000\/password\/reset\/([A-Za-z0-9_-]+)\?email=(\S+)/);
    expect(decodeURIComponent(email)).toBe(u.email);

    const mismatch = await guest(t).post('/api/v1/auth/password/reset', { token, email: 'someone-else@example.test', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' });
    expect(mismatch.status).toBe(422);

    const res = await guest(t).post('/api/v1/auth/password/reset', { token, email: u.email, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' });
    expect(res.status, res.text).toBe(200);
    expect((await session.get('/api/v1/auth/me')).body.user).toBeNull();
    expect((await loginFrom(guest(t), freshIp(), u.email, u.password)).status).toBe(422);
    await guest(t).login(u.email, 'brand-new-pass');

    const reuse = await guest(t).post('/api/v1/auth/password/reset', { token, email: u.email, password: 'other-new-pass', password_confirmation: 'other-new-pass' });
    expect(reuse.status).toBe(422);
    expect(reuse.body.errors).toBeDefined();
    await guest(t).login(u.email, 'brand-new-pass');
  });

  it('refuses a bad token with 422, and a short or unconfirmed password', async () => {
    const u = await createUser(t, { roles: [t.roles.users] });
    const bad = await guest(t).post('/api/v1/auth/password/reset', { token: 'x'.repeat(43), email: u.email, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toBeDefined();
    await guest(t).post('/api/v1/auth/password/email', { email: u.email });
    const [, token] = await lastLink(u.email, /\/password\/reset\/([A-Za-z0-9_-]+)/);
    const short = await guest(t).post('/api/v1/auth/password/reset', { token, email: u.email, password: 'short', password_confirmation: 'short' });
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toBeDefined();
    const unconfirmed = await guest(t).post('/api/v1/auth/password/reset', { token, email: u.email, password: 'brand-new-pass', password_confirmation: 'brand-new-pasz' });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.errors.password_confirmation).toBeDefined();
    // Refused attempts do not use the token up.
    const ok = await guest(t).post('/api/v1/auth/password/reset', { token, email: u.email, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' });
    expect(ok.status, ok.text).toBe(200);
  });

  it('only the newest link works', async () => {
    const u = await createUser(t, { roles: [t.roles.users] });
    await guest(t).post('/api/v1/auth/password/email', { email: u.email });
    const [, first] = await lastLink(u.email, /\/password\/reset\/([A-Za-z0-9_-]+)/);
    await guest(t).post('/api/v1/auth/password/email', { email: u.email });
    const [, second] = await lastLink(u.email, /\/password\/reset\/([A-Za-z0-9_-]+)/);
    expect(second).not.toBe(first);
    const body = { email: u.email, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' };
    expect((await guest(t).post('/api/v1/auth/password/reset', { ...body, token: first })).status).toBe(422);
    expect((await guest(t).post('/api/v1/auth/password/reset', { ...body, token: second })).status).toBe(200);
  });
});

describe('CSRF', () => {
  it('refuses a cookie-authenticated write without (or with a wrong) x-xsrf-token header', async () => {
    const c = await asAdmin(t);
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const target = await createUser(t, { roles: [t.roles.users] });
    const url = `/api/v1/users/${target.id}`;
    const body = JSON.stringify({ first_name: 'Hacked' });
    const none = await t.app.inject({ method: 'PUT', url, headers: { cookie, 'content-type': 'application/json' }, payload: body });
    expect(none.statusCode).toBe(419);
    expect(none.json().message).toMatch(/CSRF/);
    const wrong = await t.app.inject({ method: 'PUT', url, headers: { cookie, 'content-type': 'application/json', [CSRF_HEADER]: 'forged' }, payload: body });
    expect(wrong.statusCode).toBe(419);
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(419);
    const row = await t.ctx.db.selectFrom('users').select('first_name').where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(row.first_name).toBeNull();
    // Still signed in: the refused logout did nothing.
    expect((await c.get('/api/v1/auth/me')).body.user.email).toBe(ADMIN.email);
    // With the header the same write goes through.
    expect((await c.put(url, { first_name: 'Fine' })).status).toBe(200);
  });

  it('a login form post without the header is refused too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: ADMIN.email, password: ADMIN.password } });
    expect(res.statusCode).toBe(419);
  });

  it('reads need no header', async () => {
    const c = await asAdmin(t);
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users', headers: { cookie } });
    expect(res.statusCode).toBe(200);
  });
});

describe('personal access tokens', () => {
  it('POST auth/access-tokens answers a token that works as a bearer for reads and permitted writes, without CSRF', async () => {
    const admin = await asAdmin(t);
    const created = await admin.post('/api/v1/auth/access-tokens', { tokenName: 'ci' });
    expect(created.status, created.text).toBe(200);
    expect(typeof created.body.plainTextToken).toBe('string');
    const api = new Client(t);
    api.bearer = created.body.plainTextToken;
    const me = await api.get('/api/v1/auth/me');
    expect(me.body.user.email).toBe(ADMIN.email);

    const target = await createUser(t, { roles: [t.roles.users] });
    // No cookies at all, no CSRF header: a bearer write is fine.
    const res = await t.app.inject({
      method: 'PUT', url: `/api/v1/users/${target.id}`, payload: { first_name: 'ViaToken' },
      headers: { authorization: `Bearer ${created.body.plainTextToken}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.first_name).toBe('ViaToken');

    const listed = await admin.get('/api/v1/auth/access-tokens');
    const row = listed.body.tokens.find((x: any) => x.name === 'ci');
    expect(row.last_used_at).not.toBeNull();
    expect(JSON.stringify(listed.body)).not.toContain(created.body.plainTextToken);
    expect(row).not.toHaveProperty('token_hash');

    expect((await admin.delete(`/api/v1/auth/access-tokens/${row.id}`)).status).toBe(200);
    expect((await api.get('/api/v1/auth/me')).status).toBe(401);
  });

  it('a bearer token carries only its owner’s permissions', async () => {
    const c = await asUser(t);
    const created = await c.post('/api/v1/auth/access-tokens', { tokenName: 'mine' });
    expect(created.status).toBe(200);
    const api = new Client(t);
    api.bearer = created.body.plainTextToken;
    expect((await api.get('/api/v1/auth/me')).body.user.id).toBe(c.user.id);
    expect((await api.get('/api/v1/users')).status).toBe(403);
    expect((await api.post('/api/v1/users', { email: 'viatoken@example.test', password: 'secret-pass' })).status).toBe(403);
    // Someone else's token id cannot be deleted.
    const other = await asAdmin(t);
    const otherToken = await other.post('/api/v1/auth/access-tokens', { tokenName: 'admins' });
    const adminTokens = (await other.get('/api/v1/auth/access-tokens')).body.tokens;
    expect((await c.delete(`/api/v1/auth/access-tokens/${adminTokens[0].id}`)).status).toBe(404);
    expect(otherToken.status).toBe(200);
  });

  it('an unknown bearer token is 401, and a blank token name is 422', async () => {
    const api = new Client(t);
    api.bearer = 'nope|nothing';
    expect((await api.get('/api/v1/auth/me')).status).toBe(401);
    expect((await (await asAdmin(t)).post('/api/v1/auth/access-tokens', { tokenName: '  ' })).status).toBe(422);
  });
});

describe('expired sessions and links', () => {
  it('a daily run deletes the expired ones, never presented again, and keeps what still works', async () => {
    const u = await createUser(t, { roles: [t.roles.users] });
    await new Client(t).login(u.email, u.password);
    await new Client(t).login(u.email, u.password);
    await guest(t).post('/api/v1/auth/password/email', { email: u.email });
    const mine = () => Promise.all(['sessions', 'user_tokens'].map(async (table) =>
      (await t.ctx.db.selectFrom(table as 'sessions').select('id').where('user_id', '=', u.id).execute()).length));
    expect(await mine()).toEqual([2, 1]);
    // A month on, one session and the reset link have expired; the other session was renewed meanwhile.
    const later = new Date(Date.now() + 40 * 86_400_000);
    const [kept] = await t.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', u.id).orderBy('id').limit(1).execute();
    await t.ctx.db.updateTable('sessions').set({ expires_at: new Date(later.getTime() + 86_400_000).toISOString() }).where('id', '=', kept.id).execute();
    await t.ctx.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', u.id).where('id', '!=', kept.id).execute();
    const before = await deleteExpiredCredentials(t.ctx.db, later);
    expect(before.sessions).toBeGreaterThanOrEqual(1);
    expect(before.tokens).toBeGreaterThanOrEqual(1);
    expect(await mine()).toEqual([1, 0]);
    expect(await t.ctx.db.selectFrom('sessions').select('id').where('id', '=', kept.id).executeTakeFirst()).toBeDefined();
    // It is a scheduled task of its own.
    expect(await tick(t.ctx, { now: () => later, only: ['auth:expired-credentials'] })).toEqual(['auth:expired-credentials']);
  });
});

describe('login throttling', () => {
  it('never locks an account for failures from other addresses: the owner still gets in, after a short growing delay', async () => {
    const u = await createUser(t, { roles: [t.roles.users] });
    for (let i = 0; i < 6; i++) expect((await loginFrom(guest(t), freshIp(), u.email, 'wrong-password')).status).toBe(422);
    const started = Date.now();
    expect((await loginFrom(guest(t), freshIp(), u.email, PASSWORD)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });

  it('locks one address for one account after 5 failures, with a clear 429 message and Retry-After', async () => {
    const u = await createUser(t, { roles: [t.roles.users] });
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await loginFrom(guest(t), ip, u.email, 'wrong-password')).status).toBe(422);
    const locked = await loginFrom(guest(t), ip, u.email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many login attempts\. Please try again in \d+ seconds\./);
    const seconds = Number(locked.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    // The owner, elsewhere, is not locked out; other accounts are not affected.
    expect((await loginFrom(guest(t), freshIp(), u.email, PASSWORD)).status).toBe(200);
  });

  it('locks an address after too many failures across accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMITS.loginIp.max; i++) expect((await loginFrom(guest(t), ip, `nobody${i}@example.test`, 'x')).status).toBe(422);
    const u = await createUser(t, { roles: [t.roles.users] });
    const locked = await loginFrom(guest(t), ip, u.email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many login attempts/);
    expect((await loginFrom(guest(t), freshIp(), u.email, PASSWORD)).status).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says to trust it, so a client cannot pick its own address', async () => {
    const direct = await createTestApp({ TRUST_PROXY: '' });
    const g = new Client(direct);
    for (let i = 0; i < LIMITS.loginIp.max; i++) {
      const res = await g.request('POST', '/api/v1/auth/login', { email: `nobody${i}@example.test`, password: 'x' }, { 'x-forwarded-for': freshIp() });
      expect(res.status).toBe(422);
    }
    const spoofed = await g.request('POST', '/api/v1/auth/login', { email: 'nobody999@example.test', password: 'x' }, { 'x-forwarded-for': freshIp() });
    expect(spoofed.status).toBe(429);
  });

  it('locks strangers out of an account after 10 wrong passwords from anywhere, never the browsers it signed in on', async () => {
    const u = await createUser(t, { roles: [t.roles.users] });
    const signedIn = guest(t);
    expect((await loginFrom(signedIn, freshIp(), u.email, PASSWORD)).status).toBe(200);
    // Later, the session gone: the browser keeps only its mark.
    const home = guest(t);
    home.cookies.set('known_device', signedIn.cookies.get('known_device')!);
    // A right password from a new browser is no guess: it never counts.
    for (let i = 0; i < 12; i++) expect((await loginFrom(guest(t), freshIp(), u.email, PASSWORD)).status).toBe(200);
    // A botnet: one wrong password from each of many addresses.
    for (let i = 0; i < LIMITS.loginStranger.max; i++) expect((await loginFrom(guest(t), freshIp(), u.email, 'wrong-password')).status).toBe(422);
    const locked = await loginFrom(guest(t), freshIp(), u.email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many login attempts\. Please try again in \d+ seconds\./);
    // A forged mark is a stranger still.
    const forger = guest(t);
    forger.cookies.set('known_device', `${u.id}.${'A'.repeat(32)}`);
    expect((await loginFrom(forger, freshIp(), u.email, PASSWORD)).status).toBe(429);
    // The owner's own browser signs in (after the growing delay), from any address.
    expect((await loginFrom(home, freshIp(), u.email, PASSWORD)).status).toBe(200);
    // An address nobody has an account for is refused the same way once guessed at, so the answer tells nothing.
    for (let i = 0; i < LIMITS.loginStranger.max; i++) await loginFrom(guest(t), freshIp(), 'nobody-here@example.test', 'x');
    expect((await loginFrom(guest(t), freshIp(), 'nobody-here@example.test', 'x')).status).toBe(429);

    // The owner on a new browser resets the password from the mailbox: that browser is known from then on.
    const phone = guest(t);
    await phone.post('/api/v1/auth/password/email', { email: u.email });
    const [, token] = await lastLink(u.email, /http:\/\/localhost:8000\/password\/reset\/([A-Za-z0-9_-]+)\?email=(\S+)/);
    expect((await phone.post('/api/v1/auth/password/reset', { token, email: u.email, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' })).status).toBe(200);
    expect((await loginFrom(phone, freshIp(), u.email, 'brand-new-pass')).status).toBe(200);
    // The new password forgot the old browsers: home is a stranger now, and strangers are still locked out.
    const homeAgain = guest(t);
    homeAgain.cookies.set('known_device', home.cookies.get('known_device')!);
    expect((await loginFrom(homeAgain, freshIp(), u.email, 'brand-new-pass')).status).toBe(429);
  }, 60_000);

  it('a successful login resets the account counter', async () => {
    const u = await createUser(t, { roles: [t.roles.users] });
    for (let i = 0; i < 4; i++) await loginFrom(guest(t), freshIp(), u.email, 'wrong-password');
    expect((await loginFrom(guest(t), freshIp(), u.email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await loginFrom(guest(t), freshIp(), u.email, 'wrong-password')).status).toBe(422);
    expect((await loginFrom(guest(t), freshIp(), u.email, PASSWORD)).status).toBe(200);
  });
});

describe('suspended users', () => {
  it('a ban ends the sessions and tokens at once; login then answers 403', async () => {
    const admin = await asAdmin(t);
    const c = await asUser(t);
    const token = (await c.post('/api/v1/auth/access-tokens', { tokenName: 't' })).body.plainTextToken;
    const api = new Client(t);
    api.bearer = token;
    expect((await api.get('/api/v1/auth/me')).body.user.id).toBe(c.user.id);

    expect((await admin.post(`/api/v1/users/${c.user.id}/ban`, {})).status).toBe(200);
    expect((await c.get('/api/v1/auth/me')).body.user).toBeNull();
    expect((await c.post('/api/v1/auth/access-tokens', { tokenName: 'again' })).status).toBe(401);
    expect((await api.get('/api/v1/auth/me')).status).toBe(401);
    expect(await t.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', c.user.id).execute()).toEqual([]);

    const denied = await loginFrom(guest(t), freshIp(), c.user.email, PASSWORD);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toMatch(/suspended/);
    // A wrong password does not reveal the suspension.
    expect((await loginFrom(guest(t), freshIp(), c.user.email, 'wrong-password')).status).toBe(422);

    expect((await admin.delete(`/api/v1/users/${c.user.id}/unban`)).status).toBe(200);
    expect((await loginFrom(guest(t), freshIp(), c.user.email, PASSWORD)).status).toBe(200);
  });

  it('a temporary suspension that has run out lifts itself at the next login', async () => {
    const u = await createUser(t, { roles: [t.roles.users] });
    const past = new Date(Date.now() - 60_000).toISOString();
    await t.ctx.db.insertInto('bans').values({ user_id: u.id, ban_until: past, comment: null, created_by: null, created_at: past }).execute();
    await t.ctx.db.updateTable('users').set({ banned_at: past }).where('id', '=', u.id).execute();
    const res = await loginFrom(guest(t), freshIp(), u.email, PASSWORD);
    expect(res.status, res.text).toBe(200);
    expect(res.body.user.banned_at).toBeNull();
  });
});

describe('cached callers', () => {
  it('a bearer token works again once a temporary suspension has run out', async () => {
    const c = await asUser(t);
    const api = new Client(t);
    api.bearer = (await c.post('/api/v1/auth/access-tokens', { tokenName: 'script' })).body.plainTextToken;
    const past = new Date(Date.now() - 60_000).toISOString();
    await t.ctx.db.insertInto('bans').values({ user_id: c.user.id, ban_until: past, comment: null, created_by: null, created_at: past }).execute();
    await t.ctx.db.updateTable('users').set({ banned_at: past }).where('id', '=', c.user.id).execute();
    const me = await api.get('/api/v1/auth/me');
    expect(me.status, me.text).toBe(200);
    expect(me.body.user.banned_at).toBeNull();
  });

  it('any write to grants or role membership applies on the very next request, whoever made it', async () => {
    const c = await asUser(t);
    expect((await c.get('/api/v1/users')).status).toBe(403);
    // Written behind the app's back (another process, a console): triggers still invalidate the cache.
    await t.ctx.db.insertInto('permission_grants').values({ model_type: 'user', model_id: c.user.id, name: 'users.update', restrictions: null }).execute();
    expect((await c.get('/api/v1/users')).status).toBe(200);
    await t.ctx.db.deleteFrom('permission_grants').where('model_type', '=', 'user').where('model_id', '=', c.user.id).execute();
    expect((await c.get('/api/v1/users')).status).toBe(403);
    await t.ctx.db.insertInto('user_role').values({ user_id: c.user.id, role_id: t.roles.admin, created_at: new Date().toISOString() }).execute();
    expect((await c.get('/api/v1/users')).status).toBe(200);
    await t.ctx.db.deleteFrom('sessions').where('user_id', '=', c.user.id).execute();
    expect((await c.get('/api/v1/auth/me')).body.user).toBeNull();
  });
});

describe('request bodies', () => {
  it('answers 413 with a message for a JSON body over 1 MB', async () => {
    const c = await asAdmin(t);
    const res = await c.request('POST', '/api/v1/auth/access-tokens', JSON.stringify({ tokenName: 'x'.repeat(1024 * 1024 + 10) }));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The request is too large.');
  });

  it('answers 400 with a message for malformed JSON, never 500', async () => {
    const c = guest(t);
    for (const payload of ['{"email":', '{email: 1}', 'nul', ' ']) {
      const res = await c.request('POST', '/api/v1/auth/login', payload, { 'content-type': 'application/json' });
      expect(res.status, `${JSON.stringify(payload)}: ${res.text}`).toBe(400);
      expect(res.body.message, payload).toBe('Malformed JSON in the request body.');
      expect(res.text).not.toMatch(/at .*\.ts:\d+/);
    }
  });

  it('takes "Content-Type: application/json" with no body as no body: a DELETE goes through, a POST names its missing fields', async () => {
    const c = await asAdmin(t);
    const tag = (await c.post('/api/v1/tags', { name: 'empty-body', type: 'custom' })).body.tag;
    const del = await c.request('DELETE', `/api/v1/tags/${tag.id}`, '', { 'content-type': 'application/json' });
    expect(del.status, del.text).toBe(200);
    expect(await t.ctx.db.selectFrom('title_tags').select('id').where('id', '=', tag.id).executeTakeFirst()).toBeUndefined();
    const login = await guest(t).request('POST', '/api/v1/auth/login', '', { 'content-type': 'application/json; charset=utf-8' });
    expect(login.status, login.text).toBe(422);
    expect(Object.keys(login.body.errors)).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('answers 422 (not 500) for JSON of the wrong shape', async () => {
    const c = guest(t);
    for (const payload of ['[]', 'null', '"text"', '42', '{"email":{"$ne":1},"password":[1]}']) {
      const res = await c.request('POST', '/api/v1/auth/login', payload, { 'content-type': 'application/json' });
      expect(res.status, `${payload}: ${res.text}`).toBe(422);
    }
  });

  it('answers 415 saying what to send for a body that is not JSON, JSON sent as text/plain included', async () => {
    for (const [body, type] of [['email=a', 'text/plain'], ['{"email":"a@b.c","password":"secret123"}', 'text/plain;charset=UTF-8'], ['<a/>', 'application/xml']]) {
      const res = await guest(t).request('POST', '/api/v1/auth/login', body, { 'content-type': type });
      expect([res.status, res.body.message], type).toEqual([415, 'Send the request body as JSON (Content-Type: application/json).']);
    }
  });
});
