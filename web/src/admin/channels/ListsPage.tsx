import { useMemo } from 'react';
import { Link } from 'react-router';
import { Check, List, Pencil, Plus } from 'lucide-react';
import type { Channel } from '@app/contracts/channels';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { Avatar } from '../../ui/Avatar';
import { buttonClass } from '../../ui/Button';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { PageTitle } from '../PageTitle';
import { contentTypeLabels, labelOf, layoutLabels } from './labels';
import { useAuth } from '../../lib/auth';

const LIST_PARAMS = { type: 'list', hideInternal: 'true', loadItemsCount: 'true' };

/** `lists`: users' lists with Part C's columns (name, owner, items count, public, content type, layout, last updated, edit). */
export function Component() {
  const { can } = useAuth();
  const columns = useMemo<DataTableColumn<Channel>[]>(() => [
    {
      id: 'name', header: () => trans('Name'), sortKey: 'name',
      cell: ({ row: { original: l } }) => <a href={`/lists/${l.id}`} target="_blank" rel="noreferrer" className="font-medium hover:underline">{l.name}</a>,
    },
    {
      id: 'owner', header: () => trans('Owner'),
      cell: ({ row: { original: l } }) => (l.user ? (
        <div className="flex min-w-0 items-center gap-2">
          <Avatar src={l.user.avatar} label={l.user.display_name} size={28} />
          <div className="flex min-w-0 flex-col">
            <span className="truncate">{l.user.display_name}</span>
            <span className="truncate text-xs text-text-muted">{l.user.email}</span>
          </div>
        </div>
      ) : <span className="text-text-muted">-</span>),
    },
    { id: 'items_count', header: () => trans('Items count'), sortKey: 'items_count', cell: ({ row }) => row.original.items_count },
    {
      id: 'public', header: () => trans('Public'), sortKey: 'public',
      cell: ({ row }) => (row.original.public ? <Check size={16} aria-label={trans('Yes')} className="text-success" /> : <span aria-label={trans('No')}>-</span>),
    },
    { id: 'content', header: () => trans('Content type'), cell: ({ row }) => labelOf(contentTypeLabels(), row.original.config.contentType) },
    { id: 'layout', header: () => trans('Layout'), cell: ({ row }) => labelOf(layoutLabels(), row.original.config.layout) },
    { id: 'updated_at', header: () => trans('Last updated'), sortKey: 'updated_at', cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.updated_at)}</span> },
    {
      id: 'actions', header: () => <span className="sr-only">{trans('Actions')}</span>, className: 'w-16 text-end',
      cell: ({ row: { original: l } }) => (
        <Link to={`${l.id}/edit`} className={buttonClass('text', 'icon')} aria-label={trans('Edit :name', { name: l.name })}>
          <Pencil size={16} aria-hidden />
        </Link>
      ),
    },
  ], []);

  return (
    <div className="flex flex-col gap-6 p-4 desk:p-8">
      <PageTitle>{trans('Lists')}</PageTitle>
      <DataTable<Channel>
        endpoint="channel"
        resource="channel-lists"
        extraParams={LIST_PARAMS}
        with="user"
        columns={columns}
        canDelete={can('lists.update')}
        defaultOrderBy="updated_at"
        defaultOrderDir="desc"
        searchLabel={trans('Search lists')}
        emptyState={{
          title: trans('No lists have been created yet'),
          description: trans('Lists collect titles or people under a name; members make their own from the site, and they all show here.'),
          icon: <List size={40} />,
          action: <Link to="new" className={buttonClass('primary')}><Plus size={16} aria-hidden />{trans('Add your first list')}</Link>,
        }}
        noResultsState={{ title: trans('No matching lists'), description: trans('Try another search query or different filters') }}
        headerActions={() => (
          <Link to="new" className={buttonClass('primary')}>
            <Plus size={16} aria-hidden />
            {trans('Add new list')}
          </Link>
        )}
      />
    </div>
  );
}
