import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { webhookResponse } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { HttpError } from '../../http/errors.ts';
import { errorResponse } from '../../http/schema.ts';
import { stripeClient } from './gateways/stripe.ts';
import { fromStripeAmount } from './gateways/stripe-checkout.ts';
import { fromCheckoutSession } from './checkout.ts';
import { unknownPriceNote } from './effects.ts';

/** alert: what the operator must hear of (sent to the error reporter once the event is recorded). */
type Outcome = { status: 'processed' | 'refused' | 'ignored'; message?: string; alert?: boolean };
const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

/** A Stripe subscription object's end of the current period (on the item in recent API versions). */
const periodEnd = (s: Stripe.Subscription) => iso((s as unknown as { current_period_end?: number }).current_period_end ?? s.items?.data?.[0]?.current_period_end);

/**
 * Stripe ends a subscription for good: `canceled` and `incomplete_expired` are final there, nothing brings it back.
 * Stripe does not promise to deliver events in order, so an older `updated` (still active) can land after the
 * `deleted`; a subscription we recorded as ended at Stripe never takes such a stale state again.
 */
const ENDED_AT_STRIPE = new Set(['canceled', 'incomplete_expired']);

async function upsertFromStripe(ctx: AppContext, s: Stripe.Subscription): Promise<Outcome> {
  const now = nowIso();
  const endsAt = s.status === 'canceled' ? (iso(s.ended_at) ?? now) : s.cancel_at_period_end ? periodEnd(s) : null;
  const values = { renews_at: periodEnd(s), ends_at: endsAt, gateway_status: s.status === 'active' || s.status === 'trialing' ? null : s.status, updated_at: now };
  const stripePrice = s.items?.data?.[0]?.price?.id;
  const price = stripePrice ? await ctx.db.selectFrom('prices').select(['id', 'product_id']).where('stripe_id', '=', stripePrice).executeTakeFirst() : undefined;
  const existing = await ctx.db.selectFrom('subscriptions').select(['id', 'price_id', 'gateway_status'])
    .where('gateway_name', '=', 'stripe').where('gateway_id', '=', s.id).executeTakeFirst();
  if (existing) {
    if (existing.gateway_status && ENDED_AT_STRIPE.has(existing.gateway_status) && !ENDED_AT_STRIPE.has(s.status)) {
      return { status: 'ignored', message: 'The subscription already ended at Stripe.' };
    }
    // A plan changed at Stripe (its dashboard, the customer portal) moves the subscription to what Stripe bills.
    const plan = price && price.id !== existing.price_id ? { price_id: price.id, product_id: price.product_id } : {};
    await ctx.db.updateTable('subscriptions').set({ ...values, ...plan }).where('id', '=', existing.id).execute();
    // Moved at Stripe to a price no plan here has: the subscription keeps its plan (and what it grants), and the
    // operator hears of it rather than the two disagreeing silently.
    if (stripePrice && !price) return { status: 'processed', message: unknownPriceNote('Stripe', stripePrice, existing.id), alert: true };
    return { status: 'processed' };
  }
  // An ended subscription we do not have (an admin deleted it, which ended it at Stripe) stays deleted.
  if (ENDED_AT_STRIPE.has(s.status)) return { status: 'ignored', message: 'Unknown subscription.' };
  // A new subscription names our user (set at checkout) and one of our synced prices; anything else is not ours.
  const userId = Number(s.metadata?.user_id);
  const user = Number.isInteger(userId) ? await ctx.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst() : undefined;
  if (!user) return { status: 'refused', message: 'Unknown customer.' };
  if (!price) return { status: 'refused', message: 'Unknown price.' };
  await ctx.db.insertInto('subscriptions').values({
    user_id: user.id, product_id: price.product_id, price_id: price.id, gateway_name: 'stripe', gateway_id: s.id, description: null, ...values, created_at: now,
    // A checkout that landed at the same moment made the row: this event's dates complete it.
  }).onConflict((oc) => oc.columns(['gateway_name', 'gateway_id']).doUpdateSet(values)).execute();
  return { status: 'processed' };
}

