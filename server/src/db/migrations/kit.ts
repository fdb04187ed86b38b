import { sql, type ColumnDataType, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../index.ts';

/** Column types that differ between SQLite and PostgreSQL, so migrations stay one file per change. */
export interface ColumnKit {
  dialect: Dialect;
  id: ColumnDataType;
  timestamp: ColumnDataType;
  pk(c: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
}

export function columnKit(dialect: Dialect): ColumnKit {
  return dialect === 'postgres'
    ? { dialect, id: 'serial', timestamp: 'timestamptz', pk: (c) => c.primaryKey() }
    : { dialect, id: 'integer', timestamp: 'text', pk: (c) => c.primaryKey().autoIncrement() };
}

type WriteEvent = 'insert' | 'update' | 'delete';

/**
 * Bumps the `counters` row `counter` after any write of `events` to `table` (an UPDATE only when one of
 * `columns` changes, if given). Caches key their entries by these versions, so a write made by any
 * process, by any code path, invalidates them: nobody has to remember to.
 */
export async function bumpCounterOnWrite(db: Kysely<any>, k: ColumnKit, table: string, counter: string, events: WriteEvent[], columns?: string[], suffix = ''): Promise<void> {
  await sql`INSERT INTO counters (name, value) VALUES (${counter}, 0) ON CONFLICT (name) DO NOTHING`.execute(db);
  if (k.dialect === 'postgres') {
    await sql`CREATE OR REPLACE FUNCTION bump_counter() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE counters SET value = value + 1 WHERE name = TG_ARGV[0]; RETURN NULL; END $$`.execute(db);
    const on = events.map((e) => (e === 'update' && columns ? `UPDATE OF ${columns.join(', ')}` : e.toUpperCase())).join(' OR ');
    const name = `${table}_bump_${counter.replace(/\W/g, '_')}${suffix && `_${suffix}`}`;
    // Statement-level: a bulk write bumps once.
    await sql.raw(`CREATE TRIGGER ${name} AFTER ${on} ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION bump_counter('${counter}')`).execute(db);
    return;
  }
  for (const e of events) {
    const on = e === 'update' && columns ? `UPDATE OF ${columns.join(', ')}` : e.toUpperCase();
    const name = `${table}_${e}_bump_${counter.replace(/\W/g, '_')}${suffix && `_${suffix}`}`;
    await sql.raw(`CREATE TRIGGER ${name} AFTER ${on} ON ${table} BEGIN UPDATE counters SET value = value + 1 WHERE name = '${counter}'; END`).execute(db);
  }
}

/** Keeps the `counters` row `rows:<table>` equal to the table's row count, so a big total is one lookup. */
export async function countRows(db: Kysely<any>, k: ColumnKit, table: string): Promise<void> {
  const counter = `rows:${table}`;
  await sql`INSERT INTO counters (name, value) SELECT ${counter}, count(*) FROM ${sql.table(table)} WHERE true ON CONFLICT (name) DO UPDATE SET value = excluded.value`.execute(db);
  if (k.dialect === 'postgres') {
    await sql`CREATE OR REPLACE FUNCTION count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE counters SET value = value + (CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END) WHERE name = TG_ARGV[0];
        RETURN NULL;
      END $$`.execute(db);
    await sql.raw(`CREATE TRIGGER ${table}_count_rows AFTER INSERT OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION count_rows('${counter}')`).execute(db);
    return;
  }
  await sql.raw(`CREATE TRIGGER ${table}_count_ai AFTER INSERT ON ${table} BEGIN UPDATE counters SET value = value + 1 WHERE name = '${counter}'; END`).execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_count_ad AFTER DELETE ON ${table} BEGIN UPDATE counters SET value = value - 1 WHERE name = '${counter}'; END`).execute(db);
}
