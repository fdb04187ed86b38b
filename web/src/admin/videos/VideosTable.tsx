import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Pencil, Plus, Video as VideoIcon } from 'lucide-react';
import { TITLE_VIDEOS_PER_PAGE, VIDEO_CATEGORIES, VIDEO_TYPES, type FilterItem, type Video } from '@app/contracts';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { videoCategoryLabel, videoTypeLabel } from '../../lib/video-labels';
import { buttonClass } from '../../ui/Button';
import { DataTable, type DataTableColumn, type FilterDefinition } from '../../ui/DataTable';
import { TranscodeCell } from './TranscodeStatus';
import { ReportsCount, ReportsDialog, type ReportsOf } from '../comments/ReportsDialog';
import { useAuth } from '../../lib/auth';

function TwoLines({ first, second }: { first: string; second: string | null }) {
  return (
    <span className="flex flex-col">
      <span>{first}</span>
      {second && <span className="text-xs text-text-muted">{second}</span>}
    </span>
  );
}

export function VideosTable({ fixedFilters, editHref, newHref, showTitle }: {
  fixedFilters?: FilterItem[]; editHref: (v: Video) => string; newHref: string; showTitle?: boolean;
}) {
  const { can } = useAuth();
  const [reportsOf, setReportsOf] = useState<ReportsOf>(null);
  const moderates = can('videos.update');
  const columns = useMemo<DataTableColumn<Video>[]>(() => {
    const cols: DataTableColumn<Video>[] = [
      {
        id: 'name', header: () => trans('Name'), sortKey: 'name',
        className: 'min-w-44',
        cell: ({ row: { original: v } }) => <Link to={editHref(v)} className="font-medium hover:underline">{v.name}</Link>,
      },
    ];
    // Twelve columns overflowed a 1280 px screen: the title carries its season and episode, the type its quality.
    const where = (v: Video) => (v.season_num ? `S${v.season_num}${v.episode_num ? ` E${v.episode_num}` : ''}` : null);
    if (showTitle) {
      cols.push({
        id: 'title', header: () => trans('Title'), className: 'min-w-36',
        cell: ({ row: { original: v } }) => <TwoLines first={v.title?.name ?? '-'} second={where(v)} />,
      });
    } else {
      cols.push({ id: 'where', header: () => trans('Season / episode'), cell: ({ row }) => where(row.original) ?? '-' });
    }
    cols.push(
      { id: 'type', header: () => trans('Type'), cell: ({ row: { original: v } }) => <TwoLines first={videoTypeLabel(v.type)} second={v.quality} /> },
      { id: 'transcode', header: () => trans('Transcoding'), cell: ({ row }) => <TranscodeCell videoId={row.original.id} /> },
      { id: 'category', header: () => trans('Category'), cell: ({ row }) => videoCategoryLabel(row.original.category) },
      { id: 'approved', header: () => trans('Approved'), cell: ({ row }) => (row.original.approved ? trans('Yes') : trans('No')) },
      { id: 'plays_count', header: () => trans('Plays'), sortKey: 'plays_count', cell: ({ row }) => row.original.plays_count },
      {
        id: 'reports_count', header: () => trans('Reports'), sortKey: 'reports_count',
        cell: ({ row: { original: v } }) => (moderates ? <ReportsCount count={v.reports_count} onOpen={() => setReportsOf({ resource: 'videos', id: v.id })} /> : v.reports_count),
      },
      { id: 'created_at', header: () => trans('Created at'), sortKey: 'created_at', cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.created_at)}</span> },
      {
        id: 'actions', header: () => <span className="sr-only">{trans('Actions')}</span>, className: 'w-16 text-end',
        cell: ({ row: { original: v } }) => (
          <Link to={editHref(v)} className={buttonClass('text', 'icon')} aria-label={trans('Edit :name', { name: v.name })}><Pencil size={16} aria-hidden /></Link>
        ),
      },
    );
    return cols;
  }, [editHref, showTitle, moderates]);
  const filters = useMemo<FilterDefinition[]>(() => [
    { key: 'type', label: trans('Type'), type: 'select', options: VIDEO_TYPES.map((v) => ({ label: videoTypeLabel(v), value: v })) },
    { key: 'category', label: trans('Category'), type: 'select', options: VIDEO_CATEGORIES.map((v) => ({ label: videoCategoryLabel(v), value: v })) },
    { key: 'approved', label: trans('Approved'), type: 'boolean', trueLabel: trans('Approved'), falseLabel: trans('Not approved') },
    { key: 'created_at', label: trans('Created date'), type: 'dateRange' },
  ], []);
  return (
    <>
      <DataTable<Video>
        endpoint="videos"
        columns={columns}
        filters={filters}
        fixedFilters={fixedFilters}
        defaultPerPage={fixedFilters ? TITLE_VIDEOS_PER_PAGE : undefined}
        canDelete={can('videos.delete')}
        searchLabel={trans('Search videos')}
        emptyState={{
          title: trans('No videos have been added yet'),
          description: trans('Trailers, clips and full videos of titles: visitors play them from the title and episode pages.'),
          icon: <VideoIcon size={40} />,
          action: can('videos.create') && <Link to={newHref} className={buttonClass('primary')}><Plus size={16} aria-hidden />{trans('Add your first video')}</Link>,
        }}
        noResultsState={{ title: trans('No matching videos'), description: trans('Try another search query or different filters') }}
        headerActions={() => can('videos.create') && <Link to={newHref} className={buttonClass('primary')}><Plus size={16} aria-hidden />{trans('Add video')}</Link>}
      />
      <ReportsDialog of={reportsOf} onClose={() => setReportsOf(null)} />
    </>
  );
}
