import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/** The visitor's search indexes, with the text each covers (as `titles/search.ts` queries it). */
const INDEXES: [table: string, columns: string[], pgExpression: string][] = [
  ['titles', ['name', 'original_title'], "name || ' ' || coalesce(original_title, '')"],
  ['people', ['name'], 'name'],
  ['episodes', ['name'], 'name'],
];

/**
 * Searching titles, people and episodes ignores accents: "amelie" finds "Amélie" and "pokemon" "Pokémon", as visitors
 * type them. SQLite: the FTS5 trigram indexes are rebuilt with `remove_diacritics` (the triggers that keep them
 * write by name and carry on). PostgreSQL: the trigram indexes cover `search_fold(text)`, an immutable wrapper of the
 * `unaccent` extension (both extensions are trusted: a database owner may create them).
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  if (k.dialect === 'sqlite') {
    for (const [table, columns, expression] of INDEXES) await foldTrigramIndex(db, k, table, columns, expression);
    return;
  }
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
  const { rows: [ext] } = await sql<{ schema: string }>`SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'unaccent'`.execute(db);
  const schema = `"${ext.schema.replace(/"/g, '""')}"`;
  // unaccent() is only STABLE (it reads a dictionary that could change): naming the dictionary makes the call fixed,
  // which is what an index expression needs. Schema-qualified, so index upkeep under any search_path (a restore,
  // autovacuum) finds it.
  await sql.raw(`CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $$ SELECT ${schema}.unaccent('${schema.replace(/'/g, "''")}.unaccent'::regdictionary, $1) $$`).execute(db);
  for (const [table, columns, expression] of INDEXES) await foldTrigramIndex(db, k, table, columns, expression);
}

/**
 * Rebuilds one table's trigram index so it ignores accents: the FTS5 table `<table>_fts` over `columns` on SQLite,
 * the pg_trgm index `pgIndex` over `search_fold(pgExpression)` on PostgreSQL (search_fold() must exist).
 */
export async function foldTrigramIndex(db: Kysely<any>, k: ColumnKit, table: string, columns: string[], pgExpression: string, pgIndex = `${table}_search_trgm`): Promise<void> {
  if (k.dialect === 'sqlite') {
    const fts = `${table}_fts`;
    await sql.raw(`DROP TABLE ${fts}`).execute(db);
    await sql.raw(`CREATE VIRTUAL TABLE ${fts} USING fts5(${columns.join(', ')}, content='${table}', content_rowid='id', tokenize='trigram remove_diacritics 1')`).execute(db);
    await sql.raw(`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`).execute(db);
    return;
  }
  await sql.raw(`DROP INDEX IF EXISTS ${pgIndex}`).execute(db);
  await sql.raw(`CREATE INDEX ${pgIndex} ON ${table} USING gin (search_fold(${pgExpression}) gin_trgm_ops)`).execute(db);
}
