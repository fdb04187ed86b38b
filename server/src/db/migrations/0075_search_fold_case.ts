import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/**
 * Searches ignore case in every script whatever the database's locale. ILIKE and lower() follow the database's
 * LC_CTYPE: on a cluster made with the C locale (`initdb --no-locale`, the default of some operators) they fold ASCII
 * only, so "анна" did not find "Анна" nor "ΟΜΆΔΑ" "Ομάδα". search_fold() (0050), which every trigram index and
 * search applies to both the text and the pattern, now also lower-cases with a Unicode collation the server has:
 * ICU's root locale, else PostgreSQL 17's built-in C.UTF-8, else the C.UTF-8 of the C library; with none of them
 * it keeps the database's own lower(). The indexes over it are rebuilt. SQLite's FTS5 indexes already fold case.
 */
const COLLATIONS = ['und-x-icu', 'pg_c_utf8', 'C.utf8', 'C.UTF-8'];

async function unaccentSchema(db: Kysely<any>): Promise<string> {
  const { rows: [ext] } = await sql<{ schema: string }>`SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'unaccent'`.execute(db);
  return `"${ext.schema.replace(/"/g, '""')}"`;
}

async function defineFold(db: Kysely<any>, collation: string | null): Promise<void> {
  const schema = await unaccentSchema(db);
  const unaccented = `${schema}.unaccent('${schema.replace(/'/g, "''")}.unaccent'::regdictionary, $1)`;
  const body = collation ? `lower(${unaccented} COLLATE "${collation.replace(/"/g, '""')}")` : unaccented;
  await sql.raw(`CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT ${body} $$`).execute(db);
  // An index over an immutable function keeps the old results until it is rebuilt.
  const { rows } = await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND indexdef LIKE '%search_fold(%'`.execute(db);
  for (const { name } of rows) await sql.raw(`REINDEX INDEX "${name.replace(/"/g, '""')}"`).execute(db);
}

export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  if (k.dialect === 'sqlite') return;
  const { rows } = await sql<{ name: string }>`SELECT collname AS name FROM pg_collation
    WHERE collname IN (${sql.join(COLLATIONS)}) AND (collencoding = -1 OR collencoding = pg_char_to_encoding(current_setting('server_encoding')))`.execute(db);
  const available = new Set(rows.map((r) => r.name));
  await defineFold(db, COLLATIONS.find((c) => available.has(c)) ?? null);
}

export async function down(db: Kysely<any>, k: ColumnKit): Promise<void> {
  if (k.dialect === 'sqlite') return;
  await defineFold(db, null);
}
