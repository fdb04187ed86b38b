import { PERMISSIONS, type PermissionGrant } from '@app/contracts';

/**
 * Never held by signed-out visitors (nor sold on a plan), whatever an old database's guests role still carries:
 * the advanced permissions, those that act on other people's data or run the site (`users.update` would show every
 * visitor every member's e-mail). What is left is viewing the catalogue and acting on one's own things.
 */
export const STAFF_PERMISSIONS: ReadonlySet<string> = new Set(PERMISSIONS.filter((p) => p.advanced).map((p) => p.name));
import { toBool, type Db } from '../../db/index.ts';
import { planGrants, planPermissionNames } from '../billing/effects.ts';

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
  return new Set([...rows.map((r) => r.name), ...(userId ? await planPermissionNames(db, userId) : [])].filter((name) => userId || !STAFF_PERMISSIONS.has(name)));
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

/**
 * The values one numeric restriction of a permission (max_file_size of files.create, count of lists.create) takes
 * in a user's grants: their own grant's (undefined without a grant), and each of their roles' and valid plans'
 * grants' (null where a grant sets none).
 */
export async function restrictionValues(db: Db, userId: number, permission: string, restriction: string): Promise<{ own: number | null | undefined; others: (number | null)[] }> {
  const rows = await db.selectFrom('permission_grants').select(['model_type', 'restrictions'])
    .where('name', '=', permission)
    .where((eb) => eb.or([
      eb.and([eb('model_type', '=', 'user'), eb('model_id', '=', userId)]),
      eb.and([eb('model_type', '=', 'role'), eb('model_id', 'in', eb.selectFrom('user_role').select('role_id').where('user_id', '=', userId))]),
    ])).execute();
  const valueIn = (list: PermissionGrant['restrictions']) => {
    const v = list?.find((r) => r.name === restriction)?.value;
    return typeof v === 'number' && v > 0 ? v : null;
  };
  const parse = (json: string | null): PermissionGrant['restrictions'] => (json ? JSON.parse(json) : []);
  const own = rows.find((r) => r.model_type === 'user');
  return {
    own: own ? valueIn(parse(own.restrictions)) : undefined,
    others: [
      ...rows.filter((r) => r.model_type === 'role').map((r) => valueIn(parse(r.restrictions))),
      ...(await planGrants(db, userId)).filter((g) => g.name === permission).map((g) => valueIn(g.restrictions)),
    ],
  };
}

/** A limit from those values: the user's own wins; otherwise the most generous, and a grant without one means none (null). */
export async function restrictionLimit(db: Db, userId: number, permission: string, restriction: string): Promise<number | null> {
  const { own, others } = await restrictionValues(db, userId, permission, restriction);
  if (typeof own === 'number') return own;
  return !others.length || others.some((v) => v === null) ? null : Math.max(...(others as number[]));
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
