import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/index.ts';
import { LocalStorage } from '../src/drivers/storage/storage.ts';
import { banUser, deleteUsers } from '../src/modules/users/service.ts';
import { ADMIN, Client, PASSWORD, asAdmin, asUser, createTestApp, createUser, guest, mailsIn } from './helper.ts';

/**
 * Issue 17, items 4-6: what a user holding one delegated permission could do to the site. Every rule is attacked
 * the way the issue found it, through the HTTP API, and the database is checked afterwards.
 */
const t = await createTestApp();
let admin: Client;
let adminId: number;

beforeAll(async () => {
  admin = await asAdmin(t);
  adminId = (await admin.get('/api/v1/auth/me')).body.user.id;
});

const CANNOT_GRANT = 'You cannot grant permissions you do not have.';
const CANNOT_ASSIGN_ROLE = 'You cannot assign a role with permissions you do not have.';
const ONLY_ADMIN_USER = 'Only an admin can modify an admin.';
const ONLY_ADMIN_ROLE = 'Only an admin can modify a role with the admin permission.';
const GUESTS_NOT_ADMIN = 'The guests role cannot have admin permissions.';
const DEFAULT_NOT_STAFF = 'Only an admin can give staff permissions to a default role: every new account gets them.';
const OUTRANKED_USER = 'You cannot modify a user with permissions you do not have.';
const OUTRANKED_ROLE = 'You cannot modify a role with permissions you do not have.';

const directGrants = async (userId: number) => (await t.ctx.db.selectFrom('permission_grants').select(['name', 'restrictions'])
  .where('model_type', '=', 'user').where('model_id', '=', userId).orderBy('name').execute());
const roleGrantNames = async (roleId: number) => (await t.ctx.db.selectFrom('permission_grants').select('name')
  .where('model_type', '=', 'role').where('model_id', '=', roleId).orderBy('name').execute()).map((r) => r.name);
const rolesOf = async (userId: number) => (await t.ctx.db.selectFrom('user_role').select('role_id').where('user_id', '=', userId).orderBy('role_id').execute()).map((r) => r.role_id);
const bannedAt = async (userId: number) => (await t.ctx.db.selectFrom('users').select('banned_at').where('id', '=', userId).executeTakeFirstOrThrow()).banned_at;

function expectRefused(res: { status: number; body: { message?: string } }, message: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body.message).toBe(message);
}

