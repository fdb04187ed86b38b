import { sql, type Kysely } from 'kysely';

/** Each kind of channel item and the table its rows live in. */
const ITEM_TABLES: [type: string, table: string][] = [
  ['title', 'titles'], ['person', 'people'], ['episode', 'episodes'], ['news_article', 'news_articles'], ['channel', 'channels'],
];

/**
 * Deleting titles, people, episodes or articles left their rows in `channelables`, so channels and members' lists
 * counted items they could not show ("10 titles" over 9). Those rows go, and the channels that held them get their
 * true count and a new version (their cached pages were built with the old count). Reports of videos deleted with
 * their title go too: they pointed at nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const orphan = (type: string, table: string) => sql`channelable_type = ${type} AND channelable_id NOT IN (SELECT id FROM ${sql.table(table)})`;
  const where = sql.join(ITEM_TABLES.map(([type, table]) => sql`(${orphan(type, table)})`), sql` OR `);
  await sql`UPDATE channels SET version = version + 1 WHERE id IN (SELECT channel_id FROM channelables WHERE ${where})`.execute(db);
  await sql`DELETE FROM channelables WHERE ${where}`.execute(db);
  await sql`UPDATE channels SET items_count = (SELECT count(*) FROM channelables WHERE channel_id = channels.id)
    WHERE items_count <> (SELECT count(*) FROM channelables WHERE channel_id = channels.id)`.execute(db);
  await sql`DELETE FROM content_reports WHERE reportable_type = 'video' AND reportable_id NOT IN (SELECT id FROM videos)`.execute(db);
}

export async function down(): Promise<void> {
  // The deleted rows pointed at nothing: there is nothing to put back.
}
