import type { Kysely } from 'kysely';

/**
 * Like a title's (0079): a person's name, photo, biography or dates an editor corrected went back to the movie
 * database's at the next import of the person, or of any title crediting them. A person now lists the facts an editor
 * changed, and an import leaves those as they are.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('people').addColumn('edited_fields', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('people').dropColumn('edited_fields').execute();
}
