import { beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { Client, PASSWORD, asAdmin, createTestApp, createUser, guest, mailsIn } from './helper.ts';

/** What ends when a member's password changes, and what an account must prove before its keys change hands. */
const t = await createTestApp();
let admin: Client;

const codeAt = (secret: string, steps = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });
const nextStep = (userId: number) => t.ctx.db.updateTable('two_factor').set({ last_step: null }).where('user_id', '=', userId).execute();

async function resetToken(email: string): Promise<string> {
  expect((await guest(t).post('/api/v1/auth/password/email', { email })).status).toBe(200);
  const mail = (await mailsIn(t)).filter((m) => m.to.includes(email)).at(-1);
  const token = mail && /\/password\/reset\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset mail to ${email}`);
  return token;
}

const useReset = (email: string, token: string) =>
  guest(t).post('/api/v1/auth/password/reset', { token, email, password: 'taken-over-pass', password_confirmation: 'taken-over-pass' });

/** A member with 2FA on, signed in on `owner`; answers the secret. */
async function withTwoFactor(): Promise<{ u: { id: number; email: string }; owner: Client; secret: string }> {
  const u = await createUser(t, { roles: [t.roles.users] });
  const owner = await new Client(t).login(u.email, PASSWORD);
  const secret = (await owner.post('/api/v1/account/two-factor', { password: PASSWORD })).body.secret as string;
  expect((await owner.post('/api/v1/account/two-factor/confirm', { code: codeAt(secret) })).status).toBe(200);
  await nextStep(u.id);
  return { u, owner, secret };
}

beforeAll(async () => {
  admin = await asAdmin(t);
});

describe('a password change ends what the old password let through', () => {
  it('a reset link already in the mailbox stops working after a change on the account page', async () => {
    const u = await createUser(t, { roles: [t.roles.users] });
    const token = await resetToken(u.email);
    const me = await new Client(t).login(u.email, PASSWORD);
    const changed = await me.put('/api/v1/account/password', { current_password: PASSWORD, password: 'owner-new-pass', password_confirmation: 'owner-new-pass' });
    expect(changed.status, changed.text).toBe(200);
    const late = await useReset(u.email, token);
    expect(late.status).toBe(422);
    expect(late.body.errors.email).toEqual(['This link is invalid or has expired.']);
    await new Client(t).login(u.email, 'owner-new-pass');
  });

  it('… and after an administrator sets a new one', async () => {
    const u = await createUser(t, { roles: [t.roles.users] });
    const token = await resetToken(u.email);
    expect((await admin.put(`/api/v1/users/${u.id}`, { password: 'admin-set-pass' })).status).toBe(200);
    expect((await useReset(u.email, token)).status).toBe(422);
    await new Client(t).login(u.email, 'admin-set-pass');
  });

  it('a sign-in waiting at the two-factor code step ends with a password change', async () => {
    const { u, owner, secret } = await withTwoFactor();
    const thief = guest(t);
    expect((await thief.post('/api/v1/auth/login', { email: u.email, password: PASSWORD })).body.two_factor).toBe(true);
    const changed = await owner.put('/api/v1/account/password', { current_password: PASSWORD, password: 'owner-new-pass', password_confirmation: 'owner-new-pass' });
    expect(changed.status, changed.text).toBe(200);
    const late = await thief.post('/api/v1/auth/two-factor-challenge', { code: codeAt(secret) });
    expect(late.status).toBe(401);
    expect((await thief.get('/api/v1/auth/me')).body.user).toBeNull();
  });
});

describe('signing in again on a browser', () => {
  it('ends the session the browser held: a copy of the old cookie is signed out', async () => {
    const u = await createUser(t, { roles: [t.roles.users] });
    const browser = await new Client(t).login(u.email, PASSWORD);
    const copy = new Client(t);
    copy.cookies = new Map(browser.cookies);
    expect((await copy.get('/api/v1/auth/me')).body.user.id).toBe(u.id);
    await browser.login(u.email, PASSWORD);
    expect((await browser.get('/api/v1/auth/me')).body.user.id).toBe(u.id);
    expect((await copy.get('/api/v1/auth/me')).body.user).toBeNull();
    expect(await t.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', u.id).execute()).toHaveLength(1);
  });
});

describe('DELETE users/{id}/two-factor: a member who lost their phone', () => {
  it('the admin sees 2FA on, turns it off and signs the member out everywhere; they sign in with the password alone', async () => {
    const { u, owner } = await withTwoFactor();
    expect((await admin.get(`/api/v1/users/${u.id}`)).body.user.two_factor_enabled).toBe(true);
    const off = await admin.delete(`/api/v1/users/${u.id}/two-factor`);
    expect(off.status, off.text).toBe(200);
    expect(off.body.user.two_factor_enabled).toBe(false);
    expect((await owner.get('/api/v1/auth/me')).body.user).toBeNull();
    const login = await guest(t).post('/api/v1/auth/login', { email: u.email, password: PASSWORD });
    expect(login.body.user?.id).toBe(u.id);
    const again = await admin.delete(`/api/v1/users/${u.id}/two-factor`);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Two-factor authentication is not on.');
    expect((await admin.delete('/api/v1/users/999999/two-factor')).status).toBe(404);
  });

  it('only an admin turns off an admin\'s 2FA; members without users.update cannot at all', async () => {
    const manager = await new Client(t).login((await createUser(t, { roles: [t.roles.users], permissions: ['admin.access', 'users.update'] })).email, PASSWORD);
    const adminId = (await admin.get('/api/v1/auth/me')).body.user.id as number;
    expect((await manager.delete(`/api/v1/users/${adminId}/two-factor`)).status).toBe(403);
    const { u } = await withTwoFactor();
    const member = await new Client(t).login((await createUser(t, { roles: [t.roles.users] })).email, PASSWORD);
    expect((await member.delete(`/api/v1/users/${u.id}/two-factor`)).status).toBe(403);
    expect((await manager.delete(`/api/v1/users/${u.id}/two-factor`)).status).toBe(200);
  });
});
