import type { ReactNode } from 'react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { PosterGridSkeleton } from '../ui/PosterGrid';
import { InfiniteSentinel } from './InfiniteSentinel';

/**
 * A browse page's results: the error, the first page's skeletons, the empty message, or the items (`children`) with
 * the next page loading as the reader nears the end.
 */
export function InfiniteResults({ list, count, empty, children }: {
  list: Pick<UseInfiniteQueryResult, 'error' | 'isPending' | 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;
  count: number;
  empty: string;
  children: ReactNode;
}) {
  if (list.error) {
    return (
      <p role="alert" className="rounded-md border border-danger/50 bg-danger/10 px-4 py-3 text-sm">
        {list.error instanceof ApiError ? list.error.message : trans('There was an issue. Please try again.')}
      </p>
    );
  }
  if (list.isPending) return <PosterGridSkeleton count={12} />;
  if (count === 0) return <p className="py-16 text-center text-text-muted">{empty}</p>;
  return (
    <>
      {children}
      <InfiniteSentinel hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
    </>
  );
}
