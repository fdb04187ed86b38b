import { sql, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { ID_MAX, filtersSchema, listQuerySchema, translate, type FilterItem, type ListQuery, type Pagination } from '@app/contracts';
import { HttpError, parse } from './errors.ts';
import type { Db } from '../db/index.ts';
import { boundedCache, readCounter } from '../db/versions.ts';
import { cleanSearchQuery } from './text-search.ts';
import { DEEP_PAGE, deepPage } from './deep-pages.ts';
import { sha256 } from '../lib/crypto.ts';

type QB = SelectQueryBuilder<any, any, any>;
export type FilterHandler = (qb: QB, filter: FilterItem) => QB;

/** Per-resource whitelist of what a list call may sort, filter and search by. */
export interface ListDefinition {
  /** Sort name → column. Read only through `sortColumn`, so `constructor` or `toString` is an unknown name. */
  sorts: Record<string, string>;
  defaultSort: [string, 'asc' | 'desc'];
  /** Unique column appended to every sort so pages never overlap. */
  tieBreaker: string;
  /** Filter name → handler. Read only through `filterHandler` (own keys only). */
  filters: Record<string, FilterHandler>;
  /** May resolve the matches up front (once) so the count and the page do not both run the text search. */
  search?: (qb: QB, query: string) => QB | Promise<QB>;
  /** Total when nothing narrows the list: lets big tables skip a full count. */
  unfilteredTotal?: () => Promise<number>;
  /**
   * A `counters` version that moves on every write the list depends on (kept by triggers); filtered
   * totals are then counted once per version and filter set instead of on every page view.
   */
  countVersion?: { db: Db; counter: string };
  /** A cheaper exact total for some filter combinations (e.g. from a pivot index); undefined falls back to counting. */
  narrowedTotal?: (filters: FilterItem[], query: string | undefined) => Promise<number> | undefined;
  /**
   * Filtered totals stop counting past this many rows (the answer says `total_capped`): on a log of millions of
   * rows an exact count of a broad filter would cost more than the page it describes.
   */
  countCap?: { db: Db; max: number };
  /** Deep pages of a narrowed list are cut from its ordered ids, kept per `countVersion` (deep-pages.ts). */
  deepPages?: boolean;
}

const countCache = boundedCache<number>();

/** The base query (SQL and values) in a few characters, for cache keys. */
function baseScope(base: QB): string {
  const { sql: text, parameters } = base.compile();
  return sha256(`${text}\u0000${JSON.stringify(parameters, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}`).slice(0, 24);
}

/** The column a sort name stands for; own keys only, so prototype members are unknown names (a 422). */
export function sortColumn(def: Pick<ListDefinition, 'sorts'>, name: string): string {
  const column = Object.hasOwn(def.sorts, name) ? def.sorts[name] : undefined;
  if (typeof column !== 'string') {
    // The names this list sorts by, so a script that guessed one learns the real ones from the answer.
    const message = translate(undefined, 'Cannot sort by: :name. Sort by one of: :names.', { name, names: Object.keys(def.sorts).join(', ') });
    throw new HttpError(422, message, { orderBy: [message] });
  }
  return column;
}

/** The handler of a whitelisted filter; own keys only, so `toString` or `__proto__` is an unknown filter. */
export function filterHandler(def: Pick<ListDefinition, 'filters'>, key: string): FilterHandler {
  const handler = Object.hasOwn(def.filters, key) ? def.filters[key] : undefined;
  if (typeof handler !== 'function') {
    const keys = Object.keys(def.filters);
    const message = keys.length
      ? translate(undefined, 'Unknown filter: :key. Filter by one of: :keys.', { key, keys: keys.join(', ') })
      : translate(undefined, 'Unknown filter: :key. This list has no filters.', { key });
    throw new HttpError(422, message, { filters: [message] });
  }
  return handler;
}

/** A filter whose value (or date, or operator) cannot be used: a 422 with the message under `filters`. */
export function invalidFilter(key: string, what: 'value' | 'date' | 'operator' = 'value'): HttpError {
  const message = what === 'date' ? translate(undefined, 'Invalid date for :key', { key })
    : what === 'operator' ? translate(undefined, 'Invalid operator for :key', { key }) : translate(undefined, 'Invalid value for :key', { key });
  return new HttpError(422, message, { filters: [message] });
}

/** Applies every filter of the list query through the whitelist. */
export function applyFilters(qb: QB, def: Pick<ListDefinition, 'filters'>, items: FilterItem[]): QB {
  let out = qb;
  for (const f of items) out = filterHandler(def, f.key)(out, f);
  return out;
}

export function parseListQuery(raw: unknown): ListQuery & { filterItems: FilterItem[] } {
  const q = parse(listQuerySchema, raw);
  let filterItems: FilterItem[] = [];
  if (q.filters) {
    let json: unknown;
    try {
      json = JSON.parse(q.filters);
    } catch {
      throw new HttpError(422, 'Filters must be valid JSON.', { filters: ['Filters must be valid JSON.'] });
    }
    // Report shape errors under the query parameter the client sent (`filters`, `filters.0.value`).
    filterItems = parse(z.object({ filters: filtersSchema }), { filters: json }).filters;
  }
  // Cleaned here so every reader of the list query (definitions, counts, caches) sees the same search text.
  const query = q.query === undefined ? undefined : cleanSearchQuery(q.query) || undefined;
  return { ...q, query, filterItems };
}

/** Applies the whitelisted filters, search and sort, then answers the spec's pagination shape. */
export async function paginate<T>(base: QB, raw: unknown, def: ListDefinition, map: (row: any) => T = (r) => r): Promise<Pagination<T>> {
  const q = parseListQuery(raw);
  // Everything that can refuse the request (sort, filters, search) is checked before any query starts.
  let sortCol = sortColumn(def, def.defaultSort[0]);
  let dir = def.defaultSort[1];
  if (q.orderBy) {
    sortCol = sortColumn(def, q.orderBy);
    dir = q.orderDir ?? 'desc';
  } else if (q.orderDir) dir = q.orderDir;

  // Cached totals and deep-page ids belong to the base query too: a role's users tab is the users list narrowed
  // before any filter, and must not share the whole list's total.
  const scope = def.countVersion ? baseScope(base) : '';
  let qb = applyFilters(base, def, q.filterItems);
  const query = q.query;
  const searching = Boolean(query && def.search);
  if (searching) qb = await def.search!(qb, query!);

  const narrowed = searching || q.filterItems.length > 0;
  const cap = def.countCap?.max;
  const count = () => (def.countCap
    ? def.countCap.db.selectFrom(qb.clearSelect().select(sql`1`.as('one')).limit(def.countCap.max + 1).as('capped')).select(sql<number>`count(*)`.as('total'))
    : qb.clearSelect().select(sql<number>`count(*)`.as('total'))).executeTakeFirst().then((r: any) => Number(r?.total ?? 0));
  const offset = (q.page - 1) * q.perPage;
  let pageQb = qb.orderBy(sortCol, dir);
  if (sortCol !== def.tieBreaker) pageQb = pageQb.orderBy(def.tieBreaker, dir);
  const page = pageQb.limit(q.perPage).offset(offset);
  // `total` is async, so a throw while it builds (a bad filter value in `narrowedTotal`) is a rejection that
  // Promise.all handles, never a started count left without a handler (issue 17: that ended the process).
  const total = async () => {
    const shortcut = narrowed ? def.narrowedTotal?.(q.filterItems, query) : undefined;
    if (shortcut) return shortcut;
    if (!narrowed && def.unfilteredTotal) return def.unfilteredTotal();
    return def.countVersion ? versionedCount(def.countVersion, scope, q, count) : count();
  };
  const deep = narrowed && def.deepPages && def.countVersion && q.page >= DEEP_PAGE
    ? await deepPage({ version: def.countVersion, scope, query, filters: q.filterItems, qb, sortCol, dir, tieBreaker: def.tieBreaker, offset, perPage: q.perPage })
    : null;
  const [totalValue, rows] = deep ? [deep.total, deep.rows] : await Promise.all([total(), page.execute()]);
  const data = rows.map(map);
  const capped = cap !== undefined && narrowed && totalValue > cap;
  return {
    ...(capped ? { total_capped: true } : {}),
    current_page: q.page,
    per_page: q.perPage,
    from: data.length ? offset + 1 : null,
    to: data.length ? offset + data.length : null,
    total: capped ? cap : totalValue,
    last_page: Math.max(1, Math.ceil((capped ? cap : totalValue) / q.perPage)),
    data,
  };
}

async function versionedCount(v: NonNullable<ListDefinition['countVersion']>, scope: string, q: ReturnType<typeof parseListQuery>, count: () => Promise<number>): Promise<number> {
  const version = await readCounter(v.db, v.counter);
  const key = `${v.counter}@${version}|${scope}|${q.query ?? ''}|${JSON.stringify(q.filterItems)}`;
  const hit = countCache.get(v.db, key);
  if (hit !== undefined) return hit;
  const total = await count();
  countCache.set(v.db, key, total);
  return total;
}

/** A value's leading `YYYY-MM-DD` is a day of the calendar: `Date` reads Feb 31 as Mar 3 and would filter on that. */
function realDay(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (!m) return true;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Reusable filter handlers; each validates its own value. */
export const filters = {
  /** value true → column is set, false → column is null. */
  isSet: (column: string): FilterHandler => (qb, f) => {
    const on = f.value === true || f.value === 'true' || f.value === 1 || f.value === '1';
    const off = f.value === false || f.value === 'false' || f.value === 0 || f.value === '0';
    if (!on && !off) throw invalidFilter(f.key);
    return on ? qb.where(column, 'is not', null) : qb.where(column, 'is', null);
  },
  /** operator between with {start, end}, or a comparison with a single ISO date. */
  date: (column: string): FilterHandler => (qb, f) => {
    const iso = (v: unknown) => {
      const d = typeof v === 'string' ? new Date(v) : null;
      if (!d || Number.isNaN(d.getTime()) || !realDay(v as string)) throw invalidFilter(f.key, 'date');
      return d.toISOString();
    };
    // A plain day as the end means all of that day (UTC): {start: d, end: d} finds that day's rows, not none.
    const endOf = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T23:59:59.999Z` : v);
    if (f.value && typeof f.value === 'object') return qb.where(column, '>=', iso(f.value.start)).where(column, '<=', iso(endOf(f.value.end)));
    const op = (['>', '>=', '<', '<=', '='] as const).find((o) => o === f.operator);
    if (!op) throw invalidFilter(f.key, 'operator');
    return qb.where(column, op, iso(f.value));
  },
  /** Integer equality (ids). */
  id: (column: string): FilterHandler => (qb, f) => {
    const n = Number(f.value);
    if (!Number.isInteger(n) || Math.abs(n) > ID_MAX) throw invalidFilter(f.key);
    return qb.where(column, f.operator === '!=' ? '!=' : '=', n);
  },
};

/** Most ids one bulk call takes (the router allows :ids params up to 16 KB, see app.ts maxParamLength). */
export const MAX_IDS = 1000;

