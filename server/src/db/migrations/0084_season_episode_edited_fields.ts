import type { Kysely } from 'kysely';

/**
 * Like a title's (0079) and a person's (0083): an episode's name, overview, runtime, date or image an editor changed,
 * and what an editor wrote on a season or episode they added by hand, went back to the movie database's at the next
 * import of the series or the weekly refresh. Seasons and episodes now list the facts an editor set, and an import
 * leaves those as they are.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('seasons').addColumn('edited_fields', 'text').execute();
  await db.schema.alterTable('episodes').addColumn('edited_fields', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('episodes').dropColumn('edited_fields').execute();
  await db.schema.alterTable('seasons').dropColumn('edited_fields').execute();
}
