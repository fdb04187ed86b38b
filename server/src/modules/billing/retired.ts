import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { stripeClient } from './gateways/stripe.ts';
import { paypalClient } from './gateways/paypal.ts';
import { PaypalError, type PaypalClient } from './gateways/paypal-client.ts';

/**
 * A gateway object we let go of: 'price' is a Stripe price or a PayPal billing plan, 'product' a Stripe product.
 * PayPal catalog products have no status to change, so a deleted plan's PayPal product is not one.
 */
export interface RetiredId { gateway: 'stripe' | 'paypal'; kind: 'price' | 'product'; gateway_id: string }

/** The gateway objects a price row stands for. */
export function priceGatewayIds(row: { stripe_id: string | null; paypal_id: string | null }): RetiredId[] {
  const out: RetiredId[] = [];
  if (row.stripe_id) out.push({ gateway: 'stripe', kind: 'price', gateway_id: row.stripe_id });
  if (row.paypal_id) out.push({ gateway: 'paypal', kind: 'price', gateway_id: row.paypal_id });
  return out;
}

/**
 * Remembers ids that stay active at their gateway until plan sync deactivates them. Called inside the transaction
 * that clears or deletes them, so an id is never let go of without being written here. Recording one twice is a no-op.
 */
export async function retire(trx: Db, ids: RetiredId[]): Promise<void> {
  if (!ids.length) return;
  const now = nowIso();
  await trx.insertInto('retired_gateway_ids').values(ids.map((r) => ({ gateway: r.gateway, kind: r.kind, gateway_id: r.gateway_id, created_at: now })))
    .onConflict((oc) => oc.columns(['gateway', 'kind', 'gateway_id']).doNothing()).execute();
}

type Row = { id: number; kind: 'price' | 'product'; gateway_id: string };

/**
 * Plan sync's last step: every retired id of an enabled gateway is deactivated there (Stripe: `active=false` on the
 * price or product; PayPal: the plan's /deactivate), and its row deleted once the gateway confirmed. An object the
 * gateway no longer knows (404), or a PayPal plan already inactive, counts as done. A gateway that is switched off
 * keeps its rows for a later sync. A failure keeps the row and is thrown (the sync answers "Could not sync plans")
 * after the other rows were tried; a gateway that did not answer at all is not asked about its remaining rows.
 */
export async function deactivateRetired(ctx: AppContext): Promise<void> {
  // Stripe prices before their products ('price' < 'product'), oldest first.
  const rows = await ctx.db.selectFrom('retired_gateway_ids').select(['id', 'gateway', 'kind', 'gateway_id']).orderBy('kind').orderBy('id').execute();
  const failures: unknown[] = [];
  const stripeRows = rows.filter((r) => r.gateway === 'stripe');
  const paypalRows = rows.filter((r) => r.gateway === 'paypal');
  const stripe = stripeRows.length ? await stripeClient(ctx) : null;
  if (stripe) await deactivateEach(ctx, stripeRows, (r) => deactivateAtStripe(stripe, r), failures);
  const paypal = paypalRows.length ? await paypalClient(ctx) : null;
  if (paypal) await deactivateEach(ctx, paypalRows, (r) => deactivateAtPaypal(paypal, r), failures);
  if (failures.length === 1) throw failures[0];
  if (failures.length) throw new AggregateError(failures, `${failures.length} retired gateway objects could not be deactivated.`);
}

async function deactivateEach(ctx: AppContext, rows: Row[], deactivate: (r: Row) => Promise<void>, failures: unknown[]): Promise<void> {
  for (const row of rows) {
    try {
      await deactivate(row);
    } catch (err) {
      failures.push(err);
      // A refusal concerns that one object; a timeout or lost connection would only repeat for every other one.
      if (!gatewayAnswered(err)) return;
      continue;
    }
    await ctx.db.deleteFrom('retired_gateway_ids').where('id', '=', row.id).execute();
  }
}

const gatewayAnswered = (err: unknown) =>
  err instanceof PaypalError ? err.paypalStatus !== undefined : typeof (err as { statusCode?: unknown }).statusCode === 'number';

/** Archiving an archived Stripe object succeeds; one Stripe no longer has (404) has nothing left to sell either. */
async function deactivateAtStripe(stripe: Stripe, row: Row): Promise<void> {
  try {
    if (row.kind === 'product') await stripe.products.update(row.gateway_id, { active: false });
    else await stripe.prices.update(row.gateway_id, { active: false });
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return;
    throw err;
  }
}

/** POST /v1/billing/plans/{id}/deactivate answers 204; a plan already inactive is PLAN_STATUS_INVALID (422). */
async function deactivateAtPaypal(client: PaypalClient, row: Row): Promise<void> {
  try {
    await client.request('POST', `/v1/billing/plans/${encodeURIComponent(row.gateway_id)}/deactivate`);
  } catch (err) {
    if (err instanceof PaypalError && (err.paypalStatus === 404 || err.issue === 'PLAN_STATUS_INVALID')) return;
    throw err;
  }
}
