import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import { LIMITS, clearLimit, consume } from '../../http/rate-limit.ts';
import { verifyPassword } from '../../lib/crypto.ts';
import { proveCode } from '../two-factor/service.ts';
import { ownPasswordHash, sessionStartedAt } from './repository.ts';

/** How recent a sign-in through a social provider must be to stand in for a password the account does not have. */
export const RECENT_SIGN_IN_MS = 15 * 60 * 1000;
export const SIGN_IN_AGAIN = 'For your security, sign in again with your social account, then try again.';

/**
 * The owner at the keyboard knows the password. An account without one (made through social login) proves it
 * with a code from the authenticator app when 2FA is on, else with a sign-in through the provider in the last
 * RECENT_SIGN_IN_MS (older: 422 under `reauth`, and the page offers to sign in again), so a stolen session cannot
 * set a password, move the address, turn 2FA on or close the account. Guessing is limited per user (429 with
 * Retry-After); a right answer clears the count.
 */
export async function proveOwner(ctx: AppContext, req: FastifyRequest, userId: number, given: { password?: string; code?: string }, field: string): Promise<void> {
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
