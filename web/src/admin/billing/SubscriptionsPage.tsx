import { useMemo, useState } from 'react';
import { MoreVertical, Plus, Receipt } from 'lucide-react';
import type { BillingSubscription } from '@app/contracts/billing';
import { PAYMENT_DUE_STATUSES } from '@app/contracts/billing-checkout';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { Avatar } from '../../ui/Avatar';
import { Button, buttonClass } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable, type DataTableColumn, type FilterDefinition } from '../../ui/DataTable';
import { DropdownContent, DropdownItem, DropdownMenu, DropdownTrigger } from '../../ui/DropdownMenu';
import { toast } from '../../ui/Toast';
import { PageTitle } from '../PageTitle';
import { SUBSCRIPTIONS, subscriptionCalls, useAllProducts, useBillingAction } from './api';
import { SubscriptionFormModal } from './SubscriptionFormModal';

type Action = 'cancel' | 'resume' | 'delete';

/** The gateways by their own names (PayPal, not "Paypal"); an admin's local subscription is billed by none. */
const gatewayName = (name: string) => new Map([['stripe', 'Stripe'], ['paypal', 'PayPal'], ['none', trans('None')]]).get(name) ?? name;

/**
 * Status as a person reads it, one of the list's status filters (the server's `status` filter picks the same rows):
 * ended; past due while a payment is owed (a suspended PayPal subscription has a grace end, it is still owed); a
 * cancelled one still in its grace period; active.
 */
export function subscriptionStatus(s: BillingSubscription): string {
  if (!s.valid) return trans('Ended');
  if (s.gateway_status && PAYMENT_DUE_STATUSES.includes(s.gateway_status)) return trans('Past due');
  if (s.cancelled) return trans('Cancelled');
  return trans('Active');
}

