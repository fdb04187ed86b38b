import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db, Dialect } from '../db/index.ts';

type QB = SelectQueryBuilder<any, any, any>;

/**
 * Substring search through a table's trigram index (FTS5 `<table>_fts` on SQLite, the pg_trgm
 * expression index on PostgreSQL; both made by the migration that created the table), never a LIKE scan.
 * Queries shorter than a trigram match a prefix of `prefixColumn` through its index instead.
 */
export function trigramSearch(db: Db, dialect: Dialect, table: string, columns: string[], prefixColumn: string) {
  return (qb: QB, query: string): QB => {
    const q = query.trim();
    const idColumn = `${table}.id`;
    if (!q) return qb;
    if (dialect === 'sqlite') {
      if (q.length < 3) return qb.where(prefixColumn, '>=', q).where(prefixColumn, '<', `${q}\uffff`);
      const phrase = `"${q.replace(/"/g, '""')}"`;
      const fts = `${table}_fts`;
      return qb.where(idColumn, 'in', (db as any).selectFrom(sql.raw(fts).as('f')).select(sql<number>`rowid`.as('id')).where(sql.raw(fts), 'match', phrase));
    }
    const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
    if (q.length < 3) return qb.where(prefixColumn, 'like', `${escaped}%`);
    const expr = columns.map((c) => `coalesce(${table}.${c}, '')`).join(` || ' ' || `);
    return qb.where(sql.raw(`(${expr})`), 'ilike', `%${escaped}%`);
  };
}
