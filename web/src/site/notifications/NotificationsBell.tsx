import { Bell, Settings, Tv } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteNotification } from '@app/contracts/notifications';
import type { Pagination } from '@app/contracts/list';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { Avatar } from '../../ui/Avatar';
import { cn } from '../../ui/cn';
import { DropdownContent, DropdownItem, DropdownLabel, DropdownMenu, DropdownSeparator, DropdownTrigger } from '../../ui/DropdownMenu';
import { UNREAD_NOTIFICATIONS as UNREAD } from './keys';

const LATEST = ['notifications', 'latest'] as const;

/** What a notification shows: a picture, what happened, and a line about it. */
function describe(n: SiteNotification): [ReactNode, string, string] {
  if (n.type === 'new_episode' && n.episode) {
    const e = n.episode;
    const code = trans('S:season E:episode', { season: e.season_number, episode: e.episode_number });
    return [
      <span key="poster" className="flex h-12 w-8 shrink-0 items-center justify-center overflow-hidden rounded bg-bg-alt text-text-muted">
        {n.image ? <img src={n.image} alt="" className="h-full w-full object-cover" loading="lazy" /> : <Tv size={16} aria-hidden />}
      </span>,
      e.count > 1 ? trans(':count new episodes of :title', { count: e.count, title: n.place }) : trans('New episode of :title', { title: n.place }),
      `${code} · ${e.name}`,
    ];
  }
  const name = n.actor?.display_name ?? trans('Someone');
  return [<Avatar key="avatar" src={n.actor?.avatar ?? null} label={name} size={32} />, trans(':name replied to your comment on :place', { name, place: n.place }), n.excerpt];
}

/**
 * The bell beside the account menu: how many notifications are unread (asked again every minute and when the tab
 * comes back), and the latest ten when opened. Opening one marks it read and goes to the page it is about.
 */
export function NotificationsBell() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const unread = useQuery({ queryKey: UNREAD, queryFn: () => api.get<{ unread: number }>('notifications/unread').then((r) => r.unread), refetchInterval: 60_000 });
  const latest = useQuery({
    queryKey: LATEST,
    queryFn: async () => {
      const r = await api.get<{ pagination: Pagination<SiteNotification>; unread: number }>('notifications', { perPage: 10 });
      qc.setQueryData(UNREAD, r.unread);
      return r;
    },
    enabled: open,
  });
  const read = useMutation({
    mutationFn: (ids?: number[]) => api.post<{ unread: number }>('notifications/read', ids ? { ids } : {}),
    onSuccess: (r) => {
      qc.setQueryData(UNREAD, r.unread);
      void qc.invalidateQueries({ queryKey: LATEST });
    },
  });
  const count = unread.data ?? 0;
  const items = latest.data?.pagination.data ?? [];
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownTrigger
        className="relative rounded-full p-2 hover:bg-hover"
        aria-label={count ? trans('Notifications (:count unread)', { count }) : trans('Notifications')}
      >
        <Bell size={20} aria-hidden />
        {count > 0 && (
          <span aria-hidden className="absolute end-0.5 top-0.5 min-w-4 rounded-full bg-primary px-1 text-center text-[10px] font-semibold leading-4 text-on-primary">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </DropdownTrigger>
      <DropdownContent>
        <div className="w-80 max-w-full">
          <DropdownLabel>{trans('Notifications')}</DropdownLabel>
          <DropdownSeparator />
          {latest.isPending ? (
            <div className="flex flex-col gap-2 p-2" aria-busy="true">{[0, 1, 2].map((i) => <div key={i} className="skeleton h-12 rounded" />)}</div>
          ) : !items.length ? (
            <p className="px-3 py-6 text-center text-text-muted">{trans('No notifications yet.')}</p>
          ) : (
            items.map((n) => {
              const [picture, headline, detail] = describe(n);
              return (
                <DropdownItem
                  key={n.id}
                  className={cn('items-start', !n.read_at && 'bg-primary/5')}
                  onSelect={() => {
                    if (!n.read_at) read.mutate([n.id]);
                    navigate(n.link);
                  }}
                >
                  {picture}
                  <span className="flex min-w-0 flex-col gap-0.5">
                    <span>{headline}</span>
                    <span className="line-clamp-2 text-text-muted">{detail}</span>
                    <span className="text-xs text-text-muted">
                      {formatDateTime(n.created_at)}
                      {!n.read_at && <span className="sr-only">, {trans('unread')}</span>}
                    </span>
                  </span>
                  {!n.read_at && <span aria-hidden className="ms-auto mt-1 h-2 w-2 shrink-0 rounded-full bg-primary" />}
                </DropdownItem>
              );
            })
          )}
          <DropdownSeparator />
          <div className="flex">
            {count > 0 && <DropdownItem onSelect={() => read.mutate(undefined)} className="flex-1 justify-center text-primary">{trans('Mark all as read')}</DropdownItem>}
            <DropdownItem onSelect={() => navigate('/account-settings#account-notifications')} className="flex-1 justify-center">
              <Settings size={16} aria-hidden /><span className="sr-only">{trans('Notification settings')}</span><span aria-hidden>{trans('Settings')}</span>
            </DropdownItem>
          </div>
        </div>
      </DropdownContent>
    </DropdownMenu>
  );
}
