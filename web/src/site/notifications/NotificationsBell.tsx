import { Bell } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteNotification } from '@app/contracts/notifications';
import type { Pagination } from '@app/contracts/list';
import { api } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { cn } from '../../ui/cn';
import { DropdownContent, DropdownItem, DropdownLabel, DropdownMenu, DropdownSeparator, DropdownTrigger } from '../../ui/DropdownMenu';
import { NotificationBody, useMarkRead } from './NotificationBody';
import { UNREAD_NOTIFICATIONS as UNREAD } from './keys';

const LATEST = ['notifications', 'list', 'latest'] as const;

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
  const read = useMarkRead();
  const count = unread.data ?? 0;
  const items = latest.data?.pagination.data ?? [];
  // Opened by keyboard before the list arrived, the menu holds focus itself (there is nothing but the footer's
  // actions, and "Mark all as read" must not be where Enter lands): the first notification takes it once loaded.
  const byKeyboard = useRef(false);
  const loading = latest.isPending;
  useEffect(() => {
    if (!open || loading || !byKeyboard.current) return;
    const active = document.activeElement;
    if (active?.getAttribute('role') === 'menu') active.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open, loading]);
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownTrigger
        className="relative rounded-full p-2 hover:bg-hover"
        aria-label={count ? trans('Notifications (:count unread)', { count }) : trans('Notifications')}
        onKeyDown={() => { byKeyboard.current = true; }}
        onPointerDown={() => { byKeyboard.current = false; }}
      >
        <Bell size="1.25rem" aria-hidden />
        {count > 0 && (
          <span aria-hidden className="absolute end-0.5 top-0.5 min-w-4 rounded-full bg-primary px-1 text-center text-[0.625rem] font-semibold leading-4 text-on-primary">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </DropdownTrigger>
      <DropdownContent>
        <div className="w-80 max-w-full">
          <DropdownLabel>{trans('Notifications')}</DropdownLabel>
          <DropdownSeparator />
          {loading ? (
            <div className="flex flex-col gap-2 p-2" aria-busy="true">{[0, 1, 2].map((i) => <div key={i} className="skeleton h-12 rounded" />)}</div>
          ) : !items.length ? (
            <p className="px-3 py-6 text-center text-text-muted">{trans('No notifications yet.')}</p>
          ) : (
            items.map((n) => (
              <DropdownItem
                key={n.id}
                className={cn('items-start', !n.read_at && 'bg-primary/5')}
                onSelect={() => {
                  if (!n.read_at) read.mutate([n.id]);
                  navigate(n.link);
                }}
              >
                <NotificationBody notification={n} />
              </DropdownItem>
            ))
          )}
          {!loading && (
            <>
              <DropdownSeparator />
              <div className="flex">
                {count > 0 && <DropdownItem onSelect={() => read.mutate(undefined)} className="flex-1 justify-center text-primary">{trans('Mark all as read')}</DropdownItem>}
                <DropdownItem onSelect={() => navigate('/notifications')} className="flex-1 justify-center">{trans('See all')}</DropdownItem>
              </div>
            </>
          )}
        </div>
      </DropdownContent>
    </DropdownMenu>
  );
}
