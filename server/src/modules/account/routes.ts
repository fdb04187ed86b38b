import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  accountDeleteSchema, accountEmailSchema, accountPasswordSchema, accountProfileSchema, accountSessionListResponse, accountSessionParam, accountUserResponse, binaryResponse, doneResponse,
  logoutOthersResponse,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import { LIMITS, clearLimit, consume } from '../../http/rate-limit.ts';
import { requireUser } from '../../http/auth.ts';
import { typed } from '../../http/schema.ts';
import { hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { currentUser, logout } from '../auth/service.ts';
import { removeAvatar, storeAvatar } from '../users/avatar.ts';
import { removeAccounts } from '../users/service.ts';
import { accountExport } from './export.ts';
import { requestEmailChange } from './email-change.ts';
import { proveCode } from '../two-factor/service.ts';
import { endOtherSessions, endOwnSession, ownAvatar, ownPasswordHash, ownSessions, replacePassword, sessionStartedAt, updateProfile } from './repository.ts';

/** How recent a sign-in through a social provider must be to stand in for a password the account does not have. */
export const RECENT_SIGN_IN_MS = 15 * 60 * 1000;
export const SIGN_IN_AGAIN = 'For your security, sign in again with your social account, then try again.';

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

  /**
   * The owner at the keyboard knows the password. An account without one (made through social login) proves it
   * with a code from the authenticator app when 2FA is on, else with a sign-in through the provider in the last
   * RECENT_SIGN_IN_MS (older: 422 under `reauth`, and the page offers to sign in again), so a stolen session cannot
   * set a password, move the address or close the account. Guessing is limited per user (429 with Retry-After); a
   * right answer clears the count.
   */
  async function provePassword(req: FastifyRequest, userId: number, given: { password?: string; code?: string }, field: string): Promise<void> {
    const current = await ownPasswordHash(ctx.db, userId);
    if (!current) {
      if (await proveCode(ctx, userId, given.code, 'code')) return;
      const started = await sessionStartedAt(ctx.db, req.auth.sessionId);
      if (!started || Date.parse(started) < Date.now() - RECENT_SIGN_IN_MS) throw new HttpError(422, SIGN_IN_AGAIN, { reauth: [SIGN_IN_AGAIN] });
      return;
    }
    if (!given.password) throw new HttpError(422, 'Enter your current password.', { [field]: ['Enter your current password.'] });
    await consume(ctx, LIMITS.currentPassword, String(userId));
    if (!(await verifyPassword(given.password, current))) throw new HttpError(422, 'Your current password is incorrect.', { [field]: ['Your current password is incorrect.'] });
    await clearLimit(ctx, LIMITS.currentPassword, String(userId));
  }

  api.put('/api/v1/account/password', { config: self, schema: { body: accountPasswordSchema, response: { 200: doneResponse } } }, async (req) => {
    const userId = requireUser(req);
    const input = req.body;
    // An account without a password (social login) sets its first one; any other proves it knows the current one.
    await provePassword(req, userId, { password: input.current_password, code: input.code }, 'current_password');
    // Whoever knew the old password is signed out everywhere but here, API tokens included.
    await replacePassword(ctx.db, userId, await hashPassword(input.password), req.auth.sessionId);
    return { message: 'Password changed' };
  });

  // The change waits for the link mailed to the new address (auth/email/change confirms it).
  api.put('/api/v1/account/email', { config: evenUnconfirmed, schema: { body: accountEmailSchema, response: { 200: doneResponse } } }, async (req) => {
    const userId = requireUser(req);
    await provePassword(req, userId, req.body, 'password');
    await requestEmailChange(ctx, req, userId, req.body.email);
    return { message: 'We sent a confirmation link to your new email address.' };
  });

  // A file the member keeps: everything the site holds about them, as JSON.
  api.get('/api/v1/account/export', { config: self, schema: { response: { 200: binaryResponse } } }, async (req, reply) => {
    const data = await accountExport(ctx, requireUser(req));
    reply.header('cache-control', 'private, no-store').header('content-disposition', 'attachment; filename="account-data.json"');
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(data, null, 2));
  });

  // Closing one's own account: what the admin's delete does to a user (see removeAccounts), then signed out here.
  api.delete('/api/v1/account', { config: evenUnconfirmed, schema: { body: accountDeleteSchema, response: { 200: doneResponse } } }, async (req, reply) => {
    const userId = requireUser(req);
    await provePassword(req, userId, req.body, 'password');
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
