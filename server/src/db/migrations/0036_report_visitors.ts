import type { Kysely } from 'kysely';

/**
 * Exact distinct visitors (issue 14). A sum of per-hour unique visitors counts a visitor again in every hour they
 * come back. `report_visitor_hours` keeps one row per visitor and UTC hour they viewed a page in (hours as whole
 * hours since the epoch), with the hour of their visit before it (-1 for a first visit): the visitors of [a, b) are
 * then exactly the rows in [a, b) whose previous visit is before a, one count over an index with no DISTINCT.
 * The page views rollup starts over from the oldest raw page view still kept, so the table fills for that period.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('report_visitor_hours')
    .addColumn('visitor_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('prev_hour', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_visitor_hours_pk', ['visitor_id', 'hour'])
    .execute();
  await db.schema.createIndex('report_visitor_hours_hour').on('report_visitor_hours').columns(['hour', 'prev_hour']).execute();
  await db.deleteFrom('report_rollup_state').where('kind', '=', 'visit').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('report_visitor_hours').ifExists().execute();
}
