import { trans } from '../../../lib/i18n';
import { Section, SettingSwitch, SettingText, SettingsForm } from '../settings-form';

export function Component() {
  return (
    <SettingsForm title={trans('Recaptcha')} description={trans('Protect forms from bots with Google reCAPTCHA v3.')}>
      <Section>
        <SettingSwitch name="client.recaptcha.enable.contact" label={trans('Enable for contact page')} />
        <SettingSwitch name="client.recaptcha.enable.register" label={trans('Enable for registration page')} />
        <p className="text-sm text-text-muted">{trans('There is no switch for link creation: this site has no link creation form to protect.')}</p>
      </Section>
      <Section group="recaptcha_group">
        <SettingText name="client.recaptcha.site_key" label={trans('Site key')} />
        <SettingText name="server.recaptcha_secret_key" label={trans('Secret key')} secret />
      </Section>
    </SettingsForm>
  );
}
