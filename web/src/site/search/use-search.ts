import { useQuery } from '@tanstack/react-query';
import type { PublicSearchResults } from '@app/contracts/browse';
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
