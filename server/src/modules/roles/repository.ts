import { sql } from 'kysely';
import type { Role } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
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

/** Adds permissions and users_count to a page of roles with one query each. */
export async function withRelations(db: Db, rows: ReturnType<typeof mapRoleFlags<any>>[]): Promise<Role[]> {
  const ids = rows.map((r) => r.id);
  const grants = await grantsFor(db, 'role', ids);
  const counts = ids.length
    ? await db.selectFrom('user_role').select(['role_id', sql<number>`count(*)`.as('n')]).where('role_id', 'in', ids).groupBy('role_id').execute()
    : [];
  const countOf = new Map(counts.map((c) => [c.role_id, Number(c.n)]));
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
