import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Clapperboard, Download, Pencil, Plus } from 'lucide-react';
import type { PaginationResponse, Title, TitleTag } from '@app/contracts';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { Button, buttonClass } from '../../ui/Button';
import { DataTable, type DataTableColumn, type FilterDefinition } from '../../ui/DataTable';
import { PageTitle } from '../PageTitle';
import { useTmdbConfigured } from './api';
import { ImportMediaModal } from './ImportMediaModal';
import { ImportTitlesModal } from './ImportTitlesModal';
import { Poster } from './Poster';
import { useAuth } from '../../lib/auth';

export function Component() {
  const { can } = useAuth();
  // Importing makes titles too: both need the create permission the server asks for.
  const creates = can('titles.create');
  const tmdb = useTmdbConfigured();
  const [importOne, setImportOne] = useState(false);
  const [importMany, setImportMany] = useState(false);
  const genres = useQuery({
    queryKey: ['title-tags', 'list', { type: 'genre', perPage: 100, orderBy: 'name' }],
    queryFn: () => api.get<PaginationResponse<TitleTag>>('title-tags/genre', { perPage: 100, orderBy: 'name', orderDir: 'asc' }).then((r) => r.pagination.data),
    staleTime: 60_000,
  });

  const columns = useMemo<DataTableColumn<Title>[]>(() => [
    {
      id: 'name',
      header: () => trans('Title'),
      sortKey: 'name',
      cell: ({ row: { original: t } }) => (
        <div className="flex min-w-0 items-center gap-3">
          <Poster src={t.poster} alt="" />
          <div className="min-w-0">
            <Link to={`${t.id}/edit`} className="block truncate font-medium hover:underline">{t.name}</Link>
            <div className="text-xs text-text-muted">{t.year ?? ''}</div>
          </div>
        </div>
      ),
    },
    { id: 'type', header: () => trans('Type'), cell: ({ row }) => (row.original.is_series ? trans('Series') : trans('Movie')) },
    { id: 'release_date', header: () => trans('Release date'), sortKey: 'release_date', cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.release_date) || '-'}</span> },
    { id: 'popularity', header: () => trans('Popularity'), sortKey: 'popularity', cell: ({ row }) => row.original.popularity?.toFixed(1) ?? '-' },
    { id: 'rating', header: () => trans('Rating'), sortKey: 'rating', cell: ({ row }) => row.original.rating?.toFixed(1) ?? '-' },
    { id: 'updated_at', header: () => trans('Last updated'), sortKey: 'updated_at', cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.updated_at)}</span> },
    {
      id: 'actions',
      header: () => <span className="sr-only">{trans('Actions')}</span>,
      className: 'w-16 text-end',
      cell: ({ row: { original: t } }) => (
        <Link to={`${t.id}/edit`} className={buttonClass('text', 'icon')} aria-label={trans('Edit :name', { name: t.name })}>
          <Pencil size={16} aria-hidden />
        </Link>
      ),
    },
  ], []);

  const filters = useMemo<FilterDefinition[]>(() => [
    { key: 'type', label: trans('Type'), type: 'select', options: [{ label: trans('Movie'), value: 'movie' }, { label: trans('Series'), value: 'series' }] },
    { key: 'genres', label: trans('Genre'), type: 'select', options: (genres.data ?? []).map((g) => ({ label: g.display_name ?? g.name, value: g.id })) },
    { key: 'release_date', label: trans('Release date'), type: 'dateRange' },
    { key: 'created_at', label: trans('Created date'), type: 'dateRange' },
    { key: 'updated_at', label: trans('Updated date'), type: 'dateRange' },
  ], [genres.data]);

  return (
    <div className="flex flex-col gap-6 p-4 desk:p-8">
      <PageTitle>{trans('Titles')}</PageTitle>
      <DataTable<Title>
        endpoint="titles"
        columns={columns}
        filters={filters}
        canDelete={can('titles.delete')}
        searchLabel={trans('Search titles')}
        emptyState={{
          title: trans('No titles have been created yet'),
          description: trans('Movies and series you add here fill the site: its home page rows, browse pages and search.'),
          icon: <Clapperboard size={40} />,
          action: creates && <Link to="new" className={buttonClass('primary')}><Plus size={16} aria-hidden />{trans('Add your first title')}</Link>,
        }}
        noResultsState={{ title: trans('No matching titles'), description: trans('Try another search query or different filters') }}
        headerActions={() => (
          <>
            {tmdb && creates && (
              <>
                <Button onClick={() => setImportOne(true)}><Download size={16} aria-hidden />{trans('Import title')}</Button>
                <Button onClick={() => setImportMany(true)}><Download size={16} aria-hidden />{trans('Import multiple titles')}</Button>
              </>
            )}
            {creates && <Link to="new" className={buttonClass('primary')}><Plus size={16} aria-hidden />{trans('Add new title')}</Link>}
          </>
        )}
      />
      {tmdb && <ImportMediaModal open={importOne} onOpenChange={setImportOne} kind="title" />}
      {tmdb && <ImportTitlesModal open={importMany} onOpenChange={setImportMany} />}
    </div>
  );
}
