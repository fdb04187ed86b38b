import { useQuery } from '@tanstack/react-query';
import type { Price, Product } from '@app/contracts/billing';
import type { Pagination } from '@app/contracts/list';
import { formatMoney } from '../../lib/format';
import { intervalLabel } from '../../admin/billing/plan-options';
import { api } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-client';

/** The plans a visitor can pick, by position, hidden ones left out: /pricing and the landing's pricing section share one query. */
export function useVisiblePlans(enabled = true) {
  return useQuery({
    queryKey: queryKeys.list('billing/products', { perPage: 100, orderBy: 'position' }),
    queryFn: () => api.get<{ pagination: Pagination<Product> }>('billing/products', { perPage: 100, orderBy: 'position', orderDir: 'asc' })
      .then((r) => r.pagination.data.filter((p) => !p.hidden)),
    enabled,
  });
}

/** A plan card's price line: "Free" for a free plan (or one without prices), else the amount and its billing period. */
export function PlanPrice({ plan, price }: { plan: Product; price: Price | undefined }) {
  if (plan.free || !price) return <p className="text-3xl font-bold">{trans('Free')}</p>;
  return (
    <p className="text-3xl font-bold">
      {formatMoney(price.amount, price.currency)}
      <span className="ms-1 text-base font-normal text-text-muted">{intervalLabel(price.interval, price.interval_count)}</span>
    </p>
  );
}
