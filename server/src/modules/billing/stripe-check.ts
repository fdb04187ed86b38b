import Stripe from 'stripe';
import { registerSettingsValidator } from '../settings/validators.ts';
import { stripeClientFor } from './gateways/stripe.ts';

/** `test` or `live` from a Stripe key's prefix (`sk_`, `rk_` or `pk_`), null when it has none. */
const modeOf = (key: string) => /^(?:sk|rk|pk)_(test|live)_/.exec(key)?.[1] ?? null;

/**
 * The subscriptions settings page's credential check (stripe_group): with Stripe enabled, the secret key must open
 * the account's balance (balance.retrieve, the cheapest authenticated call) before the settings are saved. Payments
 * use Stripe's hosted checkout, which the secret key alone opens; the publishable key (required by the spec) must at
 * least be one, of the secret key's mode, so test and live keys are not mixed up.
 */
export function registerStripeCheck(): void {
  registerSettingsValidator('stripe_group', ['client.billing.stripe.enable', 'server.stripe_secret', 'server.stripe_key'], async (v) => {
    const secret = v('server.stripe_secret');
    if (!v('client.billing.stripe.enable') || !secret) return;
    const publishable = v('server.stripe_key');
    if (publishable && !/^pk_(test|live)_/.test(publishable)) return 'The publishable key starts with pk_test_ or pk_live_.';
    if (publishable && modeOf(secret) && modeOf(publishable) !== modeOf(secret)) {
      return 'The publishable key and the secret key must both be test keys or both live keys.';
    }
    try {
      await stripeClientFor(secret).balance.retrieve();
    } catch (err) {
      if (err instanceof Stripe.errors.StripeAuthenticationError) return 'Stripe refused the secret key: invalid API key.';
      if (err instanceof Stripe.errors.StripeConnectionError) return 'Could not connect to Stripe to check the secret key.';
      return 'Stripe answered with an error when checking the secret key.';
    }
  });
}
