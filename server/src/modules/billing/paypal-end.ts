import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { registerRecurring } from '../scheduler/index.ts';
import { PaypalError } from './gateways/paypal-client.ts';
import { paypalClient } from './gateways/paypal.ts';

/**
 * A cancelled PayPal subscription is only suspended during its grace period (see gateways/paypal.ts), because
 * PayPal cannot reactivate a cancelled one. Once its ends_at has passed it can no longer be resumed, so this task
 * cancels it at PayPal for good and records that; a subscription PayPal already ended answers 422 and counts as done.
 */
export async function endLapsedPaypalSubscriptions(ctx: AppContext): Promise<number> {
  const client = await paypalClient(ctx);
  if (!client) return 0;
  const rows = await ctx.db.selectFrom('subscriptions').select(['id', 'gateway_id'])
    .where('gateway_name', '=', 'paypal').where('gateway_id', 'is not', null).where('ends_at', '<=', nowIso())
    .where((eb) => eb.or([eb('gateway_status', 'is', null), eb('gateway_status', 'not in', ['cancelled', 'expired'])]))
    .orderBy('id').limit(500).execute();
  let ended = 0;
  for (const row of rows) {
    try {
      await client.request('POST', `/v1/billing/subscriptions/${encodeURIComponent(row.gateway_id!)}/cancel`, { reason: 'The cancelled subscription ended.' });
    } catch (err) {
      if (!(err instanceof PaypalError && err.paypalStatus === 422)) {
        await ctx.errors.capture(err, { tags: { source: 'billing:paypal-end' } }).catch(() => undefined);
        continue;
      }
    }
    await ctx.db.updateTable('subscriptions').set({ gateway_status: 'cancelled', updated_at: nowIso() }).where('id', '=', row.id).execute();
    ended++;
  }
  return ended;
}

registerRecurring('billing:paypal-end', 3600_000, (ctx) => endLapsedPaypalSubscriptions(ctx));
