import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Pagination } from '@app/contracts/list';
import type { ListMembership, ListPageData, ListSave, UserList } from '@app/contracts/lists';
import { LIST_ITEMS_PER_PAGE } from '@app/contracts/lists-constants';
import { ApiError, api, errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { takePageData } from '../../lib/page-data';
import { toast } from '../../ui/Toast';
import { nextPage } from '../../lib/next-page';

/** Query keys of the lists feature; every write invalidates the `lists` and `watchlist` roots it touches. */
export const listKeys = {
  mine: (page: number) => ['lists', 'list', { page }] as const,
  page: (id: number | 'watchlist') => ['lists', 'detail', String(id)] as const,
  membership: (titleId: number) => ['lists', 'for-title', titleId] as const,
  watchlistIds: ['watchlist', 'ids'] as const,
};

/**
 * The signed-in user's watchlist title ids as a Set: one cached query shared by every poster card, so a grid of
 * 100 cards costs one request, not 100.
 */
export function useWatchlistIds(): Set<number> | null {
  const { user } = useAuth();
  const { data } = useQuery({
    queryKey: listKeys.watchlistIds,
    queryFn: () => api.get<{ ids: number[] }>('watchlist/ids'),
    enabled: !!user,
    staleTime: 5 * 60_000,
    select: (d) => new Set(d.ids),
  });
  return user ? (data ?? null) : null;
}

function refreshAfterWrite(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: ['lists'] }),
    qc.invalidateQueries({ queryKey: ['watchlist'] }),
  ]);
}

/** Adds or removes a title on the watchlist; the ids update at once (optimistic) and roll back on failure. */
export function useToggleWatchlist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ titleId, on }: { titleId: number; on: boolean }) => (on ? api.post('watchlist', { titleId }) : api.delete(`watchlist/${titleId}`)),
    onMutate: async ({ titleId, on }) => {
      await qc.cancelQueries({ queryKey: listKeys.watchlistIds });
      const before = qc.getQueryData<{ ids: number[] }>(listKeys.watchlistIds);
      if (before) qc.setQueryData(listKeys.watchlistIds, { ids: on ? [titleId, ...before.ids] : before.ids.filter((id) => id !== titleId) });
      return { before };
    },
    onSuccess: (_d, { on }) => toast(on ? trans('Added to watchlist') : trans('Removed from watchlist')),
    onError: (e, _v, context) => {
      if (context?.before) qc.setQueryData(listKeys.watchlistIds, context.before);
      toast.danger(errorMessage(e, trans('There was an issue. Please try again.')));
    },
    onSettled: () => refreshAfterWrite(qc),
  });
}

/** Adds or removes a title on one of the user's lists. */
export function useToggleListItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, titleId, on }: { listId: number; titleId: number; on: boolean }) =>
      (on ? api.post(`lists/${listId}/items`, { titleId }) : api.delete(`lists/${listId}/items/${titleId}`)),
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
    onSettled: () => refreshAfterWrite(qc),
  });
}

export function useListMembership(titleId: number, enabled: boolean) {
  return useQuery({ queryKey: listKeys.membership(titleId), queryFn: () => api.get<ListMembership>(`lists/for-title/${titleId}`), enabled });
}

export function useMyLists(page: number) {
  return useQuery<{ pagination: Pagination<UserList> }, ApiError>({
    queryKey: listKeys.mine(page),
    queryFn: () => api.get<{ pagination: Pagination<UserList> }>('lists', { page, perPage: LIST_ITEMS_PER_PAGE }),
    placeholderData: (prev) => prev,
  });
}

export function useSaveList(list?: UserList | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (payload: ListSave) => (list ? api.put<{ list: UserList }>(`lists/${list.id}`, payload) : api.post<{ list: UserList }>('lists', payload)),
    onSuccess: async () => {
      toast(list ? trans('List updated') : trans('List created'));
      await refreshAfterWrite(qc);
    },
  });
}

export function useDeleteList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`lists/${id}`),
    onSuccess: async () => {
      toast(trans('List deleted'));
      await refreshAfterWrite(qc);
    },
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
}

/**
 * A list's page (or the watchlist) with load-more paging. The first page of a shared list comes embedded in the
 * server-rendered HTML (`lists/{id}`), so the first render needs no round trip.
 */
export function useListPage(id: number | 'watchlist' | null) {
  const path = id === 'watchlist' ? 'watchlist' : `lists/${id}`;
  return useInfiniteQuery<ListPageData, ApiError>({
    queryKey: listKeys.page(id ?? 0),
    enabled: id !== null,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => {
      const embedded = pageParam === 1 && id !== 'watchlist' ? takePageData<ListPageData>(path) : undefined;
      return embedded ?? api.get<ListPageData>(path, { page: pageParam as number, perPage: LIST_ITEMS_PER_PAGE }, signal);
    },
    getNextPageParam: (last) => nextPage(last.items),
  });
}

/** Moves one item to a 0-based place in the whole list; the page refetches to show the saved order. */
export function useMoveItem(listId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ titleId, position }: { titleId: number; position: number }) => api.put(`lists/${listId}/items/${titleId}/position`, { position }),
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
    onSettled: () => qc.invalidateQueries({ queryKey: ['lists'] }),
  });
}
