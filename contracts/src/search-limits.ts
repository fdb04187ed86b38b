/** The longest search text; the site's search boxes stop there too. Zod-free, so the header's search box can import it. */
export const SEARCH_QUERY_MAX = 100;
