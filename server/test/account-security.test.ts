import { beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { SESSION_COOKIE } from '@app/contracts';
import { ADMIN, Client, PASSWORD, accountExportOf, asAdmin, asUser, createTestApp, createUser, guest } from './helper.ts';
import { BROWSER_SESSION_IDLE_MS, SESSION_TTL_MS } from '../src/http/auth.ts';

/** A member's own account: how long a sign-in lasts, ending one session, 2FA and sessions, the export, address probing. */
const t = await createTestApp();
let admin: Client;

const codeAt = (secret: string, steps = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });
const nextStep = (userId: number) => t.ctx.db.updateTable('two_factor').set({ last_step: null }).where('user_id', '=', userId).execute();

let ipCounter = 0;
const freshIp = () => { ipCounter++; return `10.7.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`; };

/** The raw Set-Cookie header for one cookie name. */
function setCookie(headers: Record<string, unknown>, name: string): string | undefined {
  return ([headers['set-cookie'] ?? []].flat() as string[]).find((c) => c.startsWith(`${name}=`));
}

/** How long from now the user's newest session lasts on the server. */
async function serverLife(userId: number): Promise<number> {
  const row = await t.ctx.db.selectFrom('sessions').select('expires_at').where('user_id', '=', userId).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  return Date.parse(row.expires_at) - Date.now();
}

beforeAll(async () => {
  admin = await asAdmin(t);
});

describe('stay signed in', () => {
  it('without it, a browser-session cookie and a short server life; with it, a month', async () => {
    const u = await createUser(t, { roles: [t.roles.users] });
    const short = await guest(t).post('/api/v1/auth/login', { email: u.email, password: PASSWORD });
    expect(short.status, short.text).toBe(200);
    const shortCookie = setCookie(short.headers, SESSION_COOKIE)!;
    expect(shortCookie).toBeDefined();
    expect(shortCookie).not.toMatch(/Max-Age|Expires/i);
    expect(await serverLife(u.id)).toBeLessThanOrEqual(BROWSER_SESSION_IDLE_MS);

    const long = await guest(t).post('/api/v1/auth/login', { email: u.email, password: PASSWORD, remember: true });
    expect(setCookie(long.headers, SESSION_COOKIE)).toContain(`Max-Age=${SESSION_TTL_MS / 1000}`);
    expect(await serverLife(u.id)).toBeGreaterThan(SESSION_TTL_MS - 60_000);
  });

  it('a short session ends after the idle time on the server, and activity moves its end on', async () => {
    const me = await asUser(t);
    await t.ctx.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', me.user.id).execute();
    expect((await me.get('/api/v1/auth/me')).body.user).toBeNull();
    const again = await new Client(t).login(me.user.email, PASSWORD);
    // An hour of the idle time gone, then a request (the first of this session, so it is recorded) renews it.
    await t.ctx.db.updateTable('sessions').set({ expires_at: new Date(Date.now() + BROWSER_SESSION_IDLE_MS - 3_600_000).toISOString() }).where('user_id', '=', me.user.id).execute();
    expect((await again.get('/api/v1/account/sessions')).status).toBe(200);
    expect(await serverLife(me.user.id)).toBeGreaterThan(BROWSER_SESSION_IDLE_MS - 60_000);
  });

  it('carries the choice across the two-factor code step', async () => {
    const u = await createUser(t, { roles: [t.roles.users] });
    const c = await new Client(t).login(u.email, PASSWORD);
    const secret = (await c.post('/api/v1/account/two-factor', { password: PASSWORD })).body.secret as string;
    expect((await c.post('/api/v1/account/two-factor/confirm', { code: codeAt(secret) })).status).toBe(200);
    await nextStep(u.id);
    const pending = guest(t);
    expect((await pending.post('/api/v1/auth/login', { email: u.email, password: PASSWORD, remember: true })).body.two_factor).toBe(true);
    const done = await pending.post('/api/v1/auth/two-factor-challenge', { code: codeAt(secret) });
    expect(done.status, done.text).toBe(200);
    expect(setCookie(done.headers, SESSION_COOKIE)).toContain(`Max-Age=${SESSION_TTL_MS / 1000}`);
    await nextStep(u.id);
    const brief = guest(t);
    await brief.post('/api/v1/auth/login', { email: u.email, password: PASSWORD });
    const ended = await brief.post('/api/v1/auth/two-factor-challenge', { code: codeAt(secret) });
    expect(setCookie(ended.headers, SESSION_COOKIE)).not.toMatch(/Max-Age|Expires/i);
  });
});

