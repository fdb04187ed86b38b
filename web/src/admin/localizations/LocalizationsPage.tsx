import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Languages as LanguagesIcon, Pencil, Plus, Trash2 } from 'lucide-react';
import { DEFAULT_LANGUAGE, type Localization } from '@app/contracts/localizations';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { Button, buttonClass } from '../../ui/Button';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { useConfirmedDelete } from '../../ui/use-confirmed-delete';
import { PageTitle } from '../PageTitle';
import { useInvalidate } from './api';
import { LocalizationFormModal } from './LocalizationFormModal';

export function Component() {
  const [editing, setEditing] = useState<Localization | null>(null);
  const [creating, setCreating] = useState(false);
  const { ask: askDelete, dialog: deleteDialog } = useConfirmedDelete<Localization>({
    remove: (l) => api.delete(`localizations/${l.id}`), refresh: useInvalidate(), done: trans('Localization deleted'),
    title: trans('Delete localization'), body: (l) => trans('Are you sure you want to delete “:name”? Its translations will be lost.', { name: l.name }),
  });

  const columns = useMemo<DataTableColumn<Localization>[]>(() => [
    {
      id: 'name',
      header: () => trans('Name'),
      sortKey: 'name',
      cell: ({ row: { original: l } }) => <Link to={`${l.id}/translate`} className="font-medium hover:underline">{l.name}</Link>,
    },
    { id: 'language', header: () => trans('Language code'), sortKey: 'language', cell: ({ row }) => <code className="text-sm">{row.original.language}</code> },
    { id: 'updated_at', header: () => trans('Last updated'), sortKey: 'updated_at', cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.updated_at)}</span> },
    {
      id: 'actions',
      header: () => <span className="sr-only">{trans('Actions')}</span>,
      className: 'w-44 text-end',
      cell: ({ row: { original: l } }) => (
        <div className="flex items-center justify-end gap-1">
          <Link to={`${l.id}/translate`} className={buttonClass('text', 'sm')}>{trans('Translate')}</Link>
          <Button variant="text" size="icon" onClick={() => setEditing(l)} aria-label={trans('Edit :name', { name: l.name })}>
            <Pencil size={16} aria-hidden />
          </Button>
          {/* English and the site default are never deleted; their row has no delete control. */}
          {l.is_default || l.language === DEFAULT_LANGUAGE ? <span className="w-9" aria-hidden /> : (
            <Button variant="text" size="icon" onClick={() => askDelete(l)} aria-label={trans('Delete :name', { name: l.name })}>
              <Trash2 size={16} aria-hidden />
            </Button>
          )}
        </div>
      ),
    },
  ], [askDelete]);

  return (
    <div className="flex flex-col gap-6 p-4 desk:p-8">
      <PageTitle>{trans('Localizations')}</PageTitle>
      <DataTable<Localization>
        endpoint="localizations"
        columns={columns}
        defaultOrderBy="name"
        defaultOrderDir="asc"
        searchLabel={trans('Search localizations')}
        emptyState={{ title: trans('No localizations have been created yet'), icon: <LanguagesIcon size={40} /> }}
        noResultsState={{ title: trans('No matching localizations'), description: trans('Try another search query') }}
        headerActions={() => (
          <Button variant="primary" onClick={() => setCreating(true)}>
            <Plus size={16} aria-hidden />
            {trans('Add new localization')}
          </Button>
        )}
      />
      <LocalizationFormModal open={creating || !!editing} localization={editing} onClose={() => { setCreating(false); setEditing(null); }} />
      {deleteDialog}
    </div>
  );
}
