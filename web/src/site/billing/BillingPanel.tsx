import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PAYMENT_DUE_STATUSES, grantsAccess, isUnpaidStart, type BillingSubscription, type Product } from '@app/contracts';
import type { Pagination } from '@app/contracts/list';
import { intervalLabel } from '../../admin/billing/plan-options';
import { api } from '../../lib/api';
import { useSetting } from '../../lib/auth';
import { formatDate, formatMoney } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { SimpleTable } from '../../ui/SimpleTable';
import { Button, buttonClass } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Select } from '../../ui/fields';
import { Panel } from '../account/Panel';
import { MenuPosition } from '../appearance/MenuPosition';
import { ownCalls, useOwnInvoices, useOwnSubscription, usePaymentMethodPage, useSubscriptionAction } from './account-api';

type PriceLike = { amount: number; currency: string; interval: Parameters<typeof intervalLabel>[0]; interval_count: number };
const priceText = (p: PriceLike) => `${formatMoney(p.amount, p.currency)} ${intervalLabel(p.interval, p.interval_count)}`;

/** The account's Billing panel: current plan, renewal or end, change plan, cancel, resume and invoices. */
export function BillingPanel() {
  const enabled = useSetting<boolean>('client.billing.enable', false);
  if (!enabled) return null;
  return <BillingPanelBody />;
}

function BillingPanelBody() {
  const sub = useOwnSubscription();
  const current = sub.data;
  return (
    <Panel id="account-billing" title={trans('Billing')} description={trans('Your plan, payments and invoices.')}>
      {sub.isPending ? (
        <div className="skeleton h-12 w-full" aria-busy="true" />
      ) : !current ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-text-muted">{trans('You do not have a subscription.')}</p>
          <Link to="/pricing" className={buttonClass('primary', 'md')}>{trans('See plans')}</Link>
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          <CurrentPlan sub={current} />
          <Invoices gatewayBilled={current.gateway_name !== 'none'} />
        </div>
      )}
      <MenuPosition position="billing-page" label={trans('Billing links')} className="-mx-3 mt-3" />
    </Panel>
  );
}

function CurrentPlan({ sub }: { sub: BillingSubscription }) {
  const [confirm, setConfirm] = useState<'cancel' | 'change' | null>(null);
  const [changing, setChanging] = useState(false);
  const [priceId, setPriceId] = useState('');
  const cancel = useSubscriptionAction(ownCalls.cancel, trans('Subscription cancelled'));
  const resume = useSubscriptionAction(ownCalls.resume, trans('Subscription resumed'));
  const change = useSubscriptionAction(ownCalls.changePlan, trans('Plan changed'));
  const paymentPage = usePaymentMethodPage();
  const billed = sub.gateway_name !== 'none';
  const due = sub.gateway_status !== null && PAYMENT_DUE_STATUSES.includes(sub.gateway_status);
  // Stripe gave up on the payment (or never got the first one): the plan is kept, watching waits for a payment.
  const onHold = !grantsAccess(sub.gateway_status);
  const unpaidStart = isUnpaidStart(sub.gateway_status);
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm" aria-label={trans('Current plan')}>
        <dt className="text-text-muted">{trans('Plan')}</dt>
        <dd className="font-medium">{sub.product?.name ?? '—'}</dd>
        <dt className="text-text-muted">{trans('Price')}</dt>
        <dd>{sub.price ? priceText(sub.price) : trans('Free')}</dd>
        {sub.cancelled ? (
          <>
            <dt className="text-text-muted">{trans('Ends at')}</dt>
            <dd>{formatDate(sub.ends_at)}</dd>
          </>
        ) : sub.renews_at ? (
          <>
            <dt className="text-text-muted">{trans('Renews at')}</dt>
            <dd>{formatDate(sub.renews_at)}</dd>
          </>
        ) : null}
        {due && (
          <>
            <dt className="text-text-muted">{trans('Status')}</dt>
            <dd className="text-danger">{onHold ? trans('On hold: payment needed') : trans('Payment failed')}</dd>
          </>
        )}
      </dl>
      {unpaidStart ? (
        <p className="text-sm text-danger">
          {trans('Your first payment did not go through, so this plan has not started.')}{' '}
          <Link to="/pricing" className="font-medium underline">{trans('Choose a plan again')}</Link>
        </p>
      ) : due && (
        <p className="text-sm text-danger">
          {onHold
            ? trans('Watching is on hold because your payment did not go through. Update your payment method to watch again.')
            : trans('Your last payment did not go through. Update your payment method to keep watching.')}
        </p>
      )}
      {/* A local subscription (an admin's) can be cancelled and resumed too; only a billed one changes price. */}
      <div className="flex flex-wrap gap-2">
        {billed && !sub.cancelled && !unpaidStart && <Button variant="outline" onClick={() => setChanging((v) => !v)}>{trans('Change plan')}</Button>}
        {sub.cancelled
          ? <Button onClick={() => resume.mutate()} disabled={resume.isPending}>{trans('Resume')}</Button>
          : <Button variant="outline" onClick={() => setConfirm('cancel')}>{trans('Cancel subscription')}</Button>}
        {billed && (
          <Button variant={due ? 'primary' : 'outline'} onClick={() => paymentPage.mutate()} disabled={paymentPage.isPending}>{trans('Update payment method')}</Button>
        )}
      </div>
      {changing && !sub.cancelled && (
        <ChangePlan current={sub} value={priceId} onChange={setPriceId} onSubmit={() => setConfirm('change')} />
      )}
      <ConfirmDialog
        open={confirm === 'cancel'}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={trans('Cancel subscription')}
        body={unpaidStart ? trans('This plan has not started, so it ends now.') : sub.renews_at
          ? trans('Your plan stays active until :date, then ends. You can resume it until then.', { date: formatDate(sub.renews_at) })
          : trans('Your plan has no renewal date, so it ends now.')}
        confirm={trans('Cancel subscription')}
        danger
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setConfirm(null) })}
      />
      <ConfirmDialog
        open={confirm === 'change'}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={trans('Change plan')}
        body={trans('Your subscription moves to the new price now; the payment gateway settles the difference on your next invoice.')}
        confirm={trans('Change plan')}
        pending={change.isPending}
        onConfirm={() => change.mutate(Number(priceId), { onSettled: () => setConfirm(null), onSuccess: () => setChanging(false) })}
      />
    </div>
  );
}