describe('a user holding only users.update and users.create', () => {
  let manager: Client & { user: { id: number } };
  beforeAll(async () => {
    manager = await asUser(t, { roles: [], permissions: ['users.update', 'users.create'] });
  });

  it('cannot give themselves admin, nor any permission they do not hold', async () => {
    const own = [{ name: 'users.create' }, { name: 'users.update' }];
    expectRefused(await manager.put(`/api/v1/users/${manager.user.id}`, { permissions: [...own, { name: 'admin' }] }), CANNOT_GRANT);
    expectRefused(await manager.put(`/api/v1/users/${manager.user.id}`, { permissions: [...own, { name: 'settings.update' }] }), CANNOT_GRANT);
    expect((await directGrants(manager.user.id)).map((g) => g.name)).toEqual(['users.create', 'users.update']);
    expect((await manager.get('/api/v1/auth/me')).body.user.effective_permissions).toEqual(['users.create', 'users.update']);
  });

  it('cannot give themselves the admin role, nor a role carrying permissions they lack', async () => {
    expectRefused(await manager.put(`/api/v1/users/${manager.user.id}`, { roles: [t.roles.admin] }), ONLY_ADMIN_ROLE);
    const editors = (await admin.post('/api/v1/roles', { name: 'settings-editors', permissions: [{ name: 'settings.update' }] })).body.role.id;
    expectRefused(await manager.put(`/api/v1/users/${manager.user.id}`, { roles: [editors] }), CANNOT_ASSIGN_ROLE);
    expect(await rolesOf(manager.user.id)).toEqual([]);
  });

  it('cannot create a user with admin, the admin role or permissions they lack', async () => {
    const bodies = [
      [{ permissions: [{ name: 'admin' }] }, CANNOT_GRANT],
      [{ permissions: [{ name: 'admin.access' }] }, CANNOT_GRANT],
      [{ roles: [t.roles.admin] }, ONLY_ADMIN_ROLE],
    ] as const;
    for (const [extra, message] of bodies) {
      const email = `sneaky-${Object.keys(extra)[0]}-${message.length}@test.local`;
      expectRefused(await manager.post('/api/v1/users', { email, password: PASSWORD, ...extra }), message);
      expect(await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    }
  });

  it('may still grant what they hold, and manage members and staff who hold no more than they do', async () => {
    const created = await manager.post('/api/v1/users', { email: 'helper@test.local', password: PASSWORD, permissions: [{ name: 'users.update' }] });
    expect(created.status, created.text).toBe(200);
    const res = await manager.put(`/api/v1/users/${created.body.user.id}`, { first_name: 'Renamed', password: 'a-new-password-1', permissions: [{ name: 'users.update' }] });
    expect(res.status, res.text).toBe(200);
    // A member's everyday permissions (from the users role) are not staff ones the manager lacks.
    const member = await createUser(t);
    expect((await manager.put(`/api/v1/users/${member.id}`, { email: 'member-renamed@test.local' })).status).toBe(200);
    expect((await manager.post(`/api/v1/users/${member.id}/ban`, {})).status).toBe(200);
  });

  it('cannot take over, suspend, delete or demote a user holding a staff permission they lack', async () => {
    const senior = await createUser(t, { permissions: ['settings.update', 'users.update'] });
    const hashBefore = (await t.ctx.db.selectFrom('users').select('password').where('id', '=', senior.id).executeTakeFirstOrThrow()).password;
    expectRefused(await manager.put(`/api/v1/users/${senior.id}`, { password: 'hijacked-123' }), OUTRANKED_USER);
    expectRefused(await manager.put(`/api/v1/users/${senior.id}`, { email: 'mine@test.local' }), OUTRANKED_USER);
    expectRefused(await manager.put(`/api/v1/users/${senior.id}`, { permissions: [{ name: 'users.update' }] }), OUTRANKED_USER);
    expectRefused(await manager.post(`/api/v1/users/${senior.id}/ban`, {}), OUTRANKED_USER);
    expectRefused(await manager.delete(`/api/v1/users/${senior.id}`), OUTRANKED_USER);
    expectRefused(await manager.delete(`/api/v1/users/${senior.id}/avatar`), OUTRANKED_USER);
    expect(await new Client(t).login(senior.email, 'hijacked-123').catch(() => null)).toBeNull();
    const after = await t.ctx.db.selectFrom('users').select(['password', 'email', 'banned_at']).where('id', '=', senior.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ password: hashBefore, email: senior.email, banned_at: null });
    expect((await directGrants(senior.id)).map((g) => g.name)).toEqual(['settings.update', 'users.update']);
    // Staff seniority through a role counts the same, and an admin still manages everyone.
    const editors = (await admin.post('/api/v1/roles', { name: 'settings-editors-2', permissions: [{ name: 'settings.update' }] })).body.role.id;
    const viaRole = await createUser(t, { roles: [t.roles.users, editors] });
    expectRefused(await manager.put(`/api/v1/users/${viaRole.id}`, { password: 'hijacked-123' }), OUTRANKED_USER);
    expect((await admin.put(`/api/v1/users/${senior.id}`, { first_name: 'Still managed' })).status).toBe(200);
  });

  it('cannot suspend, unsuspend, edit, delete or change the avatar of the super admin', async () => {
    expectRefused(await manager.post(`/api/v1/users/${adminId}/ban`, { comment: 'bye' }), ONLY_ADMIN_USER);
    expect(await bannedAt(adminId)).toBeNull();
    expectRefused(await manager.put(`/api/v1/users/${adminId}`, { password: 'taken-over-1' }), ONLY_ADMIN_USER);
    expectRefused(await manager.put(`/api/v1/users/${adminId}`, { roles: [t.roles.users] }), ONLY_ADMIN_USER);
    expectRefused(await manager.delete(`/api/v1/users/${adminId}`), ONLY_ADMIN_USER);
    expectRefused(await manager.delete(`/api/v1/users/${adminId}/avatar`), ONLY_ADMIN_USER);
    // An admin through a direct grant is an admin too; and an admin's suspension is an admin's to lift.
    const direct = await createUser(t, { permissions: ['admin'] });
    expectRefused(await manager.post(`/api/v1/users/${direct.id}/ban`, {}), ONLY_ADMIN_USER);
    expect((await admin.post(`/api/v1/users/${direct.id}/ban`, {})).status).toBe(200);
    expectRefused(await manager.delete(`/api/v1/users/${direct.id}/unban`), ONLY_ADMIN_USER);
    expect(await bannedAt(direct.id)).not.toBeNull();
    await new Client(t).login(ADMIN.email, ADMIN.password);
  });
});

