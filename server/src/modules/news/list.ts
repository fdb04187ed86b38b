import type { NewsCard, Pagination } from '@app/contracts';
import { filters, paginate, type ListDefinition } from '../../http/list-query.ts';
import { trigramSearch } from '../../http/text-search.ts';
import type { AppContext } from '../../context.ts';
import { CARD_COLUMNS, NEWS_SEARCH_INDEX } from './repository.ts';

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

/** The admin list and the site's /news cards: no bodies, each row's excerpt (the body cut at 200 characters). */
export function listNews(ctx: AppContext, query: unknown): Promise<Pagination<NewsCard>> {
  return paginate<NewsCard>(ctx.db.selectFrom('news_articles').select(CARD_COLUMNS), query, newsListDefinition(ctx));
}
