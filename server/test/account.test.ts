import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Client, PASSWORD, asUser, createTestApp, guest } from './helper.ts';

const t = await createTestApp();

function multipart(filename: string, type: string, content: Buffer) {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('profile', () => {
  it('updates the signed-in user\'s own name', async () => {
    const me = await asUser(t);
    const res = await me.put('/api/v1/account/profile', { first_name: ' Pat ', last_name: 'Person' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: me.user.id, first_name: 'Pat', last_name: 'Person', display_name: 'Pat Person' });
    expect(res.body.user.password).toBeUndefined();
    expect((await me.get('/api/v1/auth/me')).body.user.first_name).toBe('Pat');
  });

  it('refuses a name over 100 characters and guests', async () => {
    const me = await asUser(t);
    const res = await me.put('/api/v1/account/profile', { first_name: 'x'.repeat(101) });
    expect(res.status).toBe(422);
    expect(res.body.errors.first_name).toBeDefined();
    expect((await guest(t).put('/api/v1/account/profile', { first_name: 'x' })).status).toBe(401);
  });
});

describe('avatar', () => {
  it('uploads and removes the user\'s own avatar', async () => {
    const me = await asUser(t);
    const { body, headers } = multipart('me.png', 'image/png', PNG);
    const up = await me.request('POST', '/api/v1/account/avatar', body, headers);
    expect(up.status).toBe(200);
    expect(up.body.user.avatar).toMatch(/^\/storage\/avatars\/.+\.webp$/);
    const file = path.join(t.storage, 'public', up.body.user.avatar.slice('/storage/'.length));
    expect(fs.existsSync(file)).toBe(true);
    const rm = await me.delete('/api/v1/account/avatar');
    expect(rm.status).toBe(200);
    expect(rm.body.user.avatar).toBeNull();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('keeps a photo as a 256 px square WebP, cropped to its centre, and not the original', async () => {
    const me = await asUser(t);
    const dir = path.join(t.storage, 'public', 'avatars');
    const before = fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
    const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#3366cc' } }).jpeg({ quality: 95 }).toBuffer();
    const { body, headers } = multipart('holiday.jpg', 'image/jpeg', photo);
    const up = await me.request('POST', '/api/v1/account/avatar', body, headers);
    expect(up.status, up.text).toBe(200);
    const file = path.join(t.storage, 'public', up.body.user.avatar.slice('/storage/'.length));
    expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(fs.statSync(file).size).toBeLessThan(10_000);
    expect(fs.readdirSync(dir)).toHaveLength(before + 1);
    expect((await me.delete('/api/v1/account/avatar')).status).toBe(200);
  });

  it('refuses an image over 5 MB and keeps nothing', async () => {
    const me = await asUser(t);
    const { body, headers } = multipart('big.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    const res = await me.request('POST', '/api/v1/account/avatar', body, headers);
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toEqual(['The image may not be greater than 5 MB.']);
    expect((await me.get('/api/v1/auth/me')).body.user.avatar).toBeNull();
    const dir = path.join(t.storage, 'public', 'avatars');
    const stored = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    expect(stored).toHaveLength(0);
  });

  it('refuses a file that is not an image', async () => {
    const me = await asUser(t);
    const { body, headers } = multipart('me.png', 'image/png', Buffer.from('not an image'));
    const res = await me.request('POST', '/api/v1/account/avatar', body, headers);
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toBeDefined();
  });
});

describe('password', () => {
  it('changes the password with the current one and signs out other sessions', async () => {
    const me = await asUser(t);
    const other = await new Client(t).login(me.user.email, PASSWORD);
    const res = await me.put('/api/v1/account/password', { current_password: PASSWORD, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Password changed');
    // This browser stays signed in; the other one is signed out.
    expect((await me.get('/api/v1/auth/me')).body.user.id).toBe(me.user.id);
    expect((await other.get('/api/v1/auth/me')).body.user).toBeNull();
    expect((await guest(t).post('/api/v1/auth/login', { email: me.user.email, password: PASSWORD })).status).toBe(422);
    expect((await guest(t).post('/api/v1/auth/login', { email: me.user.email, password: 'brand-new-pass' })).status).toBe(200);
  });

  it('refuses a wrong current password, a short one and a mismatch, changing nothing', async () => {
    const me = await asUser(t);
    const wrong = await me.put('/api/v1/account/password', { current_password: 'nope', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toEqual(['Your current password is incorrect.']);
    const mismatch = await me.put('/api/v1/account/password', { current_password: PASSWORD, password: 'brand-new-pass', password_confirmation: 'other-pass' });
    expect(mismatch.body.errors.password_confirmation).toEqual(['The passwords do not match.']);
    const short = await me.put('/api/v1/account/password', { current_password: PASSWORD, password: 'short', password_confirmation: 'short' });
    expect(short.body.errors.password).toBeDefined();
    expect((await guest(t).post('/api/v1/auth/login', { email: me.user.email, password: PASSWORD })).status).toBe(200);
  });
});

describe('password for an account without one (social login)', () => {
  async function passwordless() {
    const me = await asUser(t);
    await t.ctx.db.updateTable('users').set({ password: null }).where('id', '=', me.user.id).execute();
    return me;
  }

  it('auth/me says whether a password is set, never the hash', async () => {
    const withPassword = await asUser(t);
    const mine = (await withPassword.get('/api/v1/auth/me')).body.user;
    expect(mine.has_password).toBe(true);
    expect(mine.password).toBeUndefined();
    const social = await passwordless();
    expect((await social.get('/api/v1/auth/me')).body.user.has_password).toBe(false);
  });

  it('sets the first password without a current one, then asks for it', async () => {
    const me = await passwordless();
    const res = await me.put('/api/v1/account/password', { password: 'first-password', password_confirmation: 'first-password' });
    expect(res.status, res.text).toBe(200);
    expect((await me.get('/api/v1/auth/me')).body.user.has_password).toBe(true);
    expect((await guest(t).post('/api/v1/auth/login', { email: me.user.email, password: 'first-password' })).status).toBe(200);
    // Now that one is set, changing it needs it.
    const again = await me.put('/api/v1/account/password', { password: 'second-password', password_confirmation: 'second-password' });
    expect(again.status).toBe(422);
    expect(again.body.errors.current_password).toEqual(['Enter your current password.']);
    const empty = await me.put('/api/v1/account/password', { current_password: '', password: 'second-password', password_confirmation: 'second-password' });
    expect(empty.body.errors.current_password).toEqual(['Enter your current password.']);
  });

  it('still requires the confirmation and the length rule, setting nothing', async () => {
    const me = await passwordless();
    const mismatch = await me.put('/api/v1/account/password', { password: 'first-password', password_confirmation: 'other-password' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password_confirmation).toEqual(['The passwords do not match.']);
    const short = await me.put('/api/v1/account/password', { password: 'short', password_confirmation: 'short' });
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toBeDefined();
    const row = await t.ctx.db.selectFrom('users').select('password').where('id', '=', me.user.id).executeTakeFirstOrThrow();
    expect(row.password).toBeNull();
  });
});

describe('sessions', () => {
  it('lists the user\'s sessions, marks this one and logs out the others', async () => {
    const me = await asUser(t);
    const other = await new Client(t).login(me.user.email, PASSWORD);
    const list = await me.get('/api/v1/account/sessions');
    expect(list.status).toBe(200);
    expect(list.body.sessions).toHaveLength(2);
    expect(list.body.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(list.body.sessions[0].id).toHaveLength(12);
    expect(Object.keys(list.body.sessions[0]).sort()).toEqual(['created_at', 'current', 'id', 'ip', 'last_active_at', 'user_agent']);

    const res = await me.post('/api/v1/account/sessions/logout-others');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect((await other.get('/api/v1/auth/me')).body.user).toBeNull();
    expect((await me.get('/api/v1/account/sessions')).body.sessions).toHaveLength(1);
  });

  it('never shows another user\'s sessions', async () => {
    const a = await asUser(t);
    await asUser(t);
    const list = await a.get('/api/v1/account/sessions');
    expect(list.body.sessions).toHaveLength(1);
  });
});

describe('API tokens', () => {
  it('creates a token shown once, lists it without the secret, authenticates with it and deletes it', async () => {
    const me = await asUser(t);
    const created = await me.post('/api/v1/auth/access-tokens', { tokenName: 'CLI' });
    expect(created.status).toBe(200);
    expect(created.body.plainTextToken).toMatch(/\|/);
    const list = await me.get('/api/v1/auth/access-tokens');
    expect(list.body.tokens).toHaveLength(1);
    expect(list.body.tokens[0]).toMatchObject({ name: 'CLI', last_used_at: null });
    expect(JSON.stringify(list.body)).not.toContain(created.body.plainTextToken);

    const api = new Client(t);
    api.bearer = created.body.plainTextToken;
    expect((await api.get('/api/v1/account/sessions')).status).toBe(200);

    expect((await me.delete(`/api/v1/auth/access-tokens/${list.body.tokens[0].id}`)).status).toBe(200);
    expect((await api.get('/api/v1/account/sessions')).status).toBe(401);
  });

  it('requires a token name', async () => {
    const me = await asUser(t);
    const res = await me.post('/api/v1/auth/access-tokens', { tokenName: '' });
    expect(res.status).toBe(422);
    expect(res.body.errors.tokenName).toBeDefined();
  });
});
