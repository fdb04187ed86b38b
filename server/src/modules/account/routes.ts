import type { FastifyInstance } from 'fastify';
import { accountPasswordSchema, accountProfileSchema, type AccountSession } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { HttpError, parse } from '../../http/errors.ts';
import { LIMITS, clearLimit, consume } from '../../http/rate-limit.ts';
import { requireUser } from '../../http/auth.ts';
import { hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { currentUser } from '../auth/service.ts';
import { endSessions } from '../auth/sessions.ts';
import { removeAvatar, storeAvatar } from '../users/avatar.ts';

/** The signed-in user's own account (the /account-settings page); API tokens live under auth/access-tokens. */
export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const self = { config: { permission: 'authenticated' as const } };

  app.put('/api/v1/account/profile', self, async (req) => {
    const userId = requireUser(req);
    const input = parse(accountProfileSchema, req.body);
    await ctx.db.updateTable('users').set({ first_name: input.first_name, last_name: input.last_name, updated_at: nowIso() }).where('id', '=', userId).execute();
    return { user: await currentUser(ctx, userId), message: 'Profile updated' };
  });

  app.post('/api/v1/account/avatar', self, async (req) => {
    const userId = requireUser(req);
    await storeAvatar(ctx, req, userId);
    return { user: await currentUser(ctx, userId) };
  });

  app.delete('/api/v1/account/avatar', self, async (req) => {
    const userId = requireUser(req);
    const row = await ctx.db.selectFrom('users').select('avatar').where('id', '=', userId).executeTakeFirstOrThrow();
    await removeAvatar(ctx, userId, row.avatar);
    return { user: await currentUser(ctx, userId) };
  });

  app.put('/api/v1/account/password', self, async (req) => {
    const userId = requireUser(req);
    const input = parse(accountPasswordSchema, req.body);
    const row = await ctx.db.selectFrom('users').select('password').where('id', '=', userId).executeTakeFirstOrThrow();
    // An account without a password (social login) sets its first one; any other proves it knows the current one.
    if (row.password) {
      if (!input.current_password) throw new HttpError(422, 'Enter your current password.', { current_password: ['Enter your current password.'] });
      // Guessing through a stolen session is limited per user (429 with Retry-After); a right answer clears the count.
      await consume(ctx, LIMITS.currentPassword, String(userId));
      if (!(await verifyPassword(input.current_password, row.password))) {
        throw new HttpError(422, 'Your current password is incorrect.', { current_password: ['Your current password is incorrect.'] });
      }
      await clearLimit(ctx, LIMITS.currentPassword, String(userId));
    }
    const password = await hashPassword(input.password);
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password, updated_at: nowIso() }).where('id', '=', userId).execute();
      // Whoever knew the old password is signed out everywhere but here, API tokens included.
      await endSessions(trx, userId, req.auth.sessionId);
    });
    return { message: 'Password changed' };
  });

  app.get('/api/v1/account/sessions', self, async (req) => {
    const rows = await ctx.db.selectFrom('sessions').select(['id', 'ip', 'user_agent', 'last_active_at', 'created_at'])
      .where('user_id', '=', requireUser(req)).where('expires_at', '>', nowIso()).orderBy('last_active_at', 'desc').execute();
    // The row id is a hash of the cookie; only a prefix is shown, enough to tell rows apart.
    const sessions: AccountSession[] = rows.map((r) => ({ ...r, id: r.id.slice(0, 12), current: r.id === req.auth.sessionId }));
    return { sessions };
  });

  app.post('/api/v1/account/sessions/logout-others', self, async (req) => {
    const userId = requireUser(req);
    let q = ctx.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (req.auth.sessionId) q = q.where('id', '!=', req.auth.sessionId);
    const res = await q.executeTakeFirst();
    return { message: 'Logged out other sessions', count: Number(res.numDeletedRows) };
  });
}
