import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { ErrorPage, ForbiddenPage, isUnreachable, NotFoundPage, UnreachablePage } from '../ErrorPages';
import { PAGE_WIDTH } from '../ui/page-width';
import { cn } from '../../ui/cn';

/**
 * 404 shows the site's not-found page; 401/403 say plainly that this role may not see the page (a guest may sign in);
 * a server out of reach says so and offers to try again.
 */
export function PageError({ error }: { error: ApiError | null }) {
  if (!error || error.status === 404) return <NotFoundPage />;
  if (error.status === 401 || error.status === 403) return <ForbiddenPage message={error.message} />;
  if (isUnreachable(error)) return <UnreachablePage codeFailed={false} />;
  return <ErrorPage />;
}

/** A skeleton shaped like a catalogue page: a backdrop header with a poster, then a row of cards. */
export function PageSkeleton() {
  return (
    <div role="status" aria-label={trans('Loading')}>
      <div className="bg-bg-alt">
        <div className={cn(PAGE_WIDTH, 'flex gap-6 py-10')}>
          <div className="skeleton hidden aspect-[2/3] w-48 shrink-0 rounded-md sm:block" />
          <div className="flex flex-1 flex-col gap-3">
            <div className="skeleton h-9 w-2/3" />
            <div className="skeleton h-5 w-1/3" />
            <div className="skeleton h-20 w-full" />
          </div>
        </div>
      </div>
      <div className={cn(PAGE_WIDTH, 'grid grid-cols-3 gap-4 py-8 sm:grid-cols-6')}>
        {Array.from({ length: 6 }, (_, i) => <div key={i} className="skeleton aspect-[2/3] rounded-md" />)}
      </div>
    </div>
  );
}

/** The related titles' grid, shared by the grid and the card skeletons standing in for it until its code has loaded. */
export const RELATED_GRID_CLASS = 'grid grid-cols-3 gap-4 sm:grid-cols-4 md:grid-cols-6';

/** A titled section of a catalogue page; `actions` sit beside the heading (a season picker). */
export function Section({ id, title, actions, children }: { id: string; title: string; actions?: ReactNode; children: ReactNode }) {
  const heading = <h2 id={`section-${id}`} className="text-xl font-semibold">{title}</h2>;
  return (
    <section aria-labelledby={`section-${id}`} className={cn(PAGE_WIDTH, 'py-6')} data-section={id}>
      {actions ? <div className="mb-4 flex flex-wrap items-center justify-between gap-3">{heading}{actions}</div> : <div className="mb-4">{heading}</div>}
      {children}
    </section>
  );
}
