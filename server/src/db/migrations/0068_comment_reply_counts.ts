import { sql, type Kysely } from 'kysely';

/** Deepest chain of deleted comments to settle (a thread is never near this deep). */
const MAX_ROUNDS = 1000;

/**
 * A deleted reply stayed counted in its parent's `replies_count`, so a comment whose only reply was deleted still
 * offered "Show 1 reply" and opened on nothing, and a deleted comment left with no reply to show kept its
 * "This comment was deleted." in the thread for good. The count is now the replies a visitor can open (live ones, and
 * deleted ones still holding replies): recounted here, from the deepest deleted replies up, a round per level.
 * Counts only ever ran high, so only comments counting some reply need a look.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const visible = sql`(SELECT count(*) FROM comments r WHERE r.parent_id = comments.id AND (NOT r.deleted OR r.replies_count > 0))`;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const res = await sql`UPDATE comments SET replies_count = ${visible} WHERE replies_count > 0 AND replies_count <> ${visible}`.execute(db);
    if (!Number(res.numAffectedRows ?? 0)) break;
  }
}

export async function down(): Promise<void> {
  // The old counts were wrong: there is nothing to put back.
}
