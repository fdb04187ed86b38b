import type { Kysely } from 'kysely';

/** What a one-time link carries besides its owner: the new address an email change waits to confirm. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_tokens').addColumn('payload', 'varchar(255)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_tokens').dropColumn('payload').execute();
}
