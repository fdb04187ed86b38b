import fs from 'node:fs';
import nodemailer from 'nodemailer';
import { SESv2Client, SendEmailCommand, GetAccountCommand } from '@aws-sdk/client-sesv2';
import { API_ENDPOINTS, reason } from '../switch.ts';
import type { MailMessage } from './mailer.ts';
import { outboundFetch } from '../../lib/outbound.ts';

/**
 * A mail API's refusal. `permanent`: the API refused this message itself (400, 413, 422: a bad or suppressed
 * recipient, an invalid message), so another try gets the same answer; a refused key (401, 403), an unknown domain
 * (404), a limit (429) or an outage (5xx) is the site's settings or a moment, and the mail is tried again.
 */
export class MailApiRefusal extends Error {
  readonly permanent: boolean;
  constructor(api: string, readonly status: number, detail: string) {
    super(`${api} answered ${status}: ${detail}`);
    this.permanent = status === 400 || status === 413 || status === 422;
  }
}

/** One way of handing a mail over; `from` is "Name <address>". */
export interface Transport {
  send(from: string, m: MailMessage): Promise<void>;
  close?(): void;
}

export interface SmtpSettings { host: string; port: number; username: string; password: string; encryption: 'tls' | 'ssl' | 'none' }

function smtpTransport(s: SmtpSettings) {
  return nodemailer.createTransport({
    host: s.host,
    port: s.port,
    // ssl: TLS from the first byte (465); tls: STARTTLS when offered (587); none: plain.
    secure: s.encryption === 'ssl',
    ignoreTLS: s.encryption === 'none',
    auth: s.username ? { user: s.username, pass: s.password } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
  });
}

const nodemailerMessage = (from: string, m: MailMessage) => ({ from, to: m.to, replyTo: m.replyTo, subject: m.subject, text: m.text, html: m.html, headers: m.headers });
/** The extra header fields as the JSON APIs (Postmark, SES) list them. */
const headerList = (m: MailMessage) => (m.headers ? Object.entries(m.headers).map(([Name, Value]) => ({ Name, Value })) : undefined);

export class SmtpTransport implements Transport {
  private t: ReturnType<typeof smtpTransport>;
  constructor(s: SmtpSettings) { this.t = smtpTransport(s); }
  async send(from: string, m: MailMessage) { await this.t.sendMail(nodemailerMessage(from, m)); }
  close() { this.t.close(); }
}

export class SendmailTransport implements Transport {
  async send(from: string, m: MailMessage) {
    const t = nodemailer.createTransport({ sendmail: true, newline: 'unix', path: API_ENDPOINTS.sendmail });
    await t.sendMail(nodemailerMessage(from, m));
  }
}

/** A Mailgun endpoint setting may be a host (api.eu.mailgun.net) or a full base URL. */
const mailgunBase = (endpoint: string) => (/^https?:\/\//.test(endpoint) ? endpoint.replace(/\/+$/, '') : `https://${endpoint || 'api.mailgun.net'}`);

export interface MailgunSettings { domain: string; secret: string; endpoint: string }

/** Mailgun's messages API: form fields, basic auth as api:<key>. */
export class MailgunTransport implements Transport {
  constructor(private s: MailgunSettings) {}
  async send(from: string, m: MailMessage) {
    const form = new URLSearchParams({ from, to: m.to, subject: m.subject, text: m.text });
    if (m.html) form.set('html', m.html);
    if (m.replyTo) form.set('h:Reply-To', m.replyTo);
    for (const [name, value] of Object.entries(m.headers ?? {})) form.set(`h:${name}`, value);
    const res = await outboundFetch(`${mailgunBase(this.s.endpoint)}/v3/${encodeURIComponent(this.s.domain)}/messages`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`api:${this.s.secret}`).toString('base64')}` },
      body: form,
    });
    if (!res.ok) throw new MailApiRefusal('Mailgun', res.status, await res.text());
  }
}

/** Postmark's single-email API. */
export class PostmarkTransport implements Transport {
  constructor(private token: string) {}
  async send(from: string, m: MailMessage) {
    const res = await outboundFetch(`${API_ENDPOINTS.postmark}/email`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', 'x-postmark-server-token': this.token },
      body: JSON.stringify({ From: from, To: m.to, ReplyTo: m.replyTo, Subject: m.subject, TextBody: m.text, HtmlBody: m.html, Headers: headerList(m), MessageStream: 'outbound' }),
    });
    const body = await res.json().catch(() => ({})) as { ErrorCode?: number; Message?: string };
    if (!res.ok || body.ErrorCode) throw new MailApiRefusal('Postmark', res.ok ? 422 : res.status, body.Message ?? '');
  }
}

export interface SesSettings { key: string; secret: string; region: string; endpoint: string }

const sesClient = (s: SesSettings) => new SESv2Client({
  region: s.region || 'us-east-1',
  endpoint: s.endpoint || undefined,
  credentials: { accessKeyId: s.key, secretAccessKey: s.secret },
  maxAttempts: 2,
});

export class SesTransport implements Transport {
  private client: SESv2Client;
  constructor(s: SesSettings) { this.client = sesClient(s); }
  async send(from: string, m: MailMessage) {
    await this.client.send(new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [m.to] },
      ReplyToAddresses: m.replyTo ? [m.replyTo] : undefined,
      Content: {
        Simple: {
          Subject: { Data: m.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: m.text, Charset: 'UTF-8' }, ...(m.html ? { Html: { Data: m.html, Charset: 'UTF-8' } } : {}) },
          Headers: headerList(m),
        },
      },
    }));
  }
  close() { this.client.destroy(); }
}

export interface GmailSettings { clientId: string; clientSecret: string; refreshToken: string }

/** Trades the stored OAuth refresh token for an access token (Google's token endpoint). */
async function gmailAccessToken(s: GmailSettings): Promise<{ token: string; expiresAt: number }> {
  if (!s.refreshToken) throw new Error('No Gmail account is connected');
  const res = await outboundFetch(`${API_ENDPOINTS.googleOauth}/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'refresh_token', client_id: s.clientId, client_secret: s.clientSecret, refresh_token: s.refreshToken }),
  });
  const body = await res.json().catch(() => ({})) as { access_token?: string; expires_in?: number; error?: string; error_description?: string };
  if (!res.ok || !body.access_token) throw new Error(`Google refused the refresh token: ${body.error_description ?? body.error ?? res.status}`);
  return { token: body.access_token, expiresAt: Date.now() + ((body.expires_in ?? 3600) - 60) * 1000 };
}

