import type { FastifyInstance } from 'fastify';
import {
  currentUserResponse, doneResponse, recoveryCodesResponse, twoFactorChallengeSchema, twoFactorConfirmSchema, twoFactorSetupResponse, twoFactorStartSchema,
  twoFactorStatusResponse, twoFactorVerifySchema,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { typed } from '../../http/schema.ts';
import { requireUser } from '../../http/auth.ts';
import { currentUser } from '../auth/service.ts';
import { proveOwner } from '../account/owner-proof.ts';
import { completeChallenge, confirmSetup, disable, regenerateRecoveryCodes, startSetup, status } from './service.ts';

/** Two-factor sign-in: the code step of login, and the account calls that turn it on, off and renew recovery codes. */
export function twoFactorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  const self = { config: { permission: 'authenticated' } };

  // Public: the caller has no session yet, only the pending challenge cookie the password step set.
  api.post('/api/v1/auth/two-factor-challenge', { config: { permission: 'public' }, schema: { body: twoFactorChallengeSchema, response: { 200: currentUserResponse } } }, async (req, reply) => ({
    user: await completeChallenge(ctx, req, reply, req.body),
  }));

  app.get('/api/v1/account/two-factor', { ...self, schema: { response: { 200: twoFactorStatusResponse } } }, async (req) => status(ctx, requireUser(req)));

  // The owner proves it is them first: a stolen session must not put its own authenticator in front of the account.
  api.post('/api/v1/account/two-factor', { ...self, schema: { body: twoFactorStartSchema, response: { 200: twoFactorSetupResponse } } }, async (req) => {
    const user = await currentUser(ctx, requireUser(req));
    await proveOwner(ctx, req, user!.id, { password: req.body.password }, 'password');
    return startSetup(ctx, user!.id, user!.email);
  });

  api.post('/api/v1/account/two-factor/confirm', { ...self, schema: { body: twoFactorConfirmSchema, response: { 200: recoveryCodesResponse } } }, async (req) => ({
    recovery_codes: await confirmSetup(ctx, requireUser(req), req.body.code, req.auth.sessionId),
  }));

  api.post('/api/v1/account/two-factor/recovery-codes', { ...self, schema: { body: twoFactorVerifySchema, response: { 200: recoveryCodesResponse } } }, async (req) => ({
    recovery_codes: await regenerateRecoveryCodes(ctx, requireUser(req), req.body),
  }));

  api.delete('/api/v1/account/two-factor', { ...self, schema: { body: twoFactorVerifySchema, response: { 200: doneResponse } } }, async (req) => {
    await disable(ctx, requireUser(req), req.body, req.auth.sessionId);
    return { message: 'Two-factor authentication is off.' };
  });
}
