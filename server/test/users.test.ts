import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSV_EXPORT_SYNC_LIMIT } from '@app/contracts';
import { nowIso } from '../src/db/index.ts';
import { sweepExports } from '../src/modules/account/export.ts';
import { ADMIN, Client, PASSWORD, asAdmin, asUser, createTestApp, createUser, guest, listUrl, mailsIn } from './helper.ts';

const t = await createTestApp();
let admin: Client;
let adminId: number;

const mailsTo = async (email: string) => (await mailsIn(t)).filter((m) => m.to === email);

/** A multipart body with one file field, built by hand. */
function multipart(filename: string, type: string, content: Buffer, field = 'file') {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Minimal CSV reader for our own export (quoted fields, doubled quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (ch === '"') quoted = false; else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(field); field = ''; } else if (ch === '\n') { row.push(field); rows.push(row); row = []; field = ''; } else if (ch !== '\r') field += ch;
  }
  if (field || row.length) { row.push(field); rows.push(row); }
  return rows;
}

// Five users whose sort keys all differ, scoped by the search term "fixture" (their email domain).
const FX = [
  { key: 'anna', first: 'Anna', last: 'Young', created: '2023-01-01T10:00:00.000Z', verified: true },
  { key: 'bert', first: 'Bert', last: 'Xavier', created: '2023-01-02T10:00:00.000Z', verified: false },
  { key: 'carl', first: 'Carl', last: 'Walker', created: '2023-01-03T10:00:00.000Z', verified: true },
  { key: 'dora', first: 'Dora', last: 'Vance', created: '2023-01-04T10:00:00.000Z', verified: false },
  { key: 'emil', first: 'Emil', last: 'Upton', created: '2023-01-05T10:00:00.000Z', verified: true },
] as const;
const fx: Record<string, number> = {};
let editorsRole: number;

