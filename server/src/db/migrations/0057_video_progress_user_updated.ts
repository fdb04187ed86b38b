import type { Kysely } from 'kysely';

/**
 * A member's resume points newest first (their watch history, Continue watching) read in order from an index
 * instead of sorting all of them: a long-time viewer has one row per video ever started.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('video_progress_user_updated').on('video_progress').columns(['user_id', 'updated_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('video_progress_user_updated').execute();
}
