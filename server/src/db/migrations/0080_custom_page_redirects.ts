import type { Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/**
 * The slugs a custom page had before it was renamed: /pages/{old slug} sends visitors, bookmarks and search engines
 * on to the page's current address instead of a 404. A row goes with its page.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('custom_page_redirects')
    .addColumn('slug', 'varchar(250)', (c) => c.primaryKey())
    .addColumn('page_id', 'integer', (c) => c.notNull().references('custom_pages.id').onDelete('cascade'))
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('custom_page_redirects_page_id_index').on('custom_page_redirects').column('page_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('custom_page_redirects').execute();
}
