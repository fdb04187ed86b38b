import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

export const queryClient = new QueryClient({
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
