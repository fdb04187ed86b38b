import { Link } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { trans } from '../../../lib/i18n';
import { Section, SettingSwitch, SettingText, SettingTextArea, SettingsForm, useSettingValue, useSettingsCtx } from '../settings-form';

const PROVIDERS = [
  { name: 'envato', label: 'Envato', fields: [['server.envato_id', () => trans('Envato ID')], ['server.envato_secret', () => trans('Envato secret')], ['server.envato_personal_token', () => trans('Envato personal token')]] },
  { name: 'google', label: 'Google', fields: [['server.google_id', () => trans('Google client ID')], ['server.google_secret', () => trans('Google client secret')]] },
  { name: 'facebook', label: 'Facebook', fields: [['server.facebook_id', () => trans('Facebook app ID')], ['server.facebook_secret', () => trans('Facebook app secret')]] },
  { name: 'twitter', label: 'Twitter', fields: [['server.twitter_id', () => trans('Twitter ID')], ['server.twitter_secret', () => trans('Twitter secret')]] },
] as const;

function MailWarning() {
  const required = useSettingValue<boolean>('client.require_email_confirmation');
  const { loaded } = useSettingsCtx();
  if (!required || loaded['server.mail_setup']) return null;
  return (
    <p role="status" className="flex items-start gap-2 rounded-md border border-amber-500/60 bg-amber-500/10 p-3 text-sm">
      <TriangleAlert size={18} aria-hidden className="shrink-0 text-amber-600" />
      <span>
        {trans('Outgoing mail is not set up, so confirmation emails will not be delivered.')}{' '}
        <Link className="text-primary underline" to="/admin/settings/mail#outgoing-emails">{trans('Set up outgoing emails')}</Link>
      </span>
    </p>
  );
}

function Provider({ p }: { p: (typeof PROVIDERS)[number] }) {
  const enabled = useSettingValue<boolean>(`client.social.${p.name}.enable`);
  return (
    <Section title={p.label} group={`${p.name}_group`}>
      <SettingSwitch name={`client.social.${p.name}.enable`} label={trans('Enable :provider login', { provider: p.label })} />
      {enabled && p.fields.map(([name, label]) => <SettingText key={name} name={name} label={label()} secret={/secret|token/.test(name)} />)}
    </Section>
  );
}

function Fields() {
  return (
    <>
      <Section>
        <SettingSwitch name="client.registration.disable" label={trans('Disable registration')} description={trans('Nobody can create a new account; existing users can still log in.')} />
        <SettingSwitch name="client.auth.require_two_factor_admin" label={trans('Require two-factor authentication for admins')} description={trans('Users whose roles can open the admin area must turn on two-factor authentication before they use it.')} />
        <SettingSwitch name="client.single_device_login" label={trans('Single device login')} description={trans('Logging in on one device logs the user out everywhere else.')} />
        <SettingSwitch name="client.social.compact_buttons" label={trans('Compact social login buttons')} />
        <SettingSwitch name="client.require_email_confirmation" label={trans('Require email confirmation')} description={trans('New users must confirm their email address before using the site.')} />
        <MailWarning />
        <SettingTextArea name="client.auth.domain_blacklist" label={trans('Domain blacklist')} rows={2} description={trans('Comma separated list of domains. Users with emails at these domains cannot register.')} placeholder="mailinator.com, example.com" />
      </Section>
      {PROVIDERS.map((p) => <Provider key={p.name} p={p} />)}
    </>
  );
}

export function Component() {
  return <SettingsForm title={trans('Authentication')} description={trans('Registration, login and social login providers.')}><Fields /></SettingsForm>;
}
