import type { ReactNode } from 'react';
import { Star } from 'lucide-react';
import { trans } from '../../lib/i18n';
import { cn } from '../../ui/cn';

const shownRating = (rating: number | null | undefined) => (rating === null || rating === undefined || !(rating > 0) ? null : rating.toFixed(1));

/**
 * What a screen reader reads for a rating ('Rating 7.3') while the eye sees the star and number: a name on a plain
 * span (aria-label) is not read by screen readers outside a link, so the words are visually hidden text instead.
 */
function Spoken({ value, children, className }: { value: string; children: ReactNode; className?: string }) {
  // Not display: contents, which Chromium leaves out of the accessibility tree together with its aria-hidden.
  return <><span aria-hidden className={className}>{children}</span><span className="sr-only">{trans('Rating :rating', { rating: value })}</span></>;
}

/** The rating in a line of facts (a title's or an episode's hero, an episode row); nothing when there is none. */
export function RatingText({ rating, className }: { rating: number | null | undefined; className?: string }) {
  const value = shownRating(rating);
  if (!value) return null;
  return <span className={cn('font-semibold text-text', className)}><Spoken value={value}>★ {value}</Spoken></span>;
}

/** A title's 0–10 rating with a star; nothing when the title has none. */
export function RatingBadge({ rating, className, id }: { rating: number | null | undefined; className?: string; id?: string }) {
  const value = shownRating(rating);
  if (!value) return null;
  return (
    <span id={id} className={cn('inline-flex items-center gap-1 rounded bg-black/60 px-1.5 py-0.5 text-xs font-semibold text-white', className)}>
      <Spoken value={value} className="inline-flex items-center gap-1"><Star size="0.75rem" className="fill-amber-400 text-amber-400" aria-hidden />{value}</Spoken>
    </span>
  );
}