describe('nobody suspends or deletes themselves or the last admin', () => {
  it('refuses suspending or deleting yourself with 403', async () => {
    const manager = await asUser(t, { roles: [], permissions: ['users.update', 'users.delete'] });
    expectRefused(await manager.post(`/api/v1/users/${manager.user.id}/ban`, {}), 'You cannot suspend yourself.');
    expectRefused(await manager.delete(`/api/v1/users/${manager.user.id}`), 'You cannot delete your own account from here.');
    expectRefused(await admin.post(`/api/v1/users/${adminId}/ban`, {}), 'You cannot suspend yourself.');
    expect(await bannedAt(manager.user.id)).toBeNull();
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', manager.user.id).executeTakeFirst()).toBeDefined();
  });

  it('refuses suspending or deleting the last active admin', async () => {
    // Over HTTP only an admin reaches an admin, and that admin stays; the service still holds the line on its own.
    const outsider = { id: 0, permissions: new Set(['admin']) };
    await expect(banUser(t.ctx, adminId, { permanent: true }, outsider)).rejects.toMatchObject({ status: 403, message: 'The last administrator cannot be suspended.' });
    await expect(deleteUsers(t.ctx, [adminId], outsider)).rejects.toMatchObject({ status: 403, message: 'The last administrator cannot be deleted.' });
    // A suspended admin does not count: the only active one cannot go either.
    const dormant = await createUser(t, { roles: [t.roles.admin] });
    await t.ctx.db.updateTable('users').set({ banned_at: nowIso() }).where('id', '=', dormant.id).execute();
    await expect(deleteUsers(t.ctx, [adminId], outsider)).rejects.toMatchObject({ status: 403 });
    expect(await bannedAt(adminId)).toBeNull();
    await t.ctx.db.deleteFrom('users').where('id', '=', dormant.id).execute();
  });
});

