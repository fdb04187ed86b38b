import type { AppContext } from '../../../context.ts';
import { HttpError } from '../../../http/errors.ts';
import { registerGateway, type Gateway, type GatewayInvoice } from './index.ts';
import { PaypalClient } from './paypal-client.ts';

/** The PayPal client when PayPal is enabled and has credentials (read per call: settings change without a restart). */
export async function paypalClient(ctx: AppContext): Promise<PaypalClient | null> {
  if (!(await ctx.settings.get('client.billing.paypal.enable'))) return null;
  const clientId = await ctx.settings.get('server.paypal_client_id');
  const secret = await ctx.settings.get('server.paypal_secret');
  if (!clientId || !secret) return null;
  return new PaypalClient(ctx.config.paypal.apiUrl, { clientId, secret }, ctx.config.paypal.timeoutMs);
}

/** PayPal takes these currencies in whole units only; we keep every amount in hundredths. */
const NO_DECIMALS = new Set(['HUF', 'JPY', 'TWD']);
export const paypalValue = (cents: number, currency: string) =>
  NO_DECIMALS.has(currency) ? String(Math.round(cents / 100)) : (cents / 100).toFixed(2);
export const centsFromPaypal = (value: unknown) => Math.round(Number(value) * 100) || 0;

const INTERVAL_UNITS = new Map([['day', 'DAY'], ['week', 'WEEK'], ['month', 'MONTH'], ['year', 'YEAR']]);
export const paypalIntervalUnit = (interval: string) => INTERVAL_UNITS.get(interval) ?? 'MONTH';

/** A PayPal payment in the words Stripe's invoices use ("paid"); PayPal's other states (refunded, declined ...) as it names them. */
const invoiceStatus = (status: string | undefined) => {
  const s = (status ?? '').toLowerCase();
  return s === 'completed' ? 'paid' : s;
};

const sub = (id: string) => `/v1/billing/subscriptions/${encodeURIComponent(id)}`;

interface PaypalTransaction {
  id: string;
  status?: string;
  time?: string;
  amount_with_breakdown?: { gross_amount?: { currency_code?: string; value?: string } };
}

export function paypalGateway(client: PaypalClient): Gateway {
  return {
    name: 'paypal',
    /**
     * PayPal has no "cancel at period end": a cancelled PayPal subscription cannot be reactivated. The grace period
     * is therefore a suspension (billing stops, `/activate` resumes it on the same plan and cycle), and the
     * scheduler's billing:paypal-end task cancels it for good once its ends_at has passed. Delete cancels at once.
     */
    async cancel(id, { atPeriodEnd }) {
      if (atPeriodEnd) await client.request('POST', `${sub(id)}/suspend`, { reason: 'Cancelled; access lasts until the end of the paid period.' });
      else await client.request('POST', `${sub(id)}/cancel`, { reason: 'Subscription deleted.' });
    },
    async resume(id) {
      await client.request('POST', `${sub(id)}/activate`, { reason: 'Subscription resumed.' });
    },
    /** Creates the subscription in APPROVAL_PENDING; the visitor approves it on PayPal, then ACTIVATED arrives by webhook. */
    async checkout(req) {
      if (!req.price.paypal_id) throw new HttpError(422, 'This plan is not available through PayPal yet.');
      const created = await client.request<{ id: string; links?: { rel: string; href: string }[] }>('POST', '/v1/billing/subscriptions', {
        plan_id: req.price.paypal_id,
        custom_id: String(req.user.id),
        subscriber: { email_address: req.user.email },
        application_context: { user_action: 'SUBSCRIBE_NOW', shipping_preference: 'NO_SHIPPING', return_url: req.successUrl, cancel_url: req.cancelUrl },
      });
      const approve = created.links?.find((l) => l.rel === 'approve')?.href;
      if (!approve) throw new HttpError(502, 'PayPal did not return an approval link.');
      return { url: approve };
    },
    /**
     * PayPal moves a subscription to another plan with /revise; the new plan's price applies from the next cycle. A
     * different price needs the buyer's consent: PayPal answers an approve link, and BILLING.SUBSCRIPTION.UPDATED
     * follows once they agree.
     */
    async changePrice(id, planId, urls) {
      const revised = await client.request<{ links?: { rel: string; href: string }[] }>('POST', `${sub(id)}/revise`, {
        plan_id: planId,
        application_context: { shipping_preference: 'NO_SHIPPING', return_url: urls.returnUrl, cancel_url: urls.cancelUrl },
      });
      return { approveUrl: revised?.links?.find((l) => l.rel === 'approve')?.href };
    },
    /** The subscription's payments over the last year (PayPal requires a time window). */
    async invoices(id): Promise<GatewayInvoice[]> {
      const end = new Date();
      const start = new Date(end.getTime() - 365 * 86400_000);
      const qs = new URLSearchParams({ start_time: start.toISOString(), end_time: end.toISOString() });
      const res = await client.request<{ transactions?: PaypalTransaction[] }>('GET', `${sub(id)}/transactions?${qs}`);
      return (res.transactions ?? []).map((t) => ({
        id: t.id,
        createdAt: t.time ?? end.toISOString(),
        amount: centsFromPaypal(t.amount_with_breakdown?.gross_amount?.value),
        currency: t.amount_with_breakdown?.gross_amount?.currency_code ?? '',
        status: invoiceStatus(t.status),
        url: null,
      }));
    },
    /** PayPal has no page per subscription: the subscriber picks the funding source of their automatic payments. */
    async paymentPage() {
      const site = client.apiUrl.includes('.sandbox.paypal.com') ? 'https://www.sandbox.paypal.com' : 'https://www.paypal.com';
      return { url: `${site}/myaccount/autopay/` };
    },
  };
}

registerGateway('paypal', async (ctx) => {
  const client = await paypalClient(ctx);
  return client ? paypalGateway(client) : null;
});
