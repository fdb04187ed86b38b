import { sql, type SelectQueryBuilder } from 'kysely';
import { searchFold, whereStartsWith, type Db, type Dialect } from '../db/index.ts';
import { boundedCache, readCounter } from '../db/versions.ts';

type QB = SelectQueryBuilder<any, any, any>;

/** Longest search text kept: a trigram match over a longer phrase only costs time. */
export const MAX_SEARCH_LENGTH = 200;

/**
 * Every text search's input, cleaned once: control characters (NUL breaks FTS5 and PostgreSQL text) and
 * lone surrogates become spaces, whitespace collapses, and the text is capped. Full-text syntax (`"`, `*`,
 * `NEAR(`, `-`, `AND`, `OR`, `:`) stays as typed: `ftsPhrase` quotes it so it is matched literally.
 */
export function cleanSearchQuery(raw: string): string {
  return raw
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_SEARCH_LENGTH)
    // The cap must not cut a surrogate pair in half.
    .replace(/[\ud800-\udbff]$/, '');
}

/** One FTS5 string token: double quotes doubled, so operators and column filters inside are plain text. */
export function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

const GREEK = /\p{sc=Greek}/u;
const TONOS = new Map([['α', 'ά'], ['ε', 'έ'], ['η', 'ή'], ['ι', 'ί'], ['ο', 'ό'], ['υ', 'ύ'], ['ω', 'ώ']]);

/**
 * One FTS5 term: the phrase; for Greek, whose accents FTS5's remove_diacritics keeps, the phrase without accents or
 * with the accent on any one of its vowels (a Greek word carries one), so "ομαδα", "ομάδα" and "ΟΜΑΔΑ" find each
 * other as search_fold() makes them on PostgreSQL.
 */
export function ftsTerm(text: string): string {
  if (!GREEK.test(text)) return ftsPhrase(text);
  const chars = [...searchFold(text)];
  const forms = [chars.join(''), ...chars.flatMap((c, i) => (TONOS.has(c) ? [[...chars.slice(0, i), TONOS.get(c), ...chars.slice(i + 1)].join('')] : []))];
  return forms.length === 1 ? ftsPhrase(forms[0]) : `(${forms.map(ftsPhrase).join(' OR ')})`;
}

/**
 * The words of a name search long enough for a trigram, in the order typed: quotes, dashes and other signs
 * separate words, so "harbor crimson", "Crimson-Harbor" and '"harbor"' all find Crimson Harbor.
 */
export function searchWords(q: string): string[] {
  return q.split(/[^\p{L}\p{M}\p{N}]+/u).filter((w) => [...w].length >= 3);
}

/** The FTS5 query for a name search: every long word, in any order; the phrase itself when none is that long. */
export function ftsWords(q: string): string {
  const words = searchWords(q);
  return words.length ? words.map(ftsTerm).join(' AND ') : ftsTerm(q);
}

/** A table's text index, as the migration that created the table made it. */
export interface TrigramIndex {
  table: string;
  /**
   * The text of the pg_trgm index on PostgreSQL, written exactly as in the migration so the planner uses it: the
   * index covers `search_fold(expression)`, accents folded (migration 0051).
   */
  expression: string;
  /** Queries shorter than a trigram match a prefix of this indexed column instead. */
  prefixColumn: string;
  /** The prefix column is stored lower-case (e-mails, slugs). */
  lowerPrefix?: boolean;
  /**
   * The words of a query may sit in different columns (a first and a last name): on SQLite each word of three
   * letters or more is matched on its own, as FTS5 never matches a phrase across two columns.
   */
  wordsAcrossColumns?: boolean;
}

/**
 * The FTS5 query for `q`: the phrase, or, when words may sit in other columns, each of its words long enough for a
 * trigram ("ada lo" finds Ada Lovelace through "ada").
 */
function ftsQuery(index: TrigramIndex, q: string): string {
  const words = q.split(' ');
  const long = index.wordsAcrossColumns && words.length > 1 ? words.filter((w) => [...w].length >= 3) : [];
  return long.length ? long.map(ftsTerm).join(' AND ') : ftsTerm(q);
}

/**
 * Ids of the rows whose text contains `query`, accents ignored, through the trigram index (FTS5 `<table>_fts` with
 * remove_diacritics on SQLite, pg_trgm over search_fold() on PostgreSQL), never a LIKE scan over the table.
 */
export function trigramMatchIds(db: Db, dialect: Dialect, index: TrigramIndex, query: string): SelectQueryBuilder<any, any, { id: number }> {
  const q = cleanSearchQuery(query);
  const rows = (db as any).selectFrom(index.table).select(`${index.table}.id as id`);
  if (q.length < 3) {
    if (!index.lowerPrefix) return whereStartsWith(db, rows, index.prefixColumn, q);
    const prefix = q.toLowerCase();
    return rows.where(index.prefixColumn, '>=', prefix).where(index.prefixColumn, '<', `${prefix}\uffff`);
  }
  if (dialect === 'sqlite') {
    const fts = `${index.table}_fts`;
    return (db as any).selectFrom(sql.raw(fts).as('f')).select(sql<number>`rowid`.as('id')).where(sql.raw(fts), 'match', ftsQuery(index, q));
  }
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // search_fold() of a constant is folded once when the query is planned, so the index serves the pattern.
  return rows.where(sql<boolean>`search_fold(${sql.raw(index.expression)}) ILIKE search_fold(${pattern})`);
}

/** A list definition's `search`: narrows to the rows `trigramMatchIds` finds. */
export function trigramSearch(db: Db, dialect: Dialect, index: TrigramIndex) {
  return (qb: QB, query: string): QB => (cleanSearchQuery(query) ? qb.where(`${index.table}.id`, 'in', trigramMatchIds(db, dialect, index, query)) : qb);
}

const SEARCH_ID_CAP = 2000;
const matchCache = boundedCache<number[] | 'too-many'>(500);

/**
 * For big tables: the index match runs once and up to SEARCH_ID_CAP ids become a literal list shared by
 * the count and the page. With `version` (a `counters` row that triggers move on every write to the
 * table) the matches are kept per version, so paging or re-sorting one search does not match again.
 */
export function cappedTrigramSearch(db: Db, dialect: Dialect, index: TrigramIndex, version?: string) {
  return async (qb: QB, raw: string): Promise<QB> => {
    const query = cleanSearchQuery(raw);
    if (!query) return qb;
    const key = version && `${index.table}|${await readCounter(db, version)}|${query}`;
    let ids = key ? matchCache.get(db, key) : undefined;
    if (!ids) {
      const rows = await trigramMatchIds(db, dialect, index, query).limit(SEARCH_ID_CAP + 1).execute();
      ids = rows.length > SEARCH_ID_CAP ? 'too-many' : rows.map((r) => Number(r.id));
      if (key) matchCache.set(db, key, ids);
    }
    const idColumn = `${index.table}.id`;
    if (ids === 'too-many') return qb.where(idColumn, 'in', trigramMatchIds(db, dialect, index, query));
    return ids.length ? qb.where(idColumn, 'in', ids) : qb.where(sql<boolean>`1 = 0`);
  };
}