describe('DELETE account/sessions/{id}', () => {
  it('ends one chosen session of one\'s own, not the current one, and never another member\'s', async () => {
    const me = await asUser(t);
    const phone = await new Client(t).login(me.user.email, PASSWORD);
    const laptop = await new Client(t).login(me.user.email, PASSWORD);
    const sessions = (await me.get('/api/v1/account/sessions')).body.sessions as { id: string; current: boolean }[];
    expect(sessions).toHaveLength(3);
    const phoneId = (await phone.get('/api/v1/account/sessions')).body.sessions.find((s: { current: boolean }) => s.current).id as string;
    const current = sessions.find((s) => s.current)!.id;

    const res = await me.delete(`/api/v1/account/sessions/${phoneId}`);
    expect([res.status, res.body.message]).toEqual([200, 'Session ended']);
    expect((await phone.get('/api/v1/auth/me')).body.user).toBeNull();
    expect((await laptop.get('/api/v1/auth/me')).body.user.id).toBe(me.user.id);
    expect((await me.get('/api/v1/account/sessions')).body.sessions).toHaveLength(2);

    const self = await me.delete(`/api/v1/account/sessions/${current}`);
    expect([self.status, self.body.message]).toEqual([422, 'This is the session you are using. Log out to end it.']);
    expect((await me.get('/api/v1/auth/me')).body.user.id).toBe(me.user.id);

    // Another member's session is unknown to this one.
    const other = await asUser(t);
    const otherId = (await other.get('/api/v1/account/sessions')).body.sessions[0].id as string;
    expect((await me.delete(`/api/v1/account/sessions/${otherId}`)).status).toBe(404);
    expect((await other.get('/api/v1/auth/me')).body.user.id).toBe(other.user.id);
    expect((await me.delete(`/api/v1/account/sessions/${phoneId}`)).status).toBe(404);
    expect((await me.delete('/api/v1/account/sessions/__proto__')).status).toBe(422);
    expect((await guest(t).delete(`/api/v1/account/sessions/${otherId}`)).status).toBe(401);
  });
});

