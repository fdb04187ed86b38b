import { z, required } from './zod.ts';
import { translate } from './i18n.ts';
import { ID_MAX } from './list.ts';
import { SEARCH_PAGES_MAX, SEARCH_QUERY_MAX } from './search-limits.ts';

export * from './browse-constants.ts';

/**
 * Option lists fetched together: `GET value-lists/{names}` (comma separated). The browse filters use genres,
 * countries, languages (the catalogue's) and certifications; the admin forms use the lookups of Part C section 7.
 */
export const VALUE_LISTS = [
  'genres', 'countries', 'languages', 'certifications',
  'currencies', 'keywords', 'tmdbDepartments', 'tmdbLanguages', 'titleFilterAgeRatings',
] as const;
export type ValueListName = (typeof VALUE_LISTS)[number];
/** One option: `value` is what the titles list filters on (a tag id, or a language/certification code). */
export interface ValueListItem {
  value: string | number;
  name: string;
  /** tmdbDepartments: the department a job belongs to. */
  department?: string;
  /** currencies: the currency's symbol. */
  symbol?: string;
}
export type ValueLists = Partial<Record<ValueListName, ValueListItem[]>>;

export const valueListsParamsSchema = z.object({
  names: z.string().max(200).transform((s, ctx) => {
    const names = [...new Set(s.split(',').map((n) => n.trim()).filter(Boolean))];
    const unknown = names.find((n) => !(VALUE_LISTS as readonly string[]).includes(n));
    if (unknown || !names.length) ctx.addIssue({ code: 'custom', message: translate(undefined, 'Unknown value list: :name', { name: unknown ?? s }) });
    return names as ValueListName[];
  }),
});


/** `GET search?query=&limit=&page=`: the site's grouped search (titles, people, episodes) and the header's instant search. */
export const publicSearchQuerySchema = z.object({
  query: z.string(required('Enter something to search for.')).trim().min(1, 'Enter something to search for.').max(SEARCH_QUERY_MAX, 'The search may not be longer than 100 characters.'),
  limit: z.coerce.number().int().min(1).max(20).default(8),
  /** Pages through each group's hits (the search page's "See all" of episodes): the first 200 hits at most. */
  page: z.coerce.number().int().min(1).max(SEARCH_PAGES_MAX).default(1),
});
export type PublicSearchQuery = z.infer<typeof publicSearchQuerySchema>;

/**
 * With the search provider on TMDb (or all), a hit may come from the movie database before it is in the catalogue:
 * its `id` is null and `tmdb_id` names it; opening it (`GET titles/tmdb/{type}/{tmdbId}`, `GET people/tmdb/{tmdbId}`)
 * imports it.
 */
export interface SearchTitleHit { id: number | null; name: string; is_series: boolean; year: number | null; poster: string | null; rating: number | null; description: string | null; tmdb_id?: number }
export interface SearchPersonHit { id: number | null; name: string; poster: string | null; known_for: string | null; tmdb_id?: number }
/** `GET titles/tmdb/{type}/{tmdbId}` and `GET people/tmdb/{tmdbId}`: the catalogue id of a search hit from the movie database. */
export interface TmdbOpened { id: number; name: string }
const tmdbId = z.coerce.number().int().min(1).max(ID_MAX);
export const tmdbTitleParams = z.object({ type: z.enum(['movie', 'series']), tmdbId });
export const tmdbPersonParams = z.object({ tmdbId });
/**
 * `GET tmdb/images/{size}/{file}`: a search hit's poster from the movie database, passed through this site so visitors'
 * browsers never contact the service. Only the sizes search shows, and image files (never SVG: it could carry script).
 */
export const TMDB_IMAGE_SIZES = ['w185', 'w342'] as const;
export type TmdbImageSize = (typeof TMDB_IMAGE_SIZES)[number];
export const TMDB_IMAGE_FILE = /^[A-Za-z0-9_-]{1,100}\.(jpg|png|webp)$/;
export const tmdbImageParams = z.object({ size: z.enum(TMDB_IMAGE_SIZES), file: z.string().regex(TMDB_IMAGE_FILE, 'Not an image of the movie database.') });
/** Posters of search hits a visitor may load an hour (per address): a few searches' worth. */
export const TMDB_IMAGE_LIMIT = 600;
/** Visitors bring in at most this many titles and people from the movie database an hour (per address). */
export const TMDB_OPEN_LIMIT = 30;
export interface SearchEpisodeHit {
  id: number; name: string; title_id: number; title_name: string; season_number: number; episode_number: number; poster: string | null; release_date: string | null;
}
/** Groups the caller may not see (no people.view, say) are absent rather than empty. */
export interface PublicSearchResults {
  query: string;
  results: { titles?: SearchTitleHit[]; people?: SearchPersonHit[]; episodes?: SearchEpisodeHit[] };
  /** Per group shown: whether the catalogue has more hits after this page. */
  more?: { titles?: boolean; people?: boolean; episodes?: boolean };
}
