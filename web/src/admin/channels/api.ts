import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelContentModel, ChannelInput, ChannelItem, ChannelWithContent } from '@app/contracts/channels';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

export const CHANNEL_RESOURCE = 'channel';

/** A channel with its first page of items (the editor and its preview). */
export function useChannel(slugOrId: string | undefined, perPage = 50) {
  return useQuery({
    queryKey: [...queryKeys.detail(CHANNEL_RESOURCE, slugOrId ?? ''), perPage],
    queryFn: () => api.get<{ channel: ChannelWithContent }>(`channel/${slugOrId}`, { perPage }).then((r) => r.channel),
    enabled: !!slugOrId,
  });
}

export function useSaveChannel(id?: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: ChannelInput) => (id
      ? api.put<{ channel: ChannelWithContent; message: string }>(`channel/${id}`, values)
      : api.post<{ channel: ChannelWithContent; message: string }>('channel', values)),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.all(CHANNEL_RESOURCE) }),
  });
}

export function useResetChannels() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message: string }>('channel/reset-to-default'),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.all(CHANNEL_RESOURCE) }),
  });
}

export function useRunAutoUpdate(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`channel/${id}/auto-update`),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.all(CHANNEL_RESOURCE) }),
  });
}

/** The content editor's search among items of the channel's model. */
export function searchChannelItems(model: ChannelContentModel, query: string, except?: number): Promise<ChannelItem[]> {
  return api.get<{ items: ChannelItem[] }>('channel/search-items', { model, query, except }).then((r) => r.items);
}
