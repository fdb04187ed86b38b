import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomPage, CustomPageInput, CustomPageOwner } from '@app/contracts/custom-pages';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

const RESOURCE = 'custom-pages';

export function useCustomPage(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.detail(RESOURCE, id ?? ''),
    queryFn: () => api.get<{ page: CustomPage }>(`custom-pages/${id}`).then((r) => r.page),
    enabled: !!id,
    // The editor is mounted once with what it loaded; a background refetch must not replace the text being typed.
    staleTime: Infinity,
  });
}

export function useCustomPageFilterOptions() {
  return useQuery({
    queryKey: [RESOURCE, 'filter-options'],
    queryFn: () => api.get<{ owners: CustomPageOwner[]; types: string[] }>('custom-pages/filter-options'),
    staleTime: 60_000,
  });
}

export function useSaveCustomPage(id?: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: CustomPageInput) => (id
      ? api.put<{ page: CustomPage; message: string }>(`custom-pages/${id}`, values)
      : api.post<{ page: CustomPage; message: string }>('custom-pages', values)),
    onSuccess: (r) => {
      qc.setQueryData(queryKeys.detail(RESOURCE, r.page.id), r.page);
      void qc.invalidateQueries({ queryKey: queryKeys.lists(RESOURCE) });
      void qc.invalidateQueries({ queryKey: [RESOURCE, 'filter-options'] });
    },
  });
}

/** Editor image upload: stored under page_media on the public disk. */
export async function uploadPageMedia(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  return (await api.post<{ url: string }>('custom-pages/media', body)).url;
}
