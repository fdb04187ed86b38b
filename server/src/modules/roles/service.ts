import { MEMBER_ONLY_PERMISSIONS, PERMISSIONS, translate, type PermissionGrant, type Role, type RoleCreate, type RoleUpdate } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso, toBool, type Db } from '../../db/index.ts';
import { HttpError, notFound, unprocessable, stillThere } from '../../http/errors.ts';
import { countAdmins } from '../users/repository.ts';
import { grantsFor, syncGrants } from './permissions.ts';
import { type Actor, assertCanAssignRoles, assertCanGrant, assertCanTouchRole, assertCanTouchUsers, assertDefaultSafe, assertGuestsSafe } from './grants.ts';
import { onDuplicate } from '../../db/errors.ts';
import { findRole } from './repository.ts';

export const CANNOT_ASSIGN = "Users can't be assigned to this role";
const CATALOGUE = new Map(PERMISSIONS.map((p) => [p.name, p]));

/** Known permissions only; restriction names and value kinds as the catalogue declares them. Duplicates collapse. */
export function checkGrants(grants: RoleCreate['permissions']): PermissionGrant[] {
  const out = new Map<string, PermissionGrant>();
  for (const g of grants) {
    const perm = CATALOGUE.get(g.name);
    if (!perm) throw unprocessable('permissions', `Unknown permission: ${g.name}`);
    for (const r of g.restrictions ?? []) {
      const def = perm.restrictions.find((d) => d.name === r.name);
      if (!def) throw unprocessable('permissions', `Unknown restriction "${r.name}" for permission ${g.name}`);
      if (r.value === undefined) continue;
      if (def.type === 'bool' && typeof r.value !== 'boolean') throw unprocessable('permissions', translate(undefined, 'The :restriction restriction of :permission must be true or false.', { restriction: r.name, permission: g.name }));
      if (def.type === 'number' && typeof r.value !== 'number') throw unprocessable('permissions', translate(undefined, 'The :restriction restriction of :permission must be a whole number.', { restriction: r.name, permission: g.name }));
    }
    out.set(g.name, { name: g.name, restrictions: g.restrictions?.filter((r) => r.value !== undefined) });
  }
  return [...out.values()];
}

/** Guests are sitewide only; the default role goes to new users, so it must be a role users can hold. */
function checkFlags(v: { type: string; default: boolean; guests: boolean }): void {
  if (v.guests && v.type !== 'sitewide') throw unprocessable('guests', 'Only sitewide roles can be the guests role.');
  if (v.default && v.guests) throw unprocessable('default', 'The guests role cannot be the default role.');
  if (v.default && v.type !== 'sitewide') throw unprocessable('default', 'Only sitewide roles can be the default role.');
}

/**
 * The guests role's grants act for signed-out visitors: a permission whose calls need a signed-in account would be
 * ticked and do nothing. `added`: what this call gives the role (all of it when the role becomes the guests role);
 * an old database's guests role keeping one can still be edited.
 */
function assertGuestsApplicable(guests: boolean, added: PermissionGrant[]): void {
  if (!guests) return;
  const names = added.map((g) => g.name).filter((n) => MEMBER_ONLY_PERMISSIONS.has(n));
  if (names.length) {
    throw unprocessable('permissions', translate(undefined, 'The guests role cannot have permissions that need a signed-in user: :permissions.', { permissions: names.join(', ') }));
  }
}

const NAME_TAKEN = 'A role with this name already exists.';
const nameTaken = () => unprocessable('name', NAME_TAKEN);

