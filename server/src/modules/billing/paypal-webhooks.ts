import type { FastifyInstance } from 'fastify';
import { webhookResponse } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { HttpError } from '../../http/errors.ts';
import { errorResponse } from '../../http/schema.ts';
import { paypalClient } from './gateways/paypal.ts';
import type { PaypalClient } from './gateways/paypal-client.ts';
import './paypal-end.ts';
import { unknownPriceNote } from './effects.ts';

/** alert: what the operator must hear of (sent to the error reporter once the event is recorded). */
type Outcome = { status: 'processed' | 'refused' | 'ignored'; message?: string; alert?: boolean };

/** The parts of PayPal's subscription resource we read. */
interface PaypalSubscription {
  id?: string;
  status?: string;
  plan_id?: string;
  custom_id?: string;
  billing_info?: { next_billing_time?: string };
  /** When PayPal last changed the subscription's status, and when it was made. */
  status_update_time?: string;
  create_time?: string;
}
interface PaypalEvent { id: string; event_type: string; resource: Record<string, unknown> }

const iso = (value: unknown) => {
  const t = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
};

const findLocal = (ctx: AppContext, gatewayId: string) => ctx.db.selectFrom('subscriptions')
  .select(['id', 'renews_at', 'ends_at', 'price_id', 'gateway_status', 'updated_at']).where('gateway_name', '=', 'paypal').where('gateway_id', '=', gatewayId).executeTakeFirst();
const priceOf = (ctx: AppContext, planId: string | undefined) => (planId
  ? ctx.db.selectFrom('prices').select(['id', 'product_id']).where('paypal_id', '=', planId).executeTakeFirst()
  : Promise.resolve(undefined));

/** PayPal's final states, as recorded in gateway_status. */
const ENDED_AT_PAYPAL = new Set(['cancelled', 'expired']);

/** ACTIVATED: a new subscription names our user (custom_id, set at checkout) and one of our synced prices (plan_id). */
async function activated(ctx: AppContext, s: PaypalSubscription): Promise<Outcome> {
  const now = nowIso();
  const existing = await findLocal(ctx, s.id!);
  const renewsAt = iso(s.billing_info?.next_billing_time);
  if (existing) {
    // PayPal cannot reactivate a cancelled or expired subscription: an ACTIVATED landing after that is an older
    // delivery (PayPal does not promise order), and must not give back access nobody pays for.
    if (existing.gateway_status && ENDED_AT_PAYPAL.has(existing.gateway_status)) return { status: 'ignored', message: 'The subscription already ended at PayPal.' };
    // The original activation delivered after a later change here (the member cancelled, which suspends at PayPal;
    // PayPal suspended it) describes the state before that change: it must not give the access back. PayPal's
    // status_update_time (create_time without it) says when the activation happened.
    const activatedAt = iso(s.status_update_time) ?? iso(s.create_time);
    if (activatedAt && activatedAt < existing.updated_at && (existing.ends_at || existing.gateway_status)) {
      return { status: 'ignored', message: 'An older activation than the last change to the subscription.' };
    }
    // Activated again after a suspension: the resume of a grace period (or PayPal lifting one).
    await ctx.db.updateTable('subscriptions').set({ ends_at: null, gateway_status: null, renews_at: renewsAt ?? existing.renews_at, updated_at: now })
      .where('id', '=', existing.id).execute();
    return { status: 'processed' };
  }
  const userId = Number(s.custom_id);
  const user = Number.isInteger(userId) && userId > 0 ? await ctx.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst() : undefined;
  if (!user) return { status: 'refused', message: 'Unknown customer.' };
  const price = await priceOf(ctx, s.plan_id);
  if (!price) return { status: 'refused', message: 'Unknown price.' };
  await ctx.db.insertInto('subscriptions').values({
    user_id: user.id, product_id: price.product_id, price_id: price.id, gateway_name: 'paypal', gateway_id: s.id!, gateway_status: null,
    description: null, renews_at: renewsAt, ends_at: null, created_at: now, updated_at: now,
  }).onConflict((oc) => oc.columns(['gateway_name', 'gateway_id']).doNothing()).execute();
  return { status: 'processed' };
}

/**
 * The other subscription events change a subscription we know. Suspended and cancelled keep access until the
 * paid period ends (ends_at = renews_at, as our own cancel does); expired ends it now. Cancelled or expired for a
 * subscription we do not have (an admin deleted it) is nothing to do.
 */
