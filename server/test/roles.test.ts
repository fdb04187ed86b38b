import { beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/index.ts';
import { Client, asAdmin, asUser, createTestApp, createUser, listUrl } from './helper.ts';

const t = await createTestApp();
let admin: Client;

const grantNames = (role: any) => role.permissions.map((p: any) => p.name).sort();
const roleRow = (id: number) => t.ctx.db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
const userRoleIds = async (userId: number) =>
  (await t.ctx.db.selectFrom('user_role').select('role_id').where('user_id', '=', userId).execute()).map((r) => r.role_id).sort();

async function insertRole(values: { name: string; type?: string; guests?: boolean; description?: string | null; created_at?: string }) {
  const now = values.created_at ?? nowIso();
  return (await t.ctx.db.insertInto('roles').values({
    name: values.name, description: values.description ?? null, type: values.type ?? 'sitewide', default: false, guests: values.guests ?? false,
    internal: false, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

beforeAll(async () => {
  admin = await asAdmin(t);
});

describe('GET roles', () => {
  it('lists roles through paginate() with permissions, flags as booleans and users_count', async () => {
    const res = await admin.get('/api/v1/roles');
    expect(res.status, res.text).toBe(200);
    const p = res.body.pagination;
    expect(Object.keys(p).sort()).toEqual(['current_page', 'data', 'from', 'last_page', 'per_page', 'to', 'total']);
    const adminRole = p.data.find((r: any) => r.name === 'admin');
    expect(adminRole).toMatchObject({ id: t.roles.admin, type: 'sitewide', default: false, guests: false, internal: true, users_count: 1 });
    expect(grantNames(adminRole)).toContain('admin');
    const users = p.data.find((r: any) => r.name === 'users');
    expect(users.default).toBe(true);
    expect(p.data.find((r: any) => r.name === 'guests').guests).toBe(true);
    // Default sort by name.
    const names = p.data.map((r: any) => r.name);
    expect(names).toEqual([...names].sort());
  });

  it('searches name and description through the index, also for short prefixes', async () => {
    await insertRole({ name: 'moderators', description: 'Keeps the comments civil' });
    await insertRole({ name: 'editors-search', description: 'Writes news' });
    const byName = await admin.get(listUrl('/api/v1/roles', { query: 'derat' }));
    expect(byName.body.pagination.data.map((r: any) => r.name)).toEqual(['moderators']);
    const byDescription = await admin.get(listUrl('/api/v1/roles', { query: 'comments civil' }));
    expect(byDescription.body.pagination.data.map((r: any) => r.name)).toEqual(['moderators']);
    expect(byDescription.body.pagination.total).toBe(1);
    const prefix = await admin.get(listUrl('/api/v1/roles', { query: 'mo' }));
    expect(prefix.body.pagination.data.map((r: any) => r.name)).toEqual(['moderators']);
    // A LIKE wildcard is a literal character, not "match anything".
    expect((await admin.get(listUrl('/api/v1/roles', { query: '%%%' }))).body.pagination.total).toBe(0);
  });

  it('filters by type and sorts by whitelisted columns only', async () => {
    const ws = await insertRole({ name: 'workspace-filter', type: 'workspace' });
    const res = await admin.get(listUrl('/api/v1/roles', { filters: [{ key: 'type', value: 'workspace' }] }));
    expect(res.body.pagination.data.map((r: any) => r.id)).toEqual([ws]);
    const sorted = await admin.get(listUrl('/api/v1/roles', { orderBy: 'created_at', orderDir: 'desc' }));
    expect(sorted.status).toBe(200);
    expect((await admin.get(listUrl('/api/v1/roles', { orderBy: 'password' }))).status).toBe(422);
    expect((await admin.get(listUrl('/api/v1/roles', { filters: [{ key: 'internal', value: true }] }))).status).toBe(422);
  });

  it('is refused without roles.update or users.update', async () => {
    const user = await asUser(t);
    expect((await user.get('/api/v1/roles')).status).toBe(403);
    expect((await user.post('/api/v1/roles', { name: 'x' })).status).toBe(403);
    const manager = await asUser(t, { permissions: ['roles.update'] });
    expect((await manager.get('/api/v1/roles')).status).toBe(200);
    expect((await manager.get(`/api/v1/roles/${t.roles.users}`)).status).toBe(200);
  });
});

describe('GET roles/csv/export', () => {
  it('streams the filtered roles as CSV', async () => {
    const res = await admin.get(listUrl('/api/v1/roles/csv/export', { query: 'moderators' }));
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="roles-/);
    const lines = res.text.trim().split('\n');
    expect(lines[0]).toBe('id,name,description,type,default,guests,internal,users_count,permissions,created_at,updated_at');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('moderators,Keeps the comments civil,sitewide,false,false,false,0');
    const all = await admin.get('/api/v1/roles/csv/export');
    expect(all.text).toMatch(/\nadmin|,admin,/);
    expect(all.text.trim().split('\n').length - 1).toBe((await admin.get('/api/v1/roles?perPage=100')).body.pagination.total);
  });

  it('refuses a bad filter before sending anything', async () => {
    const res = await admin.get(listUrl('/api/v1/roles/csv/export', { filters: [{ key: 'nope', value: 1 }] }));
    expect(res.status).toBe(422);
  });
});

describe('POST roles', () => {
  it('creates a role with permissions and restrictions; empty numbers become undefined', async () => {
    const res = await admin.post('/api/v1/roles', {
      name: 'uploaders', description: 'Can upload', type: 'sitewide',
      permissions: [
        { name: 'files.create', restrictions: [{ name: 'max_file_size', value: '' }] },
        { name: 'videos.create', restrictions: [{ name: 'count', value: '25' }] },
        { name: 'lists.create', restrictions: [{ name: 'count', value: 3 }] },
      ],
    });
    expect(res.status, res.text).toBe(200);
    const role = res.body.role;
    expect(role).toMatchObject({ name: 'uploaders', description: 'Can upload', type: 'sitewide', default: false, guests: false, internal: false, users_count: 0 });
    expect(typeof role.id).toBe('number');
    const byName = Object.fromEntries(role.permissions.map((p: any) => [p.name, p.restrictions]));
    expect(byName['files.create']).toEqual([]);
    expect(byName['videos.create']).toEqual([{ name: 'count', value: 25 }]);
    expect(byName['lists.create']).toEqual([{ name: 'count', value: 3 }]);
    const shown = await admin.get(`/api/v1/roles/${role.id}`);
    expect(shown.body.role).toEqual(role);
  });

  it('requires a name, and a unique one', async () => {
    const missing = await admin.post('/api/v1/roles', { description: 'x' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.name).toEqual(['The name field is required.']);
    const blank = await admin.post('/api/v1/roles', { name: '   ' });
    expect(blank.body.errors.name).toEqual(['The name field is required.']);
    const taken = await admin.post('/api/v1/roles', { name: 'admin' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.name).toEqual(['A role with this name already exists.']);
  });

  it('lets exactly one of several racing creates with one name through', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => admin.post('/api/v1/roles', { name: 'racing-role', permissions: [{ name: 'users.view' }] })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422]);
    const id = results.find((r) => r.status === 200)!.body.role.id;
    // The losers left no grants behind.
    const orphans = await t.ctx.db.selectFrom('permission_grants').select('model_id').where('model_type', '=', 'role')
      .where('model_id', 'not in', t.ctx.db.selectFrom('roles').select('id')).execute();
    expect(orphans).toEqual([]);
    expect(await t.ctx.db.selectFrom('roles').select('id').where('name', '=', 'racing-role').execute()).toEqual([{ id }]);
  });

  it('refuses unknown permissions, unknown restrictions and wrong restriction kinds, storing nothing', async () => {
    const before = await t.ctx.db.selectFrom('roles').select('id').execute();
    const unknown = await admin.post('/api/v1/roles', { name: 'bad-perms', permissions: [{ name: 'users.view' }, { name: 'rockets.launch' }] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.permissions).toEqual(['Unknown permission: rockets.launch']);
    const restriction = await admin.post('/api/v1/roles', { name: 'bad-perms', permissions: [{ name: 'files.create', restrictions: [{ name: 'speed', value: 1 }] }] });
    expect(restriction.status).toBe(422);
    const fraction = await admin.post('/api/v1/roles', { name: 'bad-perms', permissions: [{ name: 'files.create', restrictions: [{ name: 'max_file_size', value: 1.5 }] }] });
    expect(fraction.status).toBe(422);
    expect(fraction.body.errors['permissions.0.restrictions.0.value']).toEqual(['Restriction values must be true, false or a whole number.']);
    const word = await admin.post('/api/v1/roles', { name: 'bad-perms', permissions: [{ name: 'files.create', restrictions: [{ name: 'max_file_size', value: 'lots' }] }] });
    expect(word.status).toBe(422);
    const kind = await admin.post('/api/v1/roles', { name: 'bad-perms', permissions: [{ name: 'files.create', restrictions: [{ name: 'max_file_size', value: true }] }] });
    expect(kind.status).toBe(422);
    expect(kind.body.errors.permissions).toEqual(['The max_file_size restriction of files.create must be a whole number.']);
    expect(await t.ctx.db.selectFrom('roles').select('id').execute()).toHaveLength(before.length);
  });

  it('keeps one custom default and one custom guests role; the internal users and guests roles keep their flags', async () => {
    const first = await admin.post('/api/v1/roles', { name: 'new-default', default: true, permissions: [{ name: 'files.create' }] });
    expect(first.status, first.text).toBe(200);
    const def = await admin.post('/api/v1/roles', { name: 'newer-default', default: true, permissions: [{ name: 'files.create' }] });
    expect(def.body.role.default).toBe(true);
    // The users role's toggle is hidden and its flag cannot be set again: it stays, beside the one custom default role.
    expect((await admin.get(`/api/v1/roles/${t.roles.users}`)).body.role.default).toBe(true);
    const defaults = await t.ctx.db.selectFrom('roles').select('id').where('default', '=', true).orderBy('id').execute();
    expect(defaults.map((r) => r.id)).toEqual([t.roles.users, def.body.role.id].sort((a, b) => a - b));
    const both = await admin.post('/api/v1/users', { email: 'both-defaults@test.local', password: 'password123' });
    expect(both.body.user.roles.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b)).toEqual([t.roles.users, def.body.role.id].sort((a, b) => a - b));

    // Once the custom role lets the flag go, new accounts still get the everyday permissions of the users role.
    expect((await admin.put(`/api/v1/roles/${def.body.role.id}`, { default: false })).status).toBe(200);
    const later = await admin.post('/api/v1/users', { email: 'after-default@test.local', password: 'password123' });
    expect(later.body.user.roles.map((r: { id: number }) => r.id)).toEqual([t.roles.users]);

    const guests = await admin.post('/api/v1/roles', { name: 'new-guests', guests: true, permissions: [{ name: 'titles.view' }] });
    expect(guests.status, guests.text).toBe(200);
    const guestRoles = await t.ctx.db.selectFrom('roles').select('id').where('guests', '=', true).orderBy('id').execute();
    expect(guestRoles.map((r) => r.id)).toEqual([t.roles.guests, guests.body.role.id].sort((a, b) => a - b));
    expect((await admin.put(`/api/v1/roles/${guests.body.role.id}`, { guests: false })).status).toBe(200);
    expect((await roleRow(t.roles.guests))?.guests).toBeTruthy();

    await t.ctx.db.deleteFrom('users').where('email', 'in', ['both-defaults@test.local', 'after-default@test.local']).execute();
    expect((await admin.delete(`/api/v1/roles/${first.body.role.id},${def.body.role.id},${guests.body.role.id}`)).status).toBe(200);
  });

  it('guests is for sitewide roles only, and a guests role is never the default', async () => {
    const ws = await admin.post('/api/v1/roles', { name: 'ws-guests', type: 'workspace', guests: true });
    expect(ws.status).toBe(422);
    expect(ws.body.errors.guests).toEqual(['Only sitewide roles can be the guests role.']);
    const both = await admin.post('/api/v1/roles', { name: 'both', guests: true, default: true });
    expect(both.status).toBe(422);
    expect(both.body.errors.default).toBeDefined();
    expect((await admin.post('/api/v1/roles', { name: 'ws-type', type: 'galaxy' })).status).toBe(422);
    expect(await t.ctx.db.selectFrom('roles').select('id').where('name', 'in', ['ws-guests', 'both', 'ws-type']).execute()).toEqual([]);
  });
});

describe('PUT roles/{id}', () => {
  it("updates fields and replaces permissions ('Role updated' on the screen)", async () => {
    const id = (await admin.post('/api/v1/roles', { name: 'to-edit', permissions: [{ name: 'users.view' }] })).body.role.id;
    const res = await admin.put(`/api/v1/roles/${id}`, { name: 'edited', description: 'Now edited', permissions: [{ name: 'news.update' }, { name: 'news.view' }] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.role).toMatchObject({ id, name: 'edited', description: 'Now edited' });
    expect(grantNames(res.body.role)).toEqual(['news.update', 'news.view']);
    // Only what is sent changes.
    const rename = await admin.put(`/api/v1/roles/${id}`, { name: 'edited-again' });
    expect(grantNames(rename.body.role)).toEqual(['news.update', 'news.view']);
    expect(rename.body.role.description).toBe('Now edited');
  });

  it('refuses a taken name, an unknown permission and a missing role without changing anything', async () => {
    const id = (await admin.post('/api/v1/roles', { name: 'stable', permissions: [{ name: 'users.view' }] })).body.role.id;
    const taken = await admin.put(`/api/v1/roles/${id}`, { name: 'admin' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.name).toEqual(['A role with this name already exists.']);
    const unknown = await admin.put(`/api/v1/roles/${id}`, { name: 'renamed-stable', permissions: [{ name: 'nope.nothing' }] });
    expect(unknown.status).toBe(422);
    const row = await admin.get(`/api/v1/roles/${id}`);
    expect(row.body.role.name).toBe('stable');
    expect(grantNames(row.body.role)).toEqual(['users.view']);
    expect((await admin.put('/api/v1/roles/999999', { name: 'x' })).status).toBe(404);
    expect((await admin.get('/api/v1/roles/999999')).status).toBe(404);
  });

  it('the admin role keeps the admin permission', async () => {
    const res = await admin.put(`/api/v1/roles/${t.roles.admin}`, { permissions: [{ name: 'users.update' }] });
    expect(res.status).toBe(422);
    expect(res.body.errors.permissions).toEqual(['The admin role must keep the admin permission.']);
    expect(grantNames((await admin.get(`/api/v1/roles/${t.roles.admin}`)).body.role)).toContain('admin');
    const ok = await admin.put(`/api/v1/roles/${t.roles.admin}`, { description: 'Runs the site', permissions: [{ name: 'admin' }, { name: 'admin.access' }, { name: 'users.view' }] });
    expect(ok.status, ok.text).toBe(200);
  });

  it("internal roles' default and guests options cannot be changed", async () => {
    const res = await admin.put(`/api/v1/roles/${t.roles.users}`, { default: false });
    expect(res.status).toBe(422);
    expect(res.body.errors.default).toBeDefined();
    const guests = await admin.put(`/api/v1/roles/${t.roles.admin}`, { guests: true });
    expect(guests.status).toBe(422);
    // Sending the unchanged values (as the form does) is fine.
    expect((await admin.put(`/api/v1/roles/${t.roles.users}`, { default: true, guests: false, description: 'New accounts' })).status).toBe(200);
    expect((await roleRow(t.roles.users))?.description).toBe('New accounts');
  });

  it('a role with users cannot become the guests role or a workspace role', async () => {
    const id = (await admin.post('/api/v1/roles', { name: 'has-users' })).body.role.id;
    const u = await createUser(t, { roles: [id] });
    const res = await admin.put(`/api/v1/roles/${id}`, { guests: true });
    expect(res.status).toBe(422);
    expect((await admin.put(`/api/v1/roles/${id}`, { type: 'workspace' })).status).toBe(422);
    expect((await roleRow(id))?.type).toBe('sitewide');
    expect(await userRoleIds(u.id)).toEqual([id]);
  });
});

describe('DELETE roles/{ids}', () => {
  it('deletes roles and takes them from their users', async () => {
    const id = (await admin.post('/api/v1/roles', { name: 'doomed', permissions: [{ name: 'users.view' }] })).body.role.id;
    const u = await createUser(t, { roles: [t.roles.users, id] });
    const res = await admin.delete(`/api/v1/roles/${id}`);
    expect(res.status, res.text).toBe(200);
    expect(await roleRow(id)).toBeUndefined();
    expect(await userRoleIds(u.id)).toEqual([t.roles.users]);
    // Deleted again (another tab): none of the ids is a role, a 404 like every bulk delete.
    const again = await admin.delete(`/api/v1/roles/${id}`);
    expect([again.status, again.body.message]).toEqual([404, 'Role not found']);
    expect(await t.ctx.db.selectFrom('permission_grants').select('id').where('model_type', '=', 'role').where('model_id', '=', id).execute()).toEqual([]);
  });

  it('never deletes the admin role (nor the other internal roles), and deletes nothing of the batch', async () => {
    const other = (await admin.post('/api/v1/roles', { name: 'survivor' })).body.role.id;
    const res = await admin.delete(`/api/v1/roles/${other},${t.roles.admin}`);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The admin role cannot be deleted.');
    expect(await roleRow(t.roles.admin)).toBeDefined();
    expect(await roleRow(other)).toBeDefined();
    const guests = await admin.delete(`/api/v1/roles/${t.roles.guests}`);
    expect(guests.status).toBe(422);
    expect(guests.body.message).toBe('Internal roles cannot be deleted.');
  });
});

describe('role users', () => {
  let roleId: number;
  const people: number[] = [];

  beforeAll(async () => {
    roleId = (await admin.post('/api/v1/roles', { name: 'team' })).body.role.id;
    for (const [i, name] of ['Quinn', 'Rosa', 'Sven'].entries()) {
      people.push((await createUser(t, { email: `${name.toLowerCase()}@team.test`, first_name: name, last_name: `Member${i}`, roles: [t.roles.users] })).id);
    }
  });

  it("adds users: 'Assigned N users to role'; adding again is harmless", async () => {
    const res = await admin.post(`/api/v1/roles/${roleId}/add-users`, { userIds: people });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ count: 3, message: 'Assigned 3 users to role' });
    const again = await admin.post(`/api/v1/roles/${roleId}/add-users`, { userIds: [people[0]] });
    expect(again.body.message).toBe('Assigned 1 users to role');
    expect(await userRoleIds(people[0])).toEqual([t.roles.users, roleId].sort());
    expect((await admin.get(`/api/v1/roles/${roleId}`)).body.role.users_count).toBe(3);
  });

  it('lists the role users through GET users with roleId, perPage 14 and search', async () => {
    const res = await admin.get(listUrl('/api/v1/users', { roleId, perPage: 14 }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.pagination).toMatchObject({ per_page: 14, total: 3 });
    expect(res.body.pagination.data.map((u: any) => u.id).sort()).toEqual([...people].sort());
    const search = await admin.get(listUrl('/api/v1/users', { roleId, perPage: 14, query: 'rosa' }));
    expect(search.body.pagination.data.map((u: any) => u.email)).toEqual(['rosa@team.test']);
    expect((await admin.get(listUrl('/api/v1/users', { roleId: 'x' }))).status).toBe(422);
    // A role manager without users.update may list them too.
    const manager = await asUser(t, { permissions: ['roles.update'] });
    expect((await manager.get(listUrl('/api/v1/users', { roleId, perPage: 14 }))).body.pagination.total).toBe(3);
  });

  it("each role's tab has its own total, read one after another at the same data version", async () => {
    const empty = (await admin.post('/api/v1/roles', { name: 'nobody-yet' })).body.role.id;
    const totals = async () => Promise.all([roleId, empty, t.roles.users, undefined].map(async (id) => {
      const res = await admin.get(listUrl('/api/v1/users', id === undefined ? { perPage: 14 } : { roleId: id, perPage: 14 }));
      return [res.body.pagination.total, res.body.pagination.data.length] as [number, number];
    }));
    const everyone = Number((await t.ctx.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const members = Number((await t.ctx.db.selectFrom('user_role').select((eb) => eb.fn.countAll().as('n')).where('role_id', '=', t.roles.users).executeTakeFirstOrThrow()).n);
    const expected = [[3, 3], [0, 0], [members, Math.min(14, members)], [everyone, Math.min(14, everyone)]];
    expect(await totals()).toEqual(expected);
    // Cached now: asked again (and in another order), each answer stays its own.
    expect(await totals()).toEqual(expected);
  });

  it("removes users: 'Removed N users from role'", async () => {
    const res = await admin.post(`/api/v1/roles/${roleId}/remove-users`, { userIds: [people[0], people[1]] });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ count: 2, message: 'Removed 2 users from role' });
    expect(await userRoleIds(people[0])).toEqual([t.roles.users]);
    expect((await admin.get(listUrl('/api/v1/users', { roleId, perPage: 14 }))).body.pagination.total).toBe(1);
  });

  it("refuses guests and workspace roles: 'Users can't be assigned to this role'", async () => {
    const guests = await admin.post(`/api/v1/roles/${t.roles.guests}/add-users`, { userIds: [people[2]] });
    expect(guests.status).toBe(422);
    expect(guests.body.message).toBe("Users can't be assigned to this role");
    expect(guests.body.errors.userIds).toEqual(["Users can't be assigned to this role"]);
    const ws = await insertRole({ name: 'workspace-role', type: 'workspace' });
    const wsRes = await admin.post(`/api/v1/roles/${ws}/add-users`, { userIds: [people[2]] });
    expect(wsRes.status).toBe(422);
    expect(wsRes.body.message).toBe("Users can't be assigned to this role");
    expect(await userRoleIds(people[2])).toEqual([t.roles.users, roleId].sort());
  });

  it('refuses missing users, empty lists and missing roles, storing nothing', async () => {
    const missing = await admin.post(`/api/v1/roles/${roleId}/add-users`, { userIds: [people[0], 999999] });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.userIds).toEqual(['One of the selected users does not exist.']);
    expect(await userRoleIds(people[0])).toEqual([t.roles.users]);
    const empty = await admin.post(`/api/v1/roles/${roleId}/add-users`, { userIds: [] });
    expect(empty.status).toBe(422);
    expect((await admin.post(`/api/v1/roles/${roleId}/add-users`, {})).status).toBe(422);
    expect((await admin.post('/api/v1/roles/999999/add-users', { userIds: [people[0]] })).status).toBe(404);
    expect((await admin.post('/api/v1/roles/999999/remove-users', { userIds: [people[0]] })).status).toBe(404);
  });

  it('never removes the last administrator from the admin role', async () => {
    const adminId = (await admin.get('/api/v1/auth/me')).body.user.id;
    const res = await admin.post(`/api/v1/roles/${t.roles.admin}/remove-users`, { userIds: [adminId] });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('There must be at least one administrator.');
    expect(await userRoleIds(adminId)).toEqual([t.roles.admin]);
  });
});
