import type { FilterItem } from '@app/contracts/list';

export const PER_PAGE_CHOICES = [10, 15, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 15;

export interface ListParams {
  page: number;
  perPage: number;
  query: string;
  filters: FilterItem[];
  orderBy?: string;
  orderDir?: 'asc' | 'desc';
}

export function parseFilters(raw: string | null): FilterItem[] {
  if (!raw) return [];
  try {
    const v = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((f) => f && typeof f.key === 'string') : [];
  } catch {
    return [];
  }
}

/** The `filters` URL value once the filter `key` is set to `item` (or removed, with null); null when none is left. */
export function filtersWith(filters: FilterItem[], key: string, item: FilterItem | null): string | null {
  const next = [...filters.filter((f) => f.key !== key), ...(item ? [item] : [])];
  return next.length ? JSON.stringify(next) : null;
}

/** Read list state from URL search params (so filtered views can be bookmarked). */
export function readListParams(search: URLSearchParams, defaults?: { orderBy?: string; orderDir?: 'asc' | 'desc' }): ListParams {
  const page = Math.max(1, Number(search.get('page')) || 1);
  const pp = Number(search.get('perPage'));
  const perPage = (PER_PAGE_CHOICES as readonly number[]).includes(pp) ? pp : DEFAULT_PAGE_SIZE;
  const dir = search.get('orderDir');
  return {
    page,
    perPage,
    query: search.get('query') ?? '',
    filters: parseFilters(search.get('filters')),
    orderBy: search.get('orderBy') || defaults?.orderBy,
    orderDir: dir === 'asc' || dir === 'desc' ? dir : defaults?.orderDir,
  };
}

/** List params as the API query string expects them. */
export function toApiParams(p: ListParams): Record<string, string | number | undefined> {
  return {
    page: p.page,
    perPage: p.perPage,
    query: p.query || undefined,
    filters: p.filters.length ? JSON.stringify(p.filters) : undefined,
    orderBy: p.orderBy,
    orderDir: p.orderBy ? p.orderDir ?? 'desc' : undefined,
  };
}
