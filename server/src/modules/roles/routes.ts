import type { FastifyInstance } from 'fastify';
import {
  PERMISSIONS, binaryResponse, doneResponse, listQuerySchema, permissionListResponse, roleCreateSchema, roleListResponse, roleResponse, roleUpdateSchema,
  roleUsersResponse, roleUsersSchema, translate,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { idParam, idsParam, typed } from '../../http/schema.ts';
import { rolesCsvStream } from './csv-export.ts';
import { actorOf } from './grants.ts';
import { findRole, listRoles } from './repository.ts';
import { addUsersToRole, createRole, deleteRoles, removeUsersFromRole, updateRole } from './service.ts';

/** Roles admin (Part B, roles): list, CSV export, create, show, update, delete, and the role's users. */
export function rolesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  const manage = 'roles.update';
  // Viewing: the roles list, a role and its export; so does whoever may create, edit or delete roles.
  const viewers = ['roles.view', manage, 'roles.create', 'roles.delete'];
  // The users table (its role filter) and the user forms list roles and the permission catalogue too.
  const managers = [...viewers, 'users.update', 'users.create', 'users.delete'];

  api.get('/api/v1/roles', { config: { permission: managers }, schema: { querystring: listQuerySchema, response: { 200: roleListResponse } } }, async (req) =>
    ({ pagination: await listRoles(ctx, req.query) }));

  api.get('/api/v1/roles/csv/export', { config: { permission: viewers }, schema: { querystring: listQuerySchema, response: { 200: binaryResponse } } }, async (req, reply) => {
    const stream = await rolesCsvStream(ctx, req.query);
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="roles-${new Date().toISOString().slice(0, 10)}.csv"`);
    return reply.send(stream);
  });

  api.get('/api/v1/roles/:id', { config: { permission: viewers }, schema: { params: idParam, response: { 200: roleResponse } } }, async (req) => {
    const role = await findRole(ctx.db, req.params.id);
    if (!role) throw notFound('Role not found');
    return { role };
  });

  // The spec gates roles/new by roles.update; roles.create lets a role create without editing.
  api.post('/api/v1/roles', { config: { permission: ['roles.create', 'roles.update'] }, schema: { body: roleCreateSchema, response: { 200: roleResponse } } }, async (req) =>
    ({ role: await createRole(ctx, req.body, actorOf(req)) }));

  api.put('/api/v1/roles/:id', { config: { permission: manage }, schema: { params: idParam, body: roleUpdateSchema, response: { 200: roleResponse } } }, async (req) =>
    ({ role: await updateRole(ctx, req.params.id, req.body, actorOf(req)) }));

  api.delete('/api/v1/roles/:ids', { config: { permission: ['roles.delete', manage] }, schema: { params: idsParam, response: { 200: doneResponse } } }, async (req) => {
    await deleteRoles(ctx, req.params.ids, actorOf(req));
    return {};
  });

  api.post('/api/v1/roles/:id/add-users', { config: { permission: manage }, schema: { params: idParam, body: roleUsersSchema, response: { 200: roleUsersResponse } } }, async (req) => {
    const count = await addUsersToRole(ctx, req.params.id, req.body.userIds, actorOf(req));
    return { count, message: translate(undefined, 'Assigned :count users to role', { count }) };
  });

  api.post('/api/v1/roles/:id/remove-users', { config: { permission: manage }, schema: { params: idParam, body: roleUsersSchema, response: { 200: roleUsersResponse } } }, async (req) => {
    const count = await removeUsersFromRole(ctx, req.params.id, req.body.userIds, actorOf(req));
    return { count, message: translate(undefined, 'Removed :count users from role', { count }) };
  });

  api.get('/api/v1/permissions', { config: { permission: managers }, schema: { response: { 200: permissionListResponse } } }, async () => ({ permissions: PERMISSIONS }));
}
