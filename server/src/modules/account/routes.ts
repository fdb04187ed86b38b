import type { FastifyInstance } from 'fastify';
import {
  accountPasswordSchema, accountProfileSchema, accountSessionListResponse, accountUserResponse, doneResponse, logoutOthersResponse,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import { LIMITS, clearLimit, consume } from '../../http/rate-limit.ts';
import { requireUser } from '../../http/auth.ts';
import { typed } from '../../http/schema.ts';
import { hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { currentUser } from '../auth/service.ts';
import { removeAvatar, storeAvatar } from '../users/avatar.ts';
import { endOtherSessions, ownAvatar, ownPasswordHash, ownSessions, replacePassword, updateProfile } from './repository.ts';

/** The signed-in user's own account (the /account-settings page); API tokens live under auth/access-tokens. */
export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  const self = { permission: 'authenticated' as const };

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

  api.put('/api/v1/account/password', { config: self, schema: { body: accountPasswordSchema, response: { 200: doneResponse } } }, async (req) => {
    const userId = requireUser(req);
    const input = req.body;
    const current = await ownPasswordHash(ctx.db, userId);
    // An account without a password (social login) sets its first one; any other proves it knows the current one.
    if (current) {
      if (!input.current_password) throw new HttpError(422, 'Enter your current password.', { current_password: ['Enter your current password.'] });
      // Guessing through a stolen session is limited per user (429 with Retry-After); a right answer clears the count.
      await consume(ctx, LIMITS.currentPassword, String(userId));
      if (!(await verifyPassword(input.current_password, current))) {
        throw new HttpError(422, 'Your current password is incorrect.', { current_password: ['Your current password is incorrect.'] });
      }
      await clearLimit(ctx, LIMITS.currentPassword, String(userId));
    }
    // Whoever knew the old password is signed out everywhere but here, API tokens included.
    await replacePassword(ctx.db, userId, await hashPassword(input.password), req.auth.sessionId);
    return { message: 'Password changed' };
  });

  api.get('/api/v1/account/sessions', { config: self, schema: { response: { 200: accountSessionListResponse } } }, async (req) => ({ sessions: await ownSessions(ctx.db, requireUser(req), req.auth.sessionId) }));

  api.post('/api/v1/account/sessions/logout-others', { config: self, schema: { response: { 200: logoutOthersResponse } } }, async (req) => {
    const count = await endOtherSessions(ctx.db, requireUser(req), req.auth.sessionId);
    return { message: 'Logged out other sessions', count };
  });
}
