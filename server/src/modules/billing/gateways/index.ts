import type { AppContext } from '../../../context.ts';

/** A visitor's checkout for one synced price: the gateway's ids come from plan sync. */
export interface CheckoutRequest {
  user: { id: number; email: string };
  product: { id: number; name: string; stripe_id: string | null; paypal_id: string | null };
  price: { id: number; amount: number; currency: string; interval: string; interval_count: number; stripe_id: string | null; paypal_id: string | null };
  /** Where the gateway sends the visitor back (our success and failure pages). */
  successUrl: string;
  cancelUrl: string;
}

/** An invoice as the account's Billing panel lists it (amount in minor units). */
export interface GatewayInvoice {
  id: string;
  createdAt: string;
  amount: number;
  currency: string;
  status: string;
  url: string | null;
}

/**
 * What the billing service asks of a payment gateway for a subscription it bills. The optional members are the
 * visitor-facing side (checkout, plan change, invoices, the settings page's credential check), which each gateway
 * adds as it supports it.
 */
export interface Gateway {
  name: 'stripe' | 'paypal';
  /** atPeriodEnd: stop renewing (grace period); otherwise end billing now (delete). */
  cancel(gatewayId: string, opts: { atPeriodEnd: boolean }): Promise<void>;
  resume(gatewayId: string): Promise<void>;
  /** The gateway's hosted page where the visitor approves and pays; the subscription itself arrives by webhook. */
  checkout?(req: CheckoutRequest): Promise<{ url: string }>;
  /**
   * Moves a gateway subscription to another synced price (its gateway id). When the gateway wants the buyer to
   * approve the change first (PayPal, when the price differs), it answers that page's address; the change then
   * arrives by webhook.
   */
  changePrice?(gatewayId: string, priceGatewayId: string, urls: { returnUrl: string; cancelUrl: string }): Promise<{ approveUrl?: string }>;
  invoices?(gatewayId: string): Promise<GatewayInvoice[]>;
  /** The gateway's page where the subscriber updates how they pay (a card that failed), coming back to returnUrl. */
  paymentPage?(gatewayId: string, returnUrl: string): Promise<{ url: string }>;
}

type Factory = (ctx: AppContext) => Promise<Gateway | null>;
const factories = new Map<string, Factory>();

/** Gateways register themselves by name; `none` (an admin's local subscription) has none. */
export function registerGateway(name: Gateway['name'], factory: Factory): void {
  factories.set(name, factory);
}

/** The gateway billing a subscription, when it is enabled and configured. */
export async function gatewayFor(ctx: AppContext, name: string): Promise<Gateway | null> {
  return (await factories.get(name)?.(ctx)) ?? null;
}
