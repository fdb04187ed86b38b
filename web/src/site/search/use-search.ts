import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { PublicSearchResults } from '@app/contracts/browse';
import { SEARCH_PAGES_MAX } from '@app/contracts/search-limits';
import { api } from '../../lib/api';

/** `GET search` for one query; TanStack's signal aborts a request whose query the visitor has typed past. */
export function useSearch(query: string, limit: number, enabled = true) {
  const q = query.trim();
  return useQuery({
    queryKey: ['search', 'grouped', { query: q, limit }],
    queryFn: ({ signal }) => api.get<PublicSearchResults>('search', { query: q, limit }, signal),
    enabled: enabled && q.length > 0,
    staleTime: 60_000,
    placeholderData: (prev) => prev,
  });
}

/** `GET search` page after page (the search page's "See all" of episodes), while the server says there are more. */
export function useSearchPages(query: string, limit: number) {
  const q = query.trim();
  return useInfiniteQuery({
    queryKey: ['search', 'pages', { query: q, limit }],
    queryFn: ({ pageParam, signal }) => api.get<PublicSearchResults>('search', { query: q, limit, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.more?.episodes && all.length < SEARCH_PAGES_MAX ? all.length + 1 : undefined),
    enabled: q.length > 0,
    staleTime: 60_000,
  });
}
