import { useInfiniteQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ChannelItem, ChannelWithContent } from '@app/contracts/channels';
import { CHANNEL_PAGE_SIZE } from '@app/contracts/channels-constants';
import { ApiError, api } from '../../lib/api';
import { takePageData } from '../../lib/page-data';
import { useAuth } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { InfiniteSentinel } from '../browse/InfiniteSentinel';
import { NotFoundPage } from '../ErrorPages';
import { NoAccess, isNoAccess } from '../ui/NoAccess';
import { ChannelItems, ChannelSkeleton } from './ChannelLayouts';
import { useSeen } from '../../ui/use-seen';
import { buttonClass } from '../../ui/Button';
import { nextPage } from '../../lib/next-page';

/**
 * One channel's pages; nested channels come with their first items on page one. The first page of the home page and
 * of /channel/{slug} comes embedded in the server-rendered HTML (modules/channels/page-data.ts): no round trip.
 */
export function useChannelPages(slug: string) {
  return useInfiniteQuery({
    queryKey: ['channel', 'public', slug],
    queryFn: ({ pageParam }) => {
      const path = `channel/${encodeURIComponent(slug)}`;
      const embedded = pageParam === 1 ? takePageData<{ channel: ChannelWithContent }>(path) : undefined;
      return (embedded ? Promise.resolve(embedded) : api.get<{ channel: ChannelWithContent }>(path, { page: pageParam, perPage: CHANNEL_PAGE_SIZE })).then((r) => r.channel);
    },
    initialPageParam: 1,
    getNextPageParam: (last) => nextPage(last.content),
  });
}

/** Rows drawn at once on a channel of channels; later rows draw their cards as they near the screen. */
const EAGER_ROWS = 2;

/**
 * A nested channel: its name (linking to its own page) and its first items in its nested layout. Rows past the
 * first screen keep their heading but draw their cards only when scrolled near: a home page of ten rows is a few
 * hundred cards, and rendering them all at once held the main thread for over a second on a slow machine.
 */
function NestedRow({ item, eager }: { item: ChannelItem; eager: boolean }) {
  const [ref, seen] = useSeen<HTMLElement>({ rootMargin: '400px 0px', threshold: 0, initially: eager });
  const layout = item.config?.nestedLayout ?? 'carousel';
  const items = item.content?.data ?? [];
  if (!items.length) return null;
  const headingId = `channel-row-${item.id}`;
  return (
    // A hero slider is a region named after its channel itself: naming the row too read 'Featured, Featured'.
    <section ref={ref} aria-labelledby={item.config?.hideTitle ? undefined : headingId} aria-label={item.config?.hideTitle && layout !== 'heroSlider' ? item.name : undefined} className="flex flex-col gap-3" data-testid="channel-row">
      {!item.config?.hideTitle && (
        <div className="flex items-baseline gap-3">
          <h2 id={headingId} dir="auto" className="text-xl font-bold">{item.name}</h2>
          <Link to={`/channel/${item.slug}`} className="text-sm text-primary hover:underline">{trans('See all')}</Link>
        </div>
      )}
      {seen ? <ChannelItems items={items} layout={layout} label={item.name} /> : <div className="h-64 rounded-lg bg-bg-alt/60 sm:h-80" aria-hidden />}
    </section>
  );
}

/**
 * A channel of channels whose rows are all empty: on a new site (no titles yet) the home page would be a blank
 * screen. Visitors are told there is nothing yet; someone who manages titles is shown where to add them.
 */
function EmptyRows() {
  const { can } = useAuth();
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-border bg-bg-alt/60 px-6 py-16 text-center" data-testid="channel-empty">
      <h2 className="text-xl font-bold">{trans('Nothing to watch yet')}</h2>
      <p className="max-w-md text-text-muted">{trans('New movies and series will show up here soon.')}</p>
      {can('titles.update') && (
        <>
          <p className="max-w-md text-sm text-text-muted">{trans('Add titles in the admin, or import them from TMDb, and they will fill these rows.')}</p>
          <Link to="/admin/titles" className={buttonClass('primary', 'md')}>{trans('Add titles')}</Link>
        </>
      )}
    </div>
  );
}

/**
 * Any channel in its layout, with load-more paging; a channel of channels shows each nested one as a row.
 */
export function ChannelView({ slug, afterFirstRow }: { slug: string; /** On a channel of channels, drawn after its first row (the home page's Continue watching). */ afterFirstRow?: ReactNode }) {
  const query = useChannelPages(slug);
  if (query.isPending) return <ChannelSkeleton />;
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
  if (isNoAccess(query.error)) return <NoAccess />;
  if (query.isError || !query.data) return <p role="alert" className="py-12 text-center text-text-muted">{trans('There was an issue. Please try again.')}</p>;
  const first = query.data.pages[0];
  const items = query.data.pages.flatMap((p) => p.content.data);
  const nests = first.config.contentModel === 'channels';
  return (
    <div className="flex flex-col gap-10" data-testid="channel-view">
      {first.config.hideTitle ? <h1 className="sr-only">{first.name}</h1> : (
        <header className="flex flex-col gap-2">
          <h1 dir="auto" className="text-3xl font-bold">{first.name}</h1>
          {first.description && <p dir="auto" className="max-w-3xl text-text-muted">{first.description}</p>}
        </header>
      )}
      {nests && !items.some((item) => item.content?.data?.length) && <EmptyRows />}
      {nests
        ? items.map((item, i) => (
          <Fragment key={item.id}>
            <NestedRow item={item} eager={i < EAGER_ROWS} />
            {i === 0 && afterFirstRow}
          </Fragment>
        ))
        : items.length === 0
          ? <p className="py-12 text-center text-text-muted">{trans('Nothing to show here yet.')}</p>
          : <ChannelItems items={items} layout={first.config.layout} label={first.name} loading={query.isFetchingNextPage ? 6 : 0} />}
      <InfiniteSentinel hasMore={!!query.hasNextPage} loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} />
    </div>
  );
}
