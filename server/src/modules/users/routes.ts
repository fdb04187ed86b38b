import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  banSchema, csvExportResponse, doneResponse, listQuerySchema, userCreateSchema, userListResponse, userResponse, userUpdateSchema,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/auth.ts';
import { findCsvExport } from '../../http/csv-export.ts';
import { sendDownload } from '../../http/serve-file.ts';
import { binaryResponse } from '@app/contracts';
import { idParam, idSchema, idsParam, typed } from '../../http/schema.ts';
import { actorOf, assertCanTouchUsers } from '../roles/grants.ts';
import { sendVerificationEmail } from '../auth/service.ts';
import { usersCsvExport } from './csv-export.ts';
import { removeAvatar, storeAvatar } from './avatar.ts';
import { listUsers } from './list-users.ts';
import { findUser } from './repository.ts';
import { banUser, createUser, deleteUsers, disableUserTwoFactor, unbanUser, updateUser } from './service.ts';

const usersListQuery = listQuerySchema.extend({ roleId: idSchema.optional().meta({ description: "Only this role's users." }) });
const uuidParam = z.object({ uuid: z.string().max(64) });

export function usersRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  const manage = 'users.update';
  const exportUsers = usersCsvExport(ctx);

  // The users table opens for whoever may act on users (create, update or delete); the role editor's users tab and
  // user picker list users too. (users.view is the everyday permission to see public profiles: not the table.)
  api.get('/api/v1/users', { config: { permission: [manage, 'users.create', 'users.delete', 'roles.update'] }, schema: { querystring: usersListQuery, response: { 200: userListResponse } } }, async (req) => {
    const withs = (req.query.with ?? '').split(',').map((s) => s.trim());
    return { pagination: await listUsers(ctx, req.query, req.query.roleId, withs) };
  });

  api.get('/api/v1/users/:id', { config: { permission: manage }, schema: { params: idParam, response: { 200: userResponse } } }, async (req) => {
    const user = await findUser(ctx.db, req.params.id);
    if (!user) throw notFound('User not found');
    return { user };
  });

  // The spec gates users/new by users.update; users.create lets a role create without editing.
  // A user created unconfirmed while the site requires confirmation gets the confirmation mail at once, as on signing up.
  api.post('/api/v1/users', { config: { permission: ['users.create', 'users.update'] }, schema: { body: userCreateSchema, response: { 200: userResponse } } }, async (req) => {
    const user = await createUser(ctx, req.body, actorOf(req));
    if (!user.email_verified_at && await ctx.settings.get('client.require_email_confirmation')) await sendVerificationEmail(ctx, user);
    return { user };
  });

  api.put('/api/v1/users/:id', { config: { permission: manage }, schema: { params: idParam, body: userUpdateSchema, response: { 200: userResponse } } }, async (req) =>
    ({ user: await updateUser(ctx, req.params.id, req.body, actorOf(req)) }));

  api.delete('/api/v1/users/:ids', { config: { permission: ['users.delete', manage] }, schema: { params: idsParam, response: { 200: doneResponse } } }, async (req) => {
    await deleteUsers(ctx, req.params.ids, actorOf(req));
    return {};
  });

  api.post('/api/v1/users/:id/ban', {
    config: { permission: manage },
    schema: { params: idParam, body: banSchema, response: { 200: userResponse } },
    // Permanent unless an end date is given: a date sent without the flag must not become a permanent ban
    // (and must be validated as a date in the future).
    preValidation: async (req) => {
      const body = req.body && typeof req.body === 'object' ? req.body as Record<string, unknown> : {};
      // Still raw input here: the schema validates what this hands on.
      req.body = (body.permanent === undefined && body.ban_until ? { ...body, permanent: false } : body) as typeof req.body;
    },
  }, async (req) => ({ user: await banUser(ctx, req.params.id, req.body, actorOf(req)) }));

  api.delete('/api/v1/users/:id/unban', { config: { permission: manage }, schema: { params: idParam, response: { 200: userResponse } } }, async (req) =>
    ({ user: await unbanUser(ctx, req.params.id, actorOf(req)) }));

  // A member who lost their phone and recovery codes: their 2FA off, and signed out everywhere.
  api.delete('/api/v1/users/:id/two-factor', { config: { permission: manage }, schema: { params: idParam, response: { 200: userResponse } } }, async (req) =>
    ({ user: await disableUserTwoFactor(ctx, req.params.id, actorOf(req)) }));

  api.post('/api/v1/users/:id/resend-verification', { config: { permission: manage }, schema: { params: idParam, response: { 200: doneResponse } } }, async (req) => {
    const user = await findUser(ctx.db, req.params.id);
    if (!user) throw notFound('User not found');
    if (user.email_verified_at) throw new HttpError(422, 'This email is already confirmed.');
    await sendVerificationEmail(ctx, user);
    return { message: 'Confirmation email sent.' };
  });

  // Multipart: the avatar helper checks the file's size and type.
  api.post('/api/v1/users/:id/avatar', { config: { permission: manage }, schema: { params: idParam, response: { 200: userResponse } } }, async (req) => {
    const { id } = req.params;
    if (!(await findUser(ctx.db, id))) throw notFound('User not found');
    await assertCanTouchUsers(ctx.db, actorOf(req), [id]);
    await storeAvatar(ctx, req, id);
    return { user: await findUser(ctx.db, id) };
  });

  api.delete('/api/v1/users/:id/avatar', { config: { permission: manage }, schema: { params: idParam, response: { 200: userResponse } } }, async (req) => {
    const { id } = req.params;
    const user = await findUser(ctx.db, id);
    if (!user) throw notFound('User not found');
    await assertCanTouchUsers(ctx.db, actorOf(req), [id]);
    await removeAvatar(ctx, id, user.avatar);
    return { user: await findUser(ctx.db, id) };
  });

  api.post('/api/v1/users/csv/export', { config: { permission: manage }, schema: { querystring: listQuerySchema, response: { 200: csvExportResponse } } }, async (req) => {
    const userId = requireUser(req);
    const me = await findUser(ctx.db, userId);
    return exportUsers({ id: userId, email: me!.email }, req.query);
  });

  api.get('/api/v1/csv/download/:uuid', { config: { permission: 'authenticated', tokenScope: 'any' }, schema: { params: uuidParam, response: { 200: binaryResponse } } }, async (req, reply) => {
    const row = await findCsvExport(ctx, req.params.uuid);
    if (!row?.path || (row.user_id !== req.auth.userId && !req.auth.can('admin'))) throw notFound('Export not found');
    return sendDownload(ctx, req, reply, row.path, { mime: 'text/csv', name: `${row.resource}-${row.created_at.slice(0, 10)}.csv`, missing: 'Export not found' });
  });
}
