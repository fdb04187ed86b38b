import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { TitleAutocompleteItem } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { isUnspacedWord, searchFold, toBool, whereFoldedStartsWith, whereShortMatch, type Db, type Dialect } from '../../db/index.ts';
import { registerNativeIndex, type DatabaseSearchMode } from '../../drivers/search/database.ts';
import { registerSearchModel } from '../search/models.ts';
import { cleanSearchQuery, ftsPhrase, ftsTerm, ftsWords, searchWords } from '../../http/text-search.ts';

export type Searchable = 'titles' | 'people' | 'episodes';
/** The text each table's trigram index covers, accents folded (PostgreSQL indexes exactly this expression). */
const PG_EXPR: Record<Searchable, string> = {
  titles: "search_fold(name || ' ' || coalesce(original_title, ''))",
  people: 'search_fold(name)',
  episodes: 'search_fold(name)',
};
/**
 * The text each table's word index covers (migration 0090): the names and the description. PostgreSQL indexes exactly
 * this tsvector expression; SQLite's FTS5 table `<table>_words` has these columns.
 */
const WORD_COLUMNS: Record<Searchable, string[]> = {
  titles: ['name', 'original_title', 'description'],
  people: ['name', 'description'],
  episodes: ['name', 'description'],
};
const pgWords = (table: Searchable) => `to_tsvector('simple'::regconfig, search_fold(${WORD_COLUMNS[table].map((c) => `coalesce(${c}, '')`).join(" || ' ' || ")}))`;
/** Added to the score of a row whose name is exactly the query, so it ranks above longer names containing it. */
const EXACT_BOOST = 1000;
/** The score of a row found by its description alone (extended mode): after every row found by its name. */
const DESCRIPTION_RANK = -1;
type Matches = SelectQueryBuilder<any, any, { id: number; search_rank: number }>;

/** Every word of a query, however short, for a word index (punctuation, quotes and wildcards separate words). */
const allWords = (q: string) => q.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);
/** The FTS5 query of a word index: every word, each quoted so FTS5 syntax stays text. */
const ftsAllWords = (q: string) => allWords(q).map(ftsPhrase).join(' ');

/** The saved database search mode (the admin's "Database search mode"). */
export const searchMode = (ctx: AppContext): Promise<DatabaseSearchMode> => ctx.settings.get('server.scout_mysql_mode');

/**
 * Rows of `table` holding every word of `query` as a whole word (accents ignored) in its word index, ranked by the
 * database's full-text relevance: FTS5 bm25 on SQLite, ts_rank on PostgreSQL.
 */
function wordMatches(db: Db, dialect: Dialect, table: Searchable, q: string, exact: RawBuilder<number>): Matches | null {
  if (!allWords(q).length) return null;
  if (dialect === 'sqlite') {
    return db.selectFrom(sql.raw(`${table}_words`).as('w'))
      .select([sql<number>`rowid`.as('id'), sql<number>`(SELECT ${exact} FROM ${sql.raw(table)} WHERE id = w.rowid) - rank`.as('search_rank')])
      .where(sql.raw(`${table}_words`), 'match', ftsAllWords(q)) as unknown as Matches;
  }
  const vector = sql.raw(pgWords(table));
  const query = sql`plainto_tsquery('simple', search_fold(${q}))`;
  return db.selectFrom(table).select(['id', sql<number>`${exact} + ts_rank(${vector}, ${query})`.as('search_rank')])
    .where(sql<boolean>`${vector} @@ ${query}`) as unknown as Matches;
}

/**
 * Ids matching `query` with a relevance score (higher is better), as the database search mode says:
 * - basic: the query as one phrase inside the name (for titles not the original title), accents ignored;
 * - extended: each word anywhere in the name (titles: also the original title), or every word, whole, in the description;
 * - fulltext: every word, whole, in the name, original title or description, ranked by the database's full-text
 *   relevance (wordMatches).
 * The name match goes through the table's trigram index: SQLite FTS5 trigram (bm25) or PostgreSQL pg_trgm (similarity);
 * an exact name scores highest. Accents are ignored on both sides ("amelie" finds "Amélie"). Queries under three
 * characters match a name's start: on SQLite through the name index (trigrams need three), on PostgreSQL through the
 * same trigram index. In titles, a Chinese, Japanese, Korean or Thai word of one or two characters matches anywhere in
 * the name (whereShortMatch): a scan, kept to the titles table (27 ms over 200,000 titles), where people (1,000,000)
 * and episodes (2,000,000) would take 130-260 ms.
 */
