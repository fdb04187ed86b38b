import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { bumpCounterOnWrite, type ColumnKit } from './kit.ts';

/**
 * Columns the admin videos list filters or searches by: a write to one can change a filtered or searched total.
 * Not `plays_count`, the votes or `reports_count`: they change on every play or vote and change no total.
 */
const FILTERED = ['name', 'title_id', 'season_num', 'episode_num', 'type', 'category', 'approved', 'language', 'created_at'];

/**
 * A `version:videos` counter so the admin videos list counts a searched or filtered total once per change of the
 * videos table and filter set (as titles since 0021 and people since 0094 do) instead of counting every match on
 * each page; and one of the two identical `(user_id, updated_at)` indexes on video_progress (0042 and 0057) goes,
 * so a progress write updates one index, not two.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await bumpCounterOnWrite(db, k, 'videos', 'version:videos', ['insert', 'delete']);
  await bumpCounterOnWrite(db, k, 'videos', 'version:videos', ['update'], FILTERED, 'filtered');
  await db.schema.dropIndex('video_progress_user_recent').ifExists().execute();
}

export async function down(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createIndex('video_progress_user_recent').ifNotExists().on('video_progress').columns(['user_id', 'updated_at']).execute();
  const triggers = k.dialect === 'postgres'
    ? ['videos_bump_version_videos', 'videos_bump_version_videos_filtered']
    : ['videos_insert_bump_version_videos', 'videos_delete_bump_version_videos', 'videos_update_bump_version_videos_filtered'];
  for (const name of triggers) await sql.raw(k.dialect === 'postgres' ? `DROP TRIGGER IF EXISTS ${name} ON videos` : `DROP TRIGGER IF EXISTS ${name}`).execute(db);
  await sql`DELETE FROM counters WHERE name = 'version:videos'`.execute(db);
}