async function changed(ctx: AppContext, type: string, s: PaypalSubscription): Promise<Outcome> {
  const row = await findLocal(ctx, s.id!);
  if (!row) {
    return type.endsWith('.CANCELLED') || type.endsWith('.EXPIRED') || type.endsWith('.UPDATED')
      ? { status: 'ignored', message: 'Unknown subscription.' }
      : { status: 'refused', message: 'Unknown subscription.' };
  }
  const now = nowIso();
  const graceEnd = row.ends_at ?? row.renews_at ?? now;
  let values: { renews_at?: string | null; ends_at?: string | null; gateway_status?: string | null; price_id?: number; product_id?: number };
  let note: Outcome | null = null;
  switch (type) {
    case 'BILLING.SUBSCRIPTION.UPDATED': {
      // A revise moves the subscription to another plan; dates follow PayPal's next billing time. A billing plan
      // no price here has keeps the plan, and the operator hears of it.
      const price = await priceOf(ctx, s.plan_id);
      values = { renews_at: iso(s.billing_info?.next_billing_time) ?? row.renews_at, ...(price && price.id !== row.price_id ? { price_id: price.id, product_id: price.product_id } : {}) };
      if (s.plan_id && !price) note = { status: 'processed', message: unknownPriceNote('PayPal', s.plan_id, row.id), alert: true };
      break;
    }
    case 'BILLING.SUBSCRIPTION.SUSPENDED':
      // Our own cancel suspends at PayPal (see gateways/paypal.ts) and has set ends_at already: its echo is no
      // payment problem, and must not tell the member their payment failed. PayPal suspending on its own (after
      // failed payments) finds the subscription running.
      values = row.ends_at ? {} : { ends_at: graceEnd, gateway_status: 'suspended' };
      break;
    case 'BILLING.SUBSCRIPTION.CANCELLED':
      values = { ends_at: graceEnd, gateway_status: 'cancelled' };
      break;
    case 'BILLING.SUBSCRIPTION.EXPIRED':
      values = { ends_at: row.ends_at && row.ends_at < now ? row.ends_at : now, gateway_status: 'expired' };
      break;
    default: // BILLING.SUBSCRIPTION.PAYMENT.FAILED
      values = { gateway_status: 'past_due' };
  }
  await ctx.db.updateTable('subscriptions').set({ ...values, updated_at: now }).where('id', '=', row.id).execute();
  return note ?? { status: 'processed' };
}

/** PAYMENT.SALE.COMPLETED: a renewal was paid; renews_at moves to PayPal's next billing time (fetched beforehand). */
async function saleCompleted(ctx: AppContext, subscriptionId: string, nextBilling: string | null): Promise<Outcome> {
  const row = await findLocal(ctx, subscriptionId);
  if (!row) return { status: 'refused', message: 'Unknown subscription.' };
  if (row.gateway_status && ENDED_AT_PAYPAL.has(row.gateway_status)) return { status: 'ignored', message: 'The subscription already ended at PayPal.' };
  await ctx.db.updateTable('subscriptions').set({ gateway_status: null, ...(nextBilling ? { renews_at: nextBilling } : {}), updated_at: nowIso() })
    .where('id', '=', row.id).execute();
  return { status: 'processed' };
}

const SUBSCRIPTION_EVENTS = new Set([
  'BILLING.SUBSCRIPTION.UPDATED', 'BILLING.SUBSCRIPTION.SUSPENDED', 'BILLING.SUBSCRIPTION.CANCELLED',
  'BILLING.SUBSCRIPTION.EXPIRED', 'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
]);

async function handle(ctx: AppContext, event: PaypalEvent, nextBilling: string | null): Promise<Outcome> {
  const r = event.resource;
  if (event.event_type === 'PAYMENT.SALE.COMPLETED') {
    return typeof r.billing_agreement_id === 'string' ? saleCompleted(ctx, r.billing_agreement_id, nextBilling) : { status: 'ignored', message: 'Not a subscription payment.' };
  }
  const isActivated = event.event_type === 'BILLING.SUBSCRIPTION.ACTIVATED';
  if (!isActivated && !SUBSCRIPTION_EVENTS.has(event.event_type)) return { status: 'ignored', message: 'Unhandled event type.' };
  if (typeof r.id !== 'string' || !r.id) return { status: 'refused', message: 'The event has no subscription.' };
  return isActivated ? activated(ctx, r as PaypalSubscription) : changed(ctx, event.event_type, r as PaypalSubscription);
}

