import type { Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/**
 * The size of each file the site keeps on its public disk outside file entries and video ladders (posters, backdrops,
 * stills, person photos, news and page images, branding, avatars, captions, TMDb downloads), so 'Storage used' counts
 * them. Written when a file is stored, removed when it is deleted (files/storage-meter.ts); a daily task adds files it
 * finds that are not listed yet (those stored before this table, or put on the disk by hand).
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('stored_objects')
    .addColumn('key', 'varchar(1024)', (c) => c.primaryKey())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stored_objects_created_at').on('stored_objects').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stored_objects').ifExists().execute();
}
