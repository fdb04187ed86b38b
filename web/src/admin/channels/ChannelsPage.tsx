import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ExternalLink, MonitorPlay, Pencil, Plus, RotateCcw } from 'lucide-react';
import type { Channel } from '@app/contracts/channels';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { Button, buttonClass } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { toast } from '../../ui/Toast';
import { PageTitle } from '../PageTitle';
import { useResetChannels } from './api';
import { HomePageSetting } from './HomePageSetting';
import { contentTypeLabels, labelOf, layoutLabels } from './labels';
import { useAuth } from '../../lib/auth';

/** `channels`: every channel, with "Reset to default" behind a confirmation. */
export function Component() {
  const { can } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const reset = useResetChannels();
  const columns = useMemo<DataTableColumn<Channel>[]>(() => [
    {
      id: 'name', header: () => trans('Name'), sortKey: 'name',
      cell: ({ row: { original: c } }) => (
        <a href={`/channel/${c.slug}`} target="_blank" rel="noreferrer" className="inline-flex max-w-xs items-center gap-1.5 truncate font-medium hover:underline">
          <span className="truncate">{c.name}</span>
          <ExternalLink size={14} aria-hidden className="shrink-0 text-text-muted" />
        </a>
      ),
    },
    { id: 'slug', header: () => trans('Slug'), cell: ({ row }) => <span className="text-text-muted">{row.original.slug}</span> },
    { id: 'content', header: () => trans('Content type'), cell: ({ row }) => labelOf(contentTypeLabels(), row.original.config.contentType) },
    { id: 'layout', header: () => trans('Layout'), cell: ({ row }) => labelOf(layoutLabels(), row.original.config.layout) },
    { id: 'items_count', header: () => trans('Items'), sortKey: 'items_count', cell: ({ row }) => (row.original.config.contentType === 'listAll' ? '-' : row.original.items_count) },
    { id: 'updated_at', header: () => trans('Last updated'), sortKey: 'updated_at', cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.updated_at)}</span> },
    {
      id: 'actions', header: () => <span className="sr-only">{trans('Actions')}</span>, className: 'w-16 text-end',
      cell: ({ row: { original: c } }) => (
        <Link to={`${c.slug}/edit`} className={buttonClass('text', 'icon')} aria-label={trans('Edit :name', { name: c.name })}>
          <Pencil size={16} aria-hidden />
        </Link>
      ),
    },
  ], []);

  return (
    <div className="flex flex-col gap-6 p-4 desk:p-8">
      <PageTitle>{trans('Channels')}</PageTitle>
      <HomePageSetting />
      <DataTable<Channel>
        endpoint="channel"
        columns={columns}
        canDelete={can('channels.update')}
        defaultOrderBy="updated_at"
        defaultOrderDir="desc"
        searchLabel={trans('Search channels')}
        emptyState={{ title: trans('No channels have been created yet'), icon: <MonitorPlay size={40} /> }}
        noResultsState={{ title: trans('No matching channels'), description: trans('Try another search query or different filters') }}
        headerActions={() => (
          <div className="flex gap-2">
            <Button variant="outline" onClick={() => setConfirming(true)}>
              <RotateCcw size={16} aria-hidden />
              {trans('Reset to default')}
            </Button>
            <Link to="new" className={buttonClass('primary')}>
              <Plus size={16} aria-hidden />
              {trans('Add new channel')}
            </Link>
          </div>
        )}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={trans('Reset channels')}
        body={trans('Every channel will be deleted and the default channels created again. User lists are kept.')}
        confirm={trans('Reset')}
        danger
        pending={reset.isPending}
        onConfirm={() => reset.mutate(undefined, {
          onSuccess: () => { toast(trans('Channels reset to default')); setConfirming(false); },
          onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
        })}
      />
    </div>
  );
}
