import {
  ALREADY_SUBSCRIBED, BILLING_DISABLED, GATEWAY_UNAVAILABLE, NO_SUBSCRIPTION, PAYMENT_METHOD_UNSUPPORTED, PLAN_CHANGE_UNSUPPORTED, PRICE_NOT_SYNCED, PRICE_OTHER_CURRENCY,
  PRICE_UNAVAILABLE, SAME_PRICE, isUnpaidStart, translate,
  type BillingInvoice, type BillingSubscription, type CheckoutInput,
} from '@app/contracts';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { HttpError, unprocessable } from '../../http/errors.ts';
import { fromCents, subscriptionsBase, toSubscription } from './repository.ts';
import { cancelSubscription, endSubscriptionNow, resumeSubscription } from './service.ts';
import { gatewayFor, type Gateway } from './gateways/index.ts';

/**
 * The visitor side of billing (issue 13): checkout at a gateway's hosted page, and the signed-in user's own
 * subscription (cancel, resume, change plan, invoices). Cancel and resume reuse the admin's service rules.
 */

const GATEWAY_FAILED = 'The payment gateway could not be reached. Try again later.';

/**
 * Gateway calls fail as a 502 with a plain message; the operator finds the gateway's error in the error log.
 * Our own refusals (the service's 422s) pass through.
 */
async function atGateway<T>(ctx: AppContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    await ctx.errors.capture(err).catch(() => undefined);
    throw new HttpError(502, GATEWAY_FAILED);
  }
}

async function assertEnabled(ctx: AppContext): Promise<void> {
  if (!(await ctx.settings.get('client.billing.enable'))) throw new HttpError(422, BILLING_DISABLED);
}

async function enabledGateway(ctx: AppContext, name: string): Promise<Gateway> {
  const gateway = await gatewayFor(ctx, name);
  if (!gateway?.checkout) throw unprocessable('gateway', GATEWAY_UNAVAILABLE);
  return gateway;
}

/** A price the visitor may buy: of a visible, paid plan, and known to the chosen gateway (synced). */
async function sellablePrice(ctx: AppContext, priceId: number, gateway: 'stripe' | 'paypal') {
  const row = await ctx.db.selectFrom('prices').innerJoin('products', 'products.id', 'prices.product_id')
    .select([
      'prices.id', 'prices.product_id', 'prices.amount', 'prices.currency', 'prices.interval', 'prices.interval_count', 'prices.stripe_id', 'prices.paypal_id',
      'products.name', 'products.hidden', 'products.free', 'products.stripe_id as product_stripe_id', 'products.paypal_id as product_paypal_id',
    ])
    .where('prices.id', '=', priceId).executeTakeFirst();
  if (!row || Boolean(row.hidden) || Boolean(row.free)) throw unprocessable('price_id', PRICE_UNAVAILABLE);
  const gatewayId = gateway === 'stripe' ? row.stripe_id : row.paypal_id;
  if (!gatewayId) throw unprocessable('price_id', PRICE_NOT_SYNCED);
  return { row, gatewayId };
}

/** The user's current subscription: the newest one still valid (not ended), or null. */
export async function ownSubscription(ctx: AppContext, userId: number): Promise<BillingSubscription | null> {
  const now = nowIso();
  const row = await subscriptionsBase(ctx.db).where('subscriptions.user_id', '=', userId)
    .where((eb) => eb.or([eb('subscriptions.ends_at', 'is', null), eb('subscriptions.ends_at', '>', now)]))
    .orderBy('subscriptions.created_at', 'desc').orderBy('subscriptions.id', 'desc').limit(1).executeTakeFirst();
  return row ? toSubscription(row) : null;
}

async function requireOwn(ctx: AppContext, userId: number): Promise<BillingSubscription> {
  const sub = await ownSubscription(ctx, userId);
  if (!sub) throw new HttpError(422, NO_SUBSCRIPTION);
  return sub;
}

/** POST billing/checkout: the URL of the gateway's hosted page; the subscription itself arrives by webhook. */
export async function startCheckout(ctx: AppContext, userId: number, input: CheckoutInput): Promise<{ url: string }> {
  await assertEnabled(ctx);
  const gateway = await enabledGateway(ctx, input.gateway);
  const { row } = await sellablePrice(ctx, input.price_id, input.gateway);
  // A subscriber changes plan instead: two subscriptions would bill twice. A start whose first payment never went
  // through holds nothing: it ends (at Stripe too, so it cannot be paid later) and the member picks again.
  const own = await ownSubscription(ctx, userId);
  if (own && !isUnpaidStart(own.gateway_status)) throw unprocessable('price_id', ALREADY_SUBSCRIBED);
  if (own) await atGateway(ctx, () => endSubscriptionNow(ctx, own.id));
  const user = await ctx.db.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
  const base = await ctx.settings.siteUrl(ctx.config.appUrl);
  return atGateway(ctx, () => gateway.checkout!({
    user,
    product: { id: row.product_id, name: row.name, stripe_id: row.product_stripe_id, paypal_id: row.product_paypal_id },
    price: { id: row.id, amount: row.amount, currency: row.currency, interval: row.interval, interval_count: row.interval_count, stripe_id: row.stripe_id, paypal_id: row.paypal_id },
    successUrl: `${base}/billing/success`,
    cancelUrl: `${base}/billing/cancelled`,
  }));
}

export async function cancelOwn(ctx: AppContext, userId: number): Promise<BillingSubscription> {
  const sub = await requireOwn(ctx, userId);
  return atGateway(ctx, () => cancelSubscription(ctx, sub.id));
}

export async function resumeOwn(ctx: AppContext, userId: number): Promise<BillingSubscription> {
  const sub = await requireOwn(ctx, userId);
  return atGateway(ctx, () => resumeSubscription(ctx, sub.id));
}

