import type { FastifyInstance } from 'fastify';
import { PERMISSIONS, roleCreateSchema, roleUpdateSchema, roleUsersSchema } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound, parse } from '../../http/errors.ts';
import { paginate, parseIds } from '../../http/list-query.ts';
import { rolesCsvStream } from './csv-export.ts';
import { actorOf } from './grants.ts';
import { mapRoleFlags } from './permissions.ts';
import { ROLE_COLUMNS, findRole, rolesListDefinition, withRelations } from './repository.ts';
import { addUsersToRole, createRole, deleteRoles, removeUsersFromRole, updateRole } from './service.ts';

const idParam = (params: unknown) => {
  const id = Number((params as { id: string }).id);
  if (!Number.isInteger(id) || id < 1) throw notFound('Role not found');
  return id;
};

/** Roles admin (Part B, roles): list, CSV export, create, show, update, delete, and the role's users. */
export function rolesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const manage = 'roles.update';
  // The user forms list roles and the permission catalogue too.
  const managers = [manage, 'users.update'];

  app.get('/api/v1/roles', { config: { permission: managers } }, async (req) => {
    const page = await paginate(ctx.db.selectFrom('roles').select(ROLE_COLUMNS), req.query, rolesListDefinition(ctx), mapRoleFlags);
    return { pagination: { ...page, data: await withRelations(ctx.db, page.data) } };
  });

  app.get('/api/v1/roles/csv/export', { config: { permission: manage } }, async (req, reply) => {
    const stream = await rolesCsvStream(ctx, req.query);
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="roles-${new Date().toISOString().slice(0, 10)}.csv"`);
    return reply.send(stream);
  });

  app.get('/api/v1/roles/:id', { config: { permission: manage } }, async (req) => {
    const role = await findRole(ctx.db, idParam(req.params));
    if (!role) throw notFound('Role not found');
    return { role };
  });

  app.post('/api/v1/roles', { config: { permission: manage } }, async (req) => ({ role: await createRole(ctx, parse(roleCreateSchema, req.body), actorOf(req)) }));

  app.put('/api/v1/roles/:id', { config: { permission: manage } }, async (req) =>
    ({ role: await updateRole(ctx, idParam(req.params), parse(roleUpdateSchema, req.body), actorOf(req)) }));

  app.delete('/api/v1/roles/:ids', { config: { permission: ['roles.delete', manage] } }, async (req) => {
    await deleteRoles(ctx, parseIds((req.params as { ids: string }).ids), actorOf(req));
    return {};
  });

  app.post('/api/v1/roles/:id/add-users', { config: { permission: manage } }, async (req) => {
    const id = idParam(req.params);
    const { userIds } = parse(roleUsersSchema, req.body);
    const count = await addUsersToRole(ctx, id, userIds, actorOf(req));
    return { count, message: `Assigned ${count} users to role` };
  });

  app.post('/api/v1/roles/:id/remove-users', { config: { permission: manage } }, async (req) => {
    const id = idParam(req.params);
    const { userIds } = parse(roleUsersSchema, req.body);
    const count = await removeUsersFromRole(ctx, id, userIds, actorOf(req));
    return { count, message: `Removed ${count} users from role` };
  });

  app.get('/api/v1/permissions', { config: { permission: managers } }, async () => ({ permissions: PERMISSIONS }));
}
