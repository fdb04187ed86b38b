import type { Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/**
 * Visits and report rollups. `page_views` holds raw beacons (kept for the analytics retention period);
 * `report_hours` holds per-hour counts for every report dimension: the reports read only these. Hours are UTC, so
 * any whole-hour timezone groups them into its own days exactly. `report_rollup_state` remembers how far each
 * source has been rolled up.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('page_views')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('visitor_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('path', 'varchar(255)', (c) => c.notNull())
    .addColumn('model_type', 'varchar(20)')
    .addColumn('model_id', 'integer')
    .addColumn('referrer', 'varchar(255)')
    .addColumn('device', 'varchar(20)')
    .addColumn('browser', 'varchar(50)')
    .addColumn('platform', 'varchar(50)')
    .addColumn('country', 'varchar(2)')
    .addColumn('region', 'varchar(100)')
    .addColumn('city', 'varchar(100)')
    .addColumn('latitude', 'real')
    .addColumn('longitude', 'real')
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('page_views_created').on('page_views').column('created_at').execute();

  // kind: visit | play; subject: '' for the whole site, or title:T, season:T:S, episode:T:S:E, video:V, user:U.
  await db.schema.createTable('report_hours')
    .addColumn('hour', k.timestamp, (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('subject', 'varchar(40)', (c) => c.notNull())
    .addColumn('dim', 'varchar(20)', (c) => c.notNull())
    .addColumn('value', 'varchar(160)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_hours_pk', ['kind', 'subject', 'dim', 'hour', 'value'])
    .execute();
  await db.schema.createIndex('report_hours_hour').on('report_hours').columns(['hour', 'kind']).execute();

  await db.schema.createTable('report_rollup_state')
    .addColumn('kind', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('rolled_until', k.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('report_rollup_state').ifExists().execute();
  await db.schema.dropTable('report_hours').ifExists().execute();
  await db.schema.dropTable('page_views').ifExists().execute();
}
