import type { FastifyInstance } from 'fastify';
import {
  accountDeleteSchema, accountEmailSchema, accountExportParam, accountExportResponse, accountPasswordSchema, accountProfileSchema, accountSessionListResponse, accountSessionParam, accountUserResponse, binaryResponse, doneResponse,
  logoutOthersResponse,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/auth.ts';
import { typed } from '../../http/schema.ts';
import { sendDownload } from '../../http/serve-file.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { currentUser, logout } from '../auth/service.ts';
import { removeAvatar, storeAvatar } from '../users/avatar.ts';
import { removeAccounts } from '../users/service.ts';
import { accountExportStatus, ownAccountExport, registerAccountExport, requestAccountExport } from './export.ts';
import { requestEmailChange } from './email-change.ts';
import { proveOwner } from './owner-proof.ts';
import { rememberDevice } from '../auth/known-device.ts';
import { endOtherSessions, endOwnSession, ownAvatar, ownSessions, replacePassword, updateProfile } from './repository.ts';

/** The signed-in user's own account (the /account-settings page); API tokens live under auth/access-tokens. */
export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  const self = { permission: 'authenticated' as const };
  // Open before the address is confirmed: a member who mistyped it at sign-up can correct it (the link to the new
  // address confirms it) or close the account, instead of being stuck with one that no mail reaches.
  const evenUnconfirmed = { ...self, unconfirmed: true };

  api.put('/api/v1/account/profile', { config: self, schema: { body: accountProfileSchema, response: { 200: accountUserResponse } } }, async (req) => {
    const userId = requireUser(req);
    await updateProfile(ctx.db, userId, req.body);
    return { user: await currentUser(ctx, userId), message: 'Profile updated' };
  });

  // Multipart: the avatar helper checks the file's size and type.
  api.post('/api/v1/account/avatar', { config: self, schema: { response: { 200: accountUserResponse } } }, async (req) => {
    const userId = requireUser(req);
    await storeAvatar(ctx, req, userId);
    return { user: await currentUser(ctx, userId) };
  });

  api.delete('/api/v1/account/avatar', { config: self, schema: { response: { 200: accountUserResponse } } }, async (req) => {
    const userId = requireUser(req);
    await removeAvatar(ctx, userId, await ownAvatar(ctx.db, userId));
    return { user: await currentUser(ctx, userId) };
  });

  api.put('/api/v1/account/password', { config: self, schema: { body: accountPasswordSchema, response: { 200: doneResponse } } }, async (req, reply) => {
    const userId = requireUser(req);
    const input = req.body;
    // An account without a password (social login) sets its first one; any other proves it knows the current one.
    await proveOwner(ctx, req, userId, { password: input.current_password, code: input.code }, 'current_password');
    const hash = await hashPassword(input.password);
    // Whoever knew the old password is signed out everywhere but here, API tokens included.
    await replacePassword(ctx.db, userId, hash, req.auth.sessionId);
    // The new password forgets the account's known browsers (known-device.ts) but this one.
    rememberDevice(req, reply, userId, hash);
    return { message: 'Password changed' };
  });

  // The change waits for the link mailed to the new address (auth/email/change confirms it).
  api.put('/api/v1/account/email', { config: evenUnconfirmed, schema: { body: accountEmailSchema, response: { 200: doneResponse } } }, async (req) => {
    const userId = requireUser(req);
    await proveOwner(ctx, req, userId, req.body, 'password');
    await requestEmailChange(ctx, req, userId, req.body.email);
    return { message: 'We sent a confirmation link to your new email address.' };
  });

  // A file the member keeps: everything the site holds about them, as JSON. It is built by the job runner (a large
  // account takes a while); the member is mailed when it is ready, and the account settings page shows it.
  registerAccountExport(ctx);
  api.get('/api/v1/account/export', { config: self, schema: { response: { 200: accountExportResponse } } }, async (req) => ({ export: await accountExportStatus(ctx, requireUser(req)) }));

  api.post('/api/v1/account/export', { config: self, schema: { response: { 200: accountExportResponse } } }, async (req) => ({
    export: await requestAccountExport(ctx, requireUser(req)),
    message: "We're preparing your data. We'll email you when the file is ready to download.",
  }));

  api.get('/api/v1/account/export/:uuid', { config: self, schema: { params: accountExportParam, response: { 200: binaryResponse } } }, async (req, reply) => {
    const file = await ownAccountExport(ctx, requireUser(req), req.params.uuid);
    if (!file) throw notFound('Export not found');
    return sendDownload(ctx, req, reply, file.path, { mime: 'application/json; charset=utf-8', name: `account-data-${file.created_at.slice(0, 10)}.json`, missing: 'Export not found' });
  });

  // Closing one's own account: what the admin's delete does to a user (see removeAccounts), then signed out here.
  api.delete('/api/v1/account', { config: evenUnconfirmed, schema: { body: accountDeleteSchema, response: { 200: doneResponse } } }, async (req, reply) => {
    const userId = requireUser(req);
    await proveOwner(ctx, req, userId, req.body, 'password');
    await removeAccounts(ctx, [userId]);
    await logout(ctx, req, reply);
    return { message: 'Your account has been deleted.' };
  });

  api.get('/api/v1/account/sessions', { config: self, schema: { response: { 200: accountSessionListResponse } } }, async (req) => ({ sessions: await ownSessions(ctx.db, requireUser(req), req.auth.sessionId) }));

  api.post('/api/v1/account/sessions/logout-others', { config: self, schema: { response: { 200: logoutOthersResponse } } }, async (req) => {
    const count = await endOtherSessions(ctx.db, requireUser(req), req.auth.sessionId);
    return { message: 'Logged out other sessions', count };
  });

  // One chosen browser (a phone left signed in somewhere); this browser signs out with the log out action instead.
  api.delete('/api/v1/account/sessions/:id', { config: self, schema: { params: accountSessionParam, response: { 200: doneResponse } } }, async (req) => {
    const result = await endOwnSession(ctx.db, requireUser(req), req.params.id, req.auth.sessionId);
    if (result === 'missing') throw new HttpError(404, 'Session not found.');
    if (result === 'current') throw new HttpError(422, 'This is the session you are using. Log out to end it.');
    return { message: 'Session ended' };
  });
}
