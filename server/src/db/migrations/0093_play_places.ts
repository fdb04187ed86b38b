import type { Kysely } from 'kysely';

/**
 * A play's region and city coordinates from the same offline GeoIP lookup page views use, so the plays map drills into
 * a country's regions and city markers as the visitors map does. Plays recorded before stay without them (the address
 * was never kept).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plays').addColumn('region', 'varchar(100)').execute();
  await db.schema.alterTable('plays').addColumn('latitude', 'real').execute();
  await db.schema.alterTable('plays').addColumn('longitude', 'real').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['longitude', 'latitude', 'region']) await db.schema.alterTable('plays').dropColumn(column).execute();
}