/**
 * POST billing/subscription/change-plan: the gateway moves the subscription to the other price (it prorates), then
 * the local record follows. A local subscription an admin made is not billed anywhere, so it has no plan to change.
 * When the gateway wants the buyer's approval first, the record stays as it is and the answer carries the approval
 * page; the gateway's webhook moves the record once they approve.
 */
export async function changeOwnPlan(ctx: AppContext, userId: number, priceId: number): Promise<{ subscription: BillingSubscription; approveUrl?: string }> {
  await assertEnabled(ctx);
  const sub = await requireOwn(ctx, userId);
  if (sub.gateway_name !== 'stripe' && sub.gateway_name !== 'paypal') throw new HttpError(422, PLAN_CHANGE_UNSUPPORTED);
  if (sub.price_id === priceId) throw unprocessable('price_id', SAME_PRICE);
  const gateway = await gatewayFor(ctx, sub.gateway_name);
  if (!gateway?.changePrice) throw new HttpError(422, PLAN_CHANGE_UNSUPPORTED);
  const { row, gatewayId } = await sellablePrice(ctx, priceId, sub.gateway_name);
  // The gateway refuses to mix currencies on one customer; said here, not as "could not be reached".
  if (sub.price && row.currency !== sub.price.currency) {
    throw unprocessable('price_id', translate(undefined, PRICE_OTHER_CURRENCY, { currency: sub.price.currency }));
  }
  const local = await ctx.db.selectFrom('subscriptions').select('gateway_id').where('id', '=', sub.id).executeTakeFirstOrThrow();
  if (!local.gateway_id) throw new HttpError(422, PLAN_CHANGE_UNSUPPORTED);
  const base = await ctx.settings.siteUrl(ctx.config.appUrl);
  const { approveUrl } = await atGateway(ctx, () => gateway.changePrice!(local.gateway_id!, gatewayId, { returnUrl: `${base}/account-settings`, cancelUrl: `${base}/account-settings` }));
  if (approveUrl) return { subscription: sub, approveUrl };
  await ctx.db.updateTable('subscriptions').set({ product_id: row.product_id, price_id: row.id, updated_at: nowIso() }).where('id', '=', sub.id).execute();
  return { subscription: (await ownSubscription(ctx, userId))! };
}

/** POST billing/subscription/payment-method: the gateway's page where the subscriber updates how they pay. */
export async function ownPaymentPage(ctx: AppContext, userId: number): Promise<{ url: string }> {
  await assertEnabled(ctx);
  const sub = await requireOwn(ctx, userId);
  const local = await ctx.db.selectFrom('subscriptions').select('gateway_id').where('id', '=', sub.id).executeTakeFirstOrThrow();
  const gateway = local.gateway_id ? await gatewayFor(ctx, sub.gateway_name) : null;
  if (!gateway?.paymentPage || !local.gateway_id) throw new HttpError(422, PAYMENT_METHOD_UNSUPPORTED);
  const base = await ctx.settings.siteUrl(ctx.config.appUrl);
  return atGateway(ctx, () => gateway.paymentPage!(local.gateway_id!, `${base}/account-settings#account-billing`));
}

/** GET billing/invoices: what the gateway lists for the user's subscription (none for a local one). */
export async function ownInvoices(ctx: AppContext, userId: number): Promise<BillingInvoice[]> {
  const sub = await ownSubscription(ctx, userId);
  if (!sub) return [];
  const local = await ctx.db.selectFrom('subscriptions').select('gateway_id').where('id', '=', sub.id).executeTakeFirstOrThrow();
  const gateway = local.gateway_id ? await gatewayFor(ctx, sub.gateway_name) : null;
  if (!gateway?.invoices || !local.gateway_id) return [];
  const list = await atGateway(ctx, () => gateway.invoices!(local.gateway_id!));
  return list.map((i) => ({ id: i.id, created_at: i.createdAt, amount: fromCents(i.amount), currency: i.currency, status: i.status, url: i.url }));
}

/**
 * Stripe's checkout.session.completed: when the subscription events have not landed yet, the session names our
 * user (client_reference_id) and price (metadata), so the subscription is recorded now; its dates follow with
 * customer.subscription.* and invoice.paid, which find it by its Stripe id. Already known: nothing to do.
 */
export async function fromCheckoutSession(ctx: AppContext, session: Stripe.Checkout.Session): Promise<{ status: 'processed' | 'refused' | 'ignored'; message?: string }> {
  if (session.mode !== 'subscription' || !session.subscription) return { status: 'ignored' };
  const subId = typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
  const known = await ctx.db.selectFrom('subscriptions').select('id').where('gateway_name', '=', 'stripe').where('gateway_id', '=', subId).executeTakeFirst();
  if (known) return { status: 'processed' };
  const userId = Number(session.client_reference_id ?? session.metadata?.user_id);
  const user = Number.isInteger(userId) ? await ctx.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst() : undefined;
  if (!user) return { status: 'refused', message: 'Unknown customer.' };
  const priceId = Number(session.metadata?.price_id);
  const price = Number.isInteger(priceId) ? await ctx.db.selectFrom('prices').select(['id', 'product_id']).where('id', '=', priceId).executeTakeFirst() : undefined;
  if (!price) return { status: 'refused', message: 'Unknown price.' };
  const now = nowIso();
  await ctx.db.insertInto('subscriptions').values({
    user_id: user.id, product_id: price.product_id, price_id: price.id, gateway_name: 'stripe', gateway_id: subId, gateway_status: null,
    description: null, renews_at: null, ends_at: null, created_at: now, updated_at: now,
  }).onConflict((oc) => oc.columns(['gateway_name', 'gateway_id']).doNothing()).execute();
  return { status: 'processed' };
}
