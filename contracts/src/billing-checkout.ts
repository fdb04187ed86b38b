import { z, required } from './zod.ts';
import type { BillingSubscription } from './billing.ts';

export { grantsAccess, isUnpaidStart, NO_ACCESS_STATUSES, PAYMENT_DUE_STATUSES } from './billing-constants.ts';

/** The visitor side of billing (issue 13): checkout, the account's Billing panel and its calls. */

export const CHECKOUT_GATEWAYS = ['stripe', 'paypal'] as const;
export type CheckoutGateway = (typeof CHECKOUT_GATEWAYS)[number];

export const BILLING_DISABLED = 'Billing is not enabled.';
export const GATEWAY_UNAVAILABLE = 'This payment method is not available.';
export const PRICE_UNAVAILABLE = 'This price is not available.';
export const PRICE_NOT_SYNCED = 'This price is not available with the chosen payment method yet.';
export const ALREADY_SUBSCRIBED = 'You already have a subscription. Change your plan instead.';
export const NO_SUBSCRIPTION = 'You do not have a subscription.';
export const SAME_PRICE = 'You are already subscribed to this price.';
export const PLAN_CHANGE_UNSUPPORTED = 'This subscription cannot change plan here.';
/** Stripe and PayPal bill one subscription in one currency: a plan change stays in it. */
export const PRICE_OTHER_CURRENCY = 'Choose a price in :currency, the currency your subscription is paid in.';
export const PLAN_CHANGE_APPROVAL = 'Approve the new price with PayPal to finish changing your plan.';
export const PAYMENT_METHOD_UNSUPPORTED = 'This subscription has no payment method to update here.';
const priceId = z.number(required('The price field is required.')).int().positive();

export const checkoutInputSchema = z.object({
  price_id: priceId,
  gateway: z.enum(CHECKOUT_GATEWAYS, { message: GATEWAY_UNAVAILABLE }),
}).meta({ examples: [{ price_id: 4, gateway: 'stripe' }] });
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

export const changePlanInputSchema = z.object({ price_id: priceId }).meta({ examples: [{ price_id: 5 }] });
export type ChangePlanInput = z.infer<typeof changePlanInputSchema>;

/** The gateway's hosted checkout page to send the visitor to. */
export const checkoutResponseSchema = z.looseObject({ url: z.string() }).meta({ examples: [{ url: 'https://checkout.stripe.com/c/pay/cs_test_a1' }] });

/** The user's own subscription; null when they have none that is still valid. */
export type OwnSubscription = BillingSubscription | null;

/** An invoice as the Billing panel lists it: amount in the currency's major units (19.99). */
export interface BillingInvoice {
  id: string;
  created_at: string;
  amount: number;
  currency: string;
  status: string;
  url: string | null;
}
