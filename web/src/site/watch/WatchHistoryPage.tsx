import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { History, X } from 'lucide-react';
import { Link } from 'react-router';
import type { PaginationResponse } from '@app/contracts/list';
import type { ContinueWatchingItem } from '@app/contracts/watch';
import { useDocumentTitle } from '../../admin/PageTitle';
import { api, errorMessage, type ApiError } from '../../lib/api';
import { dayBefore, dayOfInstant, formatDate } from '../../lib/format';
import { useToday } from '../../lib/use-today';
import { trans } from '../../lib/i18n';
import { Button, buttonClass } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/Toast';
import { InfiniteSentinel } from '../browse/InfiniteSentinel';
import { PageError } from '../titles/PageState';
import { watchUrl } from '../ui/urls';
import { WatchedBar } from '../ui/WatchedBar';
import { subtitle } from './ContinueWatching';
import { WATCH_HISTORY_KEY as KEY, forgetResumes, useForgetVideo } from './resume-cache';
import { nextPage } from '../../lib/next-page';
import { VideoPicture } from './VideoPicture';
import { READING_WIDTH } from '../ui/page-width';
import { cn } from '../../ui/cn';

const PAGE_SIZE = 20;
type Page = PaginationResponse<ContinueWatchingItem>;

function Row({ item, onRemove }: { item: ContinueWatchingItem; onRemove: () => void }) {
  const sub = subtitle(item);
  return (
    <li className="group relative flex items-center gap-4 px-3 py-3 hover:bg-hover sm:px-4">
      <Link to={watchUrl(item.video.id)} className="flex min-w-0 flex-1 items-center gap-4 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-primary">
        <span className="relative aspect-video w-28 shrink-0 overflow-hidden rounded bg-bg-alt sm:w-40">
          <VideoPicture images={[item.video.thumbnail, item.title.backdrop, item.title.poster]} />
          <WatchedBar position={item.position} duration={item.duration} />
        </span>
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="truncate font-medium group-hover:text-primary">{item.title.name}</span>
          {sub && <span className="truncate text-sm text-text-muted">{sub}</span>}
        </span>
      </Link>
      <button
        type="button" onClick={onRemove} aria-label={trans('Remove :name from your history', { name: sub ? `${item.title.name}, ${sub}` : item.title.name })}
        className={buttonClass('text', 'icon', 'shrink-0 text-text-muted hover:text-text')}
      >
        <X size="1.125rem" aria-hidden />
      </button>
    </li>
  );
}

/** The history's rows in runs of the day they were watched (newest first already), each day named as people say it. */
function byDay(items: ContinueWatchingItem[], now: string): { day: string; label: string; items: ContinueWatchingItem[] }[] {
  const yesterday = dayBefore(now);
  const days: { day: string; label: string; items: ContinueWatchingItem[] }[] = [];
  for (const item of items) {
    const day = dayOfInstant(item.updated_at);
    const last = days.at(-1);
    if (last?.day === day) last.items.push(item);
    else days.push({ day, label: day === now ? trans('Today') : day === yesterday ? trans('Yesterday') : formatDate(day), items: [item] });
  }
  return days;
}

/**
 * /history: every video the member started, newest first, with how far they got; a row resumes its video. Removing
 * one, or clearing it all, forgets those resume points (Continue watching and the title pages' Resume follow).
 */
export function Component() {
  useDocumentTitle(trans('Watch history'));
  const now = useToday();
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const query = useInfiniteQuery<Page, ApiError>({
    queryKey: KEY,
    queryFn: ({ pageParam, signal }) => api.get<Page>('watch-history', { page: pageParam as number, perPage: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPage(last.pagination),
  });
  const remove = useForgetVideo<InfiniteData<Page>>(KEY, (data, videoId) => ({
    ...data, pages: data.pages.map((p) => ({ ...p, pagination: { ...p.pagination, data: p.pagination.data.filter((i) => i.video.id !== videoId) } })),
  }));
  const clear = useMutation({
    mutationFn: () => api.delete('watch-history'),
    onSuccess: () => {
      setConfirming(false);
      toast(trans('Watch history cleared'));
      void forgetResumes(qc);
    },
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  const items = query.data?.pages.flatMap((p) => p.pagination.data) ?? [];
  return (
    <div className={cn(READING_WIDTH, 'py-8 sm:py-10')}>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold sm:text-3xl">{trans('Watch history')}</h1>
          <p className="mt-1 text-sm text-text-muted">{trans('Everything you started watching, newest first.')}</p>
        </div>
        {items.length > 0 && <Button variant="outline" onClick={() => setConfirming(true)}>{trans('Clear history')}</Button>}
      </header>
      {query.isError ? <PageError error={query.error} /> : query.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">{[0, 1, 2, 3].map((i) => <div key={i} className="skeleton h-24 rounded-lg" />)}</div>
      ) : !items.length ? (
        <div className="flex flex-col items-center gap-3 py-16 text-center">
          <History size="2.5rem" aria-hidden className="text-text-muted" />
          <h2 className="text-xl font-semibold">{trans('Nothing watched yet')}</h2>
          <p className="max-w-md text-text-muted">{trans('Videos you start watching will show up here, so you can pick up where you left off.')}</p>
          <Link to="/movies" className={buttonClass('primary')}>{trans('Browse movies')}</Link>
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          {byDay(items, now).map(({ day, label, items: watched }) => (
            <section key={day} aria-labelledby={`watched-${day}`}>
              <h2 id={`watched-${day}`} className="mb-2 text-sm font-semibold uppercase tracking-wide text-text-muted">{label}</h2>
              <ul className="flex flex-col divide-y divide-border overflow-hidden rounded-lg border border-border bg-bg-elevated">
                {watched.map((i) => <Row key={i.video.id} item={i} onRemove={() => remove.mutate(i.video.id)} />)}
              </ul>
            </section>
          ))}
        </div>
      )}
      <InfiniteSentinel hasMore={!!query.hasNextPage} loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} />
      <ConfirmDialog
        open={confirming} onOpenChange={setConfirming} title={trans('Clear your watch history?')}
        body={trans('Every video leaves your history and Continue watching, and starts from the beginning next time. This cannot be undone.')}
        confirm={trans('Clear history')} danger pending={clear.isPending} onConfirm={() => clear.mutate()}
      />
    </div>
  );
}
