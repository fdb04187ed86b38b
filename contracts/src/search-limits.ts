/** The longest search text; the site's search boxes stop there too. Zod-free, so the header's search box can import it. */
export const SEARCH_QUERY_MAX = 100;
/** Pages of `GET search` a visitor may turn (10 pages of at most 20 hits: the engines rank about 200 matches). */
export const SEARCH_PAGES_MAX = 10;
