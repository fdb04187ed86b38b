import type { FastifyInstance } from 'fastify';
import { banSchema, userCreateSchema, userUpdateSchema } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError, notFound, parse } from '../../http/errors.ts';
import { paginate, parseIds, parseListQuery } from '../../http/list-query.ts';
import { requireUser } from '../../http/auth.ts';
import { actorOf, assertCanTouchUsers } from '../roles/grants.ts';
import { sendVerificationEmail } from '../auth/service.ts';
import { usersCsvExport } from './csv-export.ts';
import { usersListDefinition } from './list.ts';
import { removeAvatar, storeAvatar } from './avatar.ts';
import { ADMIN_USER_COLUMNS, attachRelations, findUser, toUser } from './repository.ts';
import { banUser, createUser, deleteUsers, unbanUser, updateUser } from './service.ts';

const idParam = (params: unknown) => {
  const id = Number((params as { id: string }).id);
  if (!Number.isInteger(id) || id < 1) throw notFound('User not found');
  return id;
};

export function usersRoutes(app: FastifyInstance, ctx: AppContext): void {
  const manage = 'users.update';
  const exportUsers = usersCsvExport(ctx);

  // The role editor's users tab and user picker list users too.
  app.get('/api/v1/users', { config: { permission: [manage, 'roles.update'] } }, async (req) => {
    const withs = (parseListQuery(req.query).with ?? '').split(',').map((s) => s.trim());
    let base = ctx.db.selectFrom('users').select(ADMIN_USER_COLUMNS);
    // `roleId` narrows to one role's users (the role editor's users tab), through user_role's (role_id, user_id) index.
    const roleId = (req.query as { roleId?: string }).roleId;
    if (roleId !== undefined) {
      const id = Number(roleId);
      if (!Number.isInteger(id) || id < 1) throw new HttpError(422, 'Invalid role id.', { roleId: ['Invalid role id.'] });
      base = base.where('users.id', 'in', ctx.db.selectFrom('user_role').select('user_id').where('role_id', '=', id));
    }
    const def = usersListDefinition(ctx);
    // The cached unfiltered total counts every user, not one role's.
    const page = await paginate(base, req.query, roleId === undefined ? def : { ...def, unfilteredTotal: undefined }, toUser);
    return { pagination: { ...page, data: await attachRelations(ctx.db, page.data, withs) } };
  });

  app.get('/api/v1/users/:id', { config: { permission: manage } }, async (req) => {
    const user = await findUser(ctx.db, idParam(req.params));
    if (!user) throw notFound('User not found');
    return { user };
  });

  app.post('/api/v1/users', { config: { permission: manage } }, async (req) => ({ user: await createUser(ctx, parse(userCreateSchema, req.body), actorOf(req)) }));

  app.put('/api/v1/users/:id', { config: { permission: manage } }, async (req) =>
    ({ user: await updateUser(ctx, idParam(req.params), parse(userUpdateSchema, req.body), actorOf(req)) }));

  app.delete('/api/v1/users/:ids', { config: { permission: ['users.delete', manage] } }, async (req) => {
    await deleteUsers(ctx, parseIds((req.params as { ids: string }).ids), actorOf(req));
    return {};
  });

  app.post('/api/v1/users/:id/ban', { config: { permission: manage } }, async (req) => {
    // Permanent unless an end date is given: a date sent without the flag must not become a permanent ban
    // (and must be validated as a date in the future).
    const body = req.body && typeof req.body === 'object' ? req.body as Record<string, unknown> : {};
    const withFlag = body.permanent === undefined && body.ban_until ? { ...body, permanent: false } : body;
    return { user: await banUser(ctx, idParam(req.params), parse(banSchema, withFlag), actorOf(req)) };
  });

  app.delete('/api/v1/users/:id/unban', { config: { permission: manage } }, async (req) => ({ user: await unbanUser(ctx, idParam(req.params), actorOf(req)) }));

  app.post('/api/v1/users/:id/resend-verification', { config: { permission: manage } }, async (req) => {
    const user = await findUser(ctx.db, idParam(req.params));
    if (!user) throw notFound('User not found');
    if (user.email_verified_at) throw new HttpError(422, 'This email is already confirmed.');
    await sendVerificationEmail(ctx, user);
    return { message: 'Confirmation email sent.' };
  });

  app.post('/api/v1/users/:id/avatar', { config: { permission: manage } }, async (req) => {
    const id = idParam(req.params);
    if (!(await findUser(ctx.db, id))) throw notFound('User not found');
    await assertCanTouchUsers(ctx.db, actorOf(req), [id]);
    await storeAvatar(ctx, req, id);
    return { user: await findUser(ctx.db, id) };
  });

  app.delete('/api/v1/users/:id/avatar', { config: { permission: manage } }, async (req) => {
    const id = idParam(req.params);
    const user = await findUser(ctx.db, id);
    if (!user) throw notFound('User not found');
    await assertCanTouchUsers(ctx.db, actorOf(req), [id]);
    await removeAvatar(ctx, id, user.avatar);
    return { user: await findUser(ctx.db, id) };
  });

  app.post('/api/v1/users/csv/export', { config: { permission: manage } }, async (req) => {
    const userId = requireUser(req);
    const me = await findUser(ctx.db, userId);
    return exportUsers({ id: userId, email: me!.email }, req.query);
  });

  app.get('/api/v1/csv/download/:uuid', { config: { permission: 'authenticated' } }, async (req, reply) => {
    const row = await ctx.db.selectFrom('csv_exports').selectAll().where('uuid', '=', (req.params as { uuid: string }).uuid).executeTakeFirst();
    if (!row?.path || (row.user_id !== req.auth.userId && !req.auth.can('admin'))) throw notFound('Export not found');
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${row.resource}-${row.created_at.slice(0, 10)}.csv"`);
    return reply.send(ctx.storage.read(row.path));
  });
}
