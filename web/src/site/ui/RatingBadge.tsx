import { Star } from 'lucide-react';
import { trans } from '../../lib/i18n';
import { cn } from '../../ui/cn';

/** A title's 0–10 rating with a star; nothing when the title has none. */
export function RatingBadge({ rating, className }: { rating: number | null | undefined; className?: string }) {
  if (rating === null || rating === undefined || !(rating > 0)) return null;
  const value = rating.toFixed(1);
  return (
    <span className={cn('inline-flex items-center gap-1 rounded bg-black/60 px-1.5 py-0.5 text-xs font-semibold text-white', className)}
      aria-label={trans('Rating :rating', { rating: value })}>
      <Star size={12} className="fill-amber-400 text-amber-400" aria-hidden />{value}
    </span>
  );
}
