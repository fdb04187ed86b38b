import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingSubscription, Price, Product } from '@app/contracts/billing';
import type { Pagination } from '@app/contracts/list';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

export const PRODUCTS = 'billing/products';
export const SUBSCRIPTIONS = 'billing/subscriptions';

export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.detail(PRODUCTS, id ?? ''),
    queryFn: () => api.get<{ product: Product }>(`${PRODUCTS}/${id}`).then((r) => r.product),
    enabled: !!id,
  });
}

/** Every plan (there are a handful), for the subscription modal's plan and price choices. */
export function useAllProducts() {
  return useQuery({
    queryKey: queryKeys.list(PRODUCTS, { perPage: 100 }),
    queryFn: () => api.get<{ pagination: Pagination<Product> }>(PRODUCTS, { perPage: 100 }).then((r) => r.pagination.data),
  });
}

export function useSaveProduct(id?: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: unknown) => (id
      ? api.put<{ product: Product }>(`${PRODUCTS}/${id}`, values)
      : api.post<{ product: Product }>(PRODUCTS, values)),
    onSuccess: async (r) => {
      qc.setQueryData(queryKeys.detail(PRODUCTS, r.product.id), r.product);
      await qc.invalidateQueries({ queryKey: queryKeys.lists(PRODUCTS) });
    },
  });
}

/** One call per action; each refreshes both lists (a subscription changes a price's subscriber count). */
export function useBillingAction<V>(call: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: queryKeys.all(SUBSCRIPTIONS) }), qc.invalidateQueries({ queryKey: queryKeys.all(PRODUCTS) })]);
    },
  });
}

export const subscriptionCalls = {
  save: ({ id, values }: { id?: number; values: unknown }) => (id
    ? api.put<{ subscription: BillingSubscription }>(`${SUBSCRIPTIONS}/${id}`, values)
    : api.post<{ subscription: BillingSubscription }>(SUBSCRIPTIONS, values)),
  cancel: (id: number) => api.post(`${SUBSCRIPTIONS}/${id}/cancel`, {}),
  resume: (id: number) => api.post(`${SUBSCRIPTIONS}/${id}/resume`, {}),
  remove: (id: number) => api.delete(`${SUBSCRIPTIONS}/${id}`),
};

export type { Price, Product, BillingSubscription };
