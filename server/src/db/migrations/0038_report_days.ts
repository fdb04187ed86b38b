import type { Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/**
 * Report rollups that scale (issue 14). `report_hours` kept about 17 rows per play (every model x breakdown), so
 * millions of events could not be rolled up. Now:
 * - `report_days` holds the site-wide counts per UTC day (span 1) and per aligned block of 8 and 64 days, so a year
 *   sums about 30 rows per value instead of 365. Days are whole days since the epoch.
 * - `report_hours` keeps the site-wide hourly counts for the last days only, and the hourly totals for ever (one row
 *   an hour: every chart in any timezone is exact). Insights (a title, season, episode, video, user) read the raw
 *   plays through their indexes instead of per-model rollups.
 * - `report_visitor_days` is the per-day twin of `report_visitor_hours` (exact distinct visitors over days).
 * - The rollup follows the raw rows' ids (`last_id`), not the clock, so a late event is counted in its own hour and
 *   day by the next run and a rerun neither skips nor doubles. `hours_from` is where complete hourly rows begin.
 * The rollups start over from the raw rows still kept (as migration 0036 did for visits).
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('report_days')
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('dim', 'varchar(20)', (c) => c.notNull())
    .addColumn('span', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('value', 'varchar(160)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_days_pk', ['kind', 'dim', 'span', 'day', 'value'])
    .execute();
  await db.schema.createTable('report_visitor_days')
    .addColumn('visitor_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('prev_day', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_visitor_days_pk', ['visitor_id', 'day'])
    .execute();
  await db.schema.createIndex('report_visitor_days_day').on('report_visitor_days').columns(['day', 'prev_day']).execute();
  await db.schema.alterTable('report_rollup_state').addColumn('last_id', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('report_rollup_state').addColumn('hours_from', k.timestamp).execute();
  // Insights of a user read their plays by time.
  await db.schema.createIndex('plays_user_created').on('plays').columns(['user_id', 'created_at']).execute();
  await db.deleteFrom('report_hours').execute();
  await db.deleteFrom('report_visitor_hours').execute();
  await db.deleteFrom('report_rollup_state').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('plays_user_created').ifExists().execute();
  await db.schema.alterTable('report_rollup_state').dropColumn('hours_from').execute();
  await db.schema.alterTable('report_rollup_state').dropColumn('last_id').execute();
  await db.schema.dropTable('report_visitor_days').ifExists().execute();
  await db.schema.dropTable('report_days').ifExists().execute();
}
