import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingInvoice, BillingSubscription, CheckoutGateway } from '@app/contracts';
import { api, errorMessage } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { toast } from '../../ui/Toast';

/** The signed-in user's billing calls: checkout and their own subscription (issue 13). */
export const OWN_SUBSCRIPTION = ['billing', 'own-subscription'] as const;
const INVOICES = ['billing', 'own-invoices'] as const;

/** `poll` decides from the current answer whether to ask again (the success page waits for the webhook). */
export function useOwnSubscription(poll?: (current: BillingSubscription | null | undefined) => number | false, enabled = true) {
  return useQuery({
    queryKey: OWN_SUBSCRIPTION,
    enabled,
    queryFn: () => api.get<{ subscription: BillingSubscription | null }>('billing/subscription').then((r) => r.subscription),
    refetchInterval: poll ? (q) => poll(q.state.data) : undefined,
  });
}

export function useOwnInvoices(enabled: boolean) {
  return useQuery({
    queryKey: INVOICES,
    queryFn: () => api.get<{ invoices: BillingInvoice[] }>('billing/invoices').then((r) => r.invoices),
    enabled,
  });
}

/** Starts checkout and leaves for the gateway's hosted page; the subscription arrives by webhook. */
export function useCheckout() {
  return useMutation({
    mutationFn: (v: { price_id: number; gateway: CheckoutGateway }) => api.post<{ url: string }>('billing/checkout', v),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
}

/** Cancel, resume and change plan: each answers the updated subscription, which replaces the cached one. */
export function useSubscriptionAction<V>(call: (v: V) => Promise<Answer>, done: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (r) => {
      // PayPal wants the buyer to approve a new price on its page; the change arrives by webhook afterwards.
      if (r.url) return window.location.assign(r.url);
      qc.setQueryData(OWN_SUBSCRIPTION, r.subscription);
      // Read back too: a plan without a renewal date ends at once when cancelled, and the panel then has none.
      void qc.invalidateQueries({ queryKey: OWN_SUBSCRIPTION });
      void qc.invalidateQueries({ queryKey: INVOICES });
      toast(done);
    },
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
}

/** `url`: the gateway's page where the buyer approves a plan change before it takes effect. */
type Answer = { subscription: BillingSubscription; message: string; url?: string };
export const ownCalls = {
  cancel: () => api.post<Answer>('billing/subscription/cancel', {}),
  resume: () => api.post<Answer>('billing/subscription/resume', {}),
  changePlan: (priceId: number) => api.post<Answer>('billing/subscription/change-plan', { price_id: priceId }),
};

/** Leaves for the gateway's page where the subscriber updates how they pay. */
export function usePaymentMethodPage() {
  return useMutation({
    mutationFn: () => api.post<{ url: string }>('billing/subscription/payment-method', {}),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
}
