import { useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageSquare, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import type { Comment } from '@app/contracts/comments';
import type { FilterItem } from '@app/contracts/list';
import { api, errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-client';
import { Button } from '../../ui/Button';
import { useConfirmedDelete } from '../../ui/use-confirmed-delete';
import { DataTable, type DataTableColumn, type FilterDefinition } from '../../ui/DataTable';
import { toast } from '../../ui/Toast';
import { CommentEditModal } from './CommentEditModal';
import { AdminContentLock, AuthorCell, PlaceCell, adminOnly, moderationFilters } from './ModerationFilters';
import { ReportsCount, ReportsDialog, type ReportsOf } from './ReportsDialog';
import { useAuth } from '../../lib/auth';

/** The `GET comment` moderation table: the whole site's, or one title's (the title's Comments tab). */
export function CommentsTable({ titleId }: { titleId?: number }) {
  const { can } = useAuth();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Comment | null>(null);
  const [reportsOf, setReportsOf] = useState<ReportsOf>(null);
  const canDelete = can('comments.delete');
  const isAdmin = can('admin');
  const { ask: askDelete, dialog: deleteDialog } = useConfirmedDelete<Comment>({
    remove: (c) => api.delete(`comment/${c.id}`), refresh: ['comment'], done: trans('Comment deleted'),
    title: trans('Delete comment'), body: trans('The comment will no longer show on the site. You can restore it from this list.'),
  });
  const restore = useMutation({
    mutationFn: (commentIds: number[]) => api.post<{ restored: number }>('comment/restore', { commentIds }),
    onSuccess: async (r) => {
      await qc.invalidateQueries({ queryKey: queryKeys.all('comment') });
      toast(trans('Restored [one 1 comment|other :count comments]', { count: r.restored }));
    },
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });

  const columns = useMemo<DataTableColumn<Comment>[]>(() => [
    {
      // A minimum width: on a phone the other columns squeezed the text to a word or two a line.
      id: 'content', header: () => trans('Comment'), className: 'min-w-56',
      cell: ({ row: { original: c } }) => (
        // Plain text: React escapes it, so markup in a comment stays text.
        <p dir="auto" className="line-clamp-3 max-w-xl whitespace-pre-line break-words">{c.content}</p>
      ),
    },
    { id: 'user', header: () => trans('User'), cell: ({ row }) => <AuthorCell user={row.original.user} /> },
    // On a title's own tab too: each row's link opens the comment in its thread (the title's, or one of its episodes').
    { id: 'commentable', header: () => trans('Belongs to'), cell: ({ row }) => <PlaceCell place={row.original.commentable} /> },
    {
      id: 'deleted', header: () => trans('Status'),
      cell: ({ row }) => (row.original.deleted
        ? <span className="rounded bg-danger/10 px-2 py-0.5 text-xs text-danger">{trans('Deleted')}</span>
        : <span className="rounded bg-bg-alt px-2 py-0.5 text-xs">{trans('Active')}</span>),
    },
    {
      id: 'reports_count', header: () => trans('Reports'), sortKey: 'reports_count', className: 'text-end',
      cell: ({ row: { original: c } }) => <ReportsCount count={c.reports_count} onOpen={() => setReportsOf({ resource: 'comment', id: c.id })} />,
    },
    { id: 'created_at', header: () => trans('Date'), sortKey: 'created_at', cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.created_at)}</span> },
    {
      id: 'actions', header: () => <span className="sr-only">{trans('Actions')}</span>, className: 'w-24 text-end',
      cell: ({ row: { original: c } }) => (adminOnly(c.user, isAdmin) ? <span className="flex justify-end"><AdminContentLock /></span> : (
        <span className="flex justify-end gap-1">
          {c.deleted ? (
            <Button variant="text" size="icon" aria-label={trans('Restore comment')} onClick={() => restore.mutate([c.id])}><RotateCcw size={16} aria-hidden /></Button>
          ) : null}
          <Button variant="text" size="icon" aria-label={trans('Edit comment')} onClick={() => setEditing(c)}><Pencil size={16} aria-hidden /></Button>
          {/* Per item, besides ticking rows for the bulk delete (Part C: "edit or delete per item"). */}
          {canDelete && !c.deleted ? (
            <Button variant="text" size="icon" aria-label={trans('Delete comment')} onClick={() => askDelete(c)}><Trash2 size={16} aria-hidden /></Button>
          ) : null}
        </span>
      )),
    },
  ], [restore, canDelete, askDelete, isAdmin]);

  const filters = useMemo<FilterDefinition[]>(() => [
    { key: 'deleted', label: trans('Status'), type: 'boolean', trueLabel: trans('Deleted'), falseLabel: trans('Active') },
    ...moderationFilters({ withTitle: !titleId }),
  ], [titleId]);
  const fixed = useMemo<FilterItem[] | undefined>(() => (titleId ? [{ key: 'title_id', value: titleId, operator: '=' }] : undefined), [titleId]);

  return (
    <>
      <DataTable<Comment>
        endpoint="comment"
        columns={columns}
        filters={filters}
        fixedFilters={fixed}
        canDelete={canDelete}
        canSelectRow={(c) => !adminOnly(c.user, isAdmin)}
        searchLabel={trans('Search by user')}
        selectionActions={(ids, clear) => (
          <Button variant="outline" size="sm" onClick={() => restore.mutate(ids.map(Number), { onSuccess: clear })}>
            <RotateCcw size={16} aria-hidden />{trans('Restore')} ({ids.length})
          </Button>
        )}
        emptyState={{ title: trans('No comments have been created yet'), description: trans('Comments members post on titles, episodes and videos appear here, to edit or remove.'), icon: <MessageSquare size={40} /> }}
        noResultsState={{ title: trans('No matching comments'), description: trans('Try another search query or different filters') }}
      />
      <CommentEditModal comment={editing} onClose={() => setEditing(null)} />
      <ReportsDialog of={reportsOf} onClose={() => setReportsOf(null)} />
      {deleteDialog}
    </>
  );
}
