import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DownloadCloud, ImageOff, Newspaper, Pencil, Plus, Trash2 } from 'lucide-react';
import type { NewsCard } from '@app/contracts/news';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { Button, buttonClass } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable, type DataTableColumn, type FilterDefinition } from '../../ui/DataTable';
import { toast } from '../../ui/Toast';
import { PageTitle } from '../PageTitle';
import { NEWS_RESOURCE, useDeleteNewsArticle, useImportNews } from './api';
import { useAuth } from '../../lib/auth';
import { responsiveImage } from '@app/contracts/image-sizes';

/** /admin/news: the articles with their image, title, body cut at 200 characters (the excerpt), dates and actions. */
export function Component() {
  const { can } = useAuth();
  const [deleting, setDeleting] = useState<NewsCard | null>(null);
  const remove = useDeleteNewsArticle();
  const importNews = useImportNews();

  const columns = useMemo<DataTableColumn<NewsCard>[]>(() => [
    {
      id: 'image',
      header: () => <span className="sr-only">{trans('Image')}</span>,
      className: 'w-28',
      cell: ({ row: { original: a } }) => (a.image
        ? <img {...responsiveImage(a.image, 'thumb')} alt="" className="aspect-video w-24 rounded object-cover" loading="lazy" />
        : <span className="flex aspect-video w-24 items-center justify-center rounded bg-bg-alt text-text-muted"><ImageOff size={18} aria-hidden /></span>),
    },
    {
      id: 'title',
      header: () => trans('Article'),
      sortKey: 'title',
      cell: ({ row: { original: a } }) => (
        <div className="flex min-w-0 max-w-xl flex-col gap-1">
          <Link to={`/news/${a.id}/${a.slug}`} target="_blank" className="font-medium hover:underline">{a.title}</Link>
          <p className="line-clamp-2 text-sm text-text-muted" data-testid="news-excerpt">{a.excerpt}</p>
        </div>
      ),
    },
    { id: 'created_at', header: () => trans('Date'), sortKey: 'created_at', cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.created_at)}</span> },
    { id: 'updated_at', header: () => trans('Last updated'), sortKey: 'updated_at', cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.updated_at)}</span> },
    {
      id: 'actions',
      header: () => <span className="sr-only">{trans('Actions')}</span>,
      className: 'w-24 text-end',
      cell: ({ row: { original: a } }) => (
        <div className="flex justify-end gap-1">
          <Link to={`${a.id}/edit`} className={buttonClass('text', 'icon')} aria-label={trans('Edit article :title', { title: a.title })}>
            <Pencil size={16} aria-hidden />
          </Link>
          <Button variant="text" size="icon" aria-label={trans('Delete article :title', { title: a.title })} onClick={() => setDeleting(a)}>
            <Trash2 size={16} aria-hidden />
          </Button>
        </div>
      ),
    },
  ], []);

  const filters = useMemo<FilterDefinition[]>(() => [
    { key: 'created_at', label: trans('Created date'), type: 'dateRange' },
    { key: 'updated_at', label: trans('Updated date'), type: 'dateRange' },
  ], []);

  const runImport = () => importNews.mutate(undefined, {
    onSuccess: () => toast(trans('Imported news articles')),
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });

  return (
    <div className="flex flex-col gap-6 p-4 desk:p-8">
      <PageTitle>{trans('News')}</PageTitle>
      <DataTable<NewsCard>
        endpoint="news"
        resource={NEWS_RESOURCE}
        columns={columns}
        filters={filters}
        // Selected articles go in one call (DELETE news/{ids}): 'Deleted [one 1 record|other :count records]'.
        canDelete={can('news.update')}
        defaultOrderBy="created_at"
        defaultOrderDir="desc"
        searchLabel={trans('Search articles')}
        emptyState={{
          title: trans('No articles have been created yet'),
          description: trans('Articles you write or import here are listed on the site\'s news page and its RSS feed.'),
          icon: <Newspaper size={40} />,
          action: <Link to="add" className={buttonClass('primary')}><Plus size={16} aria-hidden />{trans('Write your first article')}</Link>,
        }}
        noResultsState={{ title: trans('No matching articles'), description: trans('Try another search query or different filters') }}
        headerActions={() => (
          <>
            <Button disabled={importNews.isPending} onClick={runImport}>
              <DownloadCloud size={16} aria-hidden />
              {importNews.isPending ? trans('Importing…') : trans('Import')}
            </Button>
            <Link to="add" className={buttonClass('primary')}>
              <Plus size={16} aria-hidden />
              {trans('Add new article')}
            </Link>
          </>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={trans('Delete article')}
        body={trans('Are you sure you want to delete “:title“?', { title: deleting?.title ?? '' })}
        confirm={trans('Delete')}
        danger
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, {
          onSuccess: () => { toast(trans('Article deleted')); setDeleting(null); },
          onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
        })}
      />
    </div>
  );
}
