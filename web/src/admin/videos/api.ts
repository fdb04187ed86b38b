import { useQuery } from '@tanstack/react-query';
import type { Video } from '@app/contracts';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

export function useVideo(id: string | number | undefined) {
  return useQuery({
    queryKey: queryKeys.detail('videos', String(id ?? '')),
    queryFn: () => api.get<{ video: Video }>(`videos/${id}`).then((r) => r.video),
    enabled: !!id,
  });
}
