import type { SelectQueryBuilder } from 'kysely';
import type { FilterItem } from '@app/contracts';
import type { Db } from '../db/index.ts';
import { boundedCache, readCounter } from '../db/versions.ts';

type QB = SelectQueryBuilder<any, any, any>;

/** Pages from this one on are cut from the ordered id list; earlier pages walk the sort index and stop early. */
export const DEEP_PAGE = 3;
/** A filtered list longer than this is paged by OFFSET as before (its id list would take too much memory). */
const MAX_IDS = 50_000;
/** About 25 lists of 50,000 ids (8 MB) at most; the cache clears itself when full. */
const idCache = boundedCache<number[] | null>(25);

interface DeepPageInput {
  version: { db: Db; counter: string };
  /** What narrows the list before its filters (see list-query.ts baseScope). */
  scope: string;
  query: string | undefined;
  filters: FilterItem[];
  /** The filtered (and searched) query, before sort and page. */
  qb: QB;
  sortCol: string;
  dir: 'asc' | 'desc';
  tieBreaker: string;
  offset: number;
  perPage: number;
}

/**
 * A deep page of a filtered list (infinite scroll on /movies reaches page 50): OFFSET would have the database walk
 * and filter every row before the page on each request (over 100 ms at page 50 of a 200,000-title catalogue). Instead
 * the list's ids, in order, are read once per catalogue version (the `counters` row triggers move on every write),
 * filter set and sort, from the covering indexes only, and each page fetches its rows by id. Answers null when the
 * list is too long to keep, so the caller pages as usual.
 */
export async function deepPage(input: DeepPageInput): Promise<{ rows: any[]; total: number } | null> {
  const { version, qb, sortCol, dir, tieBreaker } = input;
  const key = `${version.counter}@${await readCounter(version.db, version.counter)}|${input.scope}|${input.query ?? ''}|${JSON.stringify(input.filters)}|${sortCol} ${dir}`;
  let ids = idCache.get(version.db, key);
  if (ids === undefined) {
    let ordered = qb.clearSelect().select(`${tieBreaker} as deep_page_id`).orderBy(sortCol, dir);
    if (sortCol !== tieBreaker) ordered = ordered.orderBy(tieBreaker, dir);
    const rows = await ordered.limit(MAX_IDS + 1).execute();
    ids = rows.length > MAX_IDS ? null : rows.map((r) => Number(r.deep_page_id));
    idCache.set(version.db, key, ids);
  }
  if (!ids) return null;
  const slice = ids.slice(input.offset, input.offset + input.perPage);
  if (!slice.length) return { rows: [], total: ids.length };
  const position = new Map(slice.map((id, i) => [id, i]));
  const idName = tieBreaker.slice(tieBreaker.lastIndexOf('.') + 1);
  const rows = await qb.where(tieBreaker, 'in', slice).execute();
  rows.sort((a, b) => (position.get(Number(a[idName])) ?? 0) - (position.get(Number(b[idName])) ?? 0));
  return { rows, total: ids.length };
}
