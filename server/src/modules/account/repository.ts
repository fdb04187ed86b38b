import type { AccountSession } from '@app/contracts';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { endSessions } from '../auth/sessions.ts';

/** The signed-in user's own row: what the account calls read and change. */
export async function updateProfile(db: Db, userId: number, input: { first_name?: string | null; last_name?: string | null }): Promise<void> {
  await db.updateTable('users').set({ first_name: input.first_name, last_name: input.last_name, updated_at: nowIso() }).where('id', '=', userId).execute();
}

export async function ownAvatar(db: Db, userId: number): Promise<string | null> {
  return (await db.selectFrom('users').select('avatar').where('id', '=', userId).executeTakeFirstOrThrow()).avatar;
}

export async function ownPasswordHash(db: Db, userId: number): Promise<string | null> {
  return (await db.selectFrom('users').select('password').where('id', '=', userId).executeTakeFirstOrThrow()).password;
}

/** Sets the new password hash and signs out every other session and API token of the user. */
export async function replacePassword(db: Db, userId: number, hash: string, keepSessionId: string | undefined): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password: hash, updated_at: nowIso() }).where('id', '=', userId).execute();
    await endSessions(trx, userId, keepSessionId);
  });
}

/** When the browser session `sessionId` signed in (undefined for none, e.g. an API token). */
export async function sessionStartedAt(db: Db, sessionId: string | undefined): Promise<string | undefined> {
  if (!sessionId) return undefined;
  return (await db.selectFrom('sessions').select('created_at').where('id', '=', sessionId).executeTakeFirst())?.created_at;
}

/** The length of the session id prefix the account page shows and names a session by. */
const SHOWN_ID = 12;

/** The user's live sessions, most recently active first; the row id (a hash of the cookie) is shown as a prefix only. */
export async function ownSessions(db: Db, userId: number, currentSessionId: string | undefined): Promise<AccountSession[]> {
  const rows = await db.selectFrom('sessions').select(['id', 'ip', 'user_agent', 'last_active_at', 'created_at'])
    .where('user_id', '=', userId).where('expires_at', '>', nowIso()).orderBy('last_active_at', 'desc').execute();
  return rows.map((r) => ({ ...r, id: r.id.slice(0, SHOWN_ID), current: r.id === currentSessionId }));
}

/**
 * Ends the user's own session whose shown id prefix is `shownId`: 'current' when it is the one asking (that is
 * signing out), 'missing' when no live session of theirs has it (another user's sessions are never matched).
 */
export async function endOwnSession(db: Db, userId: number, shownId: string, currentSessionId: string | undefined): Promise<'ended' | 'current' | 'missing'> {
  const rows = await db.selectFrom('sessions').select('id').where('user_id', '=', userId).where('expires_at', '>', nowIso()).execute();
  const row = rows.find((r) => r.id.slice(0, SHOWN_ID) === shownId);
  if (!row) return 'missing';
  if (row.id === currentSessionId) return 'current';
  await db.deleteFrom('sessions').where('id', '=', row.id).where('user_id', '=', userId).execute();
  return 'ended';
}

/** Ends every session of the user but the current one; answers how many ended. */
export async function endOtherSessions(db: Db, userId: number, currentSessionId: string | undefined): Promise<number> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (currentSessionId) q = q.where('id', '!=', currentSessionId);
  return Number((await q.executeTakeFirst()).numDeletedRows);
}
