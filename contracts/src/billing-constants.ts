/**
 * The billing constants the public pricing and checkout result pages read, without zod: billing.ts (which re-exports
 * them) would bring zod and every plan schema into their download.
 */

/** Billing period choices of the price row; `custom` lets the interval and count be set freely. */
export const BILLING_PERIODS = [
  { name: 'daily', interval: 'day', interval_count: 1 },
  { name: 'weekly', interval: 'week', interval_count: 1 },
  { name: 'monthly', interval: 'month', interval_count: 1 },
  { name: 'every 3 months', interval: 'month', interval_count: 3 },
  { name: 'every 6 months', interval: 'month', interval_count: 6 },
  { name: 'yearly', interval: 'year', interval_count: 1 },
] as const;

/**
 * Gateway states in which a payment is owed: Stripe's past_due, unpaid, incomplete (the first payment was never
 * made) and paused (a trial ended with no payment method); PayPal's past_due and suspended.
 */
export const PAYMENT_DUE_STATUSES: readonly string[] = ['past_due', 'unpaid', 'suspended', 'incomplete', 'paused'];
/**
 * Of those, the states that grant no watching until a payment goes through: Stripe gave up retrying (unpaid), never
 * got the first payment (incomplete) or paused the subscription. past_due keeps its access while Stripe retries (the
 * grace period); a suspended PayPal subscription keeps it until the grace end written in ends_at.
 */
export const NO_ACCESS_STATUSES: readonly string[] = ['unpaid', 'incomplete', 'paused'];
/**
 * Stripe's incomplete: the first payment never went through, so nothing has started. The member may check out again
 * (the attempt is ended at Stripe first) and cancelling ends it at once (there is no paid period to keep).
 */
export const isUnpaidStart = (gatewayStatus: string | null) => gatewayStatus === 'incomplete';
/** Whether a subscription in this gateway state gives its plan's permissions (its end date aside). */
export const grantsAccess = (gatewayStatus: string | null) => gatewayStatus === null || !NO_ACCESS_STATUSES.includes(gatewayStatus);
