import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Episode, PaginationResponse, Person, Season, Title, TitleAutocompleteItem, TitleTag } from '@app/contracts';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

export function useTitle(id: string | number | undefined) {
  return useQuery({
    queryKey: queryKeys.detail('titles', id ?? ''),
    queryFn: () => api.get<{ title: Title }>(`titles/${id}`).then((r) => r.title),
    enabled: !!id,
  });
}

export function useSeason(titleId: string | number | undefined, season: string | number | undefined) {
  return useQuery({
    queryKey: queryKeys.detail('seasons', `${titleId}/${season}`),
    queryFn: () => api.get<{ season: Season }>(`titles/${titleId}/seasons/${season}`).then((r) => r.season),
    enabled: !!titleId && !!season,
  });
}

export function useEpisode(titleId: string | undefined, season: string | undefined, episode: string | undefined) {
  return useQuery({
    queryKey: queryKeys.detail('episodes', `${titleId}/${season}/${episode}`),
    queryFn: () => api.get<{ episode: Episode }>(`titles/${titleId}/seasons/${season}/episodes/${episode}`).then((r) => r.episode),
    enabled: !!titleId && !!season && !!episode,
  });
}

/** Put a fresh title in its detail cache and refresh every titles list. */
export function useTitleCache() {
  const qc = useQueryClient();
  return (title?: Title) => {
    if (title) qc.setQueryData(queryKeys.detail('titles', title.id), title);
    return qc.invalidateQueries({ queryKey: queryKeys.lists('titles') });
  };
}

export function useTagAttach(titleId: number) {
  const cache = useTitleCache();
  return useMutation({
    mutationFn: ({ type, name }: { type: string; name: string }) => api.post<{ title: Title }>(`titles/${titleId}/tags/${type}`, { tag_name: name }),
    onSuccess: (r) => cache(r.title),
  });
}

export function useTagDetach(titleId: number) {
  const cache = useTitleCache();
  return useMutation({
    mutationFn: ({ type, tag }: { type: string; tag: TitleTag }) => api.delete<{ title: Title }>(`titles/${titleId}/tags/${type}/${tag.id}`),
    onSuccess: (r) => cache(r.title),
  });
}

export function searchPeople(query: string) {
  return api.get<PaginationResponse<Person>>('people', { query, perPage: 10 }).then((r) => r.pagination.data);
}

export function searchTitles(query: string) {
  return api.get<{ results: TitleAutocompleteItem[] }>('titles/autocomplete', { query }).then((r) => r.results);
}

export function searchTags(type: string, query: string) {
  return api.get<PaginationResponse<TitleTag>>(`title-tags/${type}`, { query, perPage: 10 }).then((r) => r.pagination.data);
}

/** Whether TMDb imports can be offered (an API key is set). */
export function useTmdbConfigured() {
  return useQuery({
    queryKey: ['tmdb', 'status'],
    queryFn: () => api.get<{ configured: boolean }>('tmdb/status').then((r) => r.configured).catch(() => false),
    staleTime: 60_000,
  }).data ?? false;
}
