import { z, required } from './zod.ts';
import { ID_MAX } from './list.ts';
import { permissionGrantSchema } from './users.ts';
import type { PermissionGrant } from './permissions.ts';

export * from './billing-constants.ts';

/** Billing (Part C "Plans", "Subscriptions"; sections 3-5 and 7): plans with prices, and subscriptions to them. */

export const PRICE_INTERVALS = ['day', 'week', 'month', 'year'] as const;
export type PriceInterval = (typeof PRICE_INTERVALS)[number];
/** Custom interval count bounds (section 5): 365 days, 52 weeks, 12 months; a year is billed once a year at most. */
export const MAX_INTERVAL_COUNT = new Map<PriceInterval, number>([['day', 365], ['week', 52], ['month', 12], ['year', 1]]);
export const PLAN_POSITIONS = [0, 1, 2, 3, 4] as const;
export const SUBSCRIPTION_GATEWAYS = ['stripe', 'paypal', 'none'] as const;
export type SubscriptionGateway = (typeof SUBSCRIPTION_GATEWAYS)[number];

/** Section 9: a new price is USD, amount 1, monthly. */
export const NEW_PRICE_DEFAULTS = { amount: 1, currency: 'USD', interval: 'month', interval_count: 1 } as const;

export const PLAN_NAME_REQUIRED = 'The name field is required.';
export const PRICE_AMOUNT_REQUIRED = 'The amount field is required.';
export const PRICE_AMOUNT_MIN = 'The amount must be at least 0.1.';
export const PRICE_AMOUNT_STEP = 'The amount must be a multiple of 0.01.';
export const PRICE_CURRENCY_REQUIRED = 'The currency field is required.';
export const PRICE_INTERVAL_COUNT = 'The interval count must be between 1 and :max.';
export const PRICE_LOCKED = "This price can't be modified or deleted because it has [one 1 subscriber|other :count subscribers]. You can add a new price instead.";
export const PLAN_NEEDS_PRICE = 'A plan that is not free needs at least one price.';
export const PLANS_SYNC_FAILED = 'Could not sync plans';
export const PRICE_NOT_OF_PLAN = 'The price does not belong to the chosen plan.';
export const PLAN_UNAVAILABLE = 'This plan is not available.';
export const SUBSCRIPTION_NOT_CANCELLED = 'Only a cancelled subscription in its grace period can be resumed.';
export const SUBSCRIPTION_ENDED = 'This subscription has already ended.';

export interface Price {
  id: number;
  product_id: number;
  amount: number;
  currency: string;
  interval: PriceInterval;
  interval_count: number;
  subscriptions_count: number;
}

export interface Product {
  id: number;
  name: string;
  description: string | null;
  position: number;
  available_space: number | null;
  recommended: boolean;
  hidden: boolean;
  free: boolean;
  feature_list: string[];
  permissions: PermissionGrant[];
  prices: Price[];
  created_at: string;
  updated_at: string;
}

export interface BillingSubscription {
  id: number;
  user_id: number;
  product_id: number | null;
  price_id: number | null;
  description: string | null;
  renews_at: string | null;
  ends_at: string | null;
  created_at: string;
  updated_at: string;
  gateway_name: string;
  /** Gateway's own state when it differs from active (`past_due` after a failed payment). */
  gateway_status: string | null;
  /** Still gives access: not ended (ends_at empty or later than now). */
  valid: boolean;
  /** Cancelled: ends_at is set (a grace period until then, resumable while it lasts). */
  cancelled: boolean;
  user: { id: number; avatar: string | null; display_name: string; email: string } | null;
  product: { id: number; name: string } | null;
  price: Pick<Price, 'id' | 'amount' | 'currency' | 'interval' | 'interval_count'> | null;
}

const amount = z.number({ message: PRICE_AMOUNT_REQUIRED })
  .min(0.1, PRICE_AMOUNT_MIN)
  .max(999_999.99)
  // A float test, not zod's multipleOf: 19.99 / 0.01 is 1998.9999999999998 in binary floating point.
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, PRICE_AMOUNT_STEP);

