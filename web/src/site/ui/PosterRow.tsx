import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { trans } from '../../lib/i18n';
import { PosterCard, type PosterCardTitle } from './PosterCard';
import { PosterCardSkeleton } from './PosterCardSkeleton';
import { ROW_SCROLLER_CLASS, rowScrollLabels, useRowScroll } from '../../ui/row-scroll';
import { useRovingRow } from '../../ui/roving-row';

interface Props {
  title: string;
  titles: PosterCardTitle[] | undefined;
  /** "See all" target. */
  moreUrl?: string;
  empty?: ReactNode;
}

/** A titled horizontal row of posters that scrolls by touch, wheel or its previous/next buttons. */
export function PosterRow({ title, titles, moreUrl, empty }: Props) {
  const row = useRowScroll<HTMLUListElement>(titles?.length ?? -1);
  const roving = useRovingRow(titles?.length ?? 0);
  const labels = rowScrollLabels();
  const id = `row-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <h2 id={id} className="text-xl font-bold">{title}</h2>
        {moreUrl && <Link to={moreUrl} className="text-sm text-primary hover:underline">{trans('See all')}</Link>}
        {row.overflows && (
          <div className="ms-auto hidden gap-1 sm:flex">
            <button type="button" className="rounded-full border border-border p-1.5 hover:bg-hover aria-disabled:opacity-40" onClick={() => row.scroll(-1)} aria-disabled={row.atStart} aria-label={labels.back}><ChevronLeft size="1.125rem" aria-hidden className="rtl:-scale-x-100" /></button>
            <button type="button" className="rounded-full border border-border p-1.5 hover:bg-hover aria-disabled:opacity-40" onClick={() => row.scroll(1)} aria-disabled={row.atEnd} aria-label={labels.forward}><ChevronRight size="1.125rem" aria-hidden className="rtl:-scale-x-100" /></button>
          </div>
        )}
      </div>
      {titles && titles.length === 0 ? (empty ?? null) : (
        <ul ref={row.ref} className={ROW_SCROLLER_CLASS} aria-busy={!titles || undefined} aria-label={title} {...roving.listProps}>
          {(titles ?? Array.from({ length: 8 }, () => null)).map((t, i) => (
            <li key={t?.id ?? `s${i}`} className="w-36 shrink-0 snap-start sm:w-44">{t ? <PosterCard title={t} tabIndex={roving.tabIndexOf(i)} /> : <PosterCardSkeleton />}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