export function searchMatches(db: Db, dialect: Dialect, table: Searchable, query: string, mode: DatabaseSearchMode = 'extended'): Matches {
  const q = cleanSearchQuery(query);
  // Folded alike on both sides and on both databases (search_fold: SQLite's is db/index.ts searchFold), so "война и мир"
  // is exactly "Война и мир" whatever the PostgreSQL cluster's locale.
  const exact = sql<number>`(CASE WHEN search_fold(name) = search_fold(${q}) THEN ${sql.lit(EXACT_BOOST)} ELSE 0 END)`;
  const none = () => db.selectFrom(table).select(['id', sql<number>`0`.as('search_rank')]).where(sql<boolean>`1 = 0`) as unknown as Matches;
  if (mode === 'fulltext') return wordMatches(db, dialect, table, q, exact) ?? none();
  const names = nameMatches(db, dialect, table, q, exact, mode === 'basic');
  const described = mode === 'extended' && q.length >= 3 ? wordMatches(db, dialect, table, q, exact) : null;
  if (!described) return names;
  // A row found by its description alone comes after every row found by its name.
  const others = db.selectFrom(described.as('d')).select(['d.id', sql<number>`${sql.lit(DESCRIPTION_RANK)}`.as('search_rank')])
    .where('d.id', 'not in', db.selectFrom(names.as('n')).select('n.id'));
  return db.selectFrom(names.unionAll(others as unknown as Matches).as('u')).select(['u.id', 'u.search_rank']) as unknown as Matches;
}

/** Name matches through the trigram index: each word anywhere in the names, or (`phrase`) the query inside the name alone. */
function nameMatches(db: Db, dialect: Dialect, table: Searchable, q: string, exact: RawBuilder<number>, phrase: boolean): Matches {
  const short = q.length < 3;
  const inWord = short && table === 'titles' && isUnspacedWord(q);
  if (dialect === 'sqlite') {
    if (short) {
      const rows = db.selectFrom(table).select(['id', exact.as('search_rank')]);
      return (inWord ? whereShortMatch(db, rows, 'name', q) : whereFoldedStartsWith(rows, 'name', q)) as unknown as Matches;
    }
    return db.selectFrom(sql.raw(`${table}_fts`).as('f'))
      .select([sql<number>`rowid`.as('id'), sql<number>`${exact} - rank`.as('search_rank')])
      .where(sql.raw(`${table}_fts`), 'match', phrase ? ftsNamePhrase(q) : ftsWords(q)) as unknown as Matches;
  }
  const escape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const words = searchWords(q);
  const patterns = short ? [inWord ? `%${escape(q)}%` : `${escape(q)}%`] : (phrase || !words.length ? [q] : words).map((w) => `%${escape(w)}%`);
  const expr = sql.raw(PG_EXPR[table]);
  // search_fold() of a constant is folded once when the query is planned, so the index serves each pattern.
  let rows = db.selectFrom(table).select(['id', sql<number>`${exact} + similarity(${expr}, search_fold(${q}))`.as('search_rank')]);
  for (const pattern of patterns) rows = rows.where(sql<boolean>`${expr} ILIKE search_fold(${pattern})`);
  // The phrase must sit in the name itself, not in the original title the index also covers (checked on the index's rows).
  if (phrase && table === 'titles') rows = rows.where(sql<boolean>`search_fold(name) ILIKE search_fold(${patterns[0]})`);
  return rows as unknown as Matches;
}

/** The FTS5 query for the query as one phrase in the name column alone. */
const ftsNamePhrase = (q: string) => `name : ${ftsTerm(q)}`;

/** Most ids a hosted engine is asked for when a list is searched: lists page through the best matches. */
const LIST_MATCHES = 1000;

