import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { NotFoundPage } from '../ErrorPages';

/** 404 shows the site's not-found page; 401/403 say plainly that this role may not see the page. */
export function PageError({ error }: { error: ApiError | null }) {
  if (!error || error.status === 404) return <NotFoundPage />;
  if (error.status === 401 || error.status === 403) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 p-8 text-center" role="alert">
        <p className="text-5xl font-bold text-text-muted">403</p>
        <h1 className="text-2xl font-semibold">{trans('You do not have access to this page')}</h1>
        <p className="max-w-md text-text-muted">{error.message || trans("You don't have permission to access this page.")}</p>
      </div>
    );
  }
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 p-8 text-center" role="alert">
      <h1 className="text-2xl font-semibold">{trans('Something went wrong')}</h1>
      <p className="text-text-muted">{trans('There was an issue. Please try again.')}</p>
    </div>
  );
}

/** A skeleton shaped like a catalogue page: a backdrop header with a poster, then a row of cards. */
export function PageSkeleton() {
  return (
    <div role="status" aria-label={trans('Loading')}>
      <div className="bg-bg-alt">
        <div className="mx-auto flex max-w-6xl gap-6 px-4 py-10 sm:px-6">
          <div className="skeleton hidden aspect-[2/3] w-48 shrink-0 rounded-md sm:block" />
          <div className="flex flex-1 flex-col gap-3">
            <div className="skeleton h-9 w-2/3" />
            <div className="skeleton h-5 w-1/3" />
            <div className="skeleton h-20 w-full" />
          </div>
        </div>
      </div>
      <div className="mx-auto grid max-w-6xl grid-cols-3 gap-4 px-4 py-8 sm:grid-cols-6 sm:px-6">
        {Array.from({ length: 6 }, (_, i) => <div key={i} className="skeleton aspect-[2/3] rounded-md" />)}
      </div>
    </div>
  );
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`section-${id}`} className="mx-auto max-w-6xl px-4 py-6 sm:px-6" data-section={id}>
      <h2 id={`section-${id}`} className="mb-4 text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}