export const priceInputSchema = z.object({
  id: z.number().int().positive().optional(),
  amount,
  currency: z.string(required(PRICE_CURRENCY_REQUIRED)).trim().toUpperCase().regex(/^[A-Z]{3}$/, PRICE_CURRENCY_REQUIRED),
  interval: z.enum(PRICE_INTERVALS).default('month'),
  interval_count: z.number().int().default(1),
}).superRefine((p, ctx) => {
  const max = MAX_INTERVAL_COUNT.get(p.interval) ?? 1;
  if (p.interval_count < 1 || p.interval_count > max) {
    ctx.addIssue({ code: 'custom', path: ['interval_count'], message: PRICE_INTERVAL_COUNT.replace(':max', String(max)) });
  }
});
export type PriceInput = z.infer<typeof priceInputSchema>;

export const productInputSchema = z.object({
  name: z.string(required(PLAN_NAME_REQUIRED)).trim().min(1, PLAN_NAME_REQUIRED).max(100),
  description: z.string().trim().max(1000).nullish().transform((v) => v || null),
  position: z.number().int().min(0).max(4).default(0),
  available_space: z.union([z.number().int().min(1), z.null()]).optional().transform((v) => v ?? null),
  recommended: z.boolean().default(false),
  hidden: z.boolean().default(false),
  free: z.boolean().default(false),
  feature_list: z.array(z.string().trim().max(200)).max(50).default([]).transform((list) => list.filter(Boolean)),
  permissions: z.array(permissionGrantSchema).max(200).default([]),
  prices: z.array(priceInputSchema).max(20).default([]),
}).superRefine((p, ctx) => {
  if (!p.free && p.prices.length === 0) ctx.addIssue({ code: 'custom', path: ['prices'], message: PLAN_NEEDS_PRICE });
}).meta({
  examples: [{
    name: 'Premium', description: 'Every title in HD, no ads.', position: 1, recommended: true, feature_list: ['HD streaming', 'No ads'],
    permissions: [{ name: 'titles.view' }], prices: [{ amount: 9.99, currency: 'USD', interval: 'month', interval_count: 1 }],
  }],
});
export type ProductInput = z.infer<typeof productInputSchema>;

const isoDate = z.string().trim().max(64).refine((v) => !Number.isNaN(Date.parse(v)), 'Enter a valid date and time.')
  .transform((v) => new Date(v).toISOString());
const optionalDate = z.union([isoDate, z.literal(''), z.null()]).optional().transform((v) => v || null);

export const subscriptionInputSchema = z.object({
  user_id: z.number(required('The user field is required.')).int().positive().max(ID_MAX),
  product_id: z.number(required('The plan field is required.')).int().positive().max(ID_MAX),
  price_id: z.union([z.number().int().positive().max(ID_MAX), z.null()]).optional().transform((v) => v ?? null),
  description: z.string().trim().max(1000).nullish().transform((v) => v || null),
  renews_at: optionalDate,
  ends_at: optionalDate,
}).meta({ examples: [{ user_id: 12, product_id: 2, price_id: 4, description: 'Granted by support', renews_at: '2026-02-28T12:00:00.000Z', ends_at: null }] });
export type SubscriptionInput = z.infer<typeof subscriptionInputSchema>;

/** Cancel body; the spec's delete sends the subscription with a delete flag. */
export const cancelSubscriptionSchema = z.object({ delete: z.boolean().default(false) }).meta({ examples: [{ delete: false }] });

export const SUBSCRIPTION_SORTS = ['created_at', 'renews_at', 'ends_at', 'gateway_name', 'updated_at'] as const;
export const SUBSCRIPTION_FILTERS = ['gateway_name', 'product_id', 'status', 'renews_at', 'ends_at', 'created_at', 'updated_at'] as const;
export const PRODUCT_SORTS = ['position', 'name', 'created_at', 'updated_at'] as const;
