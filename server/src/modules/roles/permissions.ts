import type { PermissionGrant } from '@app/contracts';

/** Never held by signed-out visitors, whatever an old database's guests role still carries. */
export const NEVER_FOR_GUESTS = new Set(['admin', 'admin.access']);
import { toBool, type Db } from '../../db/index.ts';
import { planPermissionNames } from '../billing/effects.ts';

/** Effective permission names: the union of the user's roles' and their own; signed-out visitors get the guests role's. */
export async function loadPermissions(db: Db, userId: number | null): Promise<Set<string>> {
  const rows = userId
    ? await db.selectFrom('permission_grants').select('name')
      .where((eb) => eb.or([
        eb.and([eb('model_type', '=', 'user'), eb('model_id', '=', userId)]),
        eb.and([eb('model_type', '=', 'role'), eb('model_id', 'in', eb.selectFrom('user_role').select('role_id').where('user_id', '=', userId))]),
      ])).execute()
    : await db.selectFrom('permission_grants').select('name')
      .where('model_type', '=', 'role')
      .where('model_id', 'in', db.selectFrom('roles').select('id').where('guests', '=', true)).execute();
  return new Set([...rows.map((r) => r.name), ...(userId ? await planPermissionNames(db, userId) : [])].filter((name) => userId || !NEVER_FOR_GUESTS.has(name)));
}

export async function grantsFor(db: Db, modelType: 'role' | 'user', ids: number[]): Promise<Map<number, PermissionGrant[]>> {
  const out = new Map<number, PermissionGrant[]>();
  if (!ids.length) return out;
  const rows = await db.selectFrom('permission_grants').select(['model_id', 'name', 'restrictions'])
    .where('model_type', '=', modelType).where('model_id', 'in', ids).orderBy('name').execute();
  for (const r of rows) {
    const list = out.get(r.model_id) ?? [];
    list.push({ name: r.name, restrictions: r.restrictions ? JSON.parse(r.restrictions) : [] });
    out.set(r.model_id, list);
  }
  return out;
}

/** Replaces a role's or user's grants; call inside the caller's transaction. */
export async function syncGrants(db: Db, modelType: 'role' | 'user', id: number, grants: PermissionGrant[]): Promise<void> {
  await db.deleteFrom('permission_grants').where('model_type', '=', modelType).where('model_id', '=', id).execute();
  if (grants.length) {
    await db.insertInto('permission_grants').values(grants.map((g) => ({
      model_type: modelType, model_id: id, name: g.name,
      restrictions: g.restrictions?.length ? JSON.stringify(g.restrictions.filter((r) => r.value !== undefined && r.value !== null)) : null,
    }))).execute();
  }
}

export const mapRoleFlags = <T extends { default: unknown; guests: unknown; internal: unknown }>(r: T) => ({
  ...r, default: toBool(r.default), guests: toBool(r.guests), internal: toBool(r.internal),
});
