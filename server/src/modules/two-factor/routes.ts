import type { FastifyInstance } from 'fastify';
import { twoFactorChallengeSchema, twoFactorConfirmSchema, twoFactorVerifySchema } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { parse } from '../../http/errors.ts';
import { requireUser } from '../../http/auth.ts';
import { currentUser } from '../auth/service.ts';
import { completeChallenge, confirmSetup, disable, regenerateRecoveryCodes, startSetup, status } from './service.ts';

/** Two-factor sign-in: the code step of login, and the account calls that turn it on, off and renew recovery codes. */
export function twoFactorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const self = { config: { permission: 'authenticated' } };

  // Public: the caller has no session yet, only the pending challenge cookie the password step set.
  app.post('/api/v1/auth/two-factor-challenge', { config: { permission: 'public' } }, async (req, reply) => ({
    user: await completeChallenge(ctx, req, reply, parse(twoFactorChallengeSchema, req.body)),
  }));

  app.get('/api/v1/account/two-factor', self, async (req) => status(ctx, requireUser(req)));

  app.post('/api/v1/account/two-factor', self, async (req) => {
    const user = await currentUser(ctx, requireUser(req));
    return startSetup(ctx, user!.id, user!.email);
  });

  app.post('/api/v1/account/two-factor/confirm', self, async (req) => ({
    recovery_codes: await confirmSetup(ctx, requireUser(req), parse(twoFactorConfirmSchema, req.body).code),
  }));

  app.post('/api/v1/account/two-factor/recovery-codes', self, async (req) => ({
    recovery_codes: await regenerateRecoveryCodes(ctx, requireUser(req), parse(twoFactorVerifySchema, req.body)),
  }));

  app.delete('/api/v1/account/two-factor', self, async (req) => {
    await disable(ctx, requireUser(req), parse(twoFactorVerifySchema, req.body));
    return { message: 'Two-factor authentication is off.' };
  });
}
