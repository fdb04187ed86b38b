import { Link } from 'react-router';
import { trans } from '../../lib/i18n';
import { buttonClass } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { MenuPosition } from '../appearance/MenuPosition';
import { PlanPrice, useVisiblePlans } from '../billing/plans';
import { PAGE_WIDTH } from '../ui/page-width';

/**
 * Plans from billing by position, each with its first price or "Free"; "Choose plan" leads to /pricing,
 * where the billing cycle is picked and checkout starts. Until plans exist the section shows its title and an empty state.
 */
export default function PricingSection({ title, subtitle }: { title: string; subtitle: string }) {
  // An error (billing switched off) shows the empty state, as no plans do.
  const { data, isPending } = useVisiblePlans();
  return (
    <section className="border-t border-border bg-bg-alt" aria-labelledby="landing-pricing" data-appearance="pricing">
      <div className={cn(PAGE_WIDTH, 'py-16 text-center')}>
        <h2 id="landing-pricing" dir="auto" className="text-3xl font-bold" data-appearance="pricingTitle">{title}</h2>
        {subtitle && <p dir="auto" className="mt-2 text-text-muted" data-appearance="pricingSubtitle">{subtitle}</p>}
        {isPending ? null : data?.length ? (
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.map((p) => (
              <li
                key={p.id}
                aria-label={p.name}
                className={cn('flex flex-col gap-4 rounded-lg border bg-bg-elevated p-6 text-start', p.recommended ? 'border-primary ring-2 ring-primary' : 'border-border')}
              >
                <h3 className="text-xl font-semibold">{p.name}</h3>
                <PlanPrice plan={p} price={p.prices[0]} />
                {p.description && <p dir="auto" className="text-sm text-text-muted">{p.description}</p>}
                {!!p.feature_list.length && <ul className="flex flex-col gap-1 text-sm">{p.feature_list.map((f) => <li key={f}>✓ <bdi>{f}</bdi></li>)}</ul>}
                <Link to="/pricing" aria-label={`${trans('Choose plan')}: ${p.name}`} className={buttonClass(p.recommended ? 'primary' : 'outline', 'md', 'mt-auto')}>
                  {trans('Choose plan')}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-8 text-text-muted">{trans('No plans are available yet.')}</p>
        )}
        <MenuPosition position="pricing-table-page" className="mt-8 flex justify-center text-text-muted" />
      </div>
    </section>
  );
}
