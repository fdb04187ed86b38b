import type { Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/**
 * Transcoding jobs (issue 15): one row per attempt to turn an uploaded file into a video's HLS ladder. The row is the
 * job's durable state (the queue only wakes a worker), so a restart finds what was running: `worker` names the process
 * that claimed it and `heartbeat_at` is refreshed while ffmpeg runs; a running row whose heartbeat went stale is
 * queued again from scratch.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('transcodes')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    /** queued | probing | running | done | failed | cancelled */
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    /** The uploaded original: its file entry (deleted after success unless kept), storage key and driver. */
    .addColumn('source_file_id', 'integer')
    .addColumn('source_key', 'varchar(500)', (c) => c.notNull())
    .addColumn('source_disk', 'varchar(50)')
    .addColumn('source_name', 'varchar(255)', (c) => c.notNull())
    /** JSON: TranscodeProbe */
    .addColumn('probe', 'text')
    /** JSON: the renditions this job produces */
    .addColumn('renditions', 'text', (c) => c.notNull().defaultTo('[]'))
    /** Public-disk prefix the ladder is written under (`public/videos/{id}/hls/{run}`). */
    .addColumn('output_prefix', 'varchar(255)')
    .addColumn('worker', 'varchar(64)')
    .addColumn('heartbeat_at', k.timestamp)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', k.timestamp)
    .addColumn('finished_at', k.timestamp)
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('transcodes_state_id').on('transcodes').columns(['state', 'id']).execute();
  await db.schema.createIndex('transcodes_video_id').on('transcodes').columns(['video_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('transcodes').ifExists().execute();
}
