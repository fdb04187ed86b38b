import { sql, type Kysely } from 'kysely';
import { countRows, type ColumnKit } from './kit.ts';

const TABLES = ['titles', 'people', 'videos'] as const;

/**
 * Trigger-kept row counts for the large catalogue tables, so an unfiltered list answers its total
 * without a count(*) that grows with the table (about 25 ms at 200,000 rows on PostgreSQL).
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  for (const table of TABLES) await countRows(db, k, table);
}

export async function down(db: Kysely<any>, k: ColumnKit): Promise<void> {
  for (const table of TABLES) {
    if (k.dialect === 'postgres') await sql.raw(`DROP TRIGGER IF EXISTS ${table}_count_rows ON ${table}`).execute(db);
    else {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_count_ai`).execute(db);
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_count_ad`).execute(db);
    }
    await db.deleteFrom('counters').where('name', '=', `rows:${table}`).execute();
  }
}