/**
 * Narrows a list query to the search driver's matches, joined as `s` so it can sort by `s.search_rank`.
 * The database driver joins the table's own index (unbounded, filters and counts stay exact); a hosted
 * engine answers ranked ids, joined as a VALUES list whose rank is their position.
 */
export async function searchJoin(ctx: AppContext, table: Searchable, qb: SelectQueryBuilder<any, any, any>, query: string) {
  const engine = await ctx.search.engine();
  if (engine === ctx.search.database) return qb.innerJoin(searchMatches(ctx.db, ctx.dialect, table, query, await searchMode(ctx)).as('s'), 's.id', `${table}.id`);
  // No match still joins one row (id 0 is never a row's id), so `s.search_rank` exists for the sort.
  const text = cleanSearchQuery(query);
  const ids = (text ? await engine.search(table, text, LIST_MATCHES) : []).concat(0);
  // Ids are integers from Number(): inlined so both databases type the VALUES columns as integers.
  const rows = sql.join(ids.map((id, i) => sql`(${sql.lit(Math.trunc(id))}, ${sql.lit(ids.length - i)})`));
  const ranked = ctx.db.selectFrom(sql`(VALUES ${rows})`.as('v')).select([sql<number>`column1`.as('id'), sql<number>`column2`.as('search_rank')]);
  return qb.innerJoin(ranked.as('s'), 's.id', `${table}.id`);
}

interface Candidate { id: number; name: string; described?: boolean }

/**
 * Up to `limit` trigram matches with their names, without FTS5's bm25 `rank`: ranking reads every matching
 * trigram's whole doclist for its statistics (about 50 ms for a common word over 2,000,000 episodes), where the
 * first matches alone take a millisecond or two. The candidates are then ranked by name (rankByName). Basic mode
 * matches the query as one phrase in the name; extended mode adds, when the names leave room, rows whose description
 * holds every word (`described`).
 */
async function ftsCandidates(db: Db, table: Searchable, query: string, limit: number, mode: DatabaseSearchMode): Promise<Candidate[]> {
  const q = cleanSearchQuery(query);
  const rows = (index: string, match: string, max: number) => sql<Candidate>`SELECT t.id, t.name FROM ${sql.raw(index)} f JOIN ${sql.raw(table)} t ON t.id = f.rowid
    WHERE ${sql.raw(index)} MATCH ${match} LIMIT ${max}`.execute(db).then((r) => r.rows);
  const named = await rows(`${table}_fts`, mode === 'basic' ? ftsNamePhrase(q) : ftsWords(q), limit);
  if (mode === 'basic' || named.length >= limit || !allWords(q).length) return named;
  const seen = new Set(named.map((r) => Number(r.id)));
  const described = (await rows(`${table}_words`, ftsAllWords(q), limit)).filter((r) => !seen.has(Number(r.id)));
  return [...named, ...described.map((r) => ({ ...r, described: true }))].slice(0, limit);
}

/**
 * The exact name first, then names starting with the query, then a word starting with it, then anywhere, then rows
 * found by their description; shorter names first within each.
 */
function rankByName(rows: Candidate[], query: string, limit: number): number[] {
  const q = cleanSearchQuery(query).toLowerCase();
  const tier = (r: { name: string; described?: boolean }) => (r.described ? 4 : r.name === q ? 0 : r.name.startsWith(q) ? 1 : r.name.includes(` ${q}`) ? 2 : 3);
  return rows.map((r) => ({ id: Number(r.id), name: r.name.toLowerCase(), described: r.described }))
    .sort((a, b) => tier(a) - tier(b) || a.name.length - b.name.length || a.id - b.id)
    .slice(0, limit).map((r) => r.id);
}

/**
 * The best `limit` of searchMatches, bounded to `candidates` matches looked at. Fulltext ranks whichever matches the
 * word index gives first, so a row named exactly the query is looked up on its own (through the name index) and leads.
 */
