import { useId } from 'react';
import { Film } from 'lucide-react';
import { Link } from 'react-router';
import { trans } from '../../lib/i18n';
import { RatingBadge } from './RatingBadge';
import { titleUrl } from './urls';
import { WatchlistToggle } from '../lists/WatchlistToggle';
import { ROVING_ITEM } from '../../ui/roving-row';
import { responsiveImage } from '@app/contracts/image-sizes';

/** The fields a poster card needs; any title shape from the API satisfies it. */
export interface PosterCardTitle {
  id: number;
  name: string;
  poster?: string | null;
  year?: number | null;
  rating?: number | null;
  is_series?: boolean;
  description?: string | null;
  genres?: { id: number; display_name?: string | null; name: string }[];
  /** Another address than the title's page (a search hit from the movie database, not in the catalogue yet: no watchlist). */
  href?: string;
}

/**
 * One poster in a grid or row: links to its title, shows year and rating, and on hover or keyboard focus
 * slides up an overview snippet and the genres (CSS only: `group-focus-visible` mirrors `group-hover`).
 * Screen readers hear the name first ('Crimson Harbor 2024 Series Rating 7.3'), then the snippet as its description,
 * not the whole overview before the name. `tabIndex` is a roving row's (useRovingRow): -1 takes the card out of Tab.
 * `eager` is for a card of a page's first row: it shows at once and is often the page's largest paint, which a lazy
 * image delays (the browser waits for layout before it asks for it).
 */
export function PosterCard({ title, tabIndex, eager = false }: { title: PosterCardTitle; tabIndex?: number; eager?: boolean }) {
  const genres = (title.genres ?? []).slice(0, 3).map((g) => g.display_name || g.name);
  const id = useId();
  const hasOverlay = Boolean(title.description || genres.length > 0);
  return (
    <div className="group/card relative">
    <Link to={title.href ?? titleUrl(title)} data-testid="poster-card" tabIndex={tabIndex} {...{ [ROVING_ITEM]: '' }}
      aria-labelledby={`${id}-name ${id}-meta ${id}-rating`} aria-describedby={hasOverlay ? `${id}-overlay` : undefined}
      className="group flex flex-col gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-2 focus-visible:ring-offset-bg">
      <div className="relative aspect-[2/3] overflow-hidden rounded-md bg-bg-alt shadow-md">
        {title.poster
          ? <img {...responsiveImage(title.poster, 'poster')} alt="" className="h-full w-full object-cover transition duration-300 group-hover:scale-105 group-focus-visible:scale-105" loading={eager ? 'eager' : 'lazy'} />
          : <span className="flex h-full w-full items-center justify-center p-3 text-center text-sm text-text-muted"><Film size="1.75rem" aria-hidden className="mb-2 block" /></span>}
        <RatingBadge rating={title.rating} id={`${id}-rating`} className="absolute start-2 top-2" />
        {hasOverlay && (
          <div id={`${id}-overlay`} className="absolute inset-x-0 bottom-0 flex translate-y-full flex-col gap-1 bg-gradient-to-t from-black/95 via-black/85 to-black/40 p-3 text-white opacity-0 transition duration-200 group-hover:translate-y-0 group-hover:opacity-100 group-focus-visible:translate-y-0 group-focus-visible:opacity-100">
            {genres.length > 0 && <span className="text-[0.6875rem] font-semibold uppercase tracking-wide text-white/80">{genres.join(' · ')}</span>}
            {title.description && <span dir="auto" className="line-clamp-4 text-xs leading-snug">{title.description}</span>}
          </div>
        )}
      </div>
      <span id={`${id}-name`} className="truncate text-sm font-medium group-hover:text-primary">{title.name}</span>
      {/* A narrow card (the channel editor's preview) moves the type to the next line rather than splitting a word. */}
      <span id={`${id}-meta`} className="-mt-1.5 flex flex-wrap gap-x-2 text-xs text-text-muted" data-testid="poster-card-meta">
        {title.year ? <span className="whitespace-nowrap">{title.year}</span> : null}
        {title.is_series !== undefined && <span className="whitespace-nowrap">{title.is_series ? trans('Series') : trans('Movie')}</span>}
      </span>
    </Link>{!title.href && <WatchlistToggle titleId={title.id} name={title.name} tabIndex={tabIndex} />}</div>
  );
}
