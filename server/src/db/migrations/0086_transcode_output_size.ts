import type { Kysely } from 'kysely';

/**
 * The bytes a finished transcode stored (its HLS ladder, poster, sprite and subtitles), so the reports' "Storage used"
 * counts the renditions the site keeps, not only the uploads. Null for a job not done, or whose ladder was replaced.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('transcodes').addColumn('output_size', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('transcodes').dropColumn('output_size').execute();
}
