import { sql, type SelectQueryBuilder } from 'kysely';
import type { TitleAutocompleteItem } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { toBool, type Db, type Dialect } from '../../db/index.ts';

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

const AUTOCOMPLETE_LIMIT = 10;
/** Substring candidates looked at: bounded, so a common trigram never ranks the whole table. */
const AUTOCOMPLETE_CANDIDATES = 200;

/**
 * Pickers' title search, bounded whatever the query: prefix matches through the lower(name) index rank first,
 * then up to 200 substring matches from the trigram index, each group by popularity.
 */
export async function autocompleteTitles(ctx: AppContext, query: string): Promise<TitleAutocompleteItem[]> {
  const cols = ['titles.id', 'titles.name', 'titles.year', 'titles.poster', 'titles.is_series', 'titles.popularity'] as const;
  const out = (rows: { id: number; name: string; year: number | null; poster: string | null; is_series: unknown }[]) =>
    rows.slice(0, AUTOCOMPLETE_LIMIT).map((r) => ({ id: r.id, name: r.name, year: r.year, poster: r.poster, is_series: toBool(r.is_series) }));
  const byPopularity = (a: { popularity: number | null }, b: { popularity: number | null }) => (b.popularity ?? 0) - (a.popularity ?? 0);
  if (!query) {
    return out(await ctx.db.selectFrom('titles').select(cols).orderBy('popularity', 'desc').orderBy('id', 'desc').limit(AUTOCOMPLETE_LIMIT).execute());
  }
  const q = query.toLowerCase();
  const prefixQb = ctx.dialect === 'sqlite'
    ? ctx.db.selectFrom('titles').select(cols).where(sql`lower(name)`, '>=', q).where(sql`lower(name)`, '<', `${q}\uffff`)
    // text_pattern_ops index: LIKE 'prefix%' runs on it.
    : ctx.db.selectFrom('titles').select(cols).where(sql`lower(name)`, 'like', `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const prefix = await prefixQb.orderBy(sql`lower(name)`).limit(AUTOCOMPLETE_CANDIDATES).execute();
  prefix.sort(byPopularity);
  if (prefix.length >= AUTOCOMPLETE_LIMIT || query.length < 3) return out(prefix);
  let candidates: number[];
  if (ctx.dialect === 'sqlite') {
    const phrase = `"${query.replace(/"/g, '""')}"`;
    const rows = await ctx.db.selectFrom(sql.raw('titles_fts').as('f')).select(sql<number>`rowid`.as('id'))
      .where(sql.raw('titles_fts'), 'match', phrase).limit(AUTOCOMPLETE_CANDIDATES).execute();
    candidates = rows.map((r) => Number(r.id));
  } else {
    const escaped = query.replace(/[\\%_]/g, (c) => `\\${c}`);
    const rows = await ctx.db.selectFrom('titles').select('id').where(sql.raw(PG_EXPR.titles), 'ilike', `%${escaped}%`).limit(AUTOCOMPLETE_CANDIDATES).execute();
    candidates = rows.map((r) => r.id);
  }
  const seen = new Set(prefix.map((r) => r.id));
  const rest = candidates.filter((id) => !seen.has(id));
  const more = rest.length ? await ctx.db.selectFrom('titles').select(cols).where('id', 'in', rest).execute() : [];
  more.sort(byPopularity);
  return out([...prefix, ...more]);
}
