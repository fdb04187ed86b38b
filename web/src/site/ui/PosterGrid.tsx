import { trans } from '../../lib/i18n';
import { useRovingRow } from '../../ui/roving-row';
import { PosterCard, type PosterCardTitle } from './PosterCard';
import { PosterCardSkeleton } from './PosterCardSkeleton';

export const POSTER_GRID_CLASS = 'grid grid-cols-3 gap-x-3 gap-y-6 sm:gap-x-4 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6';
/** Cards in the widest first row (xl:grid-cols-6): their posters load at once, the rest as they near the viewport. */
export const POSTER_GRID_FIRST_ROW = 6;

/**
 * A responsive grid of poster cards, one Tab stop whose arrow keys move in two dimensions (useRovingRow's grid);
 * `loading` adds card-shaped skeletons after the cards (a page still coming).
 */
export function PosterGrid({ titles, loading = 0, label }: { titles: PosterCardTitle[]; loading?: number; label?: string }) {
  const roving = useRovingRow(titles.length, { grid: true });
  return (
    <ul className={POSTER_GRID_CLASS} aria-label={label} aria-busy={loading > 0 || undefined} {...roving.listProps}>
      {titles.map((t, i) => <li key={t.href ?? t.id}><PosterCard title={t} tabIndex={roving.tabIndexOf(i)} eager={i < POSTER_GRID_FIRST_ROW} /></li>)}
      {Array.from({ length: loading }, (_, i) => <li key={`s${i}`}><PosterCardSkeleton /></li>)}
    </ul>
  );
}

/** The whole grid as skeletons, while the first page loads. */
export function PosterGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <div className={POSTER_GRID_CLASS} role="status" aria-label={trans('Loading')}>
      {Array.from({ length: count }, (_, i) => <PosterCardSkeleton key={i} />)}
    </div>
  );
}