const HEADERS = ['paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time'] as const;

/**
 * PayPal verifies its own signature (POST /v1/notifications/verify-webhook-signature) given our webhook id and
 * the transmission headers. The event goes back byte for byte as it arrived: PayPal checks the signature over the
 * exact body, and re-serialising the parsed JSON can change it.
 */
async function verified(client: PaypalClient, webhookId: string, headers: Record<string, unknown>, raw: string): Promise<boolean> {
  const values = HEADERS.map((h) => headers[h]);
  if (values.some((v) => typeof v !== 'string' || !v)) return false;
  const [authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime] = values as string[];
  const body = `{${[
    ['auth_algo', authAlgo], ['cert_url', certUrl], ['transmission_id', transmissionId], ['transmission_sig', transmissionSig],
    ['transmission_time', transmissionTime], ['webhook_id', webhookId],
  ].map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')},"webhook_event":${raw}}`;
  const res = await client.request<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', body);
  return res.verification_status === 'SUCCESS';
}

function parseEvent(raw: string): PaypalEvent | null {
  try {
    const e = JSON.parse(raw) as Partial<PaypalEvent> | null;
    if (!e || typeof e.id !== 'string' || !e.id || e.id.length > 150 || typeof e.event_type !== 'string' || !e.event_type) return null;
    return { id: e.id, event_type: e.event_type.slice(0, 100), resource: e.resource && typeof e.resource === 'object' ? e.resource : {} };
  } catch {
    return null;
  }
}

/**
 * POST billing/paypal/webhook: verified by PayPal, then each event id is recorded once in webhook_events inside
 * the same transaction as its effect, so a redelivery changes nothing. Refused events are recorded with why.
 */
export function paypalWebhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    // Only this scope keeps JSON as text: the verification call sends the exact bytes PayPal sent.
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
    scope.post('/api/v1/billing/paypal/webhook', { config: { permission: 'public', selfAuthenticated: true }, schema: { response: { 200: webhookResponse, 422: errorResponse } } }, async (req, reply) => {
      const client = await paypalClient(ctx);
      const webhookId = await ctx.settings.get('server.paypal_webhook_id');
      if (!client || !webhookId) throw new HttpError(404, 'Not found');
      const raw = String(req.body ?? '');
      const event = parseEvent(raw);
      if (!event) throw new HttpError(400, 'Invalid event.');
      // A gateway error here answers 502, so PayPal delivers the event again later.
      if (!(await verified(client, webhookId, req.headers, raw))) throw new HttpError(400, 'Invalid signature.');
      const seen = await ctx.db.selectFrom('webhook_events').select('id').where('gateway', '=', 'paypal').where('event_id', '=', event.id).executeTakeFirst();
      if (seen) return { received: true, duplicate: true };
      // A renewal's sale does not carry the next billing time: ask PayPal before the transaction, not inside it.
      let nextBilling: string | null = null;
      const agreement = event.resource.billing_agreement_id;
      if (event.event_type === 'PAYMENT.SALE.COMPLETED' && typeof agreement === 'string' && agreement) {
        const s = await client.request<PaypalSubscription>('GET', `/v1/billing/subscriptions/${encodeURIComponent(agreement)}`);
        nextBilling = iso(s.billing_info?.next_billing_time);
      }
      try {
        const outcome = await ctx.db.transaction().execute(async (trx) => {
          await trx.insertInto('webhook_events').values({ gateway: 'paypal', event_id: event.id, type: event.event_type, status: 'processing', message: null, created_at: nowIso() }).execute();
          const result = await handle({ ...ctx, db: trx }, event, nextBilling);
          await trx.updateTable('webhook_events').set({ status: result.status, message: result.message ?? null }).where('gateway', '=', 'paypal').where('event_id', '=', event.id).execute();
          return result;
        });
        if (outcome.alert) void ctx.errors.capture(new Error(outcome.message), { tags: { source: 'billing', gateway: 'paypal', event: event.id } });
        if (outcome.status === 'refused') return reply.status(422).send({ message: outcome.message });
        return { received: true };
      } catch (err) {
        if (isUniqueViolation(err)) return { received: true, duplicate: true };
        throw err;
      }
    });
  });
}
