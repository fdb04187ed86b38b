/** The news constants the public news page reads, without zod (the article schemas are in news.ts, which re-exports these). */

/** Site list page size (cards per "Load more"). */
export const NEWS_PAGE_SIZE = 12;
/** The news RSS feed (server/src/modules/news/rss.ts), linked from the news page and its head. */
export const NEWS_FEED_PATH = '/news/rss.xml';
