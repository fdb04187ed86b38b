import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../ui/cn';
import { rowScrollLabels, type useRowScroll } from '../../ui/row-scroll';

// At its end an arrow fades away instead of lying dimmed over the first poster; it shows again if the keyboard reaches it.
const ARROW = 'absolute top-1/3 hidden rounded-full border border-border bg-bg p-1.5 shadow transition-opacity aria-disabled:pointer-events-none aria-disabled:opacity-0 aria-disabled:focus-visible:opacity-40 sm:block';

/** Previous/next buttons over a scrolling row's ends (a relative parent places them), only when the row overflows. */
export function RowArrows({ row }: { row: ReturnType<typeof useRowScroll> }) {
  if (!row.overflows) return null;
  const labels = rowScrollLabels();
  return (
    <>
      <button type="button" onClick={() => row.scroll(-1)} aria-disabled={row.atStart} aria-label={labels.back} className={cn(ARROW, '-start-3')}><ChevronLeft size="1.125rem" aria-hidden className="rtl:-scale-x-100" /></button>
      <button type="button" onClick={() => row.scroll(1)} aria-disabled={row.atEnd} aria-label={labels.forward} className={cn(ARROW, '-end-3')}><ChevronRight size="1.125rem" aria-hidden className="rtl:-scale-x-100" /></button>
    </>
  );
}
