import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import type { GmailConnectMessage } from '@app/contracts/social';
import { API_ROOT, api, errorMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { trans } from '../../../lib/i18n';
import { useOAuthPopup } from '../../../lib/oauth-popup';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/Toast';
import { Section, SettingNumber, SettingSelect, SettingSwitch, SettingText, SettingsForm, useSettingValue, useSettingsCtx } from '../settings-form';

const outgoing = () => [
  { value: 'log', label: trans('Log (write mail to the log)') }, { value: 'smtp', label: 'SMTP' }, { value: 'sendmail', label: 'Sendmail' },
  { value: 'mailgun', label: 'Mailgun' }, { value: 'ses', label: 'Amazon SES' }, { value: 'postmark', label: 'Postmark' }, { value: 'gmailApi', label: 'Gmail API' },
];
const INCOMING = [{ value: 'mailgun', label: 'Mailgun' }, { value: 'gmailApi', label: 'Gmail API' }, { value: 'rest', label: 'REST API' }, { value: 'pipe', label: 'Pipe' }];

const gmailConnectUrl = (popup: boolean) => `${API_ROOT}/settings/mail/gmail/connect${popup ? '?popup=1' : ''}`;

/** The Gmail API driver sends as the Google account connected here (OAuth popup, offline gmail.send access). */
function Gmail() {
  const { loaded } = useSettingsCtx();
  const handler = useSettingValue<string | null>('client.mail.handler');
  // Kept here rather than refetching settings: a refetch resets the form and would drop an unsaved driver choice.
  const [account, setAccount] = useState(loaded['server.connectedGmailAccount'] as string);
  const open = useOAuthPopup<GmailConnectMessage>('gmail-connect', 'gmail-connect', (msg) => {
    if (msg.status === 'SUCCESS' && msg.callbackData) {
      setAccount(msg.callbackData.profile.email);
      toast(trans('Connected gmail account'));
    } else {
      toast.danger(msg.message ? trans(msg.message) : trans('There was an issue. Please try again.'));
    }
  });
  // A blocked popup came back here through a full-page redirect.
  useEffect(() => {
    const error = new URLSearchParams(window.location.search).get('gmail_error');
    if (error) toast.danger(trans(error));
  }, []);
  return (
    <Section title="Gmail" group="gmail_group">
      <p className="text-sm" data-testid="gmail-account">{account ? trans('Connected gmail account: :email', { email: account }) : trans('No Gmail account is connected.')}</p>
      <div>
        <Button type="button" onClick={() => open(gmailConnectUrl(true), gmailConnectUrl(false))}>
          {account ? trans('Reconnect Gmail account') : trans('Connect Gmail account')}
        </Button>
      </div>
      {handler === 'gmailApi' && <SettingText name="client.gmail.incoming.topicName" label={trans('Gmail topic name')} placeholder="projects/my-project/topics/gmail" />}
    </Section>
  );
}

/** Sends a mail to the signed-in admin with the saved settings and says at once whether it went, or the driver's error. */
function TestMail() {
  const { user } = useAuth();
  const { formState: { isDirty } } = useFormContext();
  const send = useMutation({
    mutationFn: () => api.post<{ message: string }>('settings/mail/test'),
    onSuccess: () => toast(trans('Test mail sent to :email', { email: user?.email ?? '' })),
  });
  return (
    <div className="flex flex-col gap-1">
      <div><Button type="button" onClick={() => send.mutate()} disabled={send.isPending || isDirty} aria-describedby="test-mail-help">{trans('Send test mail')}</Button></div>
      <p className="text-sm text-text-muted" id="test-mail-help">
        {isDirty ? trans('Save your changes first: the test mail goes out with the saved settings.') : trans('Sends a mail to :email with the saved settings.', { email: user?.email ?? '' })}
      </p>
      {/* The driver's own words stay on the page (a toast goes before a long SMTP error is read). */}
      {send.isError && <p className="text-sm text-danger" role="alert">{errorMessage(send.error, trans('There was an issue. Please try again.'))}</p>}
    </div>
  );
}

function Fields() {
  const driver = useSettingValue<string>('server.mail_driver');
  const handler = useSettingValue<string | null>('client.mail.handler');
  return (
    <>
      <Section title={trans('Outgoing emails')} id="outgoing-emails" group="mail_group">
        <SettingText name="server.mail_from_address" label={trans('From address')} type="email" />
        <SettingText name="server.mail_from_name" label={trans('From name')} />
        <SettingSelect name="server.mail_driver" label={trans('Outgoing mail method')} options={outgoing()} />
        {driver === 'smtp' && (
          <>
            <SettingText name="server.mail_host" label={trans('SMTP host')} />
            <SettingText name="server.mail_username" label={trans('SMTP username')} />
            <SettingText name="server.mail_password" label={trans('SMTP password')} secret />
            <SettingNumber name="server.mail_port" label={trans('SMTP port')} placeholder="587" min={0} />
            <SettingSelect name="server.mail_encryption" label={trans('SMTP encryption')} options={[{ value: 'tls', label: 'TLS' }, { value: 'ssl', label: 'SSL' }, { value: 'none', label: trans('None') }]} />
          </>
        )}
        {driver === 'ses' && (
          <>
            <SettingText name="server.ses_key" label={trans('SES key')} secret />
            <SettingText name="server.ses_secret" label={trans('SES secret')} secret />
            <SettingText name="server.ses_region" label={trans('SES region')} placeholder="us-east-1" />
          </>
        )}
        {driver === 'postmark' && <SettingText name="server.postmark_token" label={trans('Postmark token')} secret />}
        <TestMail />
        <SettingSwitch
          name="client.notifications.email"
          label={trans('Offer notifications by email')}
          description={trans('Members can choose, in their account settings, to get replies to their comments and new episodes by email as well as in the bell. Nobody is emailed until they ask.')}
        />
      </Section>
      <Section title={trans('Incoming emails')}>
        <SettingSelect name="client.mail.handler" label={trans('Incoming email handler')} options={INCOMING} nullable description={trans("The service that receives mail sent to the site's address. The site reads no incoming mail yet: replies to its emails reach the from address's mailbox.")} />
        <SettingText name="client.mail.contact_page_address" label={trans('Contact page address')} type="email" description={trans('Messages sent from the contact page go to this address.')} />
      </Section>
      {(driver === 'mailgun' || handler === 'mailgun') && (
        <Section title="Mailgun" group="mailgun_group">
          <SettingText name="server.mailgun_domain" label={trans('Mailgun domain')} />
          <SettingText name="server.mailgun_secret" label={trans('Mailgun API key')} secret placeholder="key-..." />
          <SettingText name="server.mailgun_endpoint" label={trans('Mailgun endpoint')} placeholder="api.mailgun.net" />
        </Section>
      )}
      {(driver === 'gmailApi' || handler === 'gmailApi') && <Gmail />}
    </>
  );
}

export function Component() {
  return <SettingsForm title={trans('Mail')} description={trans('Outgoing and incoming email.')}><Fields /></SettingsForm>;
}
