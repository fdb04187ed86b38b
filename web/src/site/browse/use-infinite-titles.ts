import { useInfiniteQuery } from '@tanstack/react-query';
import type { Pagination } from '@app/contracts/list';
import type { PosterCardTitle } from '../ui/PosterCard';
import { api, type QueryParams } from '../../lib/api';

/**
 * Pages of a list call, one after another (infinite scroll). Kept in TanStack's cache, so going back to the
 * page renders every loaded page at once and the scroll position can be restored.
 */
export function useInfiniteList<T = PosterCardTitle>(resource: string, params: QueryParams, enabled = true) {
  return useInfiniteQuery({
    queryKey: [resource, 'infinite', params],
    queryFn: ({ pageParam, signal }) => api.get<{ pagination: Pagination<T> }>(resource, { ...params, page: pageParam }, signal).then((r) => r.pagination),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page && last.data.length ? last.current_page + 1 : undefined),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export { useValueLists } from '../../lib/value-lists';
