import { MAIL_RETRY, type JobOptions } from '../queue/queue.ts';
import { DriverSwitch, type SettingsReader } from '../switch.ts';
import { LogMailer, type MailMessage, type Mailer } from './mailer.ts';
import { GmailTransport, MailApiRefusal, MailgunTransport, PostmarkTransport, SendmailTransport, SesTransport, SmtpTransport, mailChecks, type Transport } from './transports.ts';

type Driver = 'mailgun' | 'gmailApi' | 'smtp' | 'postmark' | 'ses' | 'sendmail' | 'log';

/** The settings each outgoing driver reads, from a settings getter (live) or a values map (a check before saving). */
async function mailConfig(get: (key: string) => Promise<any>) {
  const driver = (await get('mail_driver')) as Driver;
  switch (driver) {
    case 'smtp': return { driver, smtp: { host: await get('mail_host'), port: await get('mail_port'), username: await get('mail_username'), password: await get('mail_password'), encryption: await get('mail_encryption') } } as const;
    case 'mailgun': return { driver, mailgun: { domain: await get('mailgun_domain'), secret: await get('mailgun_secret'), endpoint: await get('mailgun_endpoint') } } as const;
    case 'postmark': return { driver, token: (await get('postmark_token')) as string } as const;
    case 'ses': return { driver, ses: { key: await get('ses_key'), secret: await get('ses_secret'), region: await get('ses_region'), endpoint: await get('ses_endpoint') } } as const;
    // The Gmail client's own id and secret, else the Google login's: the pair the connect flow used (modules/settings/gmail.ts).
    case 'gmailApi': return { driver, gmail: { clientId: (await get('gmail_client_id')) || (await get('google_id')), clientSecret: (await get('gmail_client_secret')) || (await get('google_secret')), refreshToken: await get('gmail_refresh_token') } } as const;
    case 'sendmail': return { driver } as const;
    default: return { driver: 'log' } as const;
  }
}

/**
 * `ctx.mailer`: reads `server.mail_driver` and its fields at every send, so a saved change applies
 * to the next mail. The log driver appends to storage/logs/mail.log.
 */
export class MailManager implements Mailer {
  private transports: DriverSwitch<Awaited<ReturnType<typeof mailConfig>>, Transport>;

  constructor(private settings: SettingsReader, private log: LogMailer) {
    this.transports = new DriverSwitch(() => mailConfig((k) => settings.get(`server.${k}` as never)), (c): Transport => {
      switch (c.driver) {
        case 'smtp': return new SmtpTransport(c.smtp);
        case 'mailgun': return new MailgunTransport(c.mailgun);
        case 'postmark': return new PostmarkTransport(c.token);
        case 'ses': return new SesTransport(c.ses);
        case 'gmailApi': return new GmailTransport(c.gmail);
        case 'sendmail': return new SendmailTransport();
        default: return { send: (_from, m) => this.log.send(m) };
      }
    }, (t) => t.close?.());
  }

  private dispatch: ((message: MailMessage) => Promise<void>) | null = null;

  /** Mail goes out through the queue from then on: a request never waits for an SMTP server or a mail API. */
  useQueue(queue: { register(name: string, handler: (payload: any) => Promise<void>, options?: JobOptions): void; dispatch(name: string, payload: unknown): Promise<void> }): void {
    // Tried again for about two hours while the mail server is down; a refusal for good (5xx) is not.
    queue.register('mail.send', (message: MailMessage) => this.deliver(message), { retry: MAIL_RETRY, permanent: refusedForGood });
    this.dispatch = (message) => queue.dispatch('mail.send', message);
  }

  async send(message: MailMessage): Promise<void> {
    if (this.dispatch) return this.dispatch(message);
    return this.deliver(message);
  }

  /** Hands the mail to the selected driver now (the queued job, or before a queue is attached). */
  async deliver(message: MailMessage): Promise<void> {
    const transport = await this.transports.get();
    const from = `"${(await this.settings.get('server.mail_from_name')).replace(/"/g, '')}" <${await this.settings.get('server.mail_from_address')}>`;
    await transport.send(from, message);
  }

  close() { return this.transports.close(); }
}

/** Amazon SES's refusals of the message itself (not of the account, the key or the sending rate). */
const SES_MESSAGE_REFUSALS = new Set(['MessageRejected', 'BadRequestException']);

/**
 * The mail server refused this mail for good (an SMTP 5xx reply to the sender, a recipient or the message; a mail
 * API's refusal of the message, MailApiRefusal; SES rejecting it): another try gets the same answer. A refused login
 * or key is the site's own settings, which an operator fixes, so it is tried again, as is an outage.
 */
export function refusedForGood(err: unknown): boolean {
  if (err instanceof MailApiRefusal) return err.permanent;
  const e = err as { responseCode?: unknown; code?: unknown; name?: unknown; $metadata?: unknown } | null;
  if (e?.$metadata && typeof e.name === 'string') return SES_MESSAGE_REFUSALS.has(e.name);
  return typeof e?.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600 && e.code !== 'EAUTH';
}

/** The mail page's check before saving: does the selected outgoing driver accept these credentials? */
export async function checkMail(values: Record<string, unknown>): Promise<string | null> {
  const c = await mailConfig(async (k) => values[`server.${k}`]);
  switch (c.driver) {
    case 'smtp': return mailChecks.smtp(c.smtp);
    case 'mailgun': return mailChecks.mailgun(c.mailgun);
    case 'postmark': return mailChecks.postmark(c.token);
    case 'ses': return mailChecks.ses(c.ses);
    case 'gmailApi': return mailChecks.gmailApi(c.gmail);
    case 'sendmail': return mailChecks.sendmail();
    default: return null;
  }
}
