import type { Db } from '../../db/index.ts';
import { deleteBefore } from '../../db/delete-before.ts';
import { DAY_MS, registerRecurring } from '../scheduler/index.ts';

/**
 * Signs a user out everywhere: browser sessions and API tokens alike, since a token is a session that does not
 * expire. Used on a password change or reset and on a suspension; `keepSessionId` spares the browser session
 * that made the change. A pending e-mail change goes too: whoever asked for it knew the old password, and its link
 * (mailed to the address they chose) would otherwise still hand them the account after the owner locked them out.
 * So do a password-reset link still in a mailbox (it would undo the new password) and a sign-in waiting at the
 * two-factor code step (it was let through by the old password). Call inside the caller's transaction.
 */
export async function endSessions(db: Db, userId: number, keepSessionId?: string): Promise<void> {
  let sessions = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) sessions = sessions.where('id', '!=', keepSessionId);
  await sessions.execute();
  await db.deleteFrom('access_tokens').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_tokens').where('user_id', '=', userId).where('type', 'in', ['email_change', 'password_reset']).execute();
  await db.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
}

/**
 * Expired sessions and one-time links (email verification, password reset) are refused when presented, but one that
 * is never presented again stayed for good: the tables grew with every sign-in. A daily run deletes them.
 */
export async function deleteExpiredCredentials(db: Db, now = new Date()): Promise<{ sessions: number; tokens: number }> {
  const cutoff = now.toISOString();
  return { sessions: await deleteBefore(db, 'sessions', 'expires_at', cutoff), tokens: await deleteBefore(db, 'user_tokens', 'expires_at', cutoff) };
}

registerRecurring('auth:expired-credentials', DAY_MS, (ctx) => deleteExpiredCredentials(ctx.db));
