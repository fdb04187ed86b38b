import Stripe from 'stripe';
import { registerSettingsValidator } from '../settings/validators.ts';
import { stripeClientFor } from './gateways/stripe.ts';

/**
 * The subscriptions settings page's credential check (stripe_group): with Stripe enabled, the secret key must open
 * the account's balance (balance.retrieve, the cheapest authenticated call) before the settings are saved.
 */
export function registerStripeCheck(): void {
  registerSettingsValidator('stripe_group', ['client.billing.stripe.enable', 'server.stripe_secret'], async (v) => {
    const secret = v('server.stripe_secret');
    if (!v('client.billing.stripe.enable') || !secret) return;
    try {
      await stripeClientFor(secret).balance.retrieve();
    } catch (err) {
      if (err instanceof Stripe.errors.StripeAuthenticationError) return 'Stripe refused the secret key: invalid API key.';
      if (err instanceof Stripe.errors.StripeConnectionError) return 'Could not connect to Stripe to check the secret key.';
      return 'Stripe answered with an error when checking the secret key.';
    }
  });
}
