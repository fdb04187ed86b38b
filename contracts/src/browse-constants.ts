/** The browse constants the public movies and series pages read, without zod (browse.ts holds the schemas and re-exports these). */

/** Sorts the public browse pages offer (a subset of the titles list's sorts). */
export const BROWSE_SORTS = ['popularity', 'release_date', 'rating', 'name'] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];
export const BROWSE_PER_PAGE = 24;