async function rankedMatches(db: Db, dialect: Dialect, table: Searchable, query: string, mode: DatabaseSearchMode, limit: number, candidates: number) {
  const matches = searchMatches(db, dialect, table, query, mode).limit(candidates);
  const ranked = (await db.selectFrom(matches.as('m')).select(['m.id', 'm.search_rank']).orderBy('m.search_rank', 'desc').orderBy('m.id').limit(limit).execute())
    .map((r) => Number(r.id));
  if (mode !== 'fulltext' || !allWords(query).length) return ranked;
  const q = cleanSearchQuery(query);
  const named = db.selectFrom(nameMatches(db, dialect, table, q, sql<number>`0`, true).as('n')).select('n.id');
  const exact = (await db.selectFrom(table).select('id').where('id', 'in', named).where(sql<boolean>`search_fold(name) = search_fold(${q})`)
    .orderBy('id').limit(limit).execute()).map((r) => Number(r.id));
  return [...new Set([...exact, ...ranked])].slice(0, limit);
}

const AUTOCOMPLETE_LIMIT = 10;
/** Candidates looked at per group: bounded, so a common trigram never ranks the whole table. */
const CANDIDATES = 200;

/**
 * The titles table's quick search (the database driver's answer for the titles model): the exact name first,
 * then names starting with the query through the lower(name) index, then up to 200 matches of the search mode
 * (searchMatches; for one or two letters, names starting with them, accents ignored); within each group more popular
 * first, a name that is the query in another case or with other accents (lower() folds A-Z only: "война и мир") first of
 * all, and titles found by their description alone last. Fulltext mode ranks up to 200 whole-word matches by relevance instead.
 * Bounded whatever the query.
 */
