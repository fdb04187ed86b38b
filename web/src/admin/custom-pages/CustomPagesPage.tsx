import { useMemo } from 'react';
import { Link } from 'react-router';
import { FileText, Pencil, Plus } from 'lucide-react';
import type { CustomPage } from '@app/contracts/custom-pages';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { Avatar } from '../../ui/Avatar';
import { buttonClass } from '../../ui/Button';
import { DataTable, type DataTableColumn, type FilterDefinition } from '../../ui/DataTable';
import { PageTitle } from '../PageTitle';
import { useCustomPageFilterOptions } from './api';
import { useAuth } from '../../lib/auth';

export function Component() {
  const { can } = useAuth();
  const options = useCustomPageFilterOptions();

  const columns = useMemo<DataTableColumn<CustomPage>[]>(() => [
    {
      id: 'slug',
      header: () => trans('Slug'),
      sortKey: 'slug',
      cell: ({ row: { original: p } }) => (
        <a href={`/pages/${p.slug}`} target="_blank" rel="noreferrer" className="inline-flex max-w-xs items-center gap-1.5 truncate font-medium hover:underline">
          <span className="truncate">{p.slug}</span>
          {/* The page is on this site: no external-link icon, but say that it opens in a new tab. */}
          <span className="sr-only">{trans('(opens in a new tab)')}</span>
        </a>
      ),
    },
    {
      id: 'owner',
      header: () => trans('Owner'),
      cell: ({ row: { original: p } }) => (p.user ? (
        <div className="flex min-w-0 items-center gap-2">
          <Avatar src={p.user.avatar} label={p.user.display_name} size={28} />
          <span className="truncate">{p.user.display_name}</span>
        </div>
      ) : <span className="text-text-muted">-</span>),
    },
    { id: 'type', header: () => trans('Type'), sortKey: 'type', cell: ({ row }) => <span className="capitalize">{row.original.type}</span> },
    {
      id: 'updated_at', header: () => trans('Last updated'), sortKey: 'updated_at',
      cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.updated_at)}</span>,
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{trans('Actions')}</span>,
      className: 'w-16 text-end',
      cell: ({ row: { original: p } }) => (
        <Link to={`${p.id}/edit`} className={buttonClass('text', 'icon')} aria-label={trans('Edit page :slug', { slug: p.slug })}>
          <Pencil size={16} aria-hidden />
        </Link>
      ),
    },
  ], []);

  const filters = useMemo<FilterDefinition[]>(() => {
    const defs: FilterDefinition[] = [];
    const owners = options.data?.owners ?? [];
    if (owners.length) {
      defs.push({ key: 'user_id', label: trans('Owner'), type: 'select', options: owners.map((o) => ({ label: o.display_name, value: o.id })) });
    }
    // The type filter only helps when pages of more than one type exist.
    const types = options.data?.types ?? [];
    if (types.length > 1) defs.push({ key: 'type', label: trans('Type'), type: 'select', options: types.map((t) => ({ label: t, value: t })) });
    defs.push(
      { key: 'created_at', label: trans('Created date'), type: 'dateRange' },
      { key: 'updated_at', label: trans('Updated date'), type: 'dateRange' },
    );
    return defs;
  }, [options.data]);

  return (
    <div className="flex flex-col gap-6 p-4 desk:p-8">
      <PageTitle>{trans('Custom pages')}</PageTitle>
      <DataTable<CustomPage>
        endpoint="custom-pages"
        columns={columns}
        filters={filters}
        with="user"
        canDelete={['custom_pages.delete', 'custom_pages.update'].some((p) => can(p))}
        defaultOrderBy="updated_at"
        defaultOrderDir="desc"
        searchLabel={trans('Search pages')}
        emptyState={{
          title: trans('No pages have been created yet'),
          description: trans('Pages such as About us, Terms of service or a privacy policy: link them from a menu in Appearance.'),
          icon: <FileText size={40} />,
          action: <Link to="new" className={buttonClass('primary')}><Plus size={16} aria-hidden />{trans('Add your first page')}</Link>,
        }}
        noResultsState={{ title: trans('No matching pages'), description: trans('Try another search query or different filters') }}
        headerActions={() => (
          <Link to="new" className={buttonClass('primary')}>
            <Plus size={16} aria-hidden />
            {trans('Add new page')}
          </Link>
        )}
      />
    </div>
  );
}
