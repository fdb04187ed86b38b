import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GUEST_PERMISSIONS } from '@app/contracts';
import { PASSWORD, asAdmin, asUser, createTestApp, type Client } from './helper.ts';

/**
 * Every permission the role editor offers does what its name says: users.create opens creating users, roles.create
 * creating roles and roles.view viewing them (the update permissions, which the spec gates these pages by, still do), and the guests
 * role is never given a permission that needs a signed-in account.
 */
const t = await createTestApp();
let admin: Client;
beforeAll(async () => { admin = await asAdmin(t); });

describe('users.create, users.delete and users.update', () => {
  it('creating a user needs users.create, or users.update as the spec has it', async () => {
    const updater = await asUser(t, { roles: [], permissions: ['users.update'] });
    expect((await updater.post('/api/v1/users', { email: 'by-updater@test.local', password: PASSWORD })).status).toBe(200);
    const other = await asUser(t, { roles: [], permissions: ['users.delete'] });
    expect((await other.post('/api/v1/users', { email: 'by-other@test.local', password: PASSWORD })).status).toBe(403);
    const creator = await asUser(t, { roles: [], permissions: ['users.create'] });
    const res = await creator.post('/api/v1/users', { email: 'by-creator@test.local', password: PASSWORD });
    expect(res.status, res.text).toBe(200);
    // The form lists the roles to choose from, and the table shows the new user.
    expect((await creator.get('/api/v1/roles')).status).toBe(200);
    expect((await creator.get('/api/v1/permissions')).status).toBe(200);
    expect((await creator.get('/api/v1/users')).status).toBe(200);
    // Editing stays with users.update.
    expect((await creator.put(`/api/v1/users/${res.body.user.id}`, { first_name: 'X' })).status).toBe(403);
  });

  it('a users.delete holder can list the users they may delete', async () => {
    const deleter = await asUser(t, { roles: [], permissions: ['users.delete'] });
    expect((await deleter.get('/api/v1/users')).status).toBe(200);
    // The table's role filter lists the roles.
    expect((await deleter.get('/api/v1/roles')).status).toBe(200);
    expect((await deleter.post('/api/v1/users', { email: 'by-deleter@test.local', password: PASSWORD })).status).toBe(403);
  });

  it('users.view (public profiles, held by every member) does not open the users table', async () => {
    const member = await asUser(t);
    expect((await member.get('/api/v1/auth/me')).body.user.effective_permissions).toContain('users.view');
    expect((await member.get('/api/v1/users')).status).toBe(403);
  });
});

describe('roles.create, roles.view and roles.update', () => {
  it('creating a role needs roles.create, or roles.update as the spec has it', async () => {
    const updater = await asUser(t, { roles: [], permissions: ['roles.update'] });
    expect((await updater.post('/api/v1/roles', { name: 'by-updater', permissions: [] })).status).toBe(200);
    const viewer = await asUser(t, { roles: [], permissions: ['roles.view'] });
    expect((await viewer.post('/api/v1/roles', { name: 'by-viewer', permissions: [] })).status).toBe(403);
    const creator = await asUser(t, { roles: [], permissions: ['roles.create'] });
    const res = await creator.post('/api/v1/roles', { name: 'by-creator', permissions: [] });
    expect(res.status, res.text).toBe(200);
    // The editor opens the new role after creating it.
    expect((await creator.get(`/api/v1/roles/${res.body.role.id}`)).status).toBe(200);
    expect((await creator.put(`/api/v1/roles/${res.body.role.id}`, { name: 'renamed' })).status).toBe(403);
  });

  it('roles.view opens the roles list, a role and the export, but not editing', async () => {
    const viewer = await asUser(t, { roles: [], permissions: ['roles.view'] });
    expect((await viewer.get('/api/v1/roles')).status).toBe(200);
    expect((await viewer.get(`/api/v1/roles/${t.roles.users}`)).status).toBe(200);
    expect((await viewer.get('/api/v1/roles/csv/export')).status).toBe(200);
    expect((await viewer.put(`/api/v1/roles/${t.roles.users}`, { name: 'renamed' })).status).toBe(403);
  });

  it('roles.view is a staff permission: never on the guests role', async () => {
    const res = await admin.put(`/api/v1/roles/${t.roles.guests}`, { permissions: [...DEFAULT_GUEST_PERMISSIONS, 'roles.view'].map((name) => ({ name })) });
    expect(res.status).toBe(403);
  });
});

describe('the guests role and permissions that need a signed-in user', () => {
  const message = 'The guests role cannot have permissions that need a signed-in user: comments.create, videos.rate.';

  it('refuses them with a 422 on the guests role, on a new guests role and when a role becomes the guests role', async () => {
    const perms = [...DEFAULT_GUEST_PERMISSIONS, 'comments.create', 'videos.rate'].map((name) => ({ name }));
    const put = await admin.put(`/api/v1/roles/${t.roles.guests}`, { permissions: perms });
    expect(put.status, put.text).toBe(422);
    expect(put.body.message).toBe(message);
    expect(put.body.errors.permissions).toEqual([message]);
    const guestsGrants = await t.ctx.db.selectFrom('permission_grants').select('name').where('model_type', '=', 'role').where('model_id', '=', t.roles.guests).execute();
    expect(guestsGrants.map((g) => g.name)).not.toContain('comments.create');

    const post = await admin.post('/api/v1/roles', { name: 'visitors-commenting', guests: true, permissions: [{ name: 'comments.create' }] });
    expect(post.status).toBe(422);
    const members = (await admin.post('/api/v1/roles', { name: 'commenters', permissions: [{ name: 'comments.create' }] })).body.role.id;
    expect((await admin.put(`/api/v1/roles/${members}`, { guests: true })).status).toBe(422);
  });

  it('the guests role still takes everything a visitor can use', async () => {
    const res = await admin.put(`/api/v1/roles/${t.roles.guests}`, { permissions: DEFAULT_GUEST_PERMISSIONS.map((name) => ({ name })) });
    expect(res.status, res.text).toBe(200);
  });
});

describe('catalogue editors without the view permission', () => {
  it('read the tables and records they may edit: titles, people, videos, genres and keywords', async () => {
    const editor = await asUser(t, { roles: [], permissions: ['titles.update', 'people.update', 'videos.update', 'title_tags.update'] });
    for (const url of ['/api/v1/titles', '/api/v1/people', '/api/v1/videos', '/api/v1/title-tags/genre', '/api/v1/titles/autocomplete?query=a']) {
      const res = await editor.get(url);
      expect(res.status, `${url} ${res.text}`).toBe(200);
    }
    for (const url of ['/api/v1/titles/999999', '/api/v1/titles/999999/credits', '/api/v1/people/999999', '/api/v1/videos/999999']) {
      expect((await editor.get(url)).status, url).toBe(404);
    }
    // Without either, still refused.
    const nobody = await asUser(t, { roles: [], permissions: ['admin.access'] });
    expect((await nobody.get('/api/v1/titles')).status).toBe(403);
  });
});