export function Component() {
  const products = useAllProducts();
  const [editing, setEditing] = useState<BillingSubscription | null | undefined>(undefined);
  const [confirming, setConfirming] = useState<{ action: Action; sub: BillingSubscription } | null>(null);
  const act = useBillingAction(({ action, id }: { action: Action; id: number }) =>
    (action === 'cancel' ? subscriptionCalls.cancel(id) : action === 'resume' ? subscriptionCalls.resume(id) : subscriptionCalls.remove(id)));

  const columns = useMemo<DataTableColumn<BillingSubscription>[]>(() => [
    {
      id: 'customer', header: () => trans('Customer'),
      cell: ({ row: { original: s } }) => (s.user ? (
        <div className="flex min-w-0 items-center gap-2">
          <Avatar src={s.user.avatar} label={s.user.display_name} size={32} />
          <div className="min-w-0">
            <div className="truncate font-medium">{s.user.display_name}</div>
            <div className="truncate text-xs text-text-muted">{s.user.email}</div>
          </div>
        </div>
      ) : '-'),
    },
    { id: 'status', header: () => trans('Status'), cell: ({ row }) => subscriptionStatus(row.original) },
    { id: 'plan', header: () => trans('Plan'), cell: ({ row }) => row.original.product?.name ?? '-' },
    { id: 'gateway', header: () => trans('Gateway'), sortKey: 'gateway_name', cell: ({ row }) => gatewayName(row.original.gateway_name) },
    { id: 'renews_at', header: () => trans('Renews at'), sortKey: 'renews_at', cell: ({ row }) => (row.original.renews_at ? formatDate(row.original.renews_at) : '-') },
    { id: 'ends_at', header: () => trans('Ends at'), sortKey: 'ends_at', cell: ({ row }) => (row.original.ends_at ? formatDate(row.original.ends_at) : '-') },
    { id: 'created_at', header: () => trans('Created at'), sortKey: 'created_at', cell: ({ row }) => formatDate(row.original.created_at) },
    {
      id: 'actions', header: () => <span className="sr-only">{trans('Actions')}</span>, className: 'w-16 text-end',
      cell: ({ row: { original: s } }) => (
        <DropdownMenu>
          <DropdownTrigger className={buttonClass('text', 'icon')} aria-label={trans('Actions for :name', { name: s.user?.email ?? String(s.id) })}>
            <MoreVertical size={16} aria-hidden />
          </DropdownTrigger>
          <DropdownContent>
            <DropdownItem onSelect={() => setEditing(s)}>{trans('Edit')}</DropdownItem>
            {s.valid && !s.cancelled && <DropdownItem onSelect={() => setConfirming({ action: 'cancel', sub: s })}>{trans('Cancel')}</DropdownItem>}
            {s.valid && s.cancelled && <DropdownItem onSelect={() => setConfirming({ action: 'resume', sub: s })}>{trans('Resume')}</DropdownItem>}
            <DropdownItem className="text-danger" onSelect={() => setConfirming({ action: 'delete', sub: s })}>{trans('Delete')}</DropdownItem>
          </DropdownContent>
        </DropdownMenu>
      ),
    },
  ], []);

  const filters = useMemo<FilterDefinition[]>(() => [
    {
      key: 'status', label: trans('Status'), type: 'select',
      options: [
        { label: trans('Active'), value: 'active' }, { label: trans('Cancelled'), value: 'cancelled' },
        { label: trans('Ended'), value: 'ended' }, { label: trans('Past due'), value: 'past_due' },
      ],
    },
    { key: 'product_id', label: trans('Plan'), type: 'select', options: (products.data ?? []).map((p) => ({ label: p.name, value: p.id })) },
    {
      key: 'gateway_name', label: trans('Gateway'), type: 'select',
      options: [{ label: 'Stripe', value: 'stripe' }, { label: 'PayPal', value: 'paypal' }, { label: trans('None'), value: 'none' }],
    },
    { key: 'renews_at', label: trans('Renews at'), type: 'dateRange' },
    { key: 'ends_at', label: trans('Ends at'), type: 'dateRange' },
    { key: 'created_at', label: trans('Created date'), type: 'dateRange' },
  ], [products.data]);

  const texts = new Map<Action, { title: string; body: string; confirm: string; done: string }>([
    ['cancel', { title: trans('Cancel subscription'), body: trans('The subscription stays active until the end of the current billing period, and can be resumed until then.'), confirm: trans('Cancel subscription'), done: trans('Subscription cancelled') }],
    ['resume', { title: trans('Resume subscription'), body: trans('The subscription returns to its plan and billing cycle.'), confirm: trans('Resume'), done: trans('Subscription resumed') }],
    ['delete', { title: trans('Delete subscription'), body: trans('The subscription is deleted permanently and billing stops at once.'), confirm: trans('Delete'), done: trans('Subscription deleted') }],
  ]);
  const text = confirming ? texts.get(confirming.action)! : null;

  return (
    <div className="flex flex-col gap-6 p-4 desk:p-8">
      <PageTitle>{trans('Subscriptions')}</PageTitle>
      <DataTable<BillingSubscription>
        endpoint={SUBSCRIPTIONS}
        columns={columns}
        filters={filters}
        searchLabel={trans('Search by customer')}
        defaultOrderBy="created_at"
        defaultOrderDir="desc"
        emptyState={{ title: trans('No subscriptions yet'), description: trans('Members who subscribe to a plan from the pricing page appear here; you can also add one by hand.'), icon: <Receipt size={40} /> }}
        noResultsState={{ title: trans('No matching subscriptions'), description: trans('Try another search query or different filters') }}
        headerActions={() => (
          <Button variant="primary" onClick={() => setEditing(null)}>
            <Plus size={16} aria-hidden />
            {trans('Add')}
          </Button>
        )}
      />
      <SubscriptionFormModal open={editing !== undefined} subscription={editing} onOpenChange={(open) => !open && setEditing(undefined)} />
      <ConfirmDialog
        open={!!confirming}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={text?.title ?? ''}
        body={text?.body ?? ''}
        confirm={text?.confirm ?? ''}
        danger={confirming?.action !== 'resume'}
        pending={act.isPending}
        onConfirm={() => act.mutate({ action: confirming!.action, id: confirming!.sub.id }, {
          onSuccess: () => { toast(text!.done); setConfirming(null); },
          onError: (e) => { toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))); setConfirming(null); },
        })}
      />
    </div>
  );
}
