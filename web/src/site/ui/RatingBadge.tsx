import { Star } from 'lucide-react';
import { trans } from '../../lib/i18n';
import { cn } from '../../ui/cn';

const shownRating = (rating: number | null | undefined) => (rating === null || rating === undefined || !(rating > 0) ? null : rating.toFixed(1));

/** The rating in a line of facts (a title's or an episode's hero, an episode row); nothing when there is none. */
export function RatingText({ rating, className }: { rating: number | null | undefined; className?: string }) {
  const value = shownRating(rating);
  if (!value) return null;
  return <span aria-label={trans('Rating :rating', { rating: value })} className={cn('font-semibold text-text', className)}>★ {value}</span>;
}

/** A title's 0–10 rating with a star; nothing when the title has none. */
export function RatingBadge({ rating, className }: { rating: number | null | undefined; className?: string }) {
  const value = shownRating(rating);
  if (!value) return null;
  return (
    <span className={cn('inline-flex items-center gap-1 rounded bg-black/60 px-1.5 py-0.5 text-xs font-semibold text-white', className)}
      aria-label={trans('Rating :rating', { rating: value })}>
      <Star size={12} className="fill-amber-400 text-amber-400" aria-hidden />{value}
    </span>
  );
}
