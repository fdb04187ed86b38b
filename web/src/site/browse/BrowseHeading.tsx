import type { ReactNode } from 'react';
import { trans } from '../../lib/i18n';
import { buttonClass } from '../../ui/Button';

/**
 * A browse page's heading line: its name, how many match (announced as it changes), any chips of active filters
 * (`children`) and, while something is filtered, Clear filters.
 */
export function BrowseHeading({ heading, count, onClear, children }: { heading: string; count: string | null; onClear?: () => void; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline gap-3">
      <h1 className="text-3xl font-bold">{heading}</h1>
      {count !== null && <p className="text-sm text-text-muted" aria-live="polite">{count}</p>}
      {children}
      {onClear && <button type="button" className={buttonClass('text', 'sm', 'ms-auto')} onClick={onClear}>{trans('Clear filters')}</button>}
    </div>
  );
}