async function assertNameFree(db: Db, name: string, exceptId?: number): Promise<void> {
  let q = db.selectFrom('roles').select('id').where('name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw nameTaken();
}

/**
 * One custom default and one custom guests role: setting the flag here clears it on the other custom roles (same
 * transaction). The internal users and guests roles keep theirs: their toggles are hidden and their flags cannot be
 * set again, so clearing them would leave new accounts, or signed-out visitors, without the everyday permissions for
 * good once the custom role lost the flag. A custom default role is given with the users role; a custom guests role
 * adds to what the guests role allows.
 */
async function clearFlagsElsewhere(trx: Db, id: number, v: { default: boolean; guests: boolean }): Promise<void> {
  const others = () => trx.updateTable('roles').where('internal', '=', false).where('id', '!=', id);
  if (v.default) await others().set({ default: false, updated_at: nowIso() }).where('default', '=', true).execute();
  if (v.guests) await others().set({ guests: false, updated_at: nowIso() }).where('guests', '=', true).execute();
}

async function assertAdminsRemain(trx: Db, field: string): Promise<void> {
  if ((await countAdmins(trx)) === 0) throw unprocessable(field, 'There must be at least one administrator.');
}

/**
 * The seeded admin role: internal, neither the default nor the guests role, and holding `admin`. It keeps that
 * permission and is never deleted. (The guests role is internal too: should it ever carry `admin`, it must be
 * possible to take it away again.)
 */
const isAdminRole = (r: Pick<Role, 'internal' | 'default' | 'guests' | 'permissions'>) =>
  r.internal && !r.guests && !r.default && r.permissions.some((p) => p.name === 'admin');

export async function createRole(ctx: AppContext, input: RoleCreate, actor: Actor): Promise<Role> {
  const grants = checkGrants(input.permissions);
  checkFlags(input);
  assertGuestsSafe({ guests: input.guests, permissions: grants });
  assertGuestsApplicable(input.guests, grants);
  await assertCanGrant(ctx.db, actor, grants);
  assertDefaultSafe(actor, { default: input.default, permissions: grants });
  await assertNameFree(ctx.db, input.name);
  const now = nowIso();
  const id = await onDuplicate(ctx.db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('roles').values({
      name: input.name, description: input.description, type: input.type, default: input.default, guests: input.guests,
      internal: false, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await clearFlagsElsewhere(trx, row.id, input);
    await syncGrants(trx, 'role', row.id, grants);
    return row.id;
  }), nameTaken);
  return stillThere(await findRole(ctx.db, id), 'Role not found');
}

export async function updateRole(ctx: AppContext, id: number, input: RoleUpdate, actor: Actor): Promise<Role> {
  const existing = await findRole(ctx.db, id);
  if (!existing) throw notFound('Role not found');
  assertCanTouchRole(actor, existing);
  const grants = input.permissions ? checkGrants(input.permissions) : undefined;
  if (existing.internal) {
    // The form hides these toggles for internal roles; the API holds the same line.
    if (input.default !== undefined && input.default !== existing.default) throw unprocessable('default', 'The default option of an internal role cannot be changed.');
    if (input.guests !== undefined && input.guests !== existing.guests) throw unprocessable('guests', 'The guests option of an internal role cannot be changed.');
  }
  const next = { type: input.type ?? existing.type, default: input.default ?? existing.default, guests: input.guests ?? existing.guests };
  checkFlags(next);
  const permissions = grants ?? existing.permissions;
  assertGuestsSafe({ guests: next.guests, permissions });
  const had = new Set(existing.guests ? existing.permissions.map((g) => g.name) : []);
  assertGuestsApplicable(next.guests, permissions.filter((g) => !had.has(g.name)));
  if (grants) await assertCanGrant(ctx.db, actor, grants, existing.permissions);
  // Becoming the default or guests role hands every permission of the role to new users or to every visitor.
  if ((next.default && !existing.default) || (next.guests && !existing.guests)) await assertCanGrant(ctx.db, actor, permissions);
  assertDefaultSafe(actor, { default: next.default, permissions }, existing.default ? existing.permissions : []);
  if (grants && isAdminRole(existing) && !grants.some((g) => g.name === 'admin')) {
    throw unprocessable('permissions', 'The admin role must keep the admin permission.');
  }
  if ((next.guests || next.type !== 'sitewide') && (existing.users_count ?? 0) > 0 && (next.guests !== existing.guests || next.type !== existing.type)) {
    throw unprocessable(next.guests ? 'guests' : 'type', "This role has users: remove them first, users can't be assigned to guests or workspace roles.");
  }
  if (input.name !== undefined) await assertNameFree(ctx.db, input.name, id);
  await onDuplicate(ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('roles').set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      type: next.type, default: next.default, guests: next.guests, updated_at: nowIso(),
    }).where('id', '=', id).execute();
    await clearFlagsElsewhere(trx, id, next);
    if (grants) {
      await syncGrants(trx, 'role', id, grants);
      await assertAdminsRemain(trx, 'permissions');
    }
  }), nameTaken);
  return stillThere(await findRole(ctx.db, id), 'Role not found');
}

