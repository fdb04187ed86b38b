import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-client';
import { buttonClass } from '../../ui/Button';
import { MenuPosition } from '../appearance/MenuPosition';

interface Price { id: number; amount: number; currency: string; interval?: string | null }
interface Product { id: number; name: string; description?: string | null; feature_list?: string[]; prices?: Price[]; hidden?: boolean }

function formatPrice(p: Price): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: p.currency }).format(p.amount);
  } catch {
    return `${p.amount} ${p.currency}`;
  }
}

/** Plans from billing; until plans exist the section shows its title and an empty state. */
export default function PricingSection({ title, subtitle }: { title: string; subtitle: string }) {
  const { data, isPending } = useQuery({
    queryKey: queryKeys.list('billing/products', {}),
    queryFn: () => api.get<{ pagination?: { data: Product[] }; products?: Product[] }>('billing/products')
      .then((r) => (r.pagination?.data ?? r.products ?? []).filter((p) => !p.hidden)).catch(() => []),
  });
  return (
    <section className="border-t border-border bg-bg-alt" aria-labelledby="landing-pricing" data-appearance="pricing">
      <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:px-6">
        <h2 id="landing-pricing" className="text-3xl font-bold" data-appearance="pricingTitle">{title}</h2>
        {subtitle && <p className="mt-2 text-text-muted" data-appearance="pricingSubtitle">{subtitle}</p>}
        {isPending ? null : data?.length ? (
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.map((p) => (
              <li key={p.id} className="flex flex-col gap-4 rounded-lg border border-border bg-bg-elevated p-6 text-left">
                <h3 className="text-xl font-semibold">{p.name}</h3>
                {p.prices?.[0] && <p className="text-3xl font-bold">{formatPrice(p.prices[0])}{p.prices[0].interval && <span className="text-base font-normal text-text-muted"> / {p.prices[0].interval}</span>}</p>}
                {p.description && <p className="text-sm text-text-muted">{p.description}</p>}
                {!!p.feature_list?.length && <ul className="flex flex-col gap-1 text-sm">{p.feature_list.map((f) => <li key={f}>✓ {f}</li>)}</ul>}
                <Link to="/register" className={buttonClass('primary', 'md', 'mt-auto')}>{trans('Choose plan')}</Link>
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
