import { trans } from '../lib/i18n';
import { Button } from './Button';

/** Previous / next buttons under a short list; nothing when everything fits on one page. */
export function Pager({ page, lastPage, onPage }: { page: number; lastPage: number | undefined; onPage: (page: number) => void }) {
  if (!lastPage || lastPage <= 1) return null;
  return (
    <div className="flex justify-end gap-2">
      <Button size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>{trans('Previous page')}</Button>
      <Button size="sm" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>{trans('Next page')}</Button>
    </div>
  );
}
