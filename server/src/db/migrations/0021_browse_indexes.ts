import type { Kysely } from 'kysely';
import { bumpCounterOnWrite, type ColumnKit } from './kit.ts';

const INDEXES: [string, string[]][] = [
  // /movies and /series sort within one type: the sort walks its index and stops after a page.
  ['titles_is_series_release_date_id_index', ['is_series', 'release_date', 'id']],
  ['titles_is_series_rating_id_index', ['is_series', 'rating', 'id']],
  ['titles_is_series_name_id_index', ['is_series', 'name', 'id']],
  // Year and rating ranges within a type (and the counts of a filtered page) read these instead of the table.
  ['titles_is_series_year_rating_index', ['is_series', 'year', 'rating']],
  ['titles_is_series_rating_year_index', ['is_series', 'rating', 'year']],
];

/** Columns a browse filter reads: a write to one of them can change a filtered total. */
const FILTERED = ['is_series', 'year', 'rating', 'language', 'certification', 'release_date'];

/**
 * Indexes behind the public browse pages' filters and sorts, and the `version:titles` counter that lets a
 * filtered total be counted once per catalogue change and filter set instead of on every page view.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  for (const [name, cols] of INDEXES) await db.schema.createIndex(name).ifNotExists().on('titles').columns(cols).execute();
  await bumpCounterOnWrite(db, k, 'titles', 'version:titles', ['insert', 'delete']);
  await bumpCounterOnWrite(db, k, 'titles', 'version:titles', ['update'], FILTERED, 'filtered');
  await bumpCounterOnWrite(db, k, 'title_tag', 'version:titles', ['insert', 'update', 'delete']);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