/** The other prices of visible, paid plans the subscription can move to: in its currency, as the gateway bills one. */
function ChangePlan({ current, value, onChange, onSubmit }: { current: BillingSubscription; value: string; onChange: (v: string) => void; onSubmit: () => void }) {
  const plans = useQuery({
    queryKey: ['billing', 'own-plans'],
    queryFn: () => api.get<{ pagination: Pagination<Product> }>('billing/products', { perPage: 100, orderBy: 'position', orderDir: 'asc' }).then((r) => r.pagination.data),
  });
  const options = (plans.data ?? []).filter((p) => !p.hidden && !p.free)
    .flatMap((p) => p.prices.filter((x) => x.id !== current.price_id && (!current.price || x.currency === current.price.currency))
      .map((x) => ({ value: String(x.id), label: `${p.name} — ${priceText(x)}` })));
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Select
        label={trans('New plan')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        options={[{ value: '', label: trans('Choose a plan') }, ...options]}
        wrapperClassName="min-w-64"
      />
      <Button onClick={onSubmit} disabled={!value}>{trans('Continue')}</Button>
    </div>
  );
}

/** Stripe's and PayPal's invoice states in words; an unknown one shows as the gateway wrote it. */
const invoiceStatus = (status: string) => new Map([
  ['paid', trans('Paid')], ['open', trans('Open')], ['draft', trans('Draft')], ['void', trans('Void')], ['uncollectible', trans('Uncollectible')],
  ['pending', trans('Pending')], ['declined', trans('Declined')], ['refunded', trans('Refunded')], ['partially_refunded', trans('Partially refunded')],
]).get(status) ?? status;

function Invoices({ gatewayBilled }: { gatewayBilled: boolean }) {
  const invoices = useOwnInvoices(gatewayBilled);
  if (!gatewayBilled) return null;
  const rows = invoices.data ?? [];
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{trans('Invoices')}</h3>
      {invoices.isPending ? (
        <div className="skeleton h-10 w-full" aria-busy="true" />
      ) : !rows.length ? (
        <p className="text-sm text-text-muted">{trans('No invoices yet.')}</p>
      ) : (
        <SimpleTable rows={rows} rowKey={(i) => i.id} columns={[
          { header: trans('Date'), cell: (i) => formatDate(i.created_at) },
          { header: trans('Amount'), cell: (i) => formatMoney(i.amount, i.currency) },
          { header: trans('Status'), cell: (i) => invoiceStatus(i.status) },
          { header: trans('Invoice'), hidden: true, cell: (i) => i.url && <a href={i.url} target="_blank" rel="noreferrer" className="text-primary underline">{trans('View')}</a> },
        ]} />
      )}
    </div>
  );
}
