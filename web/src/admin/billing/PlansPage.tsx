import { useMemo } from 'react';
import { Link } from 'react-router';
import { CreditCard, Plus, RefreshCw, Trash2 } from 'lucide-react';
import type { Product } from '@app/contracts/billing';
import { api, errorMessage } from '../../lib/api';
import { formatDate, formatMoney } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { Button, buttonClass } from '../../ui/Button';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { toast } from '../../ui/Toast';
import { PageTitle } from '../PageTitle';
import { useConfirmedDelete } from '../../ui/use-confirmed-delete';
import { PRODUCTS, SUBSCRIPTIONS, useBillingAction } from './api';
import { intervalLabel, positionLabel } from './plan-options';

/** Part C "Plans": the list with sync and delete; a plan's name opens its edit page. */
export function Component() {
  const { ask: askDelete, dialog: deleteDialog } = useConfirmedDelete<Product>({
    remove: (p) => api.delete(`${PRODUCTS}/${p.id}`), refresh: [PRODUCTS, SUBSCRIPTIONS], done: trans('Plan deleted'),
    title: trans('Delete plan'), body: (p) => trans('Are you sure you want to delete “:name“?', { name: p.name }),
  });
  const sync = useBillingAction(() => api.post(`${PRODUCTS}/sync`, {}));

  const columns = useMemo<DataTableColumn<Product>[]>(() => [
    {
      id: 'name', header: () => trans('Name'), sortKey: 'name',
      cell: ({ row: { original: p } }) => <Link to={`${p.id}/edit`} className="font-medium hover:underline">{p.name}</Link>,
    },
    {
      id: 'prices', header: () => trans('Prices'),
      // One price a line, never broken inside ("$7.99 per month"): on a phone the column stays readable.
      cell: ({ row: { original: p } }) => (p.free ? trans('Free') : (
        <span className="flex flex-col">
          {p.prices.map((x) => <span key={x.id} className="whitespace-nowrap">{formatMoney(x.amount, x.currency)} {intervalLabel(x.interval, x.interval_count)}</span>)}
        </span>
      )),
    },
    { id: 'position', header: () => trans('Position'), sortKey: 'position', cell: ({ row }) => positionLabel(row.original.position) },
    {
      id: 'flags', header: () => trans('Flags'),
      cell: ({ row: { original: p } }) => [p.recommended && trans('Recommended'), p.hidden && trans('Hidden'), p.free && trans('Free')].filter(Boolean).join(', ') || '-',
    },
    { id: 'updated_at', header: () => trans('Last updated'), sortKey: 'updated_at', cell: ({ row }) => formatDate(row.original.updated_at) },
    {
      id: 'actions', header: () => <span className="sr-only">{trans('Actions')}</span>, className: 'w-16 text-end',
      cell: ({ row: { original: p } }) => (
        <Button variant="text" size="icon" aria-label={trans('Delete plan :name', { name: p.name })} onClick={() => askDelete(p)}>
          <Trash2 size={16} aria-hidden />
        </Button>
      ),
    },
  ], [askDelete]);

  return (
    <div className="flex flex-col gap-6 p-4 desk:p-8">
      <PageTitle>{trans('Plans')}</PageTitle>
      <DataTable<Product>
        endpoint={PRODUCTS}
        columns={columns}
        searchable={false}
        defaultOrderBy="position"
        defaultOrderDir="asc"
        emptyState={{
          title: trans('No plans have been created yet'),
          description: trans('Plans are what members subscribe to: they are listed on the pricing page once subscriptions are enabled in the settings.'),
          icon: <CreditCard size={40} />,
          action: <Link to="new" className={buttonClass('primary')}><Plus size={16} aria-hidden />{trans('Add your first plan')}</Link>,
        }}
        noResultsState={{ title: trans('No matching plans'), description: trans('Try another search query or different filters') }}
        headerActions={() => (
          <div className="flex gap-2">
            <Button
              variant="outline"
              disabled={sync.isPending}
              onClick={() => sync.mutate(undefined, {
                onSuccess: () => toast(trans('Plans synced')),
                onError: (e) => toast.danger(errorMessage(e, trans('Could not sync plans'))),
              })}
            >
              <RefreshCw size={16} aria-hidden />
              {trans('Sync plans')}
            </Button>
            <Link to="new" className={buttonClass('primary')}>
              <Plus size={16} aria-hidden />
              {trans('Add new plan')}
            </Link>
          </div>
        )}
      />
      {deleteDialog}
    </div>
  );
}
