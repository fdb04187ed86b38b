import { Film, Globe, Lock, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { UserList } from '@app/contracts/lists';
import { useDocumentTitle } from '../../admin/PageTitle';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { Button, buttonClass } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Pager } from '../../ui/Pager';
import { PageError } from '../titles/PageState';
import { POSTER_GRID_CLASS, PosterGridSkeleton } from '../ui/PosterGrid';
import { useDeleteList, useMyLists } from './api';
import { ListFormModal } from './ListFormModal';

/** A list's cover: its first four posters as a 2×2 collage, or a placeholder. */
function Cover({ posters }: { posters: (string | null)[] }) {
  const shown = posters.slice(0, 4);
  if (!shown.some(Boolean)) return <span className="flex h-full w-full items-center justify-center text-text-muted"><Film size={32} aria-hidden /></span>;
  return (
    <span className="grid h-full w-full grid-cols-2 grid-rows-2">
      {Array.from({ length: 4 }, (_, i) => (shown[i] ? <img key={i} src={shown[i]!} alt="" loading="lazy" className="h-full w-full object-cover" /> : <span key={i} className="bg-bg" />))}
    </span>
  );
}

function ListCard({ list, onEdit, onDelete }: { list: UserList; onEdit: () => void; onDelete: () => void }) {
  return (
    <li className="group flex flex-col gap-2" data-testid="list-card">
      <Link to={`/lists/${list.id}`} className="flex flex-col gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-primary">
        <span className="aspect-[2/3] overflow-hidden rounded-md bg-bg-alt shadow-md transition group-hover:shadow-lg"><Cover posters={list.posters ?? []} /></span>
        <span className="truncate text-sm font-medium group-hover:text-primary">{list.name}</span>
      </Link>
      <span className="-mt-1.5 flex items-center gap-2 text-xs text-text-muted">
        {list.public ? <Globe size={12} aria-label={trans('Public')} /> : <Lock size={12} aria-label={trans('Private')} />}
        <span>{trans('[one 1 title|other :count titles]', { count: list.items_count })}</span>
        <span aria-hidden>·</span>
        <span>{trans('Updated :date', { date: formatDate(list.updated_at) })}</span>
      </span>
      <span className="flex gap-1">
        <Button size="sm" variant="text" onClick={onEdit} aria-label={trans('Edit :name', { name: list.name })}><Pencil size={14} aria-hidden />{trans('Edit')}</Button>
        <Button size="sm" variant="text" onClick={onDelete} aria-label={trans('Delete :name', { name: list.name })}><Trash2 size={14} aria-hidden />{trans('Delete')}</Button>
      </span>
    </li>
  );
}

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
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">{trans('Your lists')}</h1>
        <div className="flex gap-2">
          <Link to="/watchlist" className={buttonClass('outline')}>{trans('Watchlist')}</Link>
          <Button variant="primary" onClick={() => setEditing(null)}><Plus size={16} aria-hidden />{trans('New list')}</Button>
        </div>
      </div>
      {query.isPending ? <PosterGridSkeleton /> : lists.length ? (
        <ul className={POSTER_GRID_CLASS} aria-label={trans('Your lists')}>
          {lists.map((l) => <ListCard key={l.id} list={l} onEdit={() => setEditing(l)} onDelete={() => setDeleting(l)} />)}
        </ul>
      ) : (
        <div className="flex flex-col items-center gap-3 py-16 text-center">
          <h2 className="text-xl font-semibold">{trans('You have not created any lists yet')}</h2>
          <p className="max-w-md text-text-muted">{trans('Collect movies and series in lists, keep them private or share them with anyone.')}</p>
          <Button variant="primary" onClick={() => setEditing(null)}><Plus size={16} aria-hidden />{trans('New list')}</Button>
        </div>
      )}
      <Pager page={page} lastPage={query.data?.pagination.last_page} onPage={setPage} />
      <ListFormModal open={editing !== undefined} list={editing} onOpenChange={(open) => { if (!open) setEditing(undefined); }} />
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
