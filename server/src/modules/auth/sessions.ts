import type { Db } from '../../db/index.ts';

/**
 * Signs a user out everywhere: browser sessions and API tokens alike, since a token is a session that does not
 * expire. Used on a password change or reset and on a suspension; `keepSessionId` spares the browser session
 * that made the change. Call inside the caller's transaction.
 */
export async function endSessions(db: Db, userId: number, keepSessionId?: string): Promise<void> {
  let sessions = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) sessions = sessions.where('id', '!=', keepSessionId);
  await sessions.execute();
  await db.deleteFrom('access_tokens').where('user_id', '=', userId).execute();
}
