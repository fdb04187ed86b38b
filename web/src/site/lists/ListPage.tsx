import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { ListItem } from '@app/contracts/lists';
import { useDocumentTitle } from '../../admin/PageTitle';
import { trans } from '../../lib/i18n';
import { positiveId } from '../../lib/page-data';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/Toast';
import { PageError, PageSkeleton } from '../titles/PageState';
import { useDeleteList, useListPage, useMoveItem, useToggleListItem } from './api';
import { LazyListFormModal } from './LazyListFormModal';
import { ListHeader, ListItemsSection } from './ListView';
import { ShareButton } from '../ui/ShareButton';

/** /lists/:id — the shareable page of a list; its owner edits, reorders and removes items here. */
export function Component() {
  const id = positiveId(useParams().id);
  const query = useListPage(id);
  const first = query.data?.pages[0];
  useDocumentTitle(first?.list.name ?? trans('Loading'));
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useToggleListItem();
  const move = useMoveItem(id ?? 0);
  const del = useDeleteList();
  if (!id || query.isError) return <PageError error={query.error} />;
  if (!first) return <PageSkeleton />;
  const { list, can_edit: canEdit } = first;
  const onRemove = (item: ListItem) => remove.mutate({ listId: list.id, titleId: item.id, on: false }, {
    onSuccess: () => toast(trans('Removed from :name', { name: list.name })),
  });
  const onMove = (item: ListItem, position: number) => move.mutateAsync({ titleId: item.id, position }).catch(() => undefined);
  const actions = (
    <>
      {/* A private list's address opens for its owner only: sharing it would send others to "Page not found". */}
      {list.public
        ? <ShareButton title={list.name} />
        : canEdit && !list.internal ? <p className="self-center text-sm text-text-muted">{trans('Only you can see this list. Make it public to share it.')}</p> : null}
      {canEdit && !list.internal && (
        <>
          <Button variant="outline" onClick={() => setEditing(true)}><Pencil size="1rem" aria-hidden />{trans('Edit')}</Button>
          <Button variant="danger" onClick={() => setDeleting(true)}><Trash2 size="1rem" aria-hidden />{trans('Delete')}</Button>
        </>
      )}
    </>
  );
  return (
    <article>
      <ListHeader data={first} actions={actions} />
      <ListItemsSection
        query={query}
        label={list.name}
        empty={<p className="py-16 text-center text-text-muted">{canEdit ? trans('This list is empty. Add titles from their pages with “Add to list”.') : trans('This list is empty.')}</p>}
        onRemove={canEdit ? onRemove : undefined}
        onMove={canEdit ? onMove : undefined}
      />
      {canEdit && (
        <>
          <LazyListFormModal open={editing} onOpenChange={setEditing} list={list} />
          <ConfirmDialog
            open={deleting}
            onOpenChange={setDeleting}
            danger
            title={trans('Delete list')}
            body={trans('Are you sure you want to delete “:name”?', { name: list.name })}
            confirm={trans('Delete')}
            pending={del.isPending}
            onConfirm={() => del.mutate(list.id, { onSuccess: () => navigate('/lists') })}
          />
        </>
      )}
    </article>
  );
}
