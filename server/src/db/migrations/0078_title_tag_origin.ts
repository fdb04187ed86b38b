import { sql, type Kysely } from 'kysely';

/**
 * Re-importing a title from the movie database replaced all of its genres, keywords and countries, so those an editor
 * had attached by hand vanished at the next import or weekly refresh. A title's tags now say where they came from, like
 * its credits, images and videos, and an import replaces only its own. Tags attached before this have no record of it:
 * the genres, keywords and countries of a title from the movie database are taken to be imported (the importer replaced
 * exactly those).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('title_tag').addColumn('origin', 'varchar(20)', (c) => c.notNull().defaultTo('local')).execute();
  await sql`UPDATE title_tag SET origin = 'tmdb'
    WHERE title_id IN (SELECT id FROM titles WHERE tmdb_id IS NOT NULL)
      AND tag_id IN (SELECT id FROM title_tags WHERE type <> 'custom')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('title_tag').dropColumn('origin').execute();
}