beforeAll(async () => {
  admin = await asAdmin(t);
  adminId = (await admin.get('/api/v1/auth/me')).body.user.id;
  const now = nowIso();
  editorsRole = (await t.ctx.db.insertInto('roles').values({
    name: 'editors', description: null, type: 'sitewide', default: false, guests: false, internal: false, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow()).id;
  for (const f of FX) {
    const u = await createUser(t, { email: `${f.key}@fixture.test`, first_name: f.first, last_name: f.last, verified: f.verified, roles: [t.roles.users] });
    await t.ctx.db.updateTable('users').set({ created_at: f.created, updated_at: f.created }).where('id', '=', u.id).execute();
    fx[f.key] = u.id;
  }
  await t.ctx.db.insertInto('user_role').values([fx.anna, fx.carl].map((user_id) => ({ user_id, role_id: editorsRole, created_at: now }))).execute();
  const sub = (user_id: number, ends_at: string | null, gateway_status: string | null = null) => ({
    user_id, product_id: null, price_id: null, gateway_name: 'stripe', gateway_id: null, description: null, renews_at: null, ends_at, gateway_status, created_at: now, updated_at: now,
  });
  await t.ctx.db.insertInto('subscriptions').values([
    sub(fx.anna, null), sub(fx.carl, new Date(Date.now() + 86_400_000).toISOString()),
    // On hold until a payment goes through: it gives dora nothing yet, so she is not subscribed.
    sub(fx.dora, null, 'unpaid'),
  ]).execute();
  await t.ctx.db.insertInto('bans').values({ user_id: fx.emil, ban_until: null, comment: 'spam', created_by: null, created_at: now }).execute();
  await t.ctx.db.updateTable('users').set({ banned_at: now }).where('id', '=', fx.emil).execute();
});

const fixtureList = (params: Record<string, unknown>) => admin.get(listUrl('/api/v1/users', { query: 'fixture', perPage: 100, ...params }));
const keysOf = (res: { body: any }) => res.body.pagination.data.map((u: any) => u.email.split('@')[0]);

describe('GET users', () => {
  it('answers the pagination shape with users and their roles, never the password', async () => {
    const total = Number((await t.ctx.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const res = await admin.get(listUrl('/api/v1/users', { perPage: 10, page: 1 }));
    expect(res.status, res.text).toBe(200);
    const p = res.body.pagination;
    expect(Object.keys(p).sort()).toEqual(['current_page', 'data', 'from', 'last_page', 'per_page', 'to', 'total']);
    expect(p).toMatchObject({ current_page: 1, per_page: 10, from: 1, to: Math.min(10, total), total, last_page: Math.ceil(total / 10) });
    const anna = (await fixtureList({})).body.pagination.data.find((u: any) => u.id === fx.anna);
    expect(anna).toMatchObject({ email: 'anna@fixture.test', display_name: 'Anna Young', first_name: 'Anna', last_name: 'Young', created_at: FX[0].created });
    expect(anna.roles.map((r: any) => r.name).sort()).toEqual(['editors', 'users']);
    expect(typeof anna.id).toBe('number');
    // Each row says whether it is an admin's (staff who are not admins are offered no action on it).
    expect(anna.is_admin).toBe(false);
    const self = (await admin.get(listUrl('/api/v1/users', { perPage: 100 }))).body.pagination.data.find((u: any) => u.id === adminId);
    expect(self?.is_admin).toBe(true);
    expect(JSON.stringify(res.body)).not.toMatch(/"password"|scrypt\$/);
    // Default: 15 per page, newest first.
    const def = await admin.get('/api/v1/users');
    expect(def.body.pagination.per_page).toBe(15);
    const created = def.body.pagination.data.map((u: any) => u.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('pages beyond the last answer empty data with from/to null', async () => {
    const res = await fixtureList({ perPage: 10, page: 3 });
    expect(res.body.pagination).toMatchObject({ current_page: 3, total: 5, last_page: 1, from: null, to: null, data: [] });
  });

  it.each([
    ['email', 'asc', ['anna', 'bert', 'carl', 'dora', 'emil']],
    ['email', 'desc', ['emil', 'dora', 'carl', 'bert', 'anna']],
    ['first_name', 'asc', ['anna', 'bert', 'carl', 'dora', 'emil']],
    ['first_name', 'desc', ['emil', 'dora', 'carl', 'bert', 'anna']],
    ['last_name', 'asc', ['emil', 'dora', 'carl', 'bert', 'anna']],
    ['last_name', 'desc', ['anna', 'bert', 'carl', 'dora', 'emil']],
    ['created_at', 'asc', ['anna', 'bert', 'carl', 'dora', 'emil']],
    ['created_at', 'desc', ['emil', 'dora', 'carl', 'bert', 'anna']],
  ])('sorts by %s %s', async (orderBy, orderDir, expected) => {
    const res = await fixtureList({ orderBy, orderDir });
    expect(res.status, res.text).toBe(200);
    expect(keysOf(res)).toEqual(expected);
  });

  it('filters by email_verified_at true/false', async () => {
    expect(keysOf(await fixtureList({ orderBy: 'email', orderDir: 'asc', filters: [{ key: 'email_verified_at', value: true }] }))).toEqual(['anna', 'carl', 'emil']);
    expect(keysOf(await fixtureList({ orderBy: 'email', orderDir: 'asc', filters: [{ key: 'email_verified_at', value: false }] }))).toEqual(['bert', 'dora']);
  });

  it('totals stay exact when users change behind the app’s back (counted totals are cached per users version)', async () => {
    const verified = async () => (await admin.get(listUrl('/api/v1/users', { filters: JSON.stringify([{ key: 'email_verified_at', value: true }]) }))).body.pagination.total;
    const all = async () => (await admin.get('/api/v1/users')).body.pagination.total;
    const [before, allBefore] = [await verified(), await all()];
    const u = await createUser(t, { roles: [t.roles.users], verified: false });
    expect(await all()).toBe(allBefore + 1);
    expect(await verified()).toBe(before);
    await t.ctx.db.updateTable('users').set({ email_verified_at: nowIso() }).where('id', '=', u.id).execute();
    expect(await verified()).toBe(before + 1);
    await t.ctx.db.deleteFrom('users').where('id', '=', u.id).execute();
    expect([await verified(), await all()]).toEqual([before, allBefore]);
  });

  it('search results follow writes at once (matches are cached per users version)', async () => {
    const found = async () => (await admin.get(listUrl('/api/v1/users', { query: 'zebrafix' }))).body.pagination.total;
    expect(await found()).toBe(0);
    const u = await createUser(t, { email: 'zebrafix@example.test' });
    expect(await found()).toBe(1);
    await t.ctx.db.updateTable('users').set({ email: 'renamed@example.test' }).where('id', '=', u.id).execute();
    expect(await found()).toBe(0);
  });

  it('filters created_at between two dates (inclusive)', async () => {
    const res = await fixtureList({
      orderBy: 'email', orderDir: 'asc',
      filters: [{ key: 'created_at', operator: 'between', value: { start: '2023-01-02T00:00:00.000Z', end: '2023-01-04T23:59:59.000Z' } }],
    });
    expect(keysOf(res)).toEqual(['bert', 'carl', 'dora']);
    // Also without the search, across the whole table.
    const all = await admin.get(listUrl('/api/v1/users', { filters: [{ key: 'created_at', operator: 'between', value: { start: '2023-01-03T00:00:00Z', end: '2023-01-03T23:59:59Z' } }] }));
    expect(keysOf(all)).toEqual(['carl']);
  });

  it('filters by subscriptions has / doesntHave', async () => {
    const has = await fixtureList({ orderBy: 'email', orderDir: 'asc', filters: [{ key: 'subscriptions', value: '*', operator: 'has' }] });
    expect(keysOf(has)).toEqual(['anna', 'carl']);
    const hasnt = await fixtureList({ orderBy: 'email', orderDir: 'asc', filters: [{ key: 'subscriptions', value: '*', operator: 'doesntHave' }] });
    expect(keysOf(hasnt)).toEqual(['bert', 'dora', 'emil']);
    // The operator decides, whatever the value says.
    const hasntTrue = await fixtureList({ orderBy: 'email', orderDir: 'asc', filters: [{ key: 'subscriptions', value: true, operator: 'doesntHave' }] });
    expect(keysOf(hasntTrue)).toEqual(['bert', 'dora', 'emil']);
  });

  it('filters by role, and by several filters together', async () => {
    const editors = await admin.get(listUrl('/api/v1/users', { orderBy: 'email', orderDir: 'asc', filters: [{ key: 'roles', value: editorsRole }] }));
    expect(keysOf(editors)).toEqual(['anna', 'carl']);
    const admins = await admin.get(listUrl('/api/v1/users', { filters: [{ key: 'roles', value: t.roles.admin }] }));
    expect(admins.body.pagination.data.map((u: any) => u.email)).toContain(ADMIN.email);
    const both = await admin.get(listUrl('/api/v1/users', { filters: [{ key: 'roles', value: editorsRole }, { key: 'created_at', operator: '>=', value: '2023-01-02T00:00:00Z' }] }));
    expect(keysOf(both)).toEqual(['carl']);
    const banned = await fixtureList({ filters: [{ key: 'banned_at', value: true }] });
    expect(keysOf(banned)).toEqual(['emil']);
  });

  it('searches by substring (three characters or more) in email and names, any case', async () => {
    expect(keysOf(await fixtureList({ query: 'alke' }))).toEqual(['carl']);
    expect(keysOf(await fixtureList({ query: 'WALK' }))).toEqual(['carl']);
    expect(keysOf(await fixtureList({ query: 'xavier' }))).toEqual(['bert']);
    expect(keysOf(await fixtureList({ query: 'ora@fix' }))).toEqual(['dora']);
    expect((await fixtureList({ query: 'nothing-like-this' })).body.pagination).toMatchObject({ total: 0, data: [] });
  });

  it('searches short queries (under three characters) as an email prefix', async () => {
    await createUser(t, { email: 'zqa@short.test' });
    await createUser(t, { email: 'abzq@short.test' });
    const res = await admin.get(listUrl('/api/v1/users', { query: 'zq' }));
    expect(res.body.pagination.data.map((u: any) => u.email)).toEqual(['zqa@short.test']);
    const upper = await admin.get(listUrl('/api/v1/users', { query: 'ZQ' }));
    expect(upper.body.pagination.data.map((u: any) => u.email)).toEqual(['zqa@short.test']);
  });

  it('search text with quotes, wildcards and operators is data, never syntax', async () => {
    for (const query of ['"', 'a"b', 'fix*', 'NEAR(a b)', 'AND OR', "'; drop table users; --", '%', '_', '\\', 'a%b_c']) {
      const res = await admin.get(listUrl('/api/v1/users', { query }));
      expect(res.status, `${query}: ${res.text}`).toBe(200);
    }
    expect((await admin.get(listUrl('/api/v1/users', { query: '%' }))).body.pagination.total).toBe(0);
  });

  it('with=subscriptions,bans adds those relations; without it they are left out', async () => {
    const res = await fixtureList({ with: 'subscriptions,bans' });
    const byKey = Object.fromEntries(res.body.pagination.data.map((u: any) => [u.email.split('@')[0], u]));
    expect(byKey.anna.subscriptions).toHaveLength(1);
    expect(byKey.anna.subscriptions[0]).toMatchObject({ user_id: fx.anna, gateway_name: 'stripe', ends_at: null });
    expect(byKey.bert.subscriptions).toEqual([]);
    expect(byKey.emil.bans).toHaveLength(1);
    expect(byKey.emil.bans[0]).toMatchObject({ ban_until: null, comment: 'spam' });
    expect(byKey.anna.bans).toEqual([]);
    const plain = await fixtureList({});
    expect(plain.body.pagination.data[0]).not.toHaveProperty('subscriptions');
    expect(plain.body.pagination.data[0]).not.toHaveProperty('bans');
  });

  it.each([
    ['malformed filters JSON', { filters: '[{"key":' }, 'filters'],
    ['an unknown filter key', { filters: JSON.stringify([{ key: 'password', value: 'x' }]) }, 'filters'],
    ['a bad filter value', { filters: JSON.stringify([{ key: 'email_verified_at', value: 'perhaps' }]) }, 'filters'],
    ['a bad date', { filters: JSON.stringify([{ key: 'created_at', operator: '>', value: 'soon' }]) }, 'filters'],
    ['an unknown orderBy', { orderBy: 'password' }, 'orderBy'],
    ['a bad orderDir', { orderDir: 'up' }, 'orderDir'],
    ['perPage 5', { perPage: '5' }, 'perPage'],
    ['perPage 101', { perPage: '101' }, 'perPage'],
    ['page 0', { page: '0' }, 'page'],
  ])('refuses %s with 422 and a field error', async (_label, params, field) => {
    const res = await admin.get(`/api/v1/users?${new URLSearchParams(params as Record<string, string>)}`);
    expect(res.status, res.text).toBe(422);
    expect(typeof res.body.message).toBe('string');
    expect(Object.keys(res.body.errors).some((k) => k === field || k.startsWith(`${field}.`)), JSON.stringify(res.body.errors)).toBe(true);
  });

  it('is open to role managers (roles.update) too', async () => {
    const c = await asUser(t, { permissions: ['roles.update'] });
    expect((await c.get('/api/v1/users')).status).toBe(200);
    expect((await c.get(`/api/v1/users/${fx.anna}`)).status).toBe(403);
  });
});

describe('POST users', () => {
  const valid = () => ({ email: `new-${crypto.randomBytes(4).toString('hex')}@example.test`, password: 'secret-pass' });

  it('gives a user created without roles the default roles, as registration does', async () => {
    const res = await admin.post('/api/v1/users', valid());
    expect(res.status, res.text).toBe(200);
    expect(res.body.user.roles.map((r: any) => r.name)).toEqual(['users']);
  });

  it('creates a user with roles and individual permissions with restrictions', async () => {
    const body = {
      ...valid(), email: 'Created.User@Example.test', first_name: 'Cre', last_name: 'Ated', email_verified_at: true, available_space: 1000,
      roles: [t.roles.users, editorsRole],
      permissions: [{ name: 'files.create', restrictions: [{ name: 'max_file_size', value: 1048576 }] }, { name: 'users.view' }],
    };
    const res = await admin.post('/api/v1/users', body);
    expect(res.status, res.text).toBe(200);
    const u = res.body.user;
    expect(u).toMatchObject({ email: 'created.user@example.test', first_name: 'Cre', last_name: 'Ated', available_space: 1000, banned_at: null });
    expect(u.email_verified_at).not.toBeNull();
    expect(u).not.toHaveProperty('password');
    expect(u.roles.map((r: any) => r.name).sort()).toEqual(['editors', 'users']);
    const got = (await admin.get(`/api/v1/users/${u.id}`)).body.user;
    expect(got.permissions).toEqual([
      { name: 'files.create', restrictions: [{ name: 'max_file_size', value: 1048576 }] },
      { name: 'users.view', restrictions: [] },
    ]);
    // The password is stored hashed and works.
    const row = await t.ctx.db.selectFrom('users').select('password').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.password).not.toContain('secret-pass');
    await new Client(t).login('created.user@example.test', 'secret-pass');
  });

  it('refuses a duplicate email (any case), an invalid email and a short password with field errors', async () => {
    const dup = await admin.post('/api/v1/users', { ...valid(), email: 'ANNA@fixture.test' });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.email).toEqual(['This email has already been taken.']);
    const bad = await admin.post('/api/v1/users', { ...valid(), email: 'not-an-email' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.email).toBeDefined();
    const short = await admin.post('/api/v1/users', { ...valid(), email: 'short-pass@example.test', password: 'short' });
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toBeDefined();
    const missing = await admin.post('/api/v1/users', {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['email', 'password']);
    expect(await t.ctx.db.selectFrom('users').select('id').where('email', 'in', ['not-an-email', 'short-pass@example.test']).execute()).toEqual([]);
  });

  it('refuses unknown roles and unknown permissions, creating nothing', async () => {
    const role = await admin.post('/api/v1/users', { ...valid(), email: 'role-x@example.test', roles: [999999] });
    expect(role.status).toBe(422);
    expect(role.body.errors.roles).toBeDefined();
    const perm = await admin.post('/api/v1/users', { ...valid(), email: 'perm-x@example.test', permissions: [{ name: 'everything' }] });
    expect(perm.status).toBe(422);
    expect(perm.body.errors.permissions).toBeDefined();
    expect(await t.ctx.db.selectFrom('users').select('id').where('email', 'in', ['role-x@example.test', 'perm-x@example.test']).execute()).toEqual([]);
  });
});

describe('PUT users/{id}', () => {
  it('changes only the fields sent: roles, permissions and verification survive a name edit', async () => {
    const created = (await admin.post('/api/v1/users', {
      email: 'keep@example.test', password: 'secret-pass', email_verified_at: true, roles: [t.roles.users, editorsRole], permissions: [{ name: 'users.view' }],
    })).body.user;
    const res = await admin.put(`/api/v1/users/${created.id}`, { first_name: 'Kept' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.user.first_name).toBe('Kept');
    expect(res.body.user.email_verified_at).toBe(created.email_verified_at);
    expect(res.body.user.roles.map((r: any) => r.name).sort()).toEqual(['editors', 'users']);
    expect(res.body.user.permissions).toEqual([{ name: 'users.view', restrictions: [] }]);
    // Roles and permissions are replaced when they are sent.
    const replaced = await admin.put(`/api/v1/users/${created.id}`, { roles: [t.roles.users], permissions: [] });
    expect(replaced.body.user.roles.map((r: any) => r.name)).toEqual(['users']);
    expect(replaced.body.user.permissions).toEqual([]);
    const unverified = await admin.put(`/api/v1/users/${created.id}`, { email_verified_at: false });
    expect(unverified.body.user.email_verified_at).toBeNull();
  });

  it('keeps the password when it is omitted or empty; a new one works and ends the user’s sessions', async () => {
    const u = await createUser(t, { roles: [t.roles.users] });
    const session = await new Client(t).login(u.email, u.password);
    expect((await admin.put(`/api/v1/users/${u.id}`, { last_name: 'Same' })).status).toBe(200);
    expect((await admin.put(`/api/v1/users/${u.id}`, { password: '' })).status).toBe(200);
    await new Client(t).login(u.email, PASSWORD);
    expect((await session.get('/api/v1/auth/me')).body.user.id).toBe(u.id);
    const short = await admin.put(`/api/v1/users/${u.id}`, { password: 'short' });
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toBeDefined();
    expect((await admin.put(`/api/v1/users/${u.id}`, { password: 'changed-pass' })).status).toBe(200);
    await new Client(t).login(u.email, 'changed-pass');
    expect((await session.get('/api/v1/auth/me')).body.user).toBeNull();
  });

  it('keeps emails unique, but a user may keep their own', async () => {
    const taken = await admin.put(`/api/v1/users/${fx.bert}`, { email: 'anna@fixture.test' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email).toBeDefined();
    const own = await admin.put(`/api/v1/users/${fx.bert}`, { email: 'bert@fixture.test' });
    expect(own.status, own.text).toBe(200);
    const invalid = await admin.put(`/api/v1/users/${fx.bert}`, { email: 'nope' });
    expect(invalid.status).toBe(422);
    expect((await t.ctx.db.selectFrom('users').select('email').where('id', '=', fx.bert).executeTakeFirstOrThrow()).email).toBe('bert@fixture.test');
  });

  it('refuses to take the last administrator’s admin role away; 404 for an unknown user', async () => {
    const res = await admin.put(`/api/v1/users/${adminId}`, { roles: [t.roles.users] });
    expect(res.status).toBe(422);
    expect((await admin.get('/api/v1/auth/me')).body.user.roles.map((r: any) => r.name)).toEqual(['admin']);
    expect((await admin.put('/api/v1/users/999999', { first_name: 'x' })).status).toBe(404);
  });
});

describe('DELETE users/{ids}', () => {
  it('deletes several users at once', async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const res = await admin.delete(`/api/v1/users/${a.id},${b.id}`);
    expect(res.status, res.text).toBe(200);
    expect((await admin.get(`/api/v1/users/${a.id}`)).status).toBe(404);
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', 'in', [a.id, b.id]).execute()).toEqual([]);
  });

  it('refuses to delete yourself, and deletes nothing then', async () => {
    const a = await createUser(t);
    const res = await admin.delete(`/api/v1/users/${a.id},${adminId}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBeTruthy();
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', 'in', [a.id, adminId]).execute()).toHaveLength(2);
  });

  it('refuses to let a non-admin delete an administrator, and deletes nothing then', async () => {
    const deleter = await asUser(t, { permissions: ['users.delete'] });
    const a = await createUser(t);
    const res = await deleter.delete(`/api/v1/users/${a.id},${adminId}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only an admin can modify an admin.');
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', 'in', [a.id, adminId]).execute()).toHaveLength(2);
    // An administrator may delete another one while one remains.
    const second = await createUser(t, { roles: [t.roles.admin] });
    expect((await admin.delete(`/api/v1/users/${second.id}`)).status).toBe(200);
  });

  it('refuses malformed ids', async () => {
    expect((await admin.delete('/api/v1/users/abc')).status).toBe(422);
    expect((await admin.delete('/api/v1/users/1,,2')).status).toBe(422);
  });

  it('answers 404 when none of the ids is a user, like every bulk delete (deleted meanwhile in another tab)', async () => {
    const res = await admin.delete('/api/v1/users/999998,999999');
    expect([res.status, res.body.message]).toEqual([404, 'User not found']);
  });
});

describe('ban and unban', () => {
  it('bans permanently by default and unbans', async () => {
    const u = await createUser(t);
    const res = await admin.post(`/api/v1/users/${u.id}/ban`, { comment: 'Spam' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.user.banned_at).not.toBeNull();
    expect(res.body.user.bans[0]).toMatchObject({ ban_until: null, comment: 'Spam' });
    const un = await admin.delete(`/api/v1/users/${u.id}/unban`);
    expect(un.status).toBe(200);
    expect(un.body.user.banned_at).toBeNull();
    await new Client(t).login(u.email, u.password);
  });

  it('bans until a future date', async () => {
    const u = await createUser(t);
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const res = await admin.post(`/api/v1/users/${u.id}/ban`, { permanent: false, ban_until: until });
    expect(res.status, res.text).toBe(200);
    expect(res.body.user.bans[0].ban_until).toBe(until);
    // A date without the permanent flag means a temporary ban too.
    const v = await createUser(t);
    const implicit = await admin.post(`/api/v1/users/${v.id}/ban`, { ban_until: until });
    expect(implicit.status, implicit.text).toBe(200);
    expect(implicit.body.user.bans[0].ban_until).toBe(until);
  });

  it('refuses a ban_until in the past, a missing date for a temporary ban and a comment over 250 characters', async () => {
    const u = await createUser(t);
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const today = new Date().toISOString().slice(0, 10);
    for (const body of [{ permanent: false, ban_until: past }, { ban_until: past }, { permanent: true, ban_until: past }, { permanent: true, ban_until: past.slice(0, 10) }]) {
      const res = await admin.post(`/api/v1/users/${u.id}/ban`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors.ban_until, JSON.stringify(body)).toEqual([`Enter a date after ${today}`]);
    }
    for (const body of [{ permanent: false }, { permanent: false, ban_until: 'next week' }]) {
      const res = await admin.post(`/api/v1/users/${u.id}/ban`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors.ban_until, JSON.stringify(body)).toBeDefined();
    }
    const long = await admin.post(`/api/v1/users/${u.id}/ban`, { comment: 'x'.repeat(251) });
    expect(long.status).toBe(422);
    expect(long.body.errors.comment).toBeDefined();
    expect((await t.ctx.db.selectFrom('users').select('banned_at').where('id', '=', u.id).executeTakeFirstOrThrow()).banned_at).toBeNull();
    expect((await admin.post(`/api/v1/users/${u.id}/ban`, { comment: 'x'.repeat(250) })).status).toBe(200);
  });

  it('refuses to ban yourself; 404 for unknown users', async () => {
    expect((await admin.post(`/api/v1/users/${adminId}/ban`, {})).status).toBe(403);
    expect((await admin.post('/api/v1/users/999999/ban', {})).status).toBe(404);
    expect((await admin.delete('/api/v1/users/999999/unban')).status).toBe(404);
  });
});

describe('avatar', () => {
  it('accepts a real PNG, serves it (as the 256 px square WebP it is kept as), and removes it', async () => {
    const u = await createUser(t);
    const { body, headers } = multipart('me.png', 'image/png', PNG);
    const res = await admin.request('POST', `/api/v1/users/${u.id}/avatar`, body, headers);
    expect(res.status, res.text).toBe(200);
    const url: string = res.body.user.avatar;
    expect(url).toMatch(/^\/storage\/avatars\/[0-9a-f-]+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

    const del = await admin.delete(`/api/v1/users/${u.id}/avatar`);
    expect(del.status).toBe(200);
    expect(del.body.user.avatar).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('PUT users/{id} sets the avatar by web address, and the uploaded picture it replaces leaves storage', async () => {
    const u = await createUser(t);
    const { body, headers } = multipart('me.png', 'image/png', PNG);
    const uploaded: string = (await admin.request('POST', `/api/v1/users/${u.id}/avatar`, body, headers)).body.user.avatar;
    const res = await admin.put(`/api/v1/users/${u.id}`, { avatar: 'https://images.example.com/me.jpg' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.user.avatar).toBe('https://images.example.com/me.jpg');
    expect((await admin.get(`/api/v1/users/${u.id}`)).body.user.avatar).toBe('https://images.example.com/me.jpg');
    expect((await t.app.inject({ method: 'GET', url: uploaded })).statusCode).toBe(404);
    expect((await admin.put(`/api/v1/users/${u.id}`, { first_name: 'Kept' })).body.user.avatar).toBe('https://images.example.com/me.jpg');
    expect((await admin.put(`/api/v1/users/${u.id}`, { avatar: null })).body.user.avatar).toBeNull();
  });

  it('refuses a text file, even one named and typed as an image', async () => {
    const u = await createUser(t);
    for (const [name, type] of [['notes.txt', 'text/plain'], ['fake.png', 'image/png']]) {
      const { body, headers } = multipart(name, type, Buffer.from('just some text, not an image'));
      const res = await admin.request('POST', `/api/v1/users/${u.id}/avatar`, body, headers);
      expect(res.status, name).toBe(422);
      expect(res.body.errors.file).toBeDefined();
    }
    expect((await admin.get(`/api/v1/users/${u.id}`)).body.user.avatar).toBeNull();
  });

  it('answers a 4xx, never 500, without a file', async () => {
    const u = await createUser(t);
    const json = await admin.post(`/api/v1/users/${u.id}/avatar`, {});
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
    const boundary = '----empty';
    const empty = await admin.request('POST', `/api/v1/users/${u.id}/avatar`, Buffer.from(`--${boundary}--\r\n`), { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(empty.status).toBe(422);
  });
});

describe('POST users/{id}/resend-verification', () => {
  it('mails a working verification link to an unverified user', async () => {
    const u = await createUser(t, { verified: false });
    const res = await admin.post(`/api/v1/users/${u.id}/resend-verification`);
    expect(res.status, res.text).toBe(200);
    const mail = (await mailsTo(u.email)).at(-1);
    const token = /http:\/\/localhost:8000\/email\/verify\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    expect((await guest(t).post('/api/v1/auth/email/verify', { token })).status).toBe(200);
    expect((await admin.get(`/api/v1/users/${u.id}`)).body.user.email_verified_at).not.toBeNull();
    expect((await admin.post(`/api/v1/users/${u.id}/resend-verification`)).status).toBe(422);
    expect((await admin.post('/api/v1/users/999999/resend-verification')).status).toBe(404);
  });
});

describe('POST users: the confirmation mail', () => {
  it('goes to a user created unconfirmed while the site requires confirmation, and only then', async () => {
    const body = (email: string, confirmed: boolean) => ({ email, password: 'secret-pass-1', email_verified_at: confirmed });
    await t.ctx.settings.set({ 'client.require_email_confirmation': true });
    try {
      expect((await admin.post('/api/v1/users', body('made-unconfirmed@example.com', false))).status).toBe(200);
      expect((await admin.post('/api/v1/users', body('made-confirmed@example.com', true))).status).toBe(200);
      const mail = (await mailsTo('made-unconfirmed@example.com')).at(-1);
      expect(mail?.subject).toContain('Confirm your email address');
      const token = /\/email\/verify\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
      expect((await guest(t).post('/api/v1/auth/email/verify', { token })).status).toBe(200);
      expect(await mailsTo('made-confirmed@example.com')).toEqual([]);
    } finally {
      await t.ctx.settings.set({ 'client.require_email_confirmation': false });
    }
    expect((await admin.post('/api/v1/users', body('made-not-required@example.com', false))).status).toBe(200);
    expect(await mailsTo('made-not-required@example.com')).toEqual([]);
  });
});

describe('permissions', () => {
  it('a user without users.update gets 403 on every users call, and nothing changes', async () => {
    const c = await asUser(t);
    const target = fx.dora;
    const png = multipart('a.png', 'image/png', PNG);
    const calls: [string, string, unknown?, Record<string, string>?][] = [
      ['GET', '/api/v1/users'],
      ['GET', `/api/v1/users/${target}`],
      ['POST', '/api/v1/users', { email: 'sneaky@example.test', password: 'secret-pass' }],
      ['PUT', `/api/v1/users/${target}`, { first_name: 'Hacked' }],
      ['DELETE', `/api/v1/users/${target}`],
      ['POST', `/api/v1/users/${target}/ban`, {}],
      ['DELETE', `/api/v1/users/${target}/unban`],
      ['POST', `/api/v1/users/${target}/resend-verification`, {}],
      ['POST', `/api/v1/users/${target}/avatar`, png.body, png.headers],
      ['DELETE', `/api/v1/users/${target}/avatar`],
      ['POST', '/api/v1/users/csv/export', {}],
    ];
    for (const [method, url, body, headers] of calls) {
      const res = await c.request(method, url, body, headers);
      expect(res.status, `${method} ${url}`).toBe(403);
      const anon = await guest(t).request(method, url, body, headers);
      expect(anon.status, `guest ${method} ${url}`).toBe(401);
    }
    const row = await t.ctx.db.selectFrom('users').select(['first_name', 'banned_at', 'avatar']).where('id', '=', target).executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'Dora', banned_at: null, avatar: null });
    expect(await t.ctx.db.selectFrom('users').select('id').where('email', '=', 'sneaky@example.test').executeTakeFirst()).toBeUndefined();
  });

  it('a user with users.update (not admin) may manage users', async () => {
    const c = await asUser(t, { permissions: ['users.update'] });
    expect((await c.get('/api/v1/users')).status).toBe(200);
    expect((await c.put(`/api/v1/users/${fx.dora}`, { last_name: 'Vance' })).status).toBe(200);
  });
});

describe('POST users/csv/export', () => {
  it('answers a download path for a CSV with a header row and the filtered users', async () => {
    const url = listUrl('/api/v1/users/csv/export', { query: 'fixture', filters: [{ key: 'email_verified_at', value: true }] });
    const res = await admin.post(url);
    expect(res.status, res.text).toBe(200);
    expect(res.body.downloadPath).toMatch(/^\/api\/v1\/csv\/download\/[0-9a-f-]+$/);
    const file = await admin.get(res.body.downloadPath);
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toMatch(/^text\/csv/);
    expect(String(file.headers['content-disposition'])).toMatch(/attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsv(file.text);
    expect(rows[0]).toEqual(['id', 'email', 'display_name', 'first_name', 'last_name', 'email_verified_at', 'banned_at', 'created_at', 'updated_at']);
    expect(rows.slice(1).map((r) => r[1]).sort()).toEqual(['anna@fixture.test', 'carl@fixture.test', 'emil@fixture.test']);
    const anna = rows.find((r) => r[1] === 'anna@fixture.test')!;
    expect(anna).toEqual([String(fx.anna), 'anna@fixture.test', 'Anna Young', 'Anna', 'Young', expect.any(String), '', FX[0].created, expect.any(String)]);
    expect(file.text).not.toMatch(/scrypt\$/);

    // The file is the exporter's: another manager cannot fetch it; guests are asked to sign in.
    const other = await asUser(t, { permissions: ['users.update'] });
    expect((await other.get(res.body.downloadPath)).status).toBe(404);
    expect((await guest(t).get(res.body.downloadPath)).status).toBe(401);
    expect((await admin.get('/api/v1/csv/download/does-not-exist')).status).toBe(404);
    // Its row still there but the file gone (swept between the lookup and the read): a 404, not a failed stream.
    const gone = await admin.post(url);
    const goneKey = (await t.ctx.db.selectFrom('csv_exports').select('path').where('uuid', '=', String(gone.body.downloadPath).split('/').pop()!).executeTakeFirstOrThrow()).path!;
    await t.ctx.storage.delete(goneKey);
    const missing = await admin.get(gone.body.downloadPath);
    expect([missing.status, missing.body.message]).toEqual([404, 'Export not found']);

    // A week later the file is removed with its row (it holds members' emails); a newer export stays.
    const uuid = String(res.body.downloadPath).split('/').pop()!;
    const key = (await t.ctx.db.selectFrom('csv_exports').select('path').where('uuid', '=', uuid).executeTakeFirstOrThrow()).path!;
    const fresh = (await admin.post(url)).body.downloadPath as string;
    await t.ctx.db.updateTable('csv_exports').set({ created_at: new Date(Date.now() - 8 * 24 * 3600_000).toISOString() }).where('uuid', '=', uuid).execute();
    await sweepExports(t.ctx);
    expect(await t.ctx.storage.exists(key)).toBe(false);
    expect((await admin.get(res.body.downloadPath)).status).toBe(404);
    expect((await admin.get(fresh)).status).toBe(200);
  });

  it('refuses bad list input like the list call does', async () => {
    const unknown = await admin.post(listUrl('/api/v1/users/csv/export', { filters: [{ key: 'password', value: 'x' }] }));
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.filters).toBeDefined();
    expect((await admin.post('/api/v1/users/csv/export?filters=%5B%7B')).status).toBe(422);
  });

  it(`queues exports over ${CSV_EXPORT_SYNC_LIMIT} rows and mails the link when done`, async () => {
    const now = nowIso();
    const hash = (await t.ctx.db.selectFrom('users').select('password').where('id', '=', fx.anna).executeTakeFirstOrThrow()).password;
    const count = CSV_EXPORT_SYNC_LIMIT + 1;
    for (let start = 0; start < count; start += 500) {
      const n = Math.min(500, count - start);
      await t.ctx.db.insertInto('users').values(Array.from({ length: n }, (_, i) => ({
        email: `bulk${start + i}@bulk.test`, password: hash, first_name: null, last_name: null, avatar: null, available_space: null,
        email_verified_at: now, banned_at: null, created_at: now, updated_at: now,
      }))).execute();
    }
    const before = (await mailsTo(ADMIN.email)).length;
    const res = await admin.post('/api/v1/users/csv/export');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ result: 'jobQueued', message: "Your request is being processed. We'll email you when the report is ready to download." });
    await t.ctx.queue.drain();
    const mail = (await mailsTo(ADMIN.email)).slice(before).at(-1);
    // The link opens a page behind sign-in that starts the download (the file's own address is a bare 401 signed out).
    const link = /http:\/\/localhost:8000\/admin\/csv\/download\/([0-9a-f-]+)/.exec(mail?.text ?? '');
    expect(link, JSON.stringify(mail)).not.toBeNull();
    const file = await admin.get(`/api/v1/csv/download/${link![1]}`);
    expect(file.status).toBe(200);
    const rows = parseCsv(file.text);
    const total = Number((await t.ctx.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(rows).toHaveLength(total + 1);
    expect(rows[0][1]).toBe('email');
    expect(rows.filter((r) => r[1]?.endsWith('@bulk.test'))).toHaveLength(count);
    // A filtered export under the limit is still answered at once.
    const small = await admin.post(listUrl('/api/v1/users/csv/export', { query: 'fixture' }));
    expect(small.body.downloadPath).toBeDefined();
  }, 120_000);
});

describe('guest roles', () => {
  it("refuses to give a user the guests role with 'Users can't be assigned to this role'", async () => {
    const admin = await asAdmin(t);
    const res = await admin.post('/api/v1/users', { email: 'guest-role@test.local', password: 'a-long-password', roles: [t.roles.guests] });
    expect(res.status).toBe(422);
    expect(res.body.errors.roles).toEqual(["Users can't be assigned to this role"]);
    expect((await admin.get(listUrl('/api/v1/users', { query: 'guest-role' }))).body.pagination.total).toBe(0);
  });
});
