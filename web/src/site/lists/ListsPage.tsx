import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { UserList } from '@app/contracts/lists';
import { useDocumentTitle } from '../../admin/PageTitle';
import { trans } from '../../lib/i18n';
import { Button, buttonClass } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Pager } from '../../ui/Pager';
import { PageError } from '../titles/PageState';
import { PosterGridSkeleton } from '../ui/PosterGrid';
import { useDeleteList, useMyLists } from './api';
import { ListCardGrid } from './ListCard';
import { LazyListFormModal } from './LazyListFormModal';
import { PAGE_WIDTH } from '../ui/page-width';
import { cn } from '../../ui/cn';

/** /lists — the signed-in user's lists: create, edit and delete, each opening its shareable page. */
export function Component() {
  useDocumentTitle(trans('Your lists'));
  const [page, setPage] = useState(1);
  const query = useMyLists(page);
  const [editing, setEditing] = useState<UserList | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<UserList | null>(null);
  const del = useDeleteList();
  if (query.isError) return <PageError error={query.error} />;
  const lists = query.data?.pagination.data ?? [];
  return (
    <div className={cn(PAGE_WIDTH, 'flex flex-col gap-6 py-8')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">{trans('Your lists')}</h1>
        <div className="flex gap-2">
          <Link to="/watchlist" className={buttonClass('outline')}>{trans('Watchlist')}</Link>
          <Button variant="primary" onClick={() => setEditing(null)}><Plus size="1rem" aria-hidden />{trans('New list')}</Button>
        </div>
      </div>
      {query.isPending ? <PosterGridSkeleton /> : lists.length ? (
        <ListCardGrid lists={lists} label={trans('Your lists')} actions={(l, tabIndex) => <>
          <Button size="sm" variant="text" tabIndex={tabIndex} onClick={() => setEditing(l)} aria-label={trans('Edit :name', { name: l.name })}><Pencil size="0.875rem" aria-hidden />{trans('Edit')}</Button>
          <Button size="sm" variant="text" tabIndex={tabIndex} onClick={() => setDeleting(l)} aria-label={trans('Delete :name', { name: l.name })}><Trash2 size="0.875rem" aria-hidden />{trans('Delete')}</Button>
        </>} />
      ) : (
        <div className="flex flex-col items-center gap-3 py-16 text-center">
          <h2 className="text-xl font-semibold">{trans('You have not created any lists yet')}</h2>
          <p className="max-w-md text-text-muted">{trans('Collect movies and series in lists, keep them private or share them with anyone.')}</p>
          <Button variant="primary" onClick={() => setEditing(null)}><Plus size="1rem" aria-hidden />{trans('New list')}</Button>
        </div>
      )}
      <Pager page={page} lastPage={query.data?.pagination.last_page} onPage={setPage} label={trans('Lists pages')} />
      <LazyListFormModal open={editing !== undefined} list={editing} onOpenChange={(open) => { if (!open) setEditing(undefined); }} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => { if (!open) setDeleting(null); }}
        danger
        title={trans('Delete list')}
        body={trans('Are you sure you want to delete “:name”?', { name: deleting?.name ?? '' })}
        confirm={trans('Delete')}
        pending={del.isPending}
        onConfirm={() => deleting && del.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </div>
  );
}
