import type Stripe from 'stripe';
import type { Gateway } from './index.ts';

/** Currencies Stripe takes in whole units (no cents), per its documentation. */
export const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
/** Currencies Stripe takes in thousandths (5.000 KWD is 5000), the last digit 0, per the same page. */
export const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** Our amounts are hundredths of the unit whatever the currency; Stripe's are the currency's minor unit. */
export const toStripeAmount = (hundredths: number, currency: string) =>
  ZERO_DECIMAL.has(currency) ? Math.round(hundredths / 100) : THREE_DECIMAL.has(currency) ? hundredths * 10 : hundredths;
export const fromStripeAmount = (amount: number, currency: string) =>
  ZERO_DECIMAL.has(currency) ? amount * 100 : THREE_DECIMAL.has(currency) ? Math.round(amount / 10) : amount;

/**
 * The visitor side of the Stripe gateway: a hosted Checkout Session in subscription mode, a plan change that swaps
 * the subscription item's price, and the subscription's invoices. The subscription itself reaches us by webhook.
 */
export function stripeVisitorSide(client: Stripe): Pick<Required<Gateway>, 'checkout' | 'changePrice' | 'invoices' | 'paymentPage'> {
  return {
    async checkout(req) {
      if (!req.price.stripe_id) throw new Error('The price is not synced to Stripe.');
      const userId = String(req.user.id);
      const session = await client.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: req.price.stripe_id, quantity: 1 }],
        client_reference_id: userId,
        customer_email: req.user.email,
        // The subscription webhooks read user_id from the subscription; the session's copy names our price too.
        subscription_data: { metadata: { user_id: userId } },
        metadata: { user_id: userId, price_id: String(req.price.id) },
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe did not return a checkout URL.');
      return { url: session.url };
    },
    async changePrice(gatewayId, priceGatewayId) {
      const sub = await client.subscriptions.retrieve(gatewayId);
      const item = sub.items.data[0];
      if (!item) throw new Error('The Stripe subscription has no item.');
      await client.subscriptions.update(gatewayId, { items: [{ id: item.id, price: priceGatewayId }], proration_behavior: 'create_prorations' });
      return {};
    },
    async invoices(gatewayId) {
      const list = await client.invoices.list({ subscription: gatewayId, limit: 50, expand: ['data.payments'] });
      const refunds = await refundsOf(client, list.data);
      return list.data.map((inv) => {
        const currency = inv.currency.toUpperCase();
        // A paid invoice stays "paid" at Stripe when its charge is refunded: the charge says so.
        const status = inv.status === 'paid' ? (refunds.get(inv.id ?? '') ?? 'paid') : (inv.status ?? 'draft');
        // GatewayInvoice amounts are hundredths of the currency's unit whatever Stripe's minor unit is.
        return { id: inv.id ?? '', createdAt: new Date(inv.created * 1000).toISOString(), amount: fromStripeAmount(inv.total, currency), currency, status, url: inv.hosted_invoice_url ?? null };
      });
    },
    /** Stripe's customer portal, where the customer replaces the card (and pays what is due with it). */
    async paymentPage(gatewayId, returnUrl) {
      const sub = await client.subscriptions.retrieve(gatewayId);
      const customer = typeof sub.customer === 'string' ? sub.customer : sub.customer.id;
      const session = await client.billingPortal.sessions.create({ customer, return_url: returnUrl });
      return { url: session.url };
    },
  };
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/**
 * Which of these paid invoices were refunded ('refunded') or partly ('partially_refunded'), by invoice id: the
 * customer's charges (one call) matched to each invoice's payments (its charge or payment intent).
 */
async function refundsOf(client: Stripe, invoices: Stripe.Invoice[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const customer = idOf(invoices.find((i) => i.status === 'paid')?.customer);
  if (!customer) return out;
  const charges = (await client.charges.list({ customer, limit: 100 })).data.filter((c) => c.amount_refunded > 0);
  if (!charges.length) return out;
  for (const inv of invoices) {
    for (const p of inv.payments?.data ?? []) {
      const chargeId = idOf(p.payment.charge);
      const intentId = idOf(p.payment.payment_intent);
      const charge = charges.find((c) => c.id === chargeId || (intentId !== null && idOf(c.payment_intent) === intentId));
      if (charge && inv.id) out.set(inv.id, charge.refunded ? 'refunded' : 'partially_refunded');
    }
  }
  return out;
}