describe('a user holding only roles.update and roles.create', () => {
  let manager: Client & { user: { id: number } };
  beforeAll(async () => {
    manager = await asUser(t, { roles: [], permissions: ['roles.update', 'roles.create'] });
  });

  it('cannot add themselves (or anyone) to the admin role, nor to a role carrying permissions they lack', async () => {
    expectRefused(await manager.post(`/api/v1/roles/${t.roles.admin}/add-users`, { userIds: [manager.user.id] }), ONLY_ADMIN_ROLE);
    const editors = (await admin.post('/api/v1/roles', { name: 'appearance-editors', permissions: [{ name: 'appearance.update' }] })).body.role.id;
    expectRefused(await manager.post(`/api/v1/roles/${editors}/add-users`, { userIds: [manager.user.id] }), CANNOT_ASSIGN_ROLE);
    expect(await rolesOf(manager.user.id)).toEqual([]);
    expect((await manager.get('/api/v1/auth/me')).body.user.effective_permissions).toEqual(['roles.create', 'roles.update']);
  });

  it('cannot give admin (or anything they lack) to the guests role or to any role', async () => {
    expectRefused(await manager.put(`/api/v1/roles/${t.roles.guests}`, { permissions: [{ name: 'titles.view' }, { name: 'admin' }] }), GUESTS_NOT_ADMIN);
    expectRefused(await manager.put(`/api/v1/roles/${t.roles.guests}`, { permissions: [{ name: 'titles.view' }, { name: 'tags.view' }] }), CANNOT_GRANT);
    expectRefused(await manager.put(`/api/v1/roles/${t.roles.users}`, { permissions: [{ name: 'users.view' }, { name: 'settings.update' }] }), CANNOT_GRANT);
    expectRefused(await manager.post('/api/v1/roles', { name: 'self-made', permissions: [{ name: 'admin' }] }), CANNOT_GRANT);
    expect(await roleGrantNames(t.roles.guests)).not.toContain('admin');
    expect((await guest(t).get('/api/v1/auth/me')).body.guest_permissions).not.toContain('admin');
    expect(await t.ctx.db.selectFrom('roles').select('id').where('name', '=', 'self-made').executeTakeFirst()).toBeUndefined();
  });

  it('cannot edit, delete or change the members of a role carrying admin', async () => {
    expectRefused(await manager.put(`/api/v1/roles/${t.roles.admin}`, { description: 'mine now' }), ONLY_ADMIN_ROLE);
    expectRefused(await manager.post(`/api/v1/roles/${t.roles.admin}/remove-users`, { userIds: [adminId] }), ONLY_ADMIN_ROLE);
    const custom = (await admin.post('/api/v1/roles', { name: 'second-admins', permissions: [{ name: 'admin' }] })).body.role.id;
    expectRefused(await manager.delete(`/api/v1/roles/${custom}`), ONLY_ADMIN_ROLE);
    expect(await t.ctx.db.selectFrom('roles').select('id').where('id', '=', custom).executeTakeFirst()).toBeDefined();
    expect(await rolesOf(adminId)).toEqual([t.roles.admin]);
  });

  it('cannot take an admin out of any role, nor make a role default or guests when it carries what they lack', async () => {
    const plain = (await admin.post('/api/v1/roles', { name: 'plain', permissions: [{ name: 'users.view' }] })).body.role.id;
    const otherAdmin = await createUser(t, { roles: [t.roles.admin, plain] });
    expectRefused(await manager.post(`/api/v1/roles/${plain}/remove-users`, { userIds: [otherAdmin.id] }), ONLY_ADMIN_USER);
    expect(await rolesOf(otherAdmin.id)).toContain(plain);
    const powerful = (await admin.post('/api/v1/roles', { name: 'powerful', permissions: [{ name: 'settings.update' }] })).body.role.id;
    // The role carries settings.update, which the manager lacks: they cannot touch it at all.
    expectRefused(await manager.put(`/api/v1/roles/${powerful}`, { default: true }), OUTRANKED_ROLE);
    expectRefused(await manager.post('/api/v1/roles', { name: 'new-default', default: true, permissions: [{ name: 'settings.update' }] }), CANNOT_GRANT);
    expect((await t.ctx.db.selectFrom('roles').select('default').where('id', '=', powerful).executeTakeFirstOrThrow()).default).toBeFalsy();
  });

  it('cannot demote the staff of a role carrying a staff permission they lack: no stripping it, deleting or renaming the role', async () => {
    const settingsRole = (await admin.post('/api/v1/roles', { name: 'settings-team', permissions: [{ name: 'admin.access' }, { name: 'settings.update' }] })).body.role.id;
    const staff = await createUser(t, { roles: [settingsRole] });
    expectRefused(await manager.put(`/api/v1/roles/${settingsRole}`, { permissions: [{ name: 'admin.access' }] }), OUTRANKED_ROLE);
    expectRefused(await manager.put(`/api/v1/roles/${settingsRole}`, { name: 'renamed' }), OUTRANKED_ROLE);
    expectRefused(await manager.delete(`/api/v1/roles/${settingsRole}`), OUTRANKED_ROLE);
    expectRefused(await manager.post(`/api/v1/roles/${settingsRole}/remove-users`, { userIds: [staff.id] }), OUTRANKED_ROLE);
    expect(await roleGrantNames(settingsRole)).toEqual(['admin.access', 'settings.update']);
    expect(await rolesOf(staff.id)).toEqual([settingsRole]);
    expect((await t.ctx.db.selectFrom('roles').select('name').where('id', '=', settingsRole).executeTakeFirstOrThrow()).name).toBe('settings-team');
    // Everyday permissions do not count: the users role stays theirs to edit, like any member stays theirs to manage.
    const everyday = (await roleGrantNames(t.roles.users)).map((name) => ({ name }));
    expect((await manager.put(`/api/v1/roles/${t.roles.users}`, { permissions: everyday })).status).toBe(200);
  });

  it('cannot hand a staff permission they hold to every member and every new sign-up through a default role', async () => {
    const everyday = (await roleGrantNames(t.roles.users)).map((name) => ({ name }));
    expectRefused(await manager.put(`/api/v1/roles/${t.roles.users}`, { permissions: [...everyday, { name: 'roles.update' }] }), DEFAULT_NOT_STAFF);
    expectRefused(await manager.post('/api/v1/roles', { name: 'everyone-edits-roles', default: true, permissions: [{ name: 'roles.update' }] }), DEFAULT_NOT_STAFF);
    const editors = (await manager.post('/api/v1/roles', { name: 'role-editors-default', permissions: [{ name: 'roles.update' }] })).body.role.id;
    expectRefused(await manager.put(`/api/v1/roles/${editors}`, { default: true }), DEFAULT_NOT_STAFF);
    expect(await roleGrantNames(t.roles.users)).not.toContain('roles.update');
    expect((await t.ctx.db.selectFrom('roles').select('default').where('id', '=', editors).executeTakeFirstOrThrow()).default).toBeFalsy();
    const member = await asUser(t);
    expect((await member.get('/api/v1/users')).status).toBe(403);
    // An admin still decides what every member may do.
    expect((await admin.put(`/api/v1/roles/${editors}`, { default: true })).status).toBe(200);
    expect((await admin.put(`/api/v1/roles/${editors}`, { default: false })).status).toBe(200);
  });

  it('may still build roles from what they hold', async () => {
    const res = await manager.post('/api/v1/roles', { name: 'role-editors', permissions: [{ name: 'roles.update' }] });
    expect(res.status, res.text).toBe(200);
    const add = await manager.post(`/api/v1/roles/${res.body.role.id}/add-users`, { userIds: [(await createUser(t)).id] });
    expect(add.status, add.text).toBe(200);
  });
});

