import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';

const ALLOWED = new Set(['/api/v1/auth/email/verification-notification']);

/**
 * With client.require_email_confirmation on, a signed-in account whose address is not confirmed can use only
 * public calls and ask for a new confirmation mail. Runs after the auth hook (it reads req.auth); the user
 * query happens only while the setting is on.
 */
export function registerEmailConfirmationGuard(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/') || !req.auth?.userId) return;
    const permission = req.routeOptions.config?.permission;
    if (!permission || permission === 'public' || ALLOWED.has(req.routeOptions.url ?? '')) return;
    if (!(await ctx.settings.get('client.require_email_confirmation'))) return;
    const user = await ctx.db.selectFrom('users').select('email_verified_at').where('id', '=', req.auth.userId).executeTakeFirst();
    if (user && !user.email_verified_at) throw new HttpError(403, 'Please confirm your email address first.');
  });
}