/** Renewal (invoice paid) moves renews_at on; a failed payment marks the subscription past due. */
async function fromInvoice(ctx: AppContext, invoice: Stripe.Invoice, paid: boolean): Promise<Outcome> {
  const subId = (invoice as unknown as { subscription?: string | null }).subscription
    ?? invoice.parent?.subscription_details?.subscription as string | undefined;
  if (!subId) return { status: 'ignored' };
  const row = await ctx.db.selectFrom('subscriptions').select(['id', 'gateway_status']).where('gateway_name', '=', 'stripe').where('gateway_id', '=', String(subId)).executeTakeFirst();
  if (!row) return { status: 'refused', message: 'Unknown subscription.' };
  // A late invoice event does not relabel a subscription Stripe has ended.
  if (row.gateway_status && ENDED_AT_STRIPE.has(row.gateway_status)) return { status: 'ignored', message: 'The subscription already ended at Stripe.' };
  const periodEndAt = iso(invoice.lines?.data?.[0]?.period?.end);
  await ctx.db.updateTable('subscriptions')
    .set(paid ? { gateway_status: null, ...(periodEndAt ? { renews_at: periodEndAt } : {}), updated_at: nowIso() } : { gateway_status: 'past_due', updated_at: nowIso() })
    .where('id', '=', row.id).execute();
  return { status: 'processed' };
}

/**
 * A refund is recorded with the event (the member's invoice list reads it from Stripe and shows "Refunded"). It does
 * not end access by itself: an operator who refunds a period and wants the access gone cancels or deletes the
 * subscription too (here or at Stripe), and Stripe's customer.subscription.deleted ends it.
 */
export const refundNote = (charge: Stripe.Charge) => {
  const currency = (charge.currency ?? '').toUpperCase();
  const amount = (n: number) => `${fromStripeAmount(n, currency) / 100} ${currency}`;
  return `Refunded ${amount(charge.amount_refunded ?? 0)} of ${amount(charge.amount ?? 0)} (charge ${charge.id}${charge.refunded ? ', in full' : ''}); access is unchanged.`;
};

async function handle(ctx: AppContext, event: Stripe.Event): Promise<Outcome> {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return upsertFromStripe(ctx, event.data.object);
    case 'checkout.session.completed':
      return fromCheckoutSession(ctx, event.data.object);
    case 'invoice.paid':
      return fromInvoice(ctx, event.data.object, true);
    case 'invoice.payment_failed':
      return fromInvoice(ctx, event.data.object, false);
    case 'charge.refunded':
      return { status: 'processed', message: refundNote(event.data.object) };
    default:
      return { status: 'ignored', message: 'Unhandled event type.' };
  }
}

/**
 * POST billing/stripe/webhook. The signature is checked on the raw body (stripe.webhooks.constructEvent); each event
 * id is recorded once in webhook_events inside the same transaction as its effect, so a redelivery changes nothing.
 */
export function stripeWebhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    // Only this scope keeps JSON as text: the signature covers the exact bytes Stripe sent.
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
    scope.post('/api/v1/billing/stripe/webhook', { config: { permission: 'public', selfAuthenticated: true }, schema: { response: { 200: webhookResponse, 422: errorResponse } } }, async (req, reply) => {
      const client = await stripeClient(ctx);
      const secret = await ctx.settings.get('server.stripe_webhook_secret');
      if (!client || !secret) throw new HttpError(404, 'Not found');
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(String(req.body ?? ''), String(req.headers['stripe-signature'] ?? ''), secret);
      } catch {
        throw new HttpError(400, 'Invalid signature.');
      }
      try {
        const outcome = await ctx.db.transaction().execute(async (trx) => {
          await trx.insertInto('webhook_events').values({ gateway: 'stripe', event_id: event.id, type: event.type, status: 'processing', message: null, created_at: nowIso() }).execute();
          const result = await handle({ ...ctx, db: trx }, event);
          await trx.updateTable('webhook_events').set({ status: result.status, message: result.message ?? null }).where('gateway', '=', 'stripe').where('event_id', '=', event.id).execute();
          return result;
        });
        if (outcome.alert) void ctx.errors.capture(new Error(outcome.message), { tags: { source: 'billing', gateway: 'stripe', event: event.id } });
        if (outcome.status === 'refused') {
          // Recorded with its refusal and nothing else changed; Stripe shows the delivery as failed.
          return reply.status(422).send({ message: outcome.message });
        }
        return { received: true };
      } catch (err) {
        if (isUniqueViolation(err)) return { received: true, duplicate: true };
        throw err;
      }
    });
  });
}