describe('the guests role never carries admin.access, admin or any other staff permission', () => {
  it('refuses them even from an admin, on update, create and when a role becomes the guests role', async () => {
    for (const name of ['admin', 'admin.access', 'users.update', 'settings.update', 'files.view', 'lists.delete']) {
      expectRefused(await admin.put(`/api/v1/roles/${t.roles.guests}`, { permissions: [{ name: 'titles.view' }, { name }] }), GUESTS_NOT_ADMIN);
      expectRefused(await admin.post('/api/v1/roles', { name: `visitors-${name}`, guests: true, permissions: [{ name }] }), GUESTS_NOT_ADMIN);
    }
    const staff = (await admin.post('/api/v1/roles', { name: 'staff', permissions: [{ name: 'admin.access' }] })).body.role.id;
    expectRefused(await admin.put(`/api/v1/roles/${staff}`, { guests: true }), GUESTS_NOT_ADMIN);
    expect(await roleGrantNames(t.roles.guests)).not.toContain('admin.access');
    expect((await guest(t).get('/api/v1/auth/me')).body.guest_permissions).not.toContain('admin.access');
  });

  it('a staff member who holds users.update cannot hand it to every visitor, who would then read every e-mail', async () => {
    const staff = await asUser(t, { roles: [], permissions: ['admin.access', 'roles.update', 'users.update'] });
    const keep = (await roleGrantNames(t.roles.guests)).map((name) => ({ name }));
    expectRefused(await staff.put(`/api/v1/roles/${t.roles.guests}`, { permissions: [...keep, { name: 'users.update' }] }), GUESTS_NOT_ADMIN);
    expect(await roleGrantNames(t.roles.guests)).not.toContain('users.update');
    expect((await guest(t).get('/api/v1/users')).status).toBe(401);
    // What members do with their own things is still theirs to give visitors.
    expect((await staff.put(`/api/v1/roles/${t.roles.guests}`, { permissions: keep })).status).toBe(200);
  });

  it('a guests role that already carries admin or users.update gives visitors nothing of it, and an admin can take it back', async () => {
    await t.ctx.db.insertInto('permission_grants').values(['admin', 'users.update'].map((name) => ({ model_type: 'role', model_id: t.roles.guests, name, restrictions: null }))).execute();
    const visitor = guest(t);
    expect((await visitor.get('/api/v1/auth/me')).body.guest_permissions).not.toContain('admin');
    expect((await visitor.get('/api/v1/auth/me')).body.guest_permissions).not.toContain('users.update');
    expect((await visitor.get('/api/v1/users')).status).toBe(401);
    const keep = (await roleGrantNames(t.roles.guests)).filter((n) => n !== 'admin' && n !== 'users.update').map((name) => ({ name }));
    const res = await admin.put(`/api/v1/roles/${t.roles.guests}`, { permissions: keep });
    expect(res.status, res.text).toBe(200);
    expect(await roleGrantNames(t.roles.guests)).not.toContain('admin');
  });
});

