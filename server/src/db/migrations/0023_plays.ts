import type { Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/**
 * Play tracking: one `plays` row per viewer (user or anonymous visitor id) per video per 24 hours, with the
 * seconds watched accumulating on it, and the device, browser, OS and coarse location read from the request
 * (never the raw address). `video_progress` keeps a signed-in viewer's resume position per video.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('plays')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('title_id', 'integer', (c) => c.notNull())
    .addColumn('season_num', 'integer')
    .addColumn('episode_num', 'integer')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('visitor_id', 'varchar(64)')
    .addColumn('seconds_watched', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('device', 'varchar(20)')
    .addColumn('browser', 'varchar(50)')
    .addColumn('platform', 'varchar(50)')
    .addColumn('country', 'varchar(2)')
    .addColumn('city', 'varchar(100)')
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();
  // The 24-hour dedupe looks up the viewer's latest play of a video; reports group by title or video over a date range.
  await db.schema.createIndex('plays_user_video_created').on('plays').columns(['user_id', 'video_id', 'created_at']).execute();
  await db.schema.createIndex('plays_visitor_video_created').on('plays').columns(['visitor_id', 'video_id', 'created_at']).execute();
  await db.schema.createIndex('plays_video_created').on('plays').columns(['video_id', 'created_at']).execute();
  await db.schema.createIndex('plays_title_created').on('plays').columns(['title_id', 'created_at']).execute();
  await db.schema.createIndex('plays_created').on('plays').columns(['created_at']).execute();

  await db.schema.createTable('video_progress')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('video_progress_pk', ['user_id', 'video_id'])
    .execute();
  await db.schema.createIndex('video_progress_video').on('video_progress').column('video_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('video_progress').ifExists().execute();
  await db.schema.dropTable('plays').ifExists().execute();
}
