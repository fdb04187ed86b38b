import { Globe, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ListItem, ListPageData } from '@app/contracts/lists';
import { trans } from '../../lib/i18n';
import { Avatar } from '../../ui/Avatar';
import { InfiniteSentinel } from '../browse/InfiniteSentinel';
import { PosterGridSkeleton } from '../ui/PosterGrid';
import { useListPage } from './api';
import { ListItemsGrid } from './ListItemsGrid';
import { AuthorLink, memberName } from '../profiles/AuthorLink';
import { PAGE_WIDTH } from '../ui/page-width';
import { cn } from '../../ui/cn';

/** A list's heading: name, owner, count, visibility and description; `actions` are the owner's buttons. */
export function ListHeader({ data, actions }: { data: ListPageData; actions?: ReactNode }) {
  const { list } = data;
  return (
    <header className="border-b border-border bg-gradient-to-b from-bg-alt to-bg">
      <div className={cn(PAGE_WIDTH, 'flex flex-col gap-4 py-8 md:flex-row md:items-end md:justify-between')}>
        <div className="flex min-w-0 flex-col gap-3">
          <h1 className="text-3xl font-bold sm:text-4xl">{list.internal ? trans('Watchlist') : list.name}</h1>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-text-muted">
            <AuthorLink userId={list.user.id} className="flex items-center gap-2">
              <Avatar src={list.user.avatar} label={memberName(list.user)} size={24} />
              <span>{trans('By :name', { name: memberName(list.user) })}</span>
            </AuthorLink>
            <span>{trans('[one 1 title|other :count titles]', { count: list.items_count })}</span>
            <span className="flex items-center gap-1">
              {list.public ? <Globe size="0.875rem" aria-hidden /> : <Lock size="0.875rem" aria-hidden />}
              {list.public ? trans('Public') : trans('Private')}
            </span>
          </div>
          {list.description ? <p dir="auto" className="max-w-3xl whitespace-pre-line leading-relaxed">{list.description}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}

/** Items of a list page with load-more paging; `empty` shows when the list holds nothing. */
export function ListItemsSection({ query, label, empty, onRemove, onMove }: {
  query: ReturnType<typeof useListPage>; label: string; empty: ReactNode;
  onRemove?: (item: ListItem) => void; onMove?: (item: ListItem, position: number) => Promise<unknown>;
}) {
  const items = query.data?.pages.flatMap((p) => p.items.data) ?? [];
  return (
    <section className={cn(PAGE_WIDTH, 'py-8')}>
      {query.isPending ? <PosterGridSkeleton /> : items.length ? <ListItemsGrid items={items} label={label} onRemove={onRemove} onMove={onMove} /> : empty}
      <InfiniteSentinel hasMore={!!query.hasNextPage} loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} />
    </section>
  );
}