describe('restriction values are bounded by the granter', () => {
  it('cannot give a larger limit, or no limit, than the granter holds', async () => {
    const manager = await asUser(t, { roles: [], permissions: ['users.update'] });
    await t.ctx.db.insertInto('permission_grants').values({
      model_type: 'user', model_id: manager.user.id, name: 'files.create', restrictions: JSON.stringify([{ name: 'max_file_size', value: 1000 }]),
    }).execute();
    const target = await createUser(t);
    const grant = (value?: number) => ({ permissions: [{ name: 'files.create', restrictions: value === undefined ? [] : [{ name: 'max_file_size', value }] }] });
    expectRefused(await manager.put(`/api/v1/users/${target.id}`, grant(2000)), CANNOT_GRANT);
    expectRefused(await manager.put(`/api/v1/users/${target.id}`, grant()), CANNOT_GRANT);
    expect(await directGrants(target.id)).toEqual([]);
    expect((await manager.put(`/api/v1/users/${target.id}`, grant(500))).status).toBe(200);
    expect(JSON.parse((await directGrants(target.id))[0].restrictions!)).toEqual([{ name: 'max_file_size', value: 500 }]);
  });
});

describe('no client value deletes a file by path', () => {
  const canary = () => {
    const file = path.join(t.storage, `canary-${Math.random().toString(36).slice(2)}.txt`);
    fs.writeFileSync(file, 'alive');
    return file;
  };

  it('refuses an avatar that is not an uploaded image or a web address', async () => {
    for (const avatar of ['/storage/../canary.txt', '/storage/avatars/../../db.sqlite', '../db.sqlite', 'file:///etc/passwd']) {
      const created = await admin.post('/api/v1/users', { email: 'pathy@test.local', password: PASSWORD, avatar });
      expect(created.status, avatar).toBe(422);
      expect(created.body.errors.avatar).toEqual(['The avatar must be an uploaded image or a web address.']);
    }
    const u = await createUser(t);
    expect((await admin.put(`/api/v1/users/${u.id}`, { avatar: '/storage/../canary.txt' })).status).toBe(422);
    expect((await admin.put(`/api/v1/users/${u.id}`, { avatar: 'https://images.example.test/me.png' })).status).toBe(200);
  });

  it('DELETE users/{id}/avatar and DELETE account/avatar leave a file outside the avatars alone', async () => {
    const outside = canary();
    const u = await asUser(t);
    // A value written before this was validated (or by any other route).
    await t.ctx.db.updateTable('users').set({ avatar: `/storage/../${path.basename(outside)}` }).where('id', '=', u.user.id).execute();
    expect((await admin.delete(`/api/v1/users/${u.user.id}/avatar`)).status).toBe(200);
    expect(fs.existsSync(outside)).toBe(true);

    const privateFile = path.join(t.storage, 'private', 'secret.bin');
    fs.mkdirSync(path.dirname(privateFile), { recursive: true });
    fs.writeFileSync(privateFile, 'secret');
    await t.ctx.db.updateTable('users').set({ avatar: '/storage/../private/secret.bin' }).where('id', '=', u.user.id).execute();
    const res = await u.delete('/api/v1/account/avatar');
    expect(res.status, res.text).toBe(200);
    expect(res.body.user.avatar).toBeNull();
    expect(fs.existsSync(privateFile)).toBe(true);
  });

  it('deleting a title image or a caption never follows a stored path out of its folder', async () => {
    const outside = canary();
    const title = (await admin.post('/api/v1/titles', { name: 'Path Test' })).body.title;
    const image = await t.ctx.db.insertInto('images').values({
      model_type: 'title', model_id: title.id, url: `/storage/title-images/../../${path.basename(outside)}`, created_at: nowIso(),
    }).returning('id').executeTakeFirstOrThrow();
    expect((await admin.delete(`/api/v1/images/${image.id}`)).status).toBe(200);
    expect(fs.existsSync(outside)).toBe(true);
  });

  it('the local disk refuses any key with `..`, even one that stays inside its root', async () => {
    const outside = canary();
    const disk = new LocalStorage(t.storage);
    await expect(disk.delete(`public/../${path.basename(outside)}`)).rejects.toThrow('Invalid storage key');
    await expect(disk.stat(`avatars/../../${path.basename(outside)}`)).rejects.toThrow('Invalid storage key');
    expect(fs.existsSync(outside)).toBe(true);
  });
});

