import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/**
 * A change saved in the admin may alter any public page the app has cached (a renamed episode, a deleted season):
 * everything is marked stale, without refetching now, so the next visit to a page asks again instead of showing
 * what it held for up to 30 s. The admin's own lists are refreshed by their mutations as before.
 */
const mutationCache = new MutationCache({
  onSuccess: () => {
    if (typeof window !== 'undefined' && window.location.pathname.startsWith('/admin')) void queryClient.invalidateQueries({ refetchType: 'none' });
  },
});

export const queryClient = new QueryClient({
  mutationCache,
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

/** Query keys: [resource, 'list', params] for lists, [resource, 'detail', id] for one item. */
export const queryKeys = {
  all: (resource: string) => [resource] as const,
  list: (resource: string, params: Record<string, unknown>) => [resource, 'list', params] as const,
  lists: (resource: string) => [resource, 'list'] as const,
  detail: (resource: string, id: string | number) => [resource, 'detail', String(id)] as const,
  bootstrap: ['bootstrap'] as const,
};
