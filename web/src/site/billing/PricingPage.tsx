import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Check } from 'lucide-react';
import type { Price, Product } from '@app/contracts/billing';
import { isUnpaidStart } from '@app/contracts/billing-constants';
import { useDocumentTitle } from '../../admin/PageTitle';
import { useAuth, useSetting } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { buttonClass } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { radioGroup } from '../../ui/radio-group';
import { NotFoundPage } from '../ErrorPages';
import { useOwnSubscription } from './account-api';
import { CheckoutButtons, useResumeCheckout } from './CheckoutButtons';
import { PlanPrice, useVisiblePlans } from './plans';
import { PAGE_WIDTH } from '../ui/page-width';

const CYCLES = ['month', 'year'] as const;
type Cycle = (typeof CYCLES)[number];

const every = (p: Product, cycle: Cycle) => p.prices.find((x) => x.interval === cycle && x.interval_count === 1);

/** The price a plan shows for the chosen cycle: a monthly or a yearly one when it has it, else its monthly one, else its first. */
const priceFor = (p: Product, cycle: Cycle): Price | undefined => every(p, cycle) ?? every(p, 'month') ?? p.prices[0];

/** /pricing: visible plans by position, the recommended one highlighted, a monthly/yearly switch when prices allow. */
export function Component() {
  useDocumentTitle(trans('Pricing'));
  const enabled = useSetting<boolean>('client.billing.enable', false);
  const { user } = useAuth();
  useResumeCheckout();
  // A subscriber changes plan from the account's Billing panel: a second checkout would be refused.
  const own = useOwnSubscription(undefined, !!user && enabled);
  // A start whose first payment never went through holds nothing: the member picks a plan again.
  const subscribed = own.data?.valid && !isUnpaidStart(own.data.gateway_status) ? own.data : null;
  const [cycle, setCycle] = useState<Cycle>('month');
  const plans = useVisiblePlans(enabled);
  const hasYearly = useMemo(() => (plans.data ?? []).some((p) => p.prices.some((x) => x.interval === 'year')), [plans.data]);
  const hasMonthly = useMemo(() => (plans.data ?? []).some((p) => p.prices.some((x) => x.interval === 'month')), [plans.data]);
  const showCycles = hasYearly && hasMonthly;
  if (!enabled) return <NotFoundPage />;

  return (
    <div className={cn(PAGE_WIDTH, 'flex flex-col items-center gap-8 py-12')}>
      <h1 className="text-3xl font-bold">{trans('Choose the right plan for you')}</h1>
      {showCycles && (
        <div role="radiogroup" aria-label={trans('Billing cycle')} className="inline-flex rounded-full border border-border p-1">
          {CYCLES.map((c) => (
            <button
              key={c}
              type="button"
              {...radioGroup({ options: CYCLES, value: cycle, choose: setCycle })(c)}
              onClick={() => setCycle(c)}
              className={cn('rounded-full px-4 py-1.5 text-sm', cycle === c && 'bg-primary text-on-primary')}
            >
              {c === 'month' ? trans('Monthly') : trans('Yearly')}
            </button>
          ))}
        </div>
      )}
      {plans.isPending ? (
        // Shaped like what comes (the cycle switch, a row of plan cards, stacked on phones): a short block let the footer
        // into a phone's view, then the plans pushed it out again.
        <>
          <div aria-hidden className="h-[2.625rem]" />
          <div className="grid w-full gap-6 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label={trans('Loading')}>
            {[0, 1, 2].map((i) => <div key={i} className="skeleton h-[22rem] rounded-lg" />)}
          </div>
        </>
      ) : !plans.data?.length ? (
        <p className="text-text-muted">{trans('No plans are available yet.')}</p>
      ) : (
        <ul className="grid w-full gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {plans.data.map((p) => {
            const price = priceFor(p, cycle);
            const mine = subscribed?.product_id === p.id;
            return (
              <li
                key={p.id}
                aria-label={p.name}
                className={cn('relative flex flex-col gap-4 rounded-lg border bg-bg-elevated p-6', p.recommended ? 'border-primary shadow-lg ring-2 ring-primary' : 'border-border')}
              >
                {/* On the card's top edge, not above its name: the plans' names and prices stay level across the row. */}
                {(mine || p.recommended) && (
                  <span className="absolute start-1/2 top-0 -translate-y-1/2 whitespace-nowrap rounded-full bg-primary px-3 py-0.5 text-xs font-medium text-on-primary ltr:-translate-x-1/2 rtl:translate-x-1/2">{mine ? trans('Your plan') : trans('Most popular')}</span>
                )}
                <h2 className="text-xl font-semibold">{p.name}</h2>
                <PlanPrice plan={p} price={price} />
                {/* A plan without a price for the chosen cycle shows the one it has: say so, not pass it off as monthly. */}
                {showCycles && !p.free && price && !(price.interval === cycle && price.interval_count === 1) && (
                  <p className="-mt-3 text-sm text-text-muted">{cycle === 'month' ? trans('Not offered monthly') : trans('Not offered yearly')}</p>
                )}
                {p.description && <p dir="auto" className="text-sm text-text-muted">{p.description}</p>}
                {!!p.feature_list.length && (
                  <ul className="flex flex-col gap-1 text-sm">
                    {p.feature_list.map((f) => <li key={f} className="flex items-start gap-2"><Check size="0.875rem" aria-hidden className="mt-1 shrink-0" /><bdi>{f}</bdi></li>)}
                  </ul>
                )}
                {subscribed ? (
                  <Link to="/account-settings#account-billing" className={buttonClass(mine ? 'primary' : 'outline', 'md', 'mt-auto')}>
                    {!mine && subscribed.gateway_name !== 'none' && !subscribed.cancelled ? trans('Change plan') : trans('Manage subscription')}
                  </Link>
                ) : p.free || !price ? (
                  <Link to={user ? '/account-settings' : '/register'} className={buttonClass(p.recommended ? 'primary' : 'outline', 'md', 'mt-auto')}>
                    {trans('Get started')}
                  </Link>
                ) : (
                  <CheckoutButtons price={price} plan={p.name} primary={p.recommended} />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
