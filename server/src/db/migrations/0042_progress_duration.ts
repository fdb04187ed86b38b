import type { Kysely } from 'kysely';

/**
 * A resume point's video length, as the player reported it (null until a report carries it: embeds and older reports
 * do not), so "Continue watching" can leave out what was watched to the end; and the index that row reads, a user's
 * latest resume points first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('video_progress').addColumn('duration', 'integer').execute();
  await db.schema.createIndex('video_progress_user_recent').on('video_progress').columns(['user_id', 'updated_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('video_progress_user_recent').execute();
  await db.schema.alterTable('video_progress').dropColumn('duration').execute();
}
