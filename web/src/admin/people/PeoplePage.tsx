import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Download, Pencil, Plus, UserRound } from 'lucide-react';
import { KNOWN_FOR, type Person } from '@app/contracts';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { Button, buttonClass } from '../../ui/Button';
import { DataTable, type DataTableColumn, type FilterDefinition } from '../../ui/DataTable';
import { PageTitle } from '../PageTitle';
import { useTmdbConfigured } from '../titles/api';
import { ImportMediaModal } from '../titles/ImportMediaModal';
import { Poster } from '../titles/Poster';
import { useAuth } from '../../lib/auth';

export function Component() {
  const { can } = useAuth();
  const tmdb = useTmdbConfigured();
  const [importing, setImporting] = useState(false);
  const columns = useMemo<DataTableColumn<Person>[]>(() => [
    {
      id: 'name', header: () => trans('Name'), sortKey: 'name',
      cell: ({ row: { original: p } }) => (
        <div className="flex items-center gap-3">
          <Poster src={p.poster} alt="" />
          <Link to={`${p.id}/edit`} className="font-medium hover:underline">{p.name}</Link>
        </div>
      ),
    },
    { id: 'known_for', header: () => trans('Known for'), cell: ({ row }) => row.original.known_for ?? '-' },
    { id: 'gender', header: () => trans('Gender'), cell: ({ row }) => (row.original.gender === 'male' ? trans('Male') : row.original.gender === 'female' ? trans('Female') : '-') },
    { id: 'birth_date', header: () => trans('Birth date'), sortKey: 'birth_date', cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.birth_date) || '-'}</span> },
    { id: 'popularity', header: () => trans('Popularity'), sortKey: 'popularity', cell: ({ row }) => row.original.popularity ?? '-' },
    { id: 'updated_at', header: () => trans('Last updated'), sortKey: 'updated_at', cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.updated_at)}</span> },
    {
      id: 'actions', header: () => <span className="sr-only">{trans('Actions')}</span>, className: 'w-16 text-end',
      cell: ({ row: { original: p } }) => (
        <Link to={`${p.id}/edit`} className={buttonClass('text', 'icon')} aria-label={trans('Edit :name', { name: p.name })}><Pencil size={16} aria-hidden /></Link>
      ),
    },
  ], []);
  const filters = useMemo<FilterDefinition[]>(() => [
    { key: 'gender', label: trans('Gender'), type: 'select', options: [{ label: trans('Female'), value: 'female' }, { label: trans('Male'), value: 'male' }] },
    { key: 'known_for', label: trans('Known for'), type: 'select', options: KNOWN_FOR.map((k) => ({ label: k, value: k })) },
    { key: 'created_at', label: trans('Created date'), type: 'dateRange' },
  ], []);
  return (
    <div className="flex flex-col gap-6 p-4 desk:p-8">
      <PageTitle>{trans('People')}</PageTitle>
      <DataTable<Person>
        endpoint="people"
        columns={columns}
        filters={filters}
        canDelete={can('people.delete')}
        searchLabel={trans('Search people')}
        emptyState={{
          title: trans('No people have been created yet'),
          description: trans('Actors and crew you add here can be credited on titles and get their own page on the site.'),
          icon: <UserRound size={40} />,
          action: can('people.create') && <Link to="new" className={buttonClass('primary')}><Plus size={16} aria-hidden />{trans('Add your first person')}</Link>,
        }}
        noResultsState={{ title: trans('No matching people'), description: trans('Try another search query or different filters') }}
        headerActions={() => (
          <>
            {tmdb && can('people.create') && <Button onClick={() => setImporting(true)}><Download size={16} aria-hidden />{trans('Import person')}</Button>}
            {can('people.create') && <Link to="new" className={buttonClass('primary')}><Plus size={16} aria-hidden />{trans('Add new person')}</Link>}
          </>
        )}
      />
      {tmdb && <ImportMediaModal open={importing} onOpenChange={setImporting} kind="person" />}
    </div>
  );
}
