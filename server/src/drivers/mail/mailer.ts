import fs from 'node:fs/promises';
import path from 'node:path';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where the recipient's Reply goes instead of the from address: a checked address (a contact form's sender). */
  replyTo?: string;
  /** Header fields beyond the usual (List-Unsubscribe): names and values the site writes itself, never a user's text. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The default driver: each mail is appended to storage/logs/mail.log so a person can follow its links. */
export class LogMailer implements Mailer {
  constructor(private file: string, private from: () => Promise<string>) {}

  async send(m: MailMessage): Promise<void> {
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    const headers = Object.entries(m.headers ?? {}).map(([name, value]) => `${name}: ${value}`);
    const entry = [`--- ${new Date().toISOString()}`, `From: ${await this.from()}`, `To: ${m.to}`, `Subject: ${m.subject}`, ...(m.replyTo ? [`Reply-To: ${m.replyTo}`] : []), ...headers, '', m.text, '', ''].join('\n');
    await fs.appendFile(this.file, entry);
  }
}
