import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, Settings, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { PaginationResponse } from '@app/contracts/list';
import type { SiteNotification } from '@app/contracts/notifications';
import { useDocumentTitle } from '../../admin/PageTitle';
import { api, type ApiError } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { MenuPosition } from '../appearance/MenuPosition';
import { InfiniteSentinel } from '../browse/InfiniteSentinel';
import { PageError } from '../titles/PageState';
import { NotificationBody, headlineOf, useDeleteNotifications, useMarkRead } from './NotificationBody';
import { UNREAD_NOTIFICATIONS } from './keys';
import { nextPage } from '../../lib/next-page';
import { READING_WIDTH } from '../ui/page-width';

const PAGE_SIZE = 20;

/** /notifications: every notification the member has, newest first, loading more as they scroll. */
export function Component() {
  useDocumentTitle(trans('Notifications'));
  const qc = useQueryClient();
  const read = useMarkRead();
  const remove = useDeleteNotifications();
  const query = useInfiniteQuery<PaginationResponse<SiteNotification> & { unread: number }, ApiError>({
    queryKey: ['notifications', 'list', 'page'],
    queryFn: async ({ pageParam, signal }) => {
      const r = await api.get<PaginationResponse<SiteNotification> & { unread: number }>('notifications', { page: pageParam as number, perPage: PAGE_SIZE }, signal);
      qc.setQueryData(UNREAD_NOTIFICATIONS, r.unread);
      return r;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => nextPage(last.pagination),
  });
  const items = query.data?.pages.flatMap((p) => p.pagination.data) ?? [];
  const unread = query.data?.pages.at(-1)?.unread ?? 0;
  return (
    <div className={cn(READING_WIDTH, 'py-8 sm:py-10')}>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold sm:text-3xl">{trans('Notifications')}</h1>
          <p className="mt-1 text-sm text-text-muted">{unread ? trans(':count unread', { count: unread }) : trans('You are all caught up.')}</p>
        </div>
        <div className="flex items-center gap-2">
          {unread > 0 && <Button variant="outline" onClick={() => read.mutate(undefined)} disabled={read.isPending}>{trans('Mark all as read')}</Button>}
          <Link to="/account-settings#account-notifications" className="inline-flex items-center gap-2 rounded px-3 py-2 text-sm text-text-muted hover:bg-hover hover:text-text">
            <Settings size="1rem" aria-hidden />{trans('Notification settings')}
          </Link>
        </div>
      </header>
      <MenuPosition position="notifications-page" label={trans('Notification links')} className="-mx-3 -mt-3 mb-4" itemClassName="text-text-muted" />
      {query.isError ? <PageError error={query.error} /> : query.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">{[0, 1, 2, 3].map((i) => <div key={i} className="skeleton h-20 rounded-lg" />)}</div>
      ) : !items.length ? (
        <div className="flex flex-col items-center gap-3 py-16 text-center">
          <Bell size="2.5rem" aria-hidden className="text-text-muted" />
          <h2 className="text-xl font-semibold">{trans('No notifications yet.')}</h2>
          <p className="max-w-md text-text-muted">{trans('Replies to your comments, new episodes of the series you follow and titles on your watchlist that start streaming will show up here.')}</p>
        </div>
      ) : (
        <ul className="flex flex-col divide-y divide-border overflow-hidden rounded-lg border border-border bg-bg-elevated">
          {items.map((n) => (
            <li key={n.id} className={cn('flex items-start', !n.read_at && 'bg-primary/5')}>
              <Link
                to={n.link}
                onClick={() => { if (!n.read_at) read.mutate([n.id]); }}
                className="flex min-w-0 flex-1 items-start gap-3 px-4 py-3 hover:bg-hover focus-visible:outline-2 focus-visible:outline-primary"
              >
                <NotificationBody notification={n} large />
              </Link>
              <Button
                variant="text"
                size="icon"
                className="m-2 shrink-0"
                aria-label={trans('Delete notification: :headline', { headline: headlineOf(n) })}
                title={trans('Delete')}
                disabled={remove.isPending}
                onClick={() => remove.mutate([n.id])}
              >
                <Trash2 size="1rem" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <InfiniteSentinel hasMore={!!query.hasNextPage} loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} />
    </div>
  );
}
