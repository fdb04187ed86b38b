import type { AppContext } from '../../context.ts';
import { registerSettingsValidator } from '../settings/validators.ts';
import { PaypalClient, PaypalError } from './gateways/paypal-client.ts';
import { escapeMarkup } from '../../lib/escape.ts';

/**
 * The subscriptions settings page's PayPal check: before PayPal credentials are saved (or PayPal is switched on),
 * they must obtain an access token. The message shows under the PayPal section (paypal_group).
 */
export function registerPaypalCheck(ctx: AppContext): void {
  registerSettingsValidator('paypal_group', ['client.billing.paypal.enable', 'server.paypal_client_id', 'server.paypal_secret'], async (v) => {
    if (!v('client.billing.paypal.enable')) return;
    const clientId = v('server.paypal_client_id');
    const secret = v('server.paypal_secret');
    // Empty values are the settings schema's "Required when PayPal is enabled." already.
    if (!clientId || !secret) return;
    try {
      await new PaypalClient(ctx.config.paypal.apiUrl, { clientId, secret }, ctx.config.paypal.timeoutMs).token();
    } catch (err) {
      if (err instanceof PaypalError) return escapeMarkup(err.message);
      throw err;
    }
  });
}

/** The form renders group messages as HTML; PayPal's reasons are text. */