/** The Gmail API: the message is built as RFC 822 by nodemailer and sent base64url-encoded as `raw`. */
export class GmailTransport implements Transport {
  private access: { token: string; expiresAt: number } | null = null;
  constructor(private s: GmailSettings) {}

  async send(from: string, m: MailMessage) {
    if (!this.access || this.access.expiresAt <= Date.now()) this.access = await gmailAccessToken(this.s);
    const built = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
      .sendMail(nodemailerMessage(from, m));
    const raw = (built.message as Buffer).toString('base64url');
    const res = await outboundFetch(`${API_ENDPOINTS.gmail}/gmail/v1/users/me/messages/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.access.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ raw }),
    });
    if (res.status === 401) this.access = null;
    if (!res.ok) throw new MailApiRefusal('Gmail', res.status, await res.text());
  }
}

/** Credential checks for the mail page, one per outgoing driver; null when it works. */
export const mailChecks = {
  async smtp(s: SmtpSettings) {
    const t = smtpTransport(s);
    try {
      await t.verify();
      return null;
    } catch (err) {
      return `Could not connect to the SMTP server ${s.host}:${s.port}: ${reason(err)}`;
    } finally {
      t.close();
    }
  },
  async sendmail() {
    return fs.existsSync(API_ENDPOINTS.sendmail) ? null : `The sendmail program was not found at ${API_ENDPOINTS.sendmail}`;
  },
  async mailgun(s: MailgunSettings) {
    const res = await outboundFetch(`${mailgunBase(s.endpoint)}/v3/domains/${encodeURIComponent(s.domain)}`, {
      headers: { authorization: `Basic ${Buffer.from(`api:${s.secret}`).toString('base64')}` }, signal: AbortSignal.timeout(10_000),
    }).catch((err) => err as Error);
    if (res instanceof Error) return `Could not reach Mailgun: ${reason(res)}`;
    return res.ok ? null : `Mailgun refused the domain or key (${res.status})`;
  },
  async postmark(token: string) {
    const res = await outboundFetch(`${API_ENDPOINTS.postmark}/server`, {
      headers: { accept: 'application/json', 'x-postmark-server-token': token }, signal: AbortSignal.timeout(10_000),
    }).catch((err) => err as Error);
    if (res instanceof Error) return `Could not reach Postmark: ${reason(res)}`;
    return res.ok ? null : `Postmark refused the server token (${res.status})`;
  },
  async ses(s: SesSettings) {
    const client = sesClient(s);
    try {
      await client.send(new GetAccountCommand({}), { abortSignal: AbortSignal.timeout(10_000) });
      return null;
    } catch (err) {
      return `Amazon SES refused the credentials: ${reason(err)}`;
    } finally {
      client.destroy();
    }
  },
  async gmailApi(s: GmailSettings) {
    try {
      await gmailAccessToken(s);
      return null;
    } catch (err) {
      return reason(err);
    }
  },
};