describe('two-factor and the other sessions', () => {
  it('turning it on and off signs out the account everywhere else', async () => {
    const me = await asUser(t);
    const elsewhere = await new Client(t).login(me.user.email, PASSWORD);
    const secret = (await me.post('/api/v1/account/two-factor', { password: PASSWORD })).body.secret as string;
    expect((await me.post('/api/v1/account/two-factor/confirm', { code: codeAt(secret) })).status).toBe(200);
    expect((await elsewhere.get('/api/v1/auth/me')).body.user).toBeNull();
    expect((await me.get('/api/v1/auth/me')).body.user.two_factor_enabled).toBe(true);

    // A second browser signs in with the code, then 2FA goes off from the first.
    await nextStep(me.user.id);
    const second = guest(t);
    await second.post('/api/v1/auth/login', { email: me.user.email, password: PASSWORD });
    expect((await second.post('/api/v1/auth/two-factor-challenge', { code: codeAt(secret) })).status).toBe(200);
    await nextStep(me.user.id);
    const off = await me.request('DELETE', '/api/v1/account/two-factor', { password: PASSWORD, code: codeAt(secret) });
    expect(off.status, off.text).toBe(200);
    expect((await second.get('/api/v1/auth/me')).body.user).toBeNull();
    expect((await me.get('/api/v1/auth/me')).body.user.two_factor_enabled).toBe(false);
  });

  it('limits wrong codes when confirming the set-up (429 with Retry-After)', async () => {
    const me = await asUser(t);
    const secret = (await me.post('/api/v1/account/two-factor', { password: PASSWORD })).body.secret as string;
    for (let i = 0; i < 5; i++) expect((await me.post('/api/v1/account/two-factor/confirm', { code: codeAt(secret, 20 + i) })).status).toBe(422);
    const limited = await me.post('/api/v1/account/two-factor/confirm', { code: codeAt(secret) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect((await me.get('/api/v1/account/two-factor')).body.enabled).toBe(false);
  });
});

describe('GET account/export: votes and notifications', () => {
  it('includes the member\'s video votes and the notifications they received, and nobody else\'s', async () => {
    const title = (await admin.post('/api/v1/titles', { name: 'Exported Film' })).body.title.id as number;
    const video = (await admin.post('/api/v1/videos', { name: 'Exported clip', title_id: title, type: 'embed', src: 'https://www.youtube.com/embed/x', category: 'clip', approved: true })).body.video.id as number;
    const me = await asUser(t);
    const other = await asUser(t);
    expect((await me.put(`/api/v1/videos/${video}/vote`, { vote: 'down' })).status).toBe(200);
    expect((await other.put(`/api/v1/videos/${video}/vote`, { vote: 'up' })).status).toBe(200);
    const mine = (await me.post('/api/v1/comment', { commentable_type: 'title', commentable_id: title, content: 'My own words' })).body.comment;
    expect((await other.post('/api/v1/comment', { commentable_type: 'title', commentable_id: title, content: 'A secret reply', parent_id: mine.id })).status).toBe(200);

    const res = await accountExportOf(t, me);
    const data = JSON.parse(res.text);
    expect(data.video_votes).toEqual([expect.objectContaining({ video_id: video, video: 'Exported clip', title_id: title, title: 'Exported Film', is_upvote: false })]);
    expect(data.notifications).toEqual([expect.objectContaining({ type: 'comment_reply', read_at: null })]);
    // The reply is someone else's: named by id, never its words or its author.
    expect(res.text).not.toContain('A secret reply');
    expect(res.text).not.toContain(other.user.email);
    const theirs = JSON.parse((await accountExportOf(t, other)).text);
    expect(theirs.video_votes).toEqual([expect.objectContaining({ video_id: video, is_upvote: true })]);
    expect(theirs.notifications).toEqual([]);
  });
});

describe('whether an address has an account', () => {
  it('sign-up says "taken" only a few times an hour per address; new accounts are not slowed by it', async () => {
    const ip = freshIp();
    const tryTaken = () => guest(t).request('POST', '/api/v1/auth/register', { email: ADMIN.email, password: 'secret-pass', password_confirmation: 'secret-pass' }, { 'x-forwarded-for': ip });
    for (let i = 0; i < 10; i++) {
      const res = await tryTaken();
      expect([res.status, res.body.errors?.email]).toEqual([422, ['This email has already been taken.']]);
    }
    const limited = await tryTaken();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    // Another address is not held up.
    const fresh = await guest(t).request('POST', '/api/v1/auth/register', { email: ADMIN.email, password: 'secret-pass', password_confirmation: 'secret-pass' }, { 'x-forwarded-for': freshIp() });
    expect(fresh.status).toBe(422);
  });

  it('an email change says "taken" only a few times an hour per member', async () => {
    const me = await asUser(t);
    const taken = await createUser(t);
    for (let i = 0; i < 10; i++) {
      const res = await me.put('/api/v1/account/email', { email: taken.email, password: PASSWORD });
      expect([res.status, res.body.errors?.email]).toEqual([422, ['This email has already been taken.']]);
    }
    const limited = await me.put('/api/v1/account/email', { email: taken.email, password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
