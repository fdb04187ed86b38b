import { sql, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { filtersSchema, listQuerySchema, type FilterItem, type ListQuery, type Pagination } from '@app/contracts';
import { HttpError, parse } from './errors.ts';
import type { Db } from '../db/index.ts';
import { boundedCache, readCounter } from '../db/versions.ts';

type QB = SelectQueryBuilder<any, any, any>;
export type FilterHandler = (qb: QB, filter: FilterItem) => QB;

/** Per-resource whitelist of what a list call may sort, filter and search by. */
export interface ListDefinition {
  sorts: Record<string, string>;
  defaultSort: [string, 'asc' | 'desc'];
  /** Unique column appended to every sort so pages never overlap. */
  tieBreaker: string;
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
}

const countCache = boundedCache<number>();

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
  return { ...q, filterItems };
}

/** Applies the whitelisted filters, search and sort, then answers the spec's pagination shape. */
export async function paginate<T>(base: QB, raw: unknown, def: ListDefinition, map: (row: any) => T = (r) => r): Promise<Pagination<T>> {
  const q = parseListQuery(raw);
  let qb = base;
  for (const f of q.filterItems) {
    const handler = def.filters[f.key];
    if (!handler) throw new HttpError(422, `Unknown filter: ${f.key}`, { filters: [`Unknown filter: ${f.key}`] });
    qb = handler(qb, f);
  }
  const searching = Boolean(q.query && def.search);
  if (searching) qb = await def.search!(qb, q.query!);

  let sortCol = def.sorts[def.defaultSort[0]];
  let dir = def.defaultSort[1];
  if (q.orderBy) {
    sortCol = def.sorts[q.orderBy];
    if (!sortCol) throw new HttpError(422, `Cannot sort by: ${q.orderBy}`, { orderBy: [`Cannot sort by: ${q.orderBy}`] });
    dir = q.orderDir ?? 'desc';
  } else if (q.orderDir) dir = q.orderDir;

  const narrowed = searching || q.filterItems.length > 0;
  const count = () => qb.clearSelect().select(sql<number>`count(*)`.as('total')).executeTakeFirst().then((r) => Number(r?.total ?? 0));
  const shortcut = narrowed ? def.narrowedTotal?.(q.filterItems, q.query) : undefined;
  const totalPromise = shortcut
    ?? (!narrowed && def.unfilteredTotal ? def.unfilteredTotal() : def.countVersion ? versionedCount(def.countVersion, q, count) : count());

  const offset = (q.page - 1) * q.perPage;
  let pageQb = qb.orderBy(sortCol, dir);
  if (sortCol !== def.tieBreaker) pageQb = pageQb.orderBy(def.tieBreaker, dir);
  const [total, rows] = await Promise.all([totalPromise, pageQb.limit(q.perPage).offset(offset).execute()]);
  const data = rows.map(map);
  return {
    current_page: q.page,
    per_page: q.perPage,
    from: data.length ? offset + 1 : null,
    to: data.length ? offset + data.length : null,
    total,
    last_page: Math.max(1, Math.ceil(total / q.perPage)),
    data,
  };
}

async function versionedCount(v: NonNullable<ListDefinition['countVersion']>, q: ReturnType<typeof parseListQuery>, count: () => Promise<number>): Promise<number> {
  const version = await readCounter(v.db, v.counter);
  const key = `${v.counter}@${version}|${q.query ?? ''}|${JSON.stringify(q.filterItems)}`;
  const hit = countCache.get(v.db, key);
  if (hit !== undefined) return hit;
  const total = await count();
  countCache.set(v.db, key, total);
  return total;
}

/** Reusable filter handlers; each validates its own value. */
export const filters = {
  /** value true → column is set, false → column is null. */
  isSet: (column: string): FilterHandler => (qb, f) => {
    const on = f.value === true || f.value === 'true' || f.value === 1 || f.value === '1';
    const off = f.value === false || f.value === 'false' || f.value === 0 || f.value === '0';
    if (!on && !off) throw new HttpError(422, `Invalid value for ${f.key}`, { filters: [`Invalid value for ${f.key}`] });
    return on ? qb.where(column, 'is not', null) : qb.where(column, 'is', null);
  },
  /** operator between with {start, end}, or a comparison with a single ISO date. */
  date: (column: string): FilterHandler => (qb, f) => {
    const iso = (v: unknown) => {
      const d = typeof v === 'string' ? new Date(v) : null;
      if (!d || Number.isNaN(d.getTime())) throw new HttpError(422, `Invalid date for ${f.key}`, { filters: [`Invalid date for ${f.key}`] });
      return d.toISOString();
    };
    if (f.value && typeof f.value === 'object') return qb.where(column, '>=', iso(f.value.start)).where(column, '<=', iso(f.value.end));
    const op = (['>', '>=', '<', '<=', '='] as const).find((o) => o === f.operator);
    if (!op) throw new HttpError(422, `Invalid operator for ${f.key}`, { filters: [`Invalid operator for ${f.key}`] });
    return qb.where(column, op, iso(f.value));
  },
  /** Integer equality (ids). */
  id: (column: string): FilterHandler => (qb, f) => {
    const n = Number(f.value);
    if (!Number.isInteger(n)) throw new HttpError(422, `Invalid value for ${f.key}`, { filters: [`Invalid value for ${f.key}`] });
    return qb.where(column, f.operator === '!=' ? '!=' : '=', n);
  },
};

/** Parses `1,2,3` from a bulk-delete path into ids. */
export function parseIds(raw: string): number[] {
  const ids = raw.split(',').map((s) => Number(s.trim()));
  if (!ids.length || ids.length > 1000 || ids.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new HttpError(422, 'Invalid ids.', { ids: ['Invalid ids.'] });
  }
  return [...new Set(ids)];
}
