import type { FastifyInstance } from 'fastify';
import { PERMISSIONS } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { paginate } from '../../http/list-query.ts';
import { grantsFor, mapRoleFlags } from './permissions.ts';

/** Read-only role and permission lookups used by the user forms; the roles screens extend this module. */
export function rolesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const managers = ['roles.update', 'users.update'];

  app.get('/api/v1/roles', { config: { permission: managers } }, async (req) => {
    const base = ctx.db.selectFrom('roles').selectAll();
    const page = await paginate(base, req.query, {
      sorts: { name: 'name', created_at: 'created_at', updated_at: 'updated_at' },
      defaultSort: ['name', 'asc'],
      tieBreaker: 'id',
      filters: {},
      search: (qb, q) => qb.where('name', 'like', `%${q.replace(/[%_]/g, '')}%`),
    }, mapRoleFlags);
    const grants = await grantsFor(ctx.db, 'role', page.data.map((r) => r.id));
    return { pagination: { ...page, data: page.data.map((r) => ({ ...r, permissions: grants.get(r.id) ?? [] })) } };
  });

  app.get('/api/v1/permissions', { config: { permission: managers } }, async () => ({ permissions: PERMISSIONS }));
}
