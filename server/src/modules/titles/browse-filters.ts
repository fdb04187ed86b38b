import type { FilterItem } from '@app/contracts';
import { HttpError } from '../../http/errors.ts';
import type { FilterHandler } from '../../http/list-query.ts';
import { invalidFilter } from '../../http/list-query.ts';

/** The messages a browse page shows when a range cannot match anything; one place so tests and page agree. */
export const RANGE_MESSAGES = {
  yearOrder: 'The start year must not be after the end year.',
  yearBounds: 'Years must be whole numbers between 1800 and 2200.',
  ratingOrder: 'The lowest rating must not be above the highest rating.',
  ratingBounds: 'Ratings must be between 0 and 10.',
} as const;

const invalid = (message: string) => new HttpError(422, message, { filters: [message] });

/** `{ start?, end? }` with at least one bound, each a finite number (numeric strings from a URL accepted). */
function bounds(f: FilterItem): [number | null, number | null] {
  const v = f.value;
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw invalidFilter(f.key);
  const { start, end } = v as { start?: unknown; end?: unknown };
  const num = (x: unknown) => {
    if (x === undefined || x === null || x === '') return null;
    const n = typeof x === 'number' ? x : typeof x === 'string' ? Number(x) : Number.NaN;
    if (!Number.isFinite(n)) throw invalidFilter(f.key);
    return n;
  };
  const range: [number | null, number | null] = [num(start), num(end)];
  if (range[0] === null && range[1] === null) throw invalidFilter(f.key);
  return range;
}

/** A numeric range on one column, checked against the allowed bounds and for an impossible order. */
function range(column: string, min: number, max: number, integer: boolean, order: string, outside: string): FilterHandler {
  return (qb, f) => {
    const [from, to] = bounds(f);
    for (const n of [from, to]) if (n !== null && (n < min || n > max || (integer && !Number.isInteger(n)))) throw invalid(outside);
    if (from !== null && to !== null && from > to) throw invalid(order);
    let out = qb;
    if (from !== null) out = out.where(column, '>=', from);
    if (to !== null) out = out.where(column, '<=', to);
    return out;
  };
}

/** Filters the public browse pages add to the titles list: year and rating ranges. */
export const browseFilters = new Map<string, FilterHandler>([
  ['year', range('titles.year', 1800, 2200, true, RANGE_MESSAGES.yearOrder, RANGE_MESSAGES.yearBounds)],
  ['rating', range('titles.rating', 0, 10, false, RANGE_MESSAGES.ratingOrder, RANGE_MESSAGES.ratingBounds)],
]);
