import { trans } from '../lib/i18n';
import { Button } from './Button';

/**
 * Previous / next buttons under a short list; nothing when everything fits on one page. `label` names the pager's
 * navigation landmark (e.g. 'Reviews pages'), so two pagers on one page are told apart by assistive technology.
 */
export function Pager({ page, lastPage, onPage, label }: { page: number; lastPage: number | undefined; onPage: (page: number) => void; label: string }) {
  if (!lastPage || lastPage <= 1) return null;
  return (
    <nav aria-label={label} className="flex justify-end gap-2">
      <Button size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>{trans('Previous page')}</Button>
      <Button size="sm" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>{trans('Next page')}</Button>
    </nav>
  );
}
