import { filters, type ListDefinition } from '../../http/list-query.ts';
import { trigramSearch } from '../../http/text-search.ts';
import type { AppContext } from '../../context.ts';
import { NEWS_SEARCH_INDEX } from './repository.ts';

/** Whitelisted sorts and filters of `GET news`; each sort column has an index with id (0028_news). */
export function newsListDefinition(ctx: AppContext): ListDefinition {
  return {
    sorts: {
      title: 'news_articles.title', created_at: 'news_articles.created_at', updated_at: 'news_articles.updated_at', id: 'news_articles.id',
    },
    defaultSort: ['created_at', 'desc'],
    tieBreaker: 'news_articles.id',
    filters: {
      created_at: filters.date('news_articles.created_at'),
      updated_at: filters.date('news_articles.updated_at'),
    },
    search: trigramSearch(ctx.db, ctx.dialect, NEWS_SEARCH_INDEX),
  };
}
