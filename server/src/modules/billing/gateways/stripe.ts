import Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import { registerGateway, type Gateway } from './index.ts';
import { stripeVisitorSide, toStripeAmount } from './stripe-checkout.ts';

/** Where the SDK sends requests; tests point it at a local server that speaks Stripe's documented API. */
let endpoint: { host: string; port: number; protocol: 'http' | 'https'; timeout: number } | null = null;
export function setStripeEndpoint(url: string | null, timeout = 10_000): void {
  if (!url) {
    endpoint = null;
    return;
  }
  const u = new URL(url);
  endpoint = { host: u.hostname, port: Number(u.port || (u.protocol === 'https:' ? 443 : 80)), protocol: u.protocol === 'https:' ? 'https' : 'http', timeout };
}

/** A client per secret (settings can change without a restart); short timeout so a stuck gateway fails the sync. */
const clients = new Map<string, Stripe>();
export async function stripeClient(ctx: AppContext): Promise<Stripe | null> {
  if (!(await ctx.settings.get('client.billing.stripe.enable'))) return null;
  const secret = await ctx.settings.get('server.stripe_secret');
  return secret ? stripeClientFor(secret) : null;
}

/** A client for a given secret (the settings page checks one before it is saved). */
export function stripeClientFor(secret: string): Stripe {
  const key = `${secret}|${JSON.stringify(endpoint)}`;
  let client = clients.get(key);
  if (!client) {
    client = new Stripe(secret, { timeout: 10_000, maxNetworkRetries: 0, ...(endpoint ?? {}) });
    clients.set(key, client);
  }
  return client;
}

function stripeGateway(client: Stripe): Gateway {
  return {
    name: 'stripe',
    async cancel(id, { atPeriodEnd }) {
      if (atPeriodEnd) await client.subscriptions.update(id, { cancel_at_period_end: true });
      else await client.subscriptions.cancel(id);
    },
    async resume(id) {
      await client.subscriptions.update(id, { cancel_at_period_end: false });
    },
    ...stripeVisitorSide(client),
  };
}

registerGateway('stripe', async (ctx) => {
  const client = await stripeClient(ctx);
  return client ? stripeGateway(client) : null;
});

/** Stripe's unit_amount: the currency's minor unit (whole yen, cents, thousandths of a dinar). */
export const stripeUnitAmount = toStripeAmount;
