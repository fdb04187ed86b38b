import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/**
 * The content settings' rating column picks which rating the site shows: the movie database service's vote average
 * or the members' own. `rating` (and a title's `vote_count`) stay the shown values every list sorts and filters by;
 * the service's figures move to columns of their own, so switching back and forth loses nothing.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  // The type `rating` has (PostgreSQL's real would round 8.4 to 8.3999996).
  const real = k.dialect === 'postgres' ? 'double precision' : 'real';
  await db.schema.alterTable('titles').addColumn('tmdb_rating', real).execute();
  await db.schema.alterTable('titles').addColumn('tmdb_vote_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('episodes').addColumn('tmdb_rating', real).execute();
  await sql`update titles set tmdb_rating = rating, tmdb_vote_count = vote_count`.execute(db);
  await sql`update episodes set tmdb_rating = rating`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('episodes').dropColumn('tmdb_rating').execute();
  await db.schema.alterTable('titles').dropColumn('tmdb_vote_count').execute();
  await db.schema.alterTable('titles').dropColumn('tmdb_rating').execute();
}
