import { useMemo, useState } from 'react';
import { Pencil, Star, Trash2 } from 'lucide-react';
import type { FilterItem } from '@app/contracts/list';
import type { Review } from '@app/contracts/reviews';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { DataTable, type DataTableColumn, type FilterDefinition } from '../../ui/DataTable';
import { useConfirmedDelete } from '../../ui/use-confirmed-delete';
import { AdminContentLock, AuthorCell, PlaceCell, adminOnly, moderationFilters } from '../comments/ModerationFilters';
import { ReviewEditModal } from './ReviewEditModal';
import { ReportsCount, ReportsDialog, type ReportsOf } from '../comments/ReportsDialog';
import { useAuth } from '../../lib/auth';

/** The `GET reviews` moderation table: the whole site's, or one title's (the title's Reviews tab). */
export function ReviewsTable({ titleId }: { titleId?: number }) {
  const { can } = useAuth();
  const [editing, setEditing] = useState<Review | null>(null);
  const [reportsOf, setReportsOf] = useState<ReportsOf>(null);
  const canDelete = can('reviews.delete');
  const isAdmin = can('admin');
  const { ask: askDelete, dialog: deleteDialog } = useConfirmedDelete<Review>({
    remove: (r) => api.delete(`reviews/${r.id}`), refresh: ['reviews'], done: trans('Review deleted'),
    title: trans('Delete review'), body: trans('The review, its score and its helpful votes are removed from the site for good.'),
  });
  const columns = useMemo<DataTableColumn<Review>[]>(() => [
    {
      id: 'title', header: () => trans('Review'),
      cell: ({ row: { original: r } }) => (
        <div className="max-w-xl">
          <p dir="auto" className="font-medium">{r.title}</p>
          <p dir="auto" className="line-clamp-2 text-text-muted">{r.body}</p>
        </div>
      ),
    },
    { id: 'score', header: () => trans('Score'), sortKey: 'score', cell: ({ row }) => `${row.original.score}/10` },
    { id: 'user', header: () => trans('User'), cell: ({ row }) => <AuthorCell user={row.original.user} /> },
    ...(titleId ? [] : [{ id: 'reviewable', header: () => trans('Title'), cell: ({ row }: { row: { original: Review } }) => <PlaceCell place={row.original.reviewable} /> }]),
    { id: 'helpful_count', header: () => trans('Helpful'), sortKey: 'helpful_count', className: 'text-end', cell: ({ row }) => `${row.original.helpful_count} / ${row.original.not_helpful_count}` },
    {
      id: 'reports_count', header: () => trans('Reports'), sortKey: 'reports_count', className: 'text-end',
      cell: ({ row: { original: r } }) => <ReportsCount count={r.reports_count} onOpen={() => setReportsOf({ resource: 'reviews', id: r.id })} />,
    },
    { id: 'created_at', header: () => trans('Date'), sortKey: 'created_at', cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.created_at)}</span> },
    {
      id: 'actions', header: () => <span className="sr-only">{trans('Actions')}</span>, className: 'w-24 text-end',
      cell: ({ row: { original: r } }) => (adminOnly(r.user, isAdmin) ? <AdminContentLock /> : (
        <span className="inline-flex gap-1">
          <Button variant="text" size="icon" aria-label={trans('Edit review')} onClick={() => setEditing(r)}><Pencil size={16} aria-hidden /></Button>
          {/* Per item, besides ticking rows for the bulk delete (Part C: "edit or delete per item"). */}
          {canDelete ? (
            <Button variant="text" size="icon" aria-label={trans('Delete review')} onClick={() => askDelete(r)}><Trash2 size={16} aria-hidden /></Button>
          ) : null}
        </span>
      )),
    },
  ], [titleId, canDelete, askDelete, isAdmin]);
  const filters = useMemo<FilterDefinition[]>(() => moderationFilters({ withTitle: !titleId }), [titleId]);
  const fixed = useMemo<FilterItem[] | undefined>(() => (titleId ? [{ key: 'title_id', value: titleId, operator: '=' }] : undefined), [titleId]);
  return (
    <>
      <DataTable<Review>
        endpoint="reviews"
        columns={columns}
        filters={filters}
        fixedFilters={fixed}
        canDelete={canDelete}
        canSelectRow={(r) => !adminOnly(r.user, isAdmin)}
        searchLabel={trans('Search by user')}
        emptyState={{ title: trans('No reviews have been created yet'), description: trans('Reviews members write on titles appear here, to edit or remove.'), icon: <Star size={40} /> }}
        noResultsState={{ title: trans('No matching reviews'), description: trans('Try another search query or different filters') }}
      />
      <ReviewEditModal review={editing} onClose={() => setEditing(null)} />
      <ReportsDialog of={reportsOf} onClose={() => setReportsOf(null)} />
      {deleteDialog}
    </>
  );
}
