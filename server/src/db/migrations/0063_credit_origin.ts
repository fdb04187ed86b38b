import { sql, type Kysely } from 'kysely';

/**
 * Re-importing a title from the movie database replaced all of its credits, so the cast and crew an editor had added
 * by hand vanished at the next import or weekly refresh. Credits now say where they came from, like images and videos,
 * and an import replaces only its own. Credits made before this have no record of it: those of a person from the movie
 * database on a title from it are taken to be imported (the importer made exactly those).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('creditables').addColumn('origin', 'varchar(20)', (c) => c.notNull().defaultTo('local')).execute();
  await sql`UPDATE creditables SET origin = 'tmdb'
    WHERE person_id IN (SELECT id FROM people WHERE tmdb_id IS NOT NULL)
      AND title_id IN (SELECT id FROM titles WHERE tmdb_id IS NOT NULL)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('creditables').dropColumn('origin').execute();
}