/** Deleting a role takes it from its users; internal roles (admin, the default users role, guests) stay. */
export async function deleteRoles(ctx: AppContext, ids: number[], actor: Actor): Promise<void> {
  const roles = await ctx.db.selectFrom('roles').select(['id', 'name', 'internal']).where('id', 'in', ids).execute();
  for (const permissions of (await grantsFor(ctx.db, 'role', roles.map((r) => r.id))).values()) assertCanTouchRole(actor, { permissions });
  const internal = roles.filter((r) => toBool(r.internal));
  if (internal.length) {
    const found = await Promise.all(internal.map((r) => findRole(ctx.db, r.id)));
    if (found.some((r) => r && isAdminRole(r))) throw new HttpError(422, 'The admin role cannot be deleted.');
    throw new HttpError(422, 'Internal roles cannot be deleted.');
  }
  if (!roles.length) throw notFound('Role not found');
  const found = roles.map((r) => r.id);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_role').where('role_id', 'in', found).execute();
    await trx.deleteFrom('permission_grants').where('model_type', '=', 'role').where('model_id', 'in', found).execute();
    await trx.deleteFrom('roles').where('id', 'in', found).execute();
    await assertAdminsRemain(trx, 'ids');
  });
}

async function assignableRole(ctx: AppContext, id: number): Promise<Role> {
  const role = await findRole(ctx.db, id);
  if (!role) throw notFound('Role not found');
  return role;
}

export async function addUsersToRole(ctx: AppContext, id: number, userIds: number[], actor: Actor): Promise<number> {
  const role = await assignableRole(ctx, id);
  // Handing out the role's permissions is what adding users does: say so first (it refuses what touching the role would).
  await assertCanAssignRoles(ctx.db, actor, [id]);
  assertCanTouchRole(actor, role);
  if (role.guests || role.type === 'workspace') throw unprocessable('userIds', CANNOT_ASSIGN);
  const ids = [...new Set(userIds)];
  const found = await ctx.db.selectFrom('users').select('id').where('id', 'in', ids).execute();
  if (found.length !== ids.length) throw unprocessable('userIds', 'One of the selected users does not exist.');
  await assertCanTouchUsers(ctx.db, actor, ids);
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.insertInto('user_role').values(ids.map((user_id) => ({ user_id, role_id: id, created_at: now })))
      .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing()).execute();
  });
  return ids.length;
}

export async function removeUsersFromRole(ctx: AppContext, id: number, userIds: number[], actor: Actor): Promise<number> {
  assertCanTouchRole(actor, await assignableRole(ctx, id));
  const ids = [...new Set(userIds)];
  await assertCanTouchUsers(ctx.db, actor, ids);
  return ctx.db.transaction().execute(async (trx) => {
    const res = await trx.deleteFrom('user_role').where('role_id', '=', id).where('user_id', 'in', ids).executeTakeFirst();
    // Never let this take the last administrator's admin rights away.
    await assertAdminsRemain(trx, 'userIds');
    return Number(res.numDeletedRows ?? 0);
  });
}
