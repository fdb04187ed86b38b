import { sql, type Kysely } from 'kysely';

/**
 * What a one-time link carries besides its owner (the new address an email change waits to confirm), and the page
 * views of members, found when one closes their account (most views are anonymous, so only theirs are indexed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_tokens').addColumn('payload', 'varchar(255)').execute();
  await sql`create index page_views_user on page_views (user_id) where user_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('page_views_user').execute();
  await db.schema.alterTable('user_tokens').dropColumn('payload').execute();
}
