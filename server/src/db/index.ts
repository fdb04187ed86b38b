import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { applySqlitePragmas } from './sqlite-pragmas.ts';
import { CounterSnapshot } from './counter-snapshot.ts';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type SelectQueryBuilder, type SqliteDatabase } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from './schema.ts';
import { NullsOrderPlugin } from './nulls-order.ts';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

// Both databases answer with the same types: ints as numbers, timestamps as ISO strings.
pg.types.setTypeParser(20, (v) => Number(v)); // int8 (count(*), bigint columns)
pg.types.setTypeParser(1700, (v) => Number(v)); // numeric
pg.types.setTypeParser(1184, (v) => new Date(v).toISOString()); // timestamptz
pg.types.setTypeParser(1114, (v) => new Date(`${v}Z`).toISOString()); // timestamp

/** Prepared statements kept per SQL text: Kysely prepares every query anew, and preparing costs more than a small query. */
const STATEMENT_CACHE = 500;

/**
 * The connection as Kysely sees it. better-sqlite3 cannot bind booleans: they are stored as 0/1 like SQLite itself does.
 * Each statement that can write tells the counter snapshot first.
 */
function sqliteWithBooleans(db: SQLite.Database, counters: CounterSnapshot): SqliteDatabase {
  const conv = (params: ReadonlyArray<unknown>) => params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p));
  const cache = new Map<string, SQLite.Statement>();
  const prepared = (query: string): SQLite.Statement => {
    const hit = cache.get(query);
    // A statement still iterating (a streamed export) cannot run twice at once: that caller gets a fresh one.
    if (hit && !hit.busy) return hit;
    const stmt = db.prepare(query);
    if (!hit) {
      if (cache.size >= STATEMENT_CACHE) cache.delete(cache.keys().next().value!);
      cache.set(query, stmt);
    }
    return stmt;
  };
  return {
    close: () => db.close(),
    prepare(query: string) {
      const stmt = prepared(query);
      // INSERT … RETURNING reads too (Kysely runs it with `all`): what counts is whether it can change the file.
      const wrote = stmt.readonly ? () => {} : () => counters.wrote();
      return {
        reader: stmt.reader,
        all: (params: ReadonlyArray<unknown>) => {
          wrote();
          return stmt.all(conv(params));
        },
        run: (params: ReadonlyArray<unknown>) => {
          wrote();
          return stmt.run(conv(params));
        },
        iterate: (params: ReadonlyArray<unknown>) => {
          wrote();
          return stmt.iterate(conv(params));
        },
      } as ReturnType<SqliteDatabase['prepare']>;
    },
  };
}

/** The counter snapshot of each SQLite Db (db/versions.ts reads through it); none on PostgreSQL. */
export const counterSnapshots = new WeakMap<Db, CounterSnapshot>();

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** The raw SQLite connection (bench compares against it); undefined on PostgreSQL. */
  sqlite?: SQLite.Database;
  destroy(): Promise<void>;
}

export function createDb(config: Config['database']): DbHandle {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle connection the server closes (restart, failover, a dropped test database) errors on the pool; without a
    // listener that is an uncaught exception that ends the process. The pool drops that client and opens a new one when needed.
    pool.on('error', () => {});
    // Nullable sort columns order as on SQLite (db/nulls-order.ts): the same lists on both databases.
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new NullsOrderPlugin()] });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  if (config.file !== ':memory:') fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const raw = new SQLite(config.file);
  applySqlitePragmas(raw);
  // For queries only (no index or trigger calls it, so any other client can still write the file).
  raw.function('search_fold', { deterministic: true }, (text: unknown) => (text == null ? null : searchFold(String(text))));
  const counters = new CounterSnapshot(raw);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqliteWithBooleans(raw, counters) }) });
  counterSnapshots.set(db, counters);
  return { db, dialect: 'sqlite', sqlite: raw, destroy: () => db.destroy() };
}

/** Letters unaccent() (PostgreSQL's search_fold()) spells out that have no combining accent to drop. */
const PLAIN_LETTERS = new Map([['ø', 'o'], ['æ', 'ae'], ['œ', 'oe'], ['ß', 'ss'], ['đ', 'd'], ['ł', 'l'], ['ħ', 'h'], ['ı', 'i']]);

/**
 * A text as searches compare it, the way search_fold() does on PostgreSQL: lower-case in every script and without
 * accents ("Ομάδα" → "ομαδα", "Élise" → "elise", "Война" → "война"). SQLite connections have it as search_fold().
 */
export function searchFold(text: string): string {
  return [...text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()].map((c) => PLAIN_LETTERS.get(c) ?? c).join('').normalize('NFC');
}

