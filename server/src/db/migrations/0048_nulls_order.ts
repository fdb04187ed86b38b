import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/** Sort indexes whose sort column may be NULL: [table, columns], the nullable one marked with a `!`. */
const INDEXES: [string, string[]][] = [
  ['titles', ['popularity!', 'id']], ['titles', ['release_date!', 'id']], ['titles', ['rating!', 'id']],
  ['titles', ['runtime!', 'id']], ['titles', ['budget!', 'id']], ['titles', ['revenue!', 'id']],
  ['titles', ['is_series', 'popularity!', 'id']], ['titles', ['is_series', 'release_date!', 'id']],
  ['titles', ['is_series', 'rating!', 'id', 'year']], ['titles', ['is_series', 'popularity!', 'id', 'year']],
  ['people', ['popularity!', 'id']], ['people', ['birth_date!', 'id']],
  ['episodes', ['release_date!', 'id']],
];

const nameOf = (table: string, cols: string[]) => `${table}_${cols.map((c) => c.replace('!', '')).join('_')}_index`;

async function rebuild(db: Kysely<any>, nulls: 'FIRST' | 'LAST') {
  for (const [table, cols] of INDEXES) {
    const name = nameOf(table, cols);
    const list = cols.map((c) => (c.endsWith('!') ? `${c.slice(0, -1)} NULLS ${nulls}` : c)).join(', ');
    await sql`DROP INDEX IF EXISTS ${sql.id(name)}`.execute(db);
    await sql`CREATE INDEX ${sql.id(name)} ON ${sql.id(table)} (${sql.raw(list)})`.execute(db);
  }
}

/**
 * PostgreSQL now orders nullable sort columns as SQLite does (db/nulls-order.ts: NULLS FIRST ascending, NULLS LAST
 * descending). Their indexes are rebuilt with NULLS FIRST so a forward scan serves ascending and a backward scan
 * descending, as before. SQLite's indexes already order NULL first: nothing to do there.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  if (k.dialect === 'postgres') await rebuild(db, 'FIRST');
}

export async function down(db: Kysely<any>, k: ColumnKit): Promise<void> {
  if (k.dialect === 'postgres') await rebuild(db, 'LAST');
}
