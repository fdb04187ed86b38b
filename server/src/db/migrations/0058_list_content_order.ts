import { sql, type Kysely } from 'kysely';

/**
 * Members' lists were stored with a content order the channel settings do not know ('channelables.order|asc'), so
 * the admin's list editor read them as "List all content" ordered by popularity, and saving from it replaced a
 * member's titles. Their order is the manual one: the position each item was given.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`UPDATE channels SET config = replace(config, '"contentOrder":"channelables.order|asc"', '"contentOrder":"manual"')
    WHERE type = 'list' AND config LIKE '%channelables.order|asc%'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`UPDATE channels SET config = replace(config, '"contentOrder":"manual"', '"contentOrder":"channelables.order|asc"')
    WHERE type = 'list'`.execute(db);
}
