import { useMemo } from 'react';
import { Link } from 'react-router';
import { Download, Pencil, Plus, Shield } from 'lucide-react';
import type { Role } from '@app/contracts/roles';
import { API_ROOT, buildQuery } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { buttonClass } from '../../ui/Button';
import { DataTable, type DataTableColumn, type FilterDefinition } from '../../ui/DataTable';
import { toApiParams } from '../../ui/list-params';
import { PageTitle } from '../PageTitle';
import { useAuth } from '../../lib/auth';
import { CREATE_ROLES } from '../section-permissions';

export function RoleBadges({ role }: { role: Role }) {
  const badge = 'rounded-full border border-border px-2 py-0.5 text-xs text-text-muted';
  return (
    <>
      {role.default && <span className={badge}>{trans('Default')}</span>}
      {role.guests && <span className={badge}>{trans('Guests')}</span>}
      {role.internal && <span className={badge}>{trans('Internal')}</span>}
    </>
  );
}

export function Component() {
  const { can } = useAuth();
  const columns = useMemo<DataTableColumn<Role>[]>(() => [
    {
      id: 'name',
      header: () => trans('Role'),
      sortKey: 'name',
      cell: ({ row: { original: r } }) => (
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <Link to={`${r.id}/edit`} className="font-medium hover:underline">{r.name}</Link>
            <RoleBadges role={r} />
          </div>
          {r.description && <div className="truncate text-xs text-text-muted">{r.description}</div>}
        </div>
      ),
    },
    { id: 'type', header: () => trans('Type'), sortKey: 'type', cell: ({ row }) => (row.original.type === 'workspace' ? trans('Workspace') : trans('Sitewide')) },
    { id: 'users_count', header: () => trans('Users'), cell: ({ row }) => (row.original.guests ? '-' : row.original.users_count ?? 0) },
    { id: 'permissions', header: () => trans('Permissions'), cell: ({ row }) => row.original.permissions.length },
    { id: 'updated_at', header: () => trans('Last updated'), sortKey: 'updated_at', cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.updated_at)}</span> },
    {
      id: 'actions',
      header: () => <span className="sr-only">{trans('Actions')}</span>,
      className: 'w-16 text-end',
      cell: ({ row: { original: r } }) => (
        <Link to={`${r.id}/edit`} className={buttonClass('text', 'icon')} aria-label={trans('Edit role :name', { name: r.name })}>
          <Pencil size={16} aria-hidden />
        </Link>
      ),
    },
  ], []);

  const filters = useMemo<FilterDefinition[]>(() => [
    { key: 'created_at', label: trans('Created date'), type: 'dateRange' },
    { key: 'updated_at', label: trans('Updated date'), type: 'dateRange' },
  ], []);

  return (
    <div className="flex flex-col gap-6 p-4 desk:p-8">
      <PageTitle>{trans('Roles')}</PageTitle>
      <DataTable<Role>
        endpoint="roles"
        columns={columns}
        filters={filters}
        canDelete={['roles.delete', 'roles.update'].some((p) => can(p))}
        searchLabel={trans('Search roles')}
        emptyState={{ title: trans('No roles have been created yet'), icon: <Shield size={40} /> }}
        noResultsState={{ title: trans('No matching roles'), description: trans('Try another search query or different filters') }}
        headerActions={(params) => {
          // The export streams straight from the server with the list's current search and filters.
          const { page: _p, perPage: _pp, ...rest } = toApiParams(params);
          return (
            <>
              <a href={`${API_ROOT}/roles/csv/export${buildQuery(rest)}`} download className={buttonClass('outline')}>
                <Download size={16} aria-hidden />
                {trans('Export CSV')}
              </a>
              {can(CREATE_ROLES) && (
                <Link to="new" className={buttonClass('primary')}>
                  <Plus size={16} aria-hidden />
                  {trans('Add new role')}
                </Link>
              )}
            </>
          );
        }}
      />
    </div>
  );
}