let firstLetterForms: Map<string, string[]> | null = null;

/** Every letter (Latin, Greek, Cyrillic, in any case, with any accent) whose folded form starts with `folded`. */
function lettersFoldingTo(folded: string): string[] {
  if (!firstLetterForms) {
    firstLetterForms = new Map();
    for (const [from, to] of [[0x20, 0x24f], [0x370, 0x3ff], [0x400, 0x52f], [0x1e00, 0x1fff]]) {
      for (let cp = from; cp <= to; cp++) {
        const ch = String.fromCodePoint(cp);
        const first = [...searchFold(ch)][0];
        if (first) firstLetterForms.set(first, [...(firstLetterForms.get(first) ?? []), ch]);
      }
    }
  }
  return [...new Set([folded, ...(firstLetterForms.get(folded) ?? [])])];
}

/**
 * SQLite: rows whose `column` starts with what a person typed, case and accents ignored as search_fold() ignores them
 * on PostgreSQL ("é" finds "Élise" and "Eden", "ομ" "Ομάδα"), through the column's index: each form of the first
 * letter is a range of the index, then the folded name is compared.
 */
export function whereFoldedStartsWith<QB extends SelectQueryBuilder<any, any, any>>(qb: QB, column: string, typed: string): QB {
  const folded = searchFold(typed);
  const first = [...folded][0] ?? '';
  const ranges = lettersFoldingTo(first);
  const pattern = `${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return qb.where((eb) => eb.or(ranges.map((f) => eb.and([eb(column, '>=', f), eb(column, '<', `${f}\uffff`)]))))
    .where(sql<boolean>`search_fold(${sql.ref(column)}) LIKE ${pattern} ESCAPE '\\'`) as QB;
}

/** Every case form of a short text: "ab" → ab, aB, Ab, AB (characters without case add none). */
function caseForms(text: string): string[] {
  let forms = [''];
  for (const ch of text) {
    const variants = [...new Set([ch, ch.toLowerCase(), ch.toUpperCase()])];
    forms = forms.flatMap((f) => variants.map((v) => f + v));
  }
  return forms;
}

/**
 * Narrows to rows whose `column` starts with what a person typed, in any case, through the column's index: each case
 * form of the first two characters is a range of the index (a few at most), and a longer prefix is then matched
 * ignoring case (LIKE on SQLite, which folds ASCII; ILIKE on PostgreSQL). "ja" finds "James", "star w" "Star Wars".
 * Wildcards typed are plain characters.
 */
export function whereStartsWith<QB extends SelectQueryBuilder<any, any, any>>(db: Kysely<any>, qb: QB, column: string, typed: string): QB {
  const chars = [...typed];
  const ranges = caseForms(chars.slice(0, 2).join(''));
  let out = qb.where((eb) => eb.or(ranges.map((f) => eb.and([eb(column, '>=', f), eb(column, '<', `${f}\uffff`)])))) as QB;
  if (chars.length > 2) {
    const pattern = `${typed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    out = out.where(db.getExecutor().adapter instanceof PostgresAdapter
      ? sql<boolean>`${sql.ref(column)} ILIKE ${pattern}`
      : sql<boolean>`${sql.ref(column)} LIKE ${pattern} ESCAPE '\\'`) as QB;
  }
  return out;
}

/** Scripts written without spaces between words (Chinese, Japanese, Thai...), and Korean, whose words are often two syllables. */
const UNSPACED = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u;

/** Whether a query too short for a trigram is a whole word that may sit anywhere in a name ("神隠" in 千と千尋の神隠し). */
export const isUnspacedWord = (typed: string): boolean => UNSPACED.test(typed);

/**
 * A query too short for a trigram index: a name's start (whereStartsWith), or for a word of Chinese, Japanese,
 * Korean or Thai, anywhere in the name. That one is a scan of the table: for tables of thousands, not millions.
 */
export function whereShortMatch<QB extends SelectQueryBuilder<any, any, any>>(db: Kysely<any>, qb: QB, column: string, typed: string): QB {
  if (!isUnspacedWord(typed)) return whereStartsWith(db, qb, column, typed);
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return qb.where(pg ? sql<boolean>`strpos(${sql.ref(column)}, ${typed}) > 0` : sql<boolean>`instr(${sql.ref(column)}, ${typed}) > 0`) as QB;
}

/** SQLite stores booleans as 0/1; PostgreSQL answers real booleans. */
export const toBool = (v: unknown): boolean => v === true || v === 1 || v === '1';

export const nowIso = () => new Date().toISOString();

export { sql };