describe('API tokens end with the other sessions', () => {
  async function withToken() {
    const u = await asUser(t);
    const created = await u.post('/api/v1/auth/access-tokens', { tokenName: 'cli' });
    expect(created.status, created.text).toBe(200);
    const api = new Client(t);
    api.bearer = created.body.plainTextToken;
    expect((await api.get('/api/v1/auth/me')).body.user?.id).toBe(u.user.id);
    return { u, api };
  }
  const tokensOf = async (userId: number) => (await t.ctx.db.selectFrom('access_tokens').select('id').where('user_id', '=', userId).execute()).length;

  it('on a password change from the account page', async () => {
    const { u, api } = await withToken();
    const res = await u.put('/api/v1/account/password', { current_password: PASSWORD, password: 'a-new-password', password_confirmation: 'a-new-password' });
    expect(res.status, res.text).toBe(200);
    expect((await api.get('/api/v1/auth/me')).status).toBe(401);
    expect(await tokensOf(u.user.id)).toBe(0);
    // The session that changed it stays.
    expect((await u.get('/api/v1/auth/me')).body.user.id).toBe(u.user.id);
  });

  it('on a password reset', async () => {
    const { u, api } = await withToken();
    await guest(t).post('/api/v1/auth/password/email', { email: u.user.email });
    const mail = (await mailsIn(t)).filter((m) => m.to === u.user.email).at(-1)!;
    const token = /\/password\/reset\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const res = await guest(t).post('/api/v1/auth/password/reset', { token, email: u.user.email, password: 'reset-password', password_confirmation: 'reset-password' });
    expect(res.status, res.text).toBe(200);
    expect((await api.get('/api/v1/auth/me')).status).toBe(401);
    expect(await tokensOf(u.user.id)).toBe(0);
  });

  it('on an admin setting a new password', async () => {
    const { u, api } = await withToken();
    expect((await admin.put(`/api/v1/users/${u.user.id}`, { password: 'admin-chosen-1' })).status).toBe(200);
    expect((await api.get('/api/v1/auth/me')).status).toBe(401);
    expect(await tokensOf(u.user.id)).toBe(0);
  });

  it('on a suspension, and stay ended once it is lifted', async () => {
    const { u, api } = await withToken();
    expect((await admin.post(`/api/v1/users/${u.user.id}/ban`, {})).status).toBe(200);
    expect((await api.get('/api/v1/auth/me')).status).toBe(401);
    expect((await admin.delete(`/api/v1/users/${u.user.id}/unban`)).status).toBe(200);
    expect((await api.get('/api/v1/auth/me')).status).toBe(401);
    expect(await tokensOf(u.user.id)).toBe(0);
  });
});
