import type { ReactNode } from 'react';
import { Film, Globe, Lock } from 'lucide-react';
import { Link } from 'react-router';
import type { UserList } from '@app/contracts/lists';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { ROVING_ITEM, useRovingRow } from '../../ui/roving-row';
import { POSTER_GRID_CLASS } from '../ui/PosterGrid';
import { responsiveImage } from '@app/contracts/image-sizes';

/** A list's cover: its first four posters as a 2×2 collage, or a placeholder. */
function Cover({ posters }: { posters: (string | null)[] }) {
  const shown = posters.slice(0, 4);
  if (!shown.some(Boolean)) return <span className="flex h-full w-full items-center justify-center text-text-muted"><Film size="2rem" aria-hidden /></span>;
  return (
    <span className="grid h-full w-full grid-cols-2 grid-rows-2">
      {Array.from({ length: 4 }, (_, i) => (shown[i] ? <img key={i} {...responsiveImage(shown[i]!, 'poster')} alt="" loading="lazy" className="h-full w-full object-cover" /> : <span key={i} className="bg-bg" />))}
    </span>
  );
}

/** A list as a poster-sized card (cover, name, visibility, size, last change) opening its page; `actions` below. */
function ListCard({ list, actions, tabIndex }: { list: UserList; actions?: ReactNode; tabIndex: number }) {
  return (
    <li className="group flex flex-col gap-2" data-testid="list-card">
      <Link to={`/lists/${list.id}`} tabIndex={tabIndex} {...{ [ROVING_ITEM]: '' }} className="flex flex-col gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-primary">
        <span className="aspect-[2/3] overflow-hidden rounded-md bg-bg-alt shadow-md transition group-hover:shadow-lg"><Cover posters={list.posters ?? []} /></span>
        <span className="truncate text-sm font-medium group-hover:text-primary">{list.name}</span>
      </Link>
      {/* Each part stays on one line ("3 titles", "Updated Dec 1, 2026"); a narrow card moves the date to the next line,
          so they are set apart by space, not a dot that would end the first line. */}
      <span className="-mt-1.5 flex flex-wrap items-center gap-x-3 text-xs text-text-muted">
        <span className="flex items-center gap-2 whitespace-nowrap">
          {list.public ? <Globe size="0.75rem" aria-label={trans('Public')} /> : <Lock size="0.75rem" aria-label={trans('Private')} />}
          <span>{trans('[one 1 title|other :count titles]', { count: list.items_count })}</span>
        </span>
        <span className="whitespace-nowrap">{trans('Updated :date', { date: formatDate(list.updated_at) })}</span>
      </span>
      {actions ? <span className="flex gap-1">{actions}</span> : null}
    </li>
  );
}

/**
 * Lists as a grid of cards, one Tab stop with arrow keys like the poster grids (useRovingRow); `actions` are a
 * card's buttons, given the card's `tabIndex` so only the current card's are in the Tab order.
 */
export function ListCardGrid({ lists, label, actions }: { lists: UserList[]; label: string; actions?: (list: UserList, tabIndex: number) => ReactNode }) {
  const roving = useRovingRow(lists.length, { grid: true });
  return (
    <ul className={POSTER_GRID_CLASS} aria-label={label} {...roving.listProps}>
      {lists.map((l, i) => <ListCard key={l.id} list={l} tabIndex={roving.tabIndexOf(i)} actions={actions?.(l, roving.tabIndexOf(i))} />)}
    </ul>
  );
}
