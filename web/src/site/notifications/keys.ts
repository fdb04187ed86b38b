import { skipToken, useQuery } from '@tanstack/react-query';

/** The unread count's query: fetched by the bell, read without fetching where the bell is out of sight (the phone menu's button). */
export const UNREAD_NOTIFICATIONS = ['notifications', 'unread'] as const;

export function useKnownUnread(): number {
  return useQuery<number>({ queryKey: UNREAD_NOTIFICATIONS, queryFn: skipToken }).data ?? 0;
}
