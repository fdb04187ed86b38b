import { z } from './zod.ts';
import { refineDateRange } from './date-range.ts';

/** The largest row id: ids are 32-bit integers on PostgreSQL, which refuses a larger one in any comparison. */
export const ID_MAX = 2_147_483_647;

export const PER_PAGE_OPTIONS = [10, 15, 20, 50, 100] as const;
export const DEFAULT_PER_PAGE = 15;

/** Query string of every list call: `GET {resource}?page&perPage&query&filters&orderBy&orderDir&with`. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(10).max(100).default(DEFAULT_PER_PAGE),
  query: z.string().trim().max(200).optional(),
  /** JSON-encoded array of {key, value, operator?}; each key is checked against the resource's whitelist. */
  filters: z.string().max(4000).optional(),
  orderBy: z.string().max(64).optional(),
  orderDir: z.enum(['asc', 'desc']).optional(),
  with: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const filterOperators = ['=', '!=', '>', '>=', '<', '<=', 'between', 'has', 'doesntHave'] as const;
export type FilterOperator = (typeof filterOperators)[number];

/** A `between` filter's value; every list's date filters share its end-after-start rule. */
export const dateRangeValueSchema = z.object({ start: z.string().max(64), end: z.string().max(64) }).superRefine(refineDateRange('start', 'end'));

export const filterItemSchema = z.object({
  key: z.string().max(64),
  value: z.union([z.string(), z.number(), z.boolean(), z.null(), dateRangeValueSchema]),
  operator: z.enum(filterOperators).default('='),
});
export type FilterItem = z.infer<typeof filterItemSchema>;
export const filtersSchema = z.array(filterItemSchema).max(20);

export interface Pagination<T> {
  current_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  total: number;
  /** Set when `total` stopped counting at the list's cap: there are more rows than it says. */
  total_capped?: boolean;
  last_page: number;
  data: T[];
}
export interface PaginationResponse<T> {
  pagination: Pagination<T>;
}

/** Error body of every failed call. */
export interface ApiError {
  message: string;
  errors?: Record<string, string[]>;
}
