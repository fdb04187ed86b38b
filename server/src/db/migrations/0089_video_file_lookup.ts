import type { Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/**
 * A stored file that is not a picture is served only to those who may watch its video (videos/ladder-access.ts), so
 * each such request looks its address up among the videos' sources and the captions' files. A source may be up to
 * 1,000 characters, past what a PostgreSQL b-tree entry holds in other scripts, so there it is a hash index, which
 * answers the equality lookup alone.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  const src = db.schema.createIndex('videos_src_index').on('videos').column('src');
  await (k.dialect === 'postgres' ? src.using('hash') : src).execute();
  await db.schema.createIndex('video_captions_url_index').on('video_captions').column('url').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('video_captions_url_index').execute();
  await db.schema.dropIndex('videos_src_index').execute();
}
