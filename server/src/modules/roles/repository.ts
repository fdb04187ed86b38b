import { sql } from 'kysely';
import type { Role } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { boundedCache, readCounter } from '../../db/versions.ts';
import { filters, paginate, type ListDefinition } from '../../http/list-query.ts';
import { trigramSearch } from '../../http/text-search.ts';
import { grantsFor, mapRoleFlags } from './permissions.ts';

export const ROLE_COLUMNS = [
  'roles.id', 'roles.name', 'roles.description', 'roles.type', 'roles.default', 'roles.guests', 'roles.internal', 'roles.created_at', 'roles.updated_at',
] as const;

export function rolesListDefinition(ctx: AppContext): ListDefinition {
  return {
    sorts: { name: 'roles.name', type: 'roles.type', created_at: 'roles.created_at', updated_at: 'roles.updated_at' },
    defaultSort: ['name', 'asc'],
    tieBreaker: 'roles.id',
    filters: {
      type: (qb, f) => qb.where('roles.type', f.operator === '!=' ? '!=' : '=', String(f.value)),
      created_at: filters.date('roles.created_at'),
      updated_at: filters.date('roles.updated_at'),
    },
    search: trigramSearch(ctx.db, ctx.dialect, { table: 'roles', expression: "coalesce(name, '') || ' ' || coalesce(description, '')", prefixColumn: 'roles.name' }),
  };
}

const memberCounts = boundedCache<number>();

/**
 * Members of each role, counted once per `version:users` (user_role's triggers move it on every change) instead of on
 * every view of the roles page: the role new accounts get holds every member, and counting them all took a quarter
 * of a second per million.
 */
async function usersCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  const version = await readCounter(db, 'version:users');
  const out = new Map<number, number>();
  const missing = ids.filter((id) => {
    const hit = memberCounts.get(db, `${version}|${id}`);
    if (hit !== undefined) out.set(id, hit);
    return hit === undefined;
  });
  if (!missing.length) return out;
  const rows = await db.selectFrom('user_role').select(['role_id', sql<number>`count(*)`.as('n')]).where('role_id', 'in', missing).groupBy('role_id').execute();
  const counted = new Map(rows.map((c) => [c.role_id, Number(c.n)]));
  for (const id of missing) {
    const n = counted.get(id) ?? 0;
    memberCounts.set(db, `${version}|${id}`, n);
    out.set(id, n);
  }
  return out;
}

/** Adds permissions and users_count to a page of roles with one query each (counts from usersCounts). */
export async function withRelations(db: Db, rows: ReturnType<typeof mapRoleFlags<any>>[]): Promise<Role[]> {
  const ids = rows.map((r) => r.id);
  const grants = await grantsFor(db, 'role', ids);
  const countOf = await usersCounts(db, ids);
  return rows.map((r) => ({ ...r, permissions: grants.get(r.id) ?? [], users_count: countOf.get(r.id) ?? 0 }));
}

export async function findRole(db: Db, id: number): Promise<Role | null> {
  const row = await db.selectFrom('roles').select(ROLE_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  return (await withRelations(db, [mapRoleFlags(row)]))[0];
}

/** The roles signed-out visitors hold (menu items restricted to them show to guests). */
export async function guestRoleIds(db: Db): Promise<number[]> {
  return (await db.selectFrom('roles').select('id').where('guests', '=', true).orderBy('id').execute()).map((r) => Number(r.id));
}

/** One page of the roles list, each role with its permissions and user count. */
export async function listRoles(ctx: AppContext, query: unknown) {
  const page = await paginate(ctx.db.selectFrom('roles').select(ROLE_COLUMNS), query, rolesListDefinition(ctx), mapRoleFlags);
  return { ...page, data: await withRelations(ctx.db, page.data) };
}
