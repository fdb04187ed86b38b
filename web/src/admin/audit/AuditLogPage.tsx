import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download, ScrollText } from 'lucide-react';
import type { AuditEntry } from '@app/contracts/audit';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { SimpleTable } from '../../ui/SimpleTable';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { DataTable, type DataTableColumn, type FilterDefinition } from '../../ui/DataTable';
import { Modal } from '../../ui/Modal';
import { PageTitle } from '../PageTitle';
import { useCsvExport } from '../csv-export';
import { OwnerFilter } from '../files/OwnerFilter';

const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/** The fields a call changed, before and after, as a table a screen reader reads row by row. */
function ChangesTable({ changes }: { changes: NonNullable<AuditEntry['changes']> }) {
  return (
    <SimpleTable rows={Object.entries(changes)} rowKey={([field]) => field} columns={[
      { header: trans('Field'), rowHeader: true, className: 'font-mono text-xs', cell: ([field]) => field },
      { header: trans('Before'), className: 'break-all text-danger', cell: ([, [before]]) => show(before) },
      { header: trans('After'), className: 'break-all text-success', cell: ([, [, after]]) => show(after) },
    ]} />
  );
}

/** Admin audit log (issue 18): who changed what, when and from where; filter, read the changes, export. */
export function Component() {
  const [viewing, setViewing] = useState<AuditEntry | null>(null);
  const { mutation: exportLog, dialog } = useCsvExport('audit-log/csv/export');
  const actions = useQuery({ queryKey: ['audit-log', 'actions'], queryFn: () => api.get<{ actions: string[] }>('audit-log/actions'), staleTime: Infinity });

  const columns = useMemo<DataTableColumn<AuditEntry>[]>(() => [
    { id: 'created_at', header: () => trans('Date'), sortKey: 'created_at', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.created_at)}</span> },
    {
      id: 'user',
      header: () => trans('User'),
      cell: ({ row: { original: e } }) => e.user ? (
        <div className="flex min-w-0 items-center gap-3">
          <Avatar src={e.user.avatar} label={e.user.display_name || e.user.email} />
          <div className="min-w-0">
            <div className="truncate font-medium">{e.user.display_name || e.user.email}</div>
            <div className="truncate text-xs text-text-muted">{e.user.email}</div>
          </div>
        </div>
      ) : <span className="text-text-muted">{trans('Deleted user')}</span>,
    },
    {
      id: 'action',
      header: () => trans('Action'),
      cell: ({ row: { original: e } }) => (
        <span className="flex items-center gap-2 whitespace-nowrap">
          <span className="rounded bg-bg-alt px-1.5 py-0.5 font-mono text-xs font-semibold">{e.method}</span>
          <span className="font-mono text-xs">{e.action}</span>
        </span>
      ),
    },
    { id: 'record', header: () => trans('Record'), cell: ({ row: { original: e } }) => (e.record_type ? `${e.record_type}${e.record_id ? ` #${e.record_id}` : ''}` : '—') },
    {
      id: 'ip',
      header: () => trans('Address'),
      cell: ({ row: { original: e } }) => (
        <span className="flex items-center gap-2 whitespace-nowrap">
          {e.ip ?? '—'}
          {e.via === 'token' && <span className="rounded bg-primary/15 px-1.5 py-0.5 text-xs font-medium">{trans('API token')}</span>}
        </span>
      ),
    },
    {
      id: 'changes',
      header: () => trans('Changes'),
      className: 'text-end',
      cell: ({ row: { original: e } }) => e.changes
        ? <Button variant="outline" size="sm" onClick={() => setViewing(e)}>{trans('View [one 1 change|other :count changes]', { count: Object.keys(e.changes).length })}</Button>
        : null,
    },
  ], []);

  const filters = useMemo<FilterDefinition[]>(() => [
    { key: 'user_id', label: trans('User'), type: 'custom', render: (value, onChange) => <OwnerFilter value={value} onChange={onChange} ownerLabel={trans('User')} /> },
    { key: 'action', label: trans('Action'), type: 'select', options: (actions.data?.actions ?? []).map((a) => ({ label: a, value: a })) },
    { key: 'record_type', label: trans('Record'), type: 'select', options: [...new Set((actions.data?.actions ?? []).map((a) => a.split('/')[3]).filter(Boolean))].sort().map((r) => ({ label: r, value: r })) },
    { key: 'created_at', label: trans('Date'), type: 'dateRange' },
  ], [actions.data]);

  return (
    <div className="flex flex-col gap-6 p-4 desk:p-8">
      <PageTitle>{trans('Audit log')}</PageTitle>
      <DataTable<AuditEntry>
        endpoint="audit-log"
        columns={columns}
        filters={filters}
        defaultOrderBy="created_at"
        defaultOrderDir="desc"
        searchable={false}
        emptyState={{ title: trans('Nothing has been changed yet'), description: trans('Changes made in the admin and with API tokens appear here.'), icon: <ScrollText size={40} /> }}
        noResultsState={{ title: trans('No matching changes'), description: trans('Try another search query or different filters') }}
        headerActions={(params) => (
          <Button onClick={() => exportLog.mutate(params)} disabled={exportLog.isPending}>
            <Download size={16} aria-hidden />
            {trans('Export CSV')}
          </Button>
        )}
      />
      <Modal
        open={!!viewing}
        onOpenChange={(o) => !o && setViewing(null)}
        title={viewing ? `${viewing.method} ${viewing.action}` : ''}
        description={viewing ? formatDateTime(viewing.created_at) : undefined}
      >
        {viewing?.changes && <ChangesTable changes={viewing.changes} />}
      </Modal>
      {dialog}
    </div>
  );
}
