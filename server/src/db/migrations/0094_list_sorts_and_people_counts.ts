import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { bumpCounterOnWrite, type ColumnKit } from './kit.ts';

/** The reviews moderation list's sorts that had no index: a deep page sorted every review (0026 covered the others). */
const INDEXES: [string, string[]][] = [
  ['reviews_score_id', ['score', 'id']],
  ['reviews_updated_id', ['updated_at', 'id']],
];

/** Columns the people list filters, searches or is counted by: a write to one can change a filtered total. */
const FILTERED = ['name', 'gender', 'known_for', 'created_at', 'updated_at'];

/**
 * Indexes for the reviews list's score and last-edited sorts, and a `version:people` counter so the admin people
 * list counts a filtered or searched total once per change of the people table and filter set (as the titles list
 * does since 0021) instead of counting every person again on each page view. A view only bumps `views`, which is
 * not in FILTERED, so visiting a person page does not throw the counts away.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  for (const [name, cols] of INDEXES) await db.schema.createIndex(name).ifNotExists().on('reviews').columns(cols).execute();
  await bumpCounterOnWrite(db, k, 'people', 'version:people', ['insert', 'delete']);
  await bumpCounterOnWrite(db, k, 'people', 'version:people', ['update'], FILTERED, 'filtered');
}

export async function down(db: Kysely<any>, k: ColumnKit): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
  const triggers = k.dialect === 'postgres'
    ? ['people_bump_version_people', 'people_bump_version_people_filtered']
    : ['people_insert_bump_version_people', 'people_delete_bump_version_people', 'people_update_bump_version_people_filtered'];
  for (const name of triggers) await sql.raw(k.dialect === 'postgres' ? `DROP TRIGGER IF EXISTS ${name} ON people` : `DROP TRIGGER IF EXISTS ${name}`).execute(db);
  await sql`DELETE FROM counters WHERE name = 'version:people'`.execute(db);
}
