import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useDocumentTitle } from '../../admin/PageTitle';
import { trans } from '../../lib/i18n';
import { MenuPosition } from '../appearance/MenuPosition';
import { buttonClass } from '../../ui/Button';
import { useOwnSubscription } from './account-api';
import { isUnpaidStart } from '@app/contracts/billing-constants';
import type { BillingSubscription } from '@app/contracts';
import { READING_WIDTH } from '../ui/page-width';
import { cn } from '../../ui/cn';

/**
 * Polls quickly for about half a minute: the gateway's webhook usually lands within seconds of the redirect. A
 * payment still unconfirmed then is said so, and the page keeps checking now and then (a late webhook, a bank's
 * delay) so the plan still appears without a reload.
 */
const POLL_MS = 1500;
const POLL_FOR_MS = 30_000;
const SLOW_POLL_MS = 15_000;
const SLOW_POLL_FOR_MS = 10 * 60_000;

/** Both pages the gateway returns to carry the operator's checkout-page-navbar and checkout-page-footer menus. */
function CheckoutFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <MenuPosition position="checkout-page-navbar" label={trans('Checkout navigation')} className={cn(READING_WIDTH, 'border-b border-border py-2')} />
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">{children}</div>
      <MenuPosition position="checkout-page-footer" label={trans('Checkout links')} className={cn(READING_WIDTH, 'flex justify-center pb-8')} itemClassName="text-text-muted" />
    </>
  );
}

/** /billing/success: thanks the visitor and shows their plan once the gateway's webhook has recorded it. */
export function SuccessPage() {
  useDocumentTitle(trans('Thank you'));
  const [openedAt] = useState(Date.now);
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, []);
  // A subscription whose first payment is still waiting (a bank's check left undone) has not started yet either.
  const started = (current: BillingSubscription | null | undefined) => !!current && !isUnpaidStart(current.gateway_status);
  const sub = useOwnSubscription((current) => {
    const waited = Date.now() - openedAt;
    if (started(current)) return false;
    return waited < POLL_FOR_MS ? POLL_MS : waited < SLOW_POLL_FOR_MS ? SLOW_POLL_MS : false;
  });
  const plan = started(sub.data) ? sub.data?.product?.name : undefined;
  return (
    <CheckoutFrame>
      <CheckCircle2 size="3rem" className="text-success" aria-hidden />
      <h1 className="text-3xl font-bold">{trans('Thank you for subscribing!')}</h1>
      {plan ? (
        <p>{trans('Your :plan plan is active.', { plan })}</p>
      ) : slow ? (
        <div role="status" className="flex flex-col gap-2">
          <p>{trans('Your payment is taking longer than usual to confirm.')}</p>
          <p className="text-text-muted">
            {trans('This page shows your plan as soon as it is confirmed, or reload it later. If your plan does not appear within a few minutes, contact us and we will sort it out.')}
          </p>
          <Link to="/contact" className="text-primary underline">{trans('Contact us')}</Link>
        </div>
      ) : (
        <p role="status" className="text-text-muted">{trans('We are confirming your payment. This takes a few seconds.')}</p>
      )}
      <Link to="/account-settings#account-billing" className={buttonClass('primary', 'md')}>{trans('Go to billing')}</Link>
    </CheckoutFrame>
  );
}

/** /billing/cancelled: the visitor left the gateway's page or the payment failed; nothing was charged. */
export function CancelledPage() {
  useDocumentTitle(trans('Checkout cancelled'));
  return (
    <CheckoutFrame>
      <XCircle size="3rem" className="text-danger" aria-hidden />
      <h1 className="text-3xl font-bold">{trans('Checkout cancelled')}</h1>
      <p className="text-text-muted">{trans('Your payment was not completed and you have not been charged.')}</p>
      <Link to="/pricing" className={buttonClass('primary', 'md')}>{trans('Back to plans')}</Link>
    </CheckoutFrame>
  );
}
