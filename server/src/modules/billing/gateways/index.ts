import type { AppContext } from '../../../context.ts';

/** What the billing service asks of a payment gateway for a subscription it bills. */
export interface Gateway {
  name: 'stripe' | 'paypal';
  /** atPeriodEnd: stop renewing (grace period); otherwise end billing now (delete). */
  cancel(gatewayId: string, opts: { atPeriodEnd: boolean }): Promise<void>;
  resume(gatewayId: string): Promise<void>;
}

type Factory = (ctx: AppContext) => Promise<Gateway | null>;
const factories = new Map<string, Factory>();

/** Gateways register themselves by name; `none` (an admin's local subscription) has none. */
export function registerGateway(name: Gateway['name'], factory: Factory): void {
  factories.set(name, factory);
}

/** The gateway billing a subscription, when it is enabled and configured. */
export async function gatewayFor(ctx: AppContext, name: string): Promise<Gateway | null> {
  return (await factories.get(name)?.(ctx)) ?? null;
}
