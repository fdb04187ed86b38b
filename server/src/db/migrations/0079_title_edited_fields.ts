import type { Kysely } from 'kysely';

/**
 * Re-importing a title from the movie database (by hand, or the weekly refresh a page view queues) wrote every fact
 * the service sent over the title, so a name, overview, poster or date an editor had corrected went back to the
 * service's. A title now lists the facts an editor changed (a JSON array of column names), and an import leaves those
 * as they are. Edits made before this left no record: they are not known.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('titles').addColumn('edited_fields', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('titles').dropColumn('edited_fields').execute();
}
