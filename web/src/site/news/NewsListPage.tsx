import { useInfiniteQuery } from '@tanstack/react-query';
import { Rss } from 'lucide-react';
import type { NewsCard as Card } from '@app/contracts/news';
import { NEWS_FEED_PATH, NEWS_PAGE_SIZE } from '@app/contracts/news-constants';
import type { PaginationResponse } from '@app/contracts/list';
import { useDocumentTitle } from '../../admin/PageTitle';
import { api, type ApiError } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { PageError } from '../titles/PageState';
import { NewsCard, NewsCardSkeleton } from './NewsCard';
import { nextPage } from '../../lib/next-page';
import { PAGE_WIDTH } from '../ui/page-width';
import { cn } from '../../ui/cn';

/** /news: the newest articles as cards, the first one featured, more on "Load more". */
export function Component() {
  useDocumentTitle(trans('News'));
  const query = useInfiniteQuery<PaginationResponse<Card>, ApiError>({
    queryKey: ['news-public', 'list'],
    queryFn: ({ pageParam, signal }) => api.get<PaginationResponse<Card>>('news', { page: pageParam as number, perPage: NEWS_PAGE_SIZE, orderBy: 'created_at', orderDir: 'desc' }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPage(last.pagination),
  });
  const articles = query.data?.pages.flatMap((p) => p.pagination.data) ?? [];

  return (
    <div className={cn(PAGE_WIDTH, 'py-8')}>
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4 border-b border-border pb-6">
        <div>
          <h1 className="text-3xl font-bold sm:text-4xl">{trans('News')}</h1>
          <p className="mt-2 text-text-muted">{trans('The latest stories from the world of film and television.')}</p>
        </div>
        {/* A plain link: the feed is a file for feed readers, not a page of the app. */}
        <a href={NEWS_FEED_PATH} className="inline-flex items-center gap-2 text-sm text-text-muted hover:text-text">
          <Rss size="1rem" aria-hidden />{trans('RSS feed')}
        </a>
      </header>
      {query.isError ? <PageError error={query.error} /> : query.isPending ? (
        <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label={trans('Loading')}>
          {Array.from({ length: 6 }, (_, i) => <NewsCardSkeleton key={i} />)}
        </div>
      ) : articles.length === 0 ? (
        <p className="py-16 text-center text-text-muted">{trans('No news yet. Check back soon.')}</p>
      ) : (
        <>
          <div className="grid gap-x-6 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
            {articles.map((a, i) => <NewsCard key={a.id} article={a} featured={i === 0} />)}
          </div>
          {query.hasNextPage && (
            <div className="mt-10 flex justify-center">
              <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                {query.isFetchingNextPage ? trans('Loading') : trans('Load more')}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
