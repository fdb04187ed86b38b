import { Tv } from 'lucide-react';
import type { ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteNotification } from '@app/contracts/notifications';
import { api, errorMessage } from '../../lib/api';
import { toast } from '../../ui/Toast';
import { formatDateTime } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { Avatar } from '../../ui/Avatar';
import { cn } from '../../ui/cn';
import { memberName } from '../profiles/AuthorLink';
import { UNREAD_NOTIFICATIONS } from './keys';
import { responsiveImage } from '@app/contracts/image-sizes';

/** A title's poster, small; a TV where it has none. */
function Poster({ src }: { src: string | null }) {
  return (
    <span className="flex h-12 w-8 shrink-0 items-center justify-center overflow-hidden rounded bg-bg-alt text-text-muted">
      {src ? <img {...responsiveImage(src, 'thumb')} alt="" className="h-full w-full object-cover" loading="lazy" /> : <Tv size="1rem" aria-hidden />}
    </span>
  );
}

const actorName = (n: SiteNotification) => (n.actor ? memberName(n.actor) : trans('Someone'));

/** What happened, in one line: the notification's headline, which also names it for its Delete button. */
export function headlineOf(n: SiteNotification): string {
  if (n.type === 'now_streaming') return trans(':title is now streaming', { title: n.place });
  if (n.type === 'new_episode' && n.episode) {
    return n.episode.count > 1 ? trans(':count new episodes of :title', { count: n.episode.count, title: n.place }) : trans('New episode of :title', { title: n.place });
  }
  return trans(':name replied to your comment on :place', { name: actorName(n), place: n.place });
}

/** What a notification shows: a picture, what happened, and a line about it. */
function describeNotification(n: SiteNotification): { picture: ReactNode; headline: string; detail: string } {
  const headline = headlineOf(n);
  if (n.type === 'now_streaming') return { picture: <Poster src={n.image} />, headline, detail: n.excerpt };
  if (n.type === 'new_episode' && n.episode) {
    const e = n.episode;
    const code = trans('S:season E:episode', { season: e.season_number, episode: e.episode_number });
    return { picture: <Poster src={n.image} />, headline, detail: `${code} · ${e.name}` };
  }
  return { picture: <Avatar src={n.actor?.avatar ?? null} label={actorName(n)} size={32} />, headline, detail: n.excerpt };
}

/** A notification as the bell and the notifications page list it: picture, what happened, a line, when, and unread. */
export function NotificationBody({ notification: n, large }: { notification: SiteNotification; large?: boolean }) {
  const { picture, headline, detail } = describeNotification(n);
  return (
    <>
      {picture}
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className={cn(large && 'font-medium')}>{headline}</span>
        {detail && <span className={cn('line-clamp-2 text-text-muted', large && 'text-sm')}>{detail}</span>}
        <span className="text-xs text-text-muted">
          {formatDateTime(n.created_at)}
          {!n.read_at && <span className="sr-only">, {trans('unread')}</span>}
        </span>
      </span>
      {!n.read_at && <span aria-hidden className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-primary" />}
    </>
  );
}

/** `DELETE notifications/{ids}`: the member clears notifications; the count and the lists follow. */
export function useDeleteNotifications() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.delete<{ unread: number }>(`notifications/${ids.join(',')}`),
    onSuccess: (r) => {
      qc.setQueryData(UNREAD_NOTIFICATIONS, r.unread);
      toast(trans('Notification deleted'));
      void qc.invalidateQueries({ queryKey: ['notifications', 'list'] });
    },
    onError: (err) => toast(errorMessage(err, trans('There was an issue. Please try again.'))),
  });
}

/** Marks the given notifications read (all without ids); the unread count follows and every list of them refreshes. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => api.post<{ unread: number }>('notifications/read', ids ? { ids } : {}),
    onSuccess: (r) => {
      qc.setQueryData(UNREAD_NOTIFICATIONS, r.unread);
      void qc.invalidateQueries({ queryKey: ['notifications', 'list'] });
    },
  });
}
