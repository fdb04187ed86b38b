import type { Kysely } from 'kysely';

/**
 * Browse sorts with the year filter inside the index (issue 10's numbers): /movies sorted by rating or popularity with
 * a year range walks one of these in order and checks the year without reading the table, and a deep page's ordered
 * id list (http/deep-pages.ts) is read from the index alone.
 */
const INDEXES: [string, string[]][] = [
  ['titles_is_series_rating_id_year_index', ['is_series', 'rating', 'id', 'year']],
  ['titles_is_series_popularity_id_year_index', ['is_series', 'popularity', 'id', 'year']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, cols] of INDEXES) await db.schema.createIndex(name).ifNotExists().on('titles').columns(cols).execute();
  // (is_series, rating, id) is a prefix of the new rating index.
  await db.schema.dropIndex('titles_is_series_rating_id_index').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
  await db.schema.createIndex('titles_is_series_rating_id_index').ifNotExists().on('titles').columns(['is_series', 'rating', 'id']).execute();
}
