import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db, Dialect } from '../../db/index.ts';

type Searchable = 'titles' | 'people' | 'episodes';
/** The text each table's trigram index covers (PostgreSQL indexes exactly this expression). */
const PG_EXPR: Record<Searchable, string> = {
  titles: "(name || ' ' || coalesce(original_title, ''))",
  people: 'name',
  episodes: 'name',
};

/**
 * Ids matching `query` with a relevance score (higher is better), through the full-text index:
 * SQLite FTS5 trigram (bm25) or PostgreSQL pg_trgm (similarity). Queries under three characters
 * cannot use trigrams and match a name prefix through the name index instead.
 */
export function searchMatches(db: Db, dialect: Dialect, table: Searchable, query: string) {
  const q = query.trim();
  const short = q.length < 3;
  if (dialect === 'sqlite') {
    if (short) {
      return db.selectFrom(table).select(['id', sql<number>`0`.as('search_rank')])
        .where('name', '>=', q).where('name', '<', `${q}\uffff`) as unknown as SelectQueryBuilder<any, any, { id: number; search_rank: number }>;
    }
    const phrase = `"${q.replace(/"/g, '""')}"`;
    return db.selectFrom(sql.raw(`${table}_fts`).as('f'))
      .select([sql<number>`rowid`.as('id'), sql<number>`-rank`.as('search_rank')])
      .where(sql.raw(`${table}_fts`), 'match', phrase) as unknown as SelectQueryBuilder<any, any, { id: number; search_rank: number }>;
  }
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const expr = sql.raw(PG_EXPR[table]);
  return db.selectFrom(table).select(['id', sql<number>`similarity(${expr}, ${q})`.as('search_rank')])
    .where(expr, 'ilike', short ? `${escaped}%` : `%${escaped}%`) as unknown as SelectQueryBuilder<any, any, { id: number; search_rank: number }>;
}

/** Joins the matches to a list query as `s`, so it can sort by `s.search_rank`. */
export function joinSearch(qb: SelectQueryBuilder<any, any, any>, db: Db, dialect: Dialect, table: Searchable, query: string) {
  return qb.innerJoin(searchMatches(db, dialect, table, query).as('s'), 's.id', `${table}.id`);
}
