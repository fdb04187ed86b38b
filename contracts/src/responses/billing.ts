import { z } from '../zod.ts';
import type { BillingInvoice } from '../billing-checkout.ts';
import type { BillingSubscription, Price, Product } from '../billing.ts';
import { PRICE_INTERVALS } from '../billing.ts';
import { entity, isoTime, paginated, recordId, EXAMPLE_TIME as T } from './common.ts';
import { permissionGrantEntity } from './users.ts';

const interval = z.enum(PRICE_INTERVALS);

export const priceEntity = entity({
  id: recordId, product_id: recordId, amount: z.number(), currency: z.string(), interval, interval_count: z.number().int(), subscriptions_count: z.number().int(),
}) satisfies z.ZodType<Price>;

const priceExample = { id: 4, product_id: 2, amount: 9.99, currency: 'USD', interval: 'month' as const, interval_count: 1, subscriptions_count: 3 };

export const productEntity = entity({
  id: recordId,
  name: z.string(),
  description: z.string().nullable(),
  position: z.number().int(),
  available_space: z.number().nullable(),
  recommended: z.boolean(),
  hidden: z.boolean(),
  free: z.boolean(),
  feature_list: z.array(z.string()),
  permissions: z.array(permissionGrantEntity),
  prices: z.array(priceEntity),
  created_at: isoTime,
  updated_at: isoTime,
}).meta({
  id: 'Plan',
  examples: [{
    id: 2, name: 'Premium', description: 'Every title in HD, no ads.', position: 1, available_space: null, recommended: true, hidden: false, free: false,
    feature_list: ['HD streaming', 'No ads'], permissions: [{ name: 'titles.view' }], prices: [priceExample], created_at: T, updated_at: T,
  }],
}) satisfies z.ZodType<Product>;

export const subscriptionEntity = entity({
  id: recordId,
  user_id: recordId,
  product_id: recordId.nullable(),
  price_id: recordId.nullable(),
  description: z.string().nullable(),
  renews_at: isoTime.nullable(),
  ends_at: isoTime.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
  gateway_name: z.string(),
  gateway_status: z.string().nullable(),
  valid: z.boolean(),
  cancelled: z.boolean(),
  user: entity({ id: recordId, avatar: z.string().nullable(), display_name: z.string(), email: z.string() }).nullable(),
  product: entity({ id: recordId, name: z.string() }).nullable(),
  price: entity({ id: recordId, amount: z.number(), currency: z.string(), interval, interval_count: z.number().int() }).nullable(),
}).meta({
  id: 'Subscription',
  examples: [{
    id: 31, user_id: 12, product_id: 2, price_id: 4, description: null, renews_at: '2026-02-28T12:00:00.000Z', ends_at: null, created_at: T, updated_at: T,
    gateway_name: 'stripe', gateway_status: null, valid: true, cancelled: false,
    user: { id: 12, avatar: null, display_name: 'Ada Lovelace', email: 'ada@example.com' }, product: { id: 2, name: 'Premium' },
    price: { id: 4, amount: 9.99, currency: 'USD', interval: 'month', interval_count: 1 },
  }],
}) satisfies z.ZodType<BillingSubscription>;

export const invoiceEntity = entity({
  id: z.string(), created_at: isoTime, amount: z.number(), currency: z.string(), status: z.string(), url: z.string().nullable(),
}).meta({ id: 'Invoice', examples: [{ id: 'in_1Qx', created_at: T, amount: 9.99, currency: 'USD', status: 'paid', url: 'https://invoice.stripe.com/i/in_1Qx' }] }) satisfies z.ZodType<BillingInvoice>;

const message = z.string().optional();
export const productListResponse = paginated(productEntity);
export const productResponse = entity({ product: productEntity, message });
export const subscriptionListResponse = paginated(subscriptionEntity);
export const subscriptionResponse = entity({ subscription: subscriptionEntity, message });
/** The user's own subscription (null when none is still valid); a plan change may ask to approve it at PayPal first (`url`). */
export const ownSubscriptionResponse = entity({ subscription: subscriptionEntity.nullable(), url: z.string().optional(), message });
/** Cancel with `delete: true` removes the subscription and answers only the message. */
export const subscriptionCancelResponse = entity({ subscription: subscriptionEntity.optional(), message });
export const invoiceListResponse = entity({ invoices: z.array(invoiceEntity) });
/** A webhook delivery was taken (or had been already: `duplicate`). */
export const webhookResponse = entity({ received: z.literal(true), duplicate: z.boolean().optional() });
