import { optionalDate } from './calendar-date.ts';
import { z } from './zod.ts';
import { ID_MAX } from './list.ts';
import { refineDateRange } from './date-range.ts';

export const IMPORT_TITLES_PER_PAGE = 20;
export const IMPORT_MAX_PAGES = 500;
export const IMPORT_PROGRESS_MAX = 1000;
export const IMPORT_DEFAULTS = { start_from_page: 1, pages_to_import: 10 } as const;

export const mediaImportSchema = z.object({
  media_type: z.enum(['movie', 'series', 'person'], { error: 'Choose what to import.' }),
  tmdb_id: z.number({ error: (issue) => (issue.input === undefined ? 'Enter the ID to import.' : 'The ID must be a number.') }).int('The ID must be a whole number.').min(1, 'The ID must be at least 1.')
    // Stored in an integer column: a larger one would fail in the database, not here.
    .max(ID_MAX, 'The ID must be at most 2147483647.'),
}).meta({ examples: [{ media_type: 'movie', tmdb_id: 603 }] });
export type MediaImport = z.infer<typeof mediaImportSchema>;

const pageNumber = (label: string) => z.number({ error: `${label} must be a number.` }).int().min(1, `${label} must be between 1 and 500.`).max(IMPORT_MAX_PAGES, `${label} must be between 1 and 500.`);
const rating = z.number().min(1, 'Ratings must be between 1 and 10.').max(10, 'Ratings must be between 1 and 10.').nullish().transform((v) => v ?? null);
const date = optionalDate();

export const tmdbImportSchema = z.object({
  type: z.enum(['movie', 'series']),
  pages_to_import: pageNumber('Page count'),
  start_from_page: pageNumber('Start page'),
  current_page: pageNumber('Current page'),
  country: z.string().trim().max(2).nullish().transform((v) => v || null),
  language: z.string().trim().max(10).nullish().transform((v) => v || null),
  min_rating: rating,
  max_rating: rating,
  genres: z.array(z.number().int()).max(50).default([]),
  keywords: z.array(z.number().int()).max(50).default([]),
  start_date: date,
  end_date: date,
}).superRefine((v, ctx) => {
  const inRange = (n: number) => n >= 1 && n <= IMPORT_MAX_PAGES;
  if (inRange(v.start_from_page) && inRange(v.pages_to_import) && v.start_from_page + v.pages_to_import - 1 > IMPORT_MAX_PAGES) {
    ctx.addIssue({ code: 'custom', path: ['pages_to_import'], message: 'At most 500 pages can be imported.' });
  }
  if (v.min_rating !== null && v.max_rating !== null && v.min_rating > v.max_rating) {
    ctx.addIssue({ code: 'custom', path: ['max_rating'], message: 'The maximum rating must be at least the minimum.' });
  }
}).superRefine(refineDateRange('start_date', 'end_date')).meta({
  examples: [{ type: 'movie', pages_to_import: 10, start_from_page: 1, current_page: 1, country: 'US', language: 'en', min_rating: 6, max_rating: null, genres: [878], keywords: [], start_date: '1990-01-01', end_date: null }],
});
export type TmdbImport = z.infer<typeof tmdbImportSchema>;

/** One entry of the import progress list. */
export interface ImportedItem {
  id: number | null;
  tmdb_id: number;
  name: string;
  status: 'imported' | 'failed';
  error?: string;
}
export interface TmdbImportResponse {
  items: ImportedItem[];
  total_pages: number;
}