async function quickSearchTitles(db: Db, dialect: Dialect, query: string, limit: number, mode: DatabaseSearchMode): Promise<number[]> {
  if (mode === 'fulltext') return rankedMatches(db, dialect, 'titles', query, mode, limit, CANDIDATES);
  const q = cleanSearchQuery(query).toLowerCase();
  const cols = ['id', 'name', 'popularity'] as const;
  const byPopularity = (a: { popularity: number | null }, b: { popularity: number | null }) => (b.popularity ?? 0) - (a.popularity ?? 0);
  const prefixQb = dialect === 'sqlite'
    ? db.selectFrom('titles').select(cols).where(sql`lower(name)`, '>=', q).where(sql`lower(name)`, '<', `${q}\uffff`)
    // text_pattern_ops index: LIKE 'prefix%' runs on it.
    : db.selectFrom('titles').select(cols).where(sql`lower(name)`, 'like', `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const prefix = await prefixQb.orderBy(sql`lower(name)`).limit(CANDIDATES).execute();
  const exact = prefix.filter((r) => r.name.toLowerCase() === q).sort(byPopularity);
  const starts = prefix.filter((r) => r.name.toLowerCase() !== q).sort(byPopularity);
  const ids = [...exact, ...starts].map((r) => r.id);
  if (ids.length >= limit) return ids.slice(0, limit);
  const seen = new Set(ids);
  const found: Candidate[] = dialect === 'sqlite' && q.length >= 3 ? await ftsCandidates(db, 'titles', query, CANDIDATES, mode)
    : (await db.selectFrom(searchMatches(db, dialect, 'titles', query, mode).as('m')).select(['m.id', 'm.search_rank']).limit(CANDIDATES).execute())
      .map((r) => ({ id: Number(r.id), name: '', described: Number(r.search_rank) === DESCRIPTION_RANK }));
  const candidates = found.filter((r) => !seen.has(Number(r.id)));
  const described = new Set(candidates.filter((r) => r.described).map((r) => Number(r.id)));
  const more = candidates.length ? await db.selectFrom('titles').select(['id', 'name', 'popularity']).where('id', 'in', candidates.map((r) => Number(r.id))).execute() : [];
  const folded = searchFold(q);
  const named = more.filter((r) => !described.has(r.id));
  const same = named.filter((r) => searchFold(r.name) === folded).sort(byPopularity).map((r) => r.id);
  const rest = named.filter((r) => searchFold(r.name) !== folded).sort(byPopularity).map((r) => r.id);
  const byDescription = more.filter((r) => described.has(r.id)).sort(byPopularity).map((r) => r.id);
  return [...exact.map((r) => r.id), ...same, ...starts.map((r) => r.id), ...rest, ...byDescription].slice(0, limit);
}

/** Pickers' title search through the search driver, best match first; without a query the most popular titles. */
export async function autocompleteTitles(ctx: AppContext, query: string): Promise<TitleAutocompleteItem[]> {
  const cols = ['titles.id', 'titles.name', 'titles.year', 'titles.poster', 'titles.is_series'] as const;
  const out = (rows: { id: number; name: string; year: number | null; poster: string | null; is_series: unknown }[]) =>
    rows.map((r) => ({ id: r.id, name: r.name, year: r.year, poster: r.poster, is_series: toBool(r.is_series) }));
  if (!query) {
    return out(await ctx.db.selectFrom('titles').select(cols).orderBy('titles.popularity', 'desc').orderBy('titles.id', 'desc').limit(AUTOCOMPLETE_LIMIT).execute());
  }
  const ids = await ctx.search.search('titles', query, AUTOCOMPLETE_LIMIT);
  if (!ids.length) return [];
  const rows = await ctx.db.selectFrom('titles').select(cols).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  // An id the engine still knows but the table no longer has (a delete not yet synced) is left out.
  return out(ids.map((id) => byId.get(id)).filter((r) => r !== undefined));
}

// ---- the catalogue's search models ----

registerNativeIndex('titles', { search: quickSearchTitles, rebuild: (db, dialect) => rebuildIndex(db, dialect, 'titles') });
for (const table of ['people', 'episodes'] as const) {
  registerNativeIndex(table, {
    // Ranks a bounded set of candidates: a common word matches hundreds of thousands of episodes, and ranking
    // every match would take half a second on the bench's 2,000,000 episodes. Ten per hit asked is plenty.
    // Fulltext mode ranks its whole-word matches by the database's relevance, bounded alike: a common word would
    // otherwise rank every row holding it.
    search: async (db, dialect, query, limit, mode) => {
      const candidates = Math.min(CANDIDATES, Math.max(50, limit * 10));
      if (mode === 'fulltext') return rankedMatches(db, dialect, table, query, mode, limit, candidates);
      if (dialect === 'sqlite' && cleanSearchQuery(query).length >= 3) return rankByName(await ftsCandidates(db, table, query, candidates, mode), query, limit);
      return rankedMatches(db, dialect, table, query, mode, limit, candidates);
    },
    rebuild: (db, dialect) => rebuildIndex(db, dialect, table),
  });
}

/** Rebuilds both of a table's indexes: the trigram one (names) and the word one (migration 0090). */
async function rebuildIndex(db: Db, dialect: Dialect, table: Searchable) {
  for (const index of [`${table}_fts`, `${table}_words`]) {
    if (dialect === 'sqlite') await sql.raw(`INSERT INTO ${index}(${index}) VALUES ('rebuild')`).execute(db);
  }
  if (dialect === 'postgres') for (const index of [`${table}_search_trgm`, `${table}_search_words`]) await sql.raw(`REINDEX INDEX ${index}`).execute(db);
}

const BATCH = 500;
/** Documents of one table in id order, batch by batch, or only the given ids. */
function documents(table: Searchable, columns: readonly string[]) {
  return {
    async *documents(ctx: AppContext) {
      let after = 0;
      for (;;) {
        const rows = await ctx.db.selectFrom(table).select(['id', ...columns] as never[]).where('id', '>', after).orderBy('id').limit(BATCH).execute() as { id: number }[];
        if (!rows.length) return;
        yield rows;
        after = rows[rows.length - 1].id;
      }
    },
    find: (ctx: AppContext, ids: number[]) => ctx.db.selectFrom(table).select(['id', ...columns] as never[]).where('id', 'in', ids).execute() as Promise<{ id: number }[]>,
  };
}

registerSearchModel({ model: 'titles', name: 'Titles', ...documents('titles', ['name', 'original_title']) });
registerSearchModel({ model: 'people', name: 'People', ...documents('people', ['name']) });
registerSearchModel({ model: 'episodes', name: 'Episodes', ...documents('episodes', ['name']) });
