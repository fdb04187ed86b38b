import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Product } from '@app/contracts/billing';
import { formatMoney } from '../../admin/billing/api';
import { intervalLabel } from '../../admin/billing/plan-options';
import { api } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-client';
import { buttonClass } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { MenuPosition } from '../appearance/MenuPosition';

/**
 * Plans from billing by position, each with its first (cheapest) price or "Free"; "Choose plan" leads to /pricing,
 * where the billing cycle is picked and checkout starts. Until plans exist the section shows its title and an empty state.
 */
export default function PricingSection({ title, subtitle }: { title: string; subtitle: string }) {
  const { data, isPending } = useQuery({
    queryKey: queryKeys.list('billing/products', { landing: true }),
    queryFn: () => api.get<{ pagination: { data: Product[] } }>('billing/products', { perPage: 100, orderBy: 'position', orderDir: 'asc' })
      .then((r) => r.pagination.data.filter((p) => !p.hidden)).catch(() => []),
  });
  return (
    <section className="border-t border-border bg-bg-alt" aria-labelledby="landing-pricing" data-appearance="pricing">
      <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:px-6">
        <h2 id="landing-pricing" className="text-3xl font-bold" data-appearance="pricingTitle">{title}</h2>
        {subtitle && <p className="mt-2 text-text-muted" data-appearance="pricingSubtitle">{subtitle}</p>}
        {isPending ? null : data?.length ? (
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.map((p) => (
              <li
                key={p.id}
                aria-label={p.name}
                className={cn('flex flex-col gap-4 rounded-lg border bg-bg-elevated p-6 text-left', p.recommended ? 'border-primary ring-2 ring-primary' : 'border-border')}
              >
                <h3 className="text-xl font-semibold">{p.name}</h3>
                {p.free || !p.prices[0] ? (
                  <p className="text-3xl font-bold">{trans('Free')}</p>
                ) : (
                  <p className="text-3xl font-bold">
                    {formatMoney(p.prices[0].amount, p.prices[0].currency)}
                    <span className="ml-1 text-base font-normal text-text-muted">{intervalLabel(p.prices[0].interval, p.prices[0].interval_count)}</span>
                  </p>
                )}
                {p.description && <p className="text-sm text-text-muted">{p.description}</p>}
                {!!p.feature_list.length && <ul className="flex flex-col gap-1 text-sm">{p.feature_list.map((f) => <li key={f}>✓ {f}</li>)}</ul>}
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
