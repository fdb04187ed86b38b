import { trans } from '../../../lib/i18n';
import { Section, SettingSwitch, SettingText, SettingsForm, useSettingValue } from '../settings-form';

function Fields() {
  const paypal = useSettingValue<boolean>('client.billing.paypal.enable');
  const stripe = useSettingValue<boolean>('client.billing.stripe.enable');
  return (
    <>
      <Section>
        <SettingSwitch name="client.billing.enable" label={trans('Enable subscriptions')} description={trans('Users can subscribe to plans; the pricing page and billing area are shown.')} />
        <SettingSwitch name="server.billing_notices" label={trans('Email members about their subscription')} description={trans('When it starts, changes plan, is cancelled, resumed or ends, and when a payment fails. Turn this off if the payment gateway already emails them.')} />
      </Section>
      <Section title="PayPal" group="paypal_group">
        <SettingSwitch name="client.billing.paypal.enable" label={trans('Enable PayPal')} />
        {paypal && (
          <>
            <SettingText name="server.paypal_client_id" label={trans('PayPal client ID')} />
            <SettingText name="server.paypal_secret" label={trans('PayPal secret')} secret />
            <SettingText name="server.paypal_webhook_id" label={trans('PayPal webhook ID')} />
          </>
        )}
      </Section>
      <Section title="Stripe" group="stripe_group">
        <SettingSwitch name="client.billing.stripe.enable" label={trans('Enable Stripe')} />
        {stripe && (
          <>
            <SettingText name="server.stripe_key" label={trans('Stripe publishable key')} description={trans('Of the same mode (test or live) as the secret key.')} />
            <SettingText name="server.stripe_secret" label={trans('Stripe secret key')} secret />
            <SettingText name="server.stripe_webhook_secret" label={trans('Stripe webhook signing secret')} secret description={trans('Optional.')} />
          </>
        )}
      </Section>
    </>
  );
}

export function Component() {
  return <SettingsForm title={trans('Subscriptions')} description={trans('Billing switches and payment gateway credentials.')}><Fields /></SettingsForm>;
}
