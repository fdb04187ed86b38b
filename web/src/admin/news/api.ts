import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewsArticle, NewsArticleInput } from '@app/contracts/news';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

/** Query-key resource of the admin list (DataTable endpoint "news"). */
export const NEWS_RESOURCE = 'news';

export function useNewsArticle(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.detail(NEWS_RESOURCE, id ?? ''),
    queryFn: () => api.get<{ article: NewsArticle }>(`news/${id}`).then((r) => r.article),
    enabled: !!id,
    // The editor is mounted once with what it loaded; a background refetch must not replace the text being typed.
    staleTime: Infinity,
  });
}

export function useSaveNewsArticle(id?: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: NewsArticleInput) => (id
      ? api.put<{ article: NewsArticle; message: string }>(`news/${id}`, values)
      : api.post<{ article: NewsArticle; message: string }>('news', values)),
    onSuccess: (r) => {
      qc.setQueryData(queryKeys.detail(NEWS_RESOURCE, r.article.id), r.article);
      void qc.invalidateQueries({ queryKey: queryKeys.lists(NEWS_RESOURCE) });
    },
  });
}

export function useDeleteNewsArticle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`news/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.all(NEWS_RESOURCE) }),
  });
}

export function useImportNews() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message: string; imported: number }>('news/import-from-remote-provider'),
    // A failing feed still lets the others import: the list is refreshed either way.
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.all(NEWS_RESOURCE) }),
  });
}

/** The article image: stored under news_images on the public disk (images only, at most 2,097,152 bytes). */
export async function uploadNewsImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  return (await api.post<{ url: string }>('news/images', body)).url;
}
