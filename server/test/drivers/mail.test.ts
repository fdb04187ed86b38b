import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { composeMail } from '../../src/drivers/mail/compose.ts';
import { checkMail, refusedForGood } from '../../src/drivers/mail/manager.ts';
import { API_ENDPOINTS } from '../../src/drivers/switch.ts';
import { asAdmin, asUser, createTestApp, createUser, guest, mailsIn } from '../helper.ts';
import { startHttp } from './servers/http.ts';

const t = await createTestApp();
// With the header fields a notification mail carries, which every driver must pass on (one-click unsubscribe, RFC 8058).
const UNSUBSCRIBE = { 'List-Unsubscribe': '<https://site.example/api/v1/notifications/unsubscribe?token=abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
// And a Reply-To (a contact message's sender), which every driver must pass on too.
const mail = { to: 'reader@example.com', subject: 'Hello there', text: 'Plain body', html: '<p>Html body</p>', headers: UNSUBSCRIBE, replyTo: 'visitor@example.org' };
/** Long header fields are folded onto a continuation line (RFC 5322), which reads the same once unfolded. */
const unfold = (raw: string) => raw.replace(/\r?\n[ \t]+/g, ' ');
/** A message's quoted-printable parts as written (soft line breaks joined, =XX decoded). */
const quotedPrintable = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const unsubscribeLines = ['List-Unsubscribe: <https://site.example/api/v1/notifications/unsubscribe?token=abc>', 'List-Unsubscribe-Post: List-Unsubscribe=One-Click'];
const FROM = { 'server.mail_from_address': 'site@example.com', 'server.mail_from_name': 'The Site' } as const;
await t.ctx.settings.set(FROM);
const saved = { ...API_ENDPOINTS };
afterAll(() => { Object.assign(API_ENDPOINTS, saved); });

describe('log driver (default)', () => {
  it('appends the mail to storage/logs/mail.log', async () => {
    await t.ctx.mailer.deliver(mail);
    expect((await mailsIn(t)).at(-1)).toMatchObject({ to: mail.to, subject: mail.subject, text: expect.stringContaining('Plain body'), head: expect.stringContaining('Reply-To: visitor@example.org') });
  });
});

describe('smtp driver', () => {
  const received: { from: string; to: string[]; user?: string; data: string }[] = [];
  let server: SMTPServer;
  let port = 0;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _s, cb) {
        if (auth.username === 'mailer' && auth.password === 'secret') cb(null, { user: auth.username });
        else cb(new Error('Invalid username or password'));
      },
      // A mailbox that does not exist: refused for good.
      onRcptTo(address, _s, cb) {
        if (address.address.startsWith('gone@')) cb(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
        else cb();
      },
      onData(stream, session, cb) {
        let data = '';
        stream.on('data', (d) => { data += d; });
        stream.on('end', () => {
          received.push({ from: (session.envelope.mailFrom as { address: string }).address, to: session.envelope.rcptTo.map((r) => r.address), user: session.user as string, data });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const smtp = () => ({ 'server.mail_host': '127.0.0.1', 'server.mail_port': port, 'server.mail_username': 'mailer', 'server.mail_password': 'secret', 'server.mail_encryption': 'tls' as const });

  it('the next mail goes to the SMTP server once the setting is saved', async () => {
    await t.ctx.settings.set({ 'server.mail_driver': 'smtp', ...smtp() });
    const before = (await mailsIn(t)).length;
    await t.ctx.mailer.deliver(mail);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'site@example.com', to: ['reader@example.com'], user: 'mailer' });
    expect(received[0].data).toContain('Subject: Hello there');
    expect(received[0].data).toContain('From: The Site <site@example.com>');
    expect(received[0].data).toContain('Reply-To: visitor@example.org');
    for (const line of unsubscribeLines) expect(unfold(received[0].data)).toContain(line);
    expect((await mailsIn(t))).toHaveLength(before);
  });

  it("the site's own mails go out in plain text and HTML: the site's name, the action as a button, user text escaped", async () => {
    await t.ctx.settings.set({ 'server.mail_driver': 'smtp', ...smtp(), 'client.branding.site_name': 'Film <Club>' });
    const before = received.length;
    expect((await guest(t).post('/api/v1/auth/password/email', { email: 'admin@test.local' })).status).toBe(200);
    await t.ctx.queue.drain();
    expect(received).toHaveLength(before + 1);
    const data = received.at(-1)!.data.replace(/=\r?\n/g, '');
    expect(data).toMatch(/Content-Type: multipart\/alternative/);
    expect(data).toMatch(/Content-Type: text\/plain/);
    expect(data).toMatch(/Content-Type: text\/html/);
    expect(data).toContain('Film &lt;Club&gt;');
    expect(data).toContain('Choose a new password');
    await t.ctx.settings.set({ 'client.branding.site_name': 'StreamSite' });
  });

  it("shows the site's logo from the branding settings over the mail, its name as the alternative text", async () => {
    await t.ctx.settings.set({ 'server.mail_driver': 'smtp', ...smtp(), 'client.branding.site_name': 'Film <Club>', 'client.branding.logo_light': '/storage/branding/logo.png' });
    const before = received.length;
    expect((await guest(t).post('/api/v1/auth/password/email', { email: 'admin@test.local' })).status).toBe(200);
    await t.ctx.queue.drain();
    expect(received).toHaveLength(before + 1);
    const html = quotedPrintable(received.at(-1)!.data);
    const site = await t.ctx.settings.siteUrl(t.ctx.config.appUrl);
    expect(html).toContain(`<img src="${site}/storage/branding/logo.png" alt="Film &lt;Club&gt;" height="32"`);
    await t.ctx.settings.set({ 'client.branding.site_name': 'StreamSite', 'client.branding.logo_light': '' });
  });

  it("writes the HTML in the recipient's language and its direction: an Arabic mail reads right to left", async () => {
    await t.ctx.settings.set({ 'server.mail_driver': 'smtp', ...smtp(), 'client.i18n.enable': true });
    const admin = await asAdmin(t);
    expect((await admin.post('/api/v1/localizations', { name: 'العربية', language: 'ar' })).status).toBe(200);
    const member = await createUser(t);
    await t.ctx.db.updateTable('users').set({ language: 'ar' }).where('id', '=', member.id).execute();
    for (const email of [member.email, 'admin@test.local']) expect((await guest(t).post('/api/v1/auth/password/email', { email })).status).toBe(200);
    await t.ctx.queue.drain();
    const html = (to: string) => quotedPrintable(received.filter((m) => m.to.includes(to)).at(-1)!.data);
    expect(html(member.email)).toContain('<html lang="ar" dir="rtl">');
    expect(html('admin@test.local')).toContain('<html lang="en" dir="ltr">');
    await t.ctx.settings.set({ 'client.i18n.enable': false });
  });

  describe('a mail the server does not take', () => {
    const jobs = () => t.ctx.db.selectFrom('jobs').selectAll().where('name', '=', 'mail.send').execute();
    const failed = (to: string) => t.ctx.db.selectFrom('failed_jobs').selectAll().where('name', '=', 'mail.send').where('payload', 'like', `%${to}%`).execute();
    const settled = async () => {
      for (let i = 0; i < 200 && (await jobs()).some((j) => j.attempts === 0 || j.reserved_at); i++) await new Promise((r) => setTimeout(r, 20));
    };
    afterAll(async () => { await t.ctx.db.deleteFrom('jobs').where('name', '=', 'mail.send').execute(); });

    it('is tried again for more than an hour, minutes apart, while the mail server is down', async () => {
      expect(await t.ctx.settings.get('server.queue_driver')).toBe('database');
      await t.ctx.settings.set({ 'server.mail_driver': 'smtp', ...smtp(), 'server.mail_port': 1 });
      const sent = Date.now();
      await t.ctx.mailer.send({ ...mail, to: 'waiting@example.com' });
      await settled();
      const [job] = await jobs();
      expect(job).toMatchObject({ attempts: 1, reserved_at: null });
      // The first wait is a minute, not seconds: the next tries fall after the server is back.
      expect(Date.parse(job.available_at) - sent).toBeGreaterThanOrEqual(55_000);
      expect(await failed('waiting@example.com')).toEqual([]);
      const { MAIL_RETRY, backoff } = await import('../../src/drivers/queue/queue.ts');
      const total = Array.from({ length: MAIL_RETRY.tries - 1 }, (_, i) => backoff(MAIL_RETRY, i + 1)).reduce((a, b) => a + b, 0);
      expect(total).toBeGreaterThan(60 * 60_000);
      await t.ctx.db.deleteFrom('jobs').where('name', '=', 'mail.send').execute();
    });

    it('is not tried again when the server refuses it for good (550), and is recorded as failed with the reason', async () => {
      await t.ctx.settings.set({ 'server.mail_driver': 'smtp', ...smtp() });
      await t.ctx.mailer.send({ ...mail, to: 'gone@example.com' });
      await t.ctx.queue.drain();
      expect(await jobs()).toEqual([]);
      const [row] = await failed('gone@example.com');
      expect(row.exception).toContain('No such mailbox');
    });
  });

  it("the mail page's test mail goes to the signed-in admin at once, and a failure answers the mail server's own words", async () => {
    const admin = await asAdmin(t);
    await t.ctx.settings.set({ 'server.mail_driver': 'smtp', ...smtp() });
    const before = received.length;
    const sent = await admin.post('/api/v1/settings/mail/test');
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.message).toBe('Test mail sent to admin@test.local');
    expect(received).toHaveLength(before + 1);
    expect(received.at(-1)).toMatchObject({ to: ['admin@test.local'] });
    expect(received.at(-1)!.data).toContain('Subject: Test mail from');
    await t.ctx.settings.set({ 'server.mail_password': 'wrong' });
    const refused = await admin.post('/api/v1/settings/mail/test');
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^Could not send the test mail: .*Invalid username or password/);
    await t.ctx.settings.set({ 'server.mail_port': 1 });
    expect((await admin.post('/api/v1/settings/mail/test')).body.message).toMatch(/^Could not send the test mail: .*ECONNREFUSED/);
    // Nothing was queued to go later: the answer is the whole story.
    expect(await t.ctx.db.selectFrom('jobs').selectAll().where('name', '=', 'mail.send').execute()).toEqual([]);
    // Only for those who may change the settings.
    const member = await asUser(t);
    expect((await member.post('/api/v1/settings/mail/test')).status).toBe(403);
    await t.ctx.settings.set(smtp());
  });

  it('checks the credentials against the server', async () => {
    expect(await checkMail({ 'server.mail_driver': 'smtp', ...smtp() })).toBeNull();
    expect(await checkMail({ 'server.mail_driver': 'smtp', ...smtp(), 'server.mail_password': 'wrong' })).toMatch(/Could not connect to the SMTP server 127.0.0.1:\d+: Invalid login/);
    expect(await checkMail({ 'server.mail_driver': 'smtp', ...smtp(), 'server.mail_port': 1 })).toMatch(/ECONNREFUSED/);
  });
});

describe('sendmail driver', () => {
  it('pipes the message to the sendmail program', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sendmail-'));
    const out = path.join(dir, 'out.eml');
    const bin = path.join(dir, 'sendmail');
    fs.writeFileSync(bin, `#!/bin/sh\necho "ARGS: $*" > ${out}\ncat >> ${out}\n`, { mode: 0o755 });
    API_ENDPOINTS.sendmail = bin;
    await t.ctx.settings.set({ 'server.mail_driver': 'sendmail' });
    await t.ctx.mailer.deliver(mail);
    const eml = fs.readFileSync(out, 'utf8');
    expect(eml).toMatch(/ARGS: .*-f site@example.com.*reader@example.com/);
    expect(eml).toContain('Subject: Hello there');
    expect(eml).toContain('Reply-To: visitor@example.org');
    for (const line of unsubscribeLines) expect(unfold(eml)).toContain(line);
    expect(await checkMail({ 'server.mail_driver': 'sendmail' })).toBeNull();
    API_ENDPOINTS.sendmail = path.join(dir, 'missing');
    expect(await checkMail({ 'server.mail_driver': 'sendmail' })).toMatch(/sendmail program was not found/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('mailgun driver', () => {
  it('posts the next mail to the messages API with the domain and key', async () => {
    const api = await startHttp((r) => {
      if (r.headers.authorization !== `Basic ${Buffer.from('api:key-123').toString('base64')}`) return { status: 401, body: 'Forbidden' };
      if (r.method === 'POST' && r.path === '/v3/mg.example.com/messages') return { json: { id: '<1@mg.example.com>', message: 'Queued. Thank you.' } };
      if (r.method === 'GET' && r.path === '/v3/domains/mg.example.com') return { json: { domain: { name: 'mg.example.com', state: 'active' } } };
      return { status: 404, json: { message: 'Domain not found' } };
    });
    const values = { 'server.mailgun_domain': 'mg.example.com', 'server.mailgun_secret': 'key-123', 'server.mailgun_endpoint': api.url };
    await t.ctx.settings.set({ 'server.mail_driver': 'mailgun', ...values });
    await t.ctx.mailer.deliver(mail);
    const form = api.requests[0].form!;
    expect(Object.fromEntries(form)).toEqual({
      from: '"The Site" <site@example.com>', to: mail.to, subject: mail.subject, text: mail.text, html: mail.html,
      'h:Reply-To': mail.replyTo, 'h:List-Unsubscribe': UNSUBSCRIBE['List-Unsubscribe'], 'h:List-Unsubscribe-Post': UNSUBSCRIBE['List-Unsubscribe-Post'],
    });
    expect(await checkMail({ 'server.mail_driver': 'mailgun', ...values })).toBeNull();
    expect(await checkMail({ 'server.mail_driver': 'mailgun', ...values, 'server.mailgun_secret': 'key-bad' })).toBe('Mailgun refused the domain or key (401)');
    await api.close();
  });
});

describe('postmark driver', () => {
  it('posts the next mail to the email API with the server token', async () => {
    const api = await startHttp((r) => {
      if (r.headers['x-postmark-server-token'] !== 'pm-token') return { status: 401, json: { ErrorCode: 10, Message: 'The Server Token you provided in the X-Postmark-Server-Token request header was invalid.' } };
      if (r.method === 'POST' && r.path === '/email') return { json: { To: r.json.To, SubmittedAt: new Date().toISOString(), MessageID: 'b7bc2f4a', ErrorCode: 0, Message: 'OK' } };
      if (r.method === 'GET' && r.path === '/server') return { json: { ID: 1, Name: 'Site' } };
      return { status: 404, json: {} };
    });
    API_ENDPOINTS.postmark = api.url;
    await t.ctx.settings.set({ 'server.mail_driver': 'postmark', 'server.postmark_token': 'pm-token' });
    await t.ctx.mailer.deliver(mail);
    expect(api.requests[0].json).toEqual({ From: '"The Site" <site@example.com>', To: mail.to, ReplyTo: mail.replyTo, Subject: mail.subject, TextBody: mail.text, HtmlBody: mail.html, MessageStream: 'outbound',
      Headers: Object.entries(UNSUBSCRIBE).map(([Name, Value]) => ({ Name, Value })),
    });
    expect(await checkMail({ 'server.mail_driver': 'postmark', 'server.postmark_token': 'pm-token' })).toBeNull();
    expect(await checkMail({ 'server.mail_driver': 'postmark', 'server.postmark_token': 'nope' })).toBe('Postmark refused the server token (401)');
    await t.ctx.settings.set({ 'server.postmark_token': 'nope' });
    await expect(t.ctx.mailer.deliver(mail)).rejects.toThrow(/Postmark answered 401/);
    await api.close();
  });
});

describe('a mail API refusing a mail', () => {
  // What each answer means for the queue: refused for good (recorded as failed at once) or tried again later.
  const outcome = async (answer: { status: number; json?: unknown; body?: string; headers?: Record<string, string> }, driver: 'mailgun' | 'postmark' | 'ses') => {
    const api = await startHttp(() => answer);
    API_ENDPOINTS.postmark = api.url;
    await t.ctx.settings.set({
      'server.mail_driver': driver, 'server.postmark_token': 'pm-token', 'server.mailgun_domain': 'mg.example.com', 'server.mailgun_secret': 'key-123',
      'server.mailgun_endpoint': api.url, 'server.ses_key': 'AKIDSES', 'server.ses_secret': 'secret', 'server.ses_region': 'eu-west-1', 'server.ses_endpoint': api.url,
    });
    const err = await t.ctx.mailer.deliver(mail).then(() => null, (e: unknown) => e);
    await api.close();
    expect(err).toBeTruthy();
    return refusedForGood(err) ? 'failed' : 'again';
  };

  it('gives up on a message the API refuses (a bad or suppressed recipient), tries again after a refused key, a limit or an outage', async () => {
    expect(await outcome({ status: 400, json: { message: "'to' parameter is not a valid address. please check documentation" } }, 'mailgun')).toBe('failed');
    expect(await outcome({ status: 401, body: 'Forbidden' }, 'mailgun')).toBe('again');
    expect(await outcome({ status: 404, json: { message: 'Domain not found: mg.example.com' } }, 'mailgun')).toBe('again');
    expect(await outcome({ status: 429, json: { message: 'Too many requests' } }, 'mailgun')).toBe('again');
    expect(await outcome({ status: 503, body: 'Service Unavailable' }, 'mailgun')).toBe('again');
    expect(await outcome({ status: 422, json: { ErrorCode: 406, Message: "You tried to send to recipient(s) that have been marked as inactive." } }, 'postmark')).toBe('failed');
    expect(await outcome({ status: 401, json: { ErrorCode: 10, Message: 'Bad or missing Server API token.' } }, 'postmark')).toBe('again');
    expect(await outcome({ status: 500, json: {} }, 'postmark')).toBe('again');
    const ses = (status: number, type: string) => ({ status, json: { message: type }, headers: { 'x-amzn-errortype': type } });
    expect(await outcome(ses(400, 'MessageRejected'), 'ses')).toBe('failed');
    expect(await outcome(ses(400, 'BadRequestException'), 'ses')).toBe('failed');
    expect(await outcome(ses(403, 'UnrecognizedClientException'), 'ses')).toBe('again');
    expect(await outcome(ses(400, 'SendingPausedException'), 'ses')).toBe('again');
    expect(await outcome(ses(429, 'TooManyRequestsException'), 'ses')).toBe('again');
  });
});

describe('ses driver', () => {
  it('sends the next mail through the SES v2 API, signed with the key', async () => {
    const api = await startHttp((r) => {
      if (!String(r.headers.authorization).includes('Credential=AKIDSES/')) return { status: 403, json: { message: 'The security token included in the request is invalid.' }, headers: { 'x-amzn-errortype': 'UnrecognizedClientException' } };
      if (r.method === 'POST' && r.path === '/v2/email/outbound-emails') return { json: { MessageId: '0100018c-ses' } };
      if (r.method === 'GET' && r.path === '/v2/email/account') return { json: { SendingEnabled: true, ProductionAccessEnabled: true } };
      return { status: 404, json: { message: 'not found' } };
    });
    const values = { 'server.ses_key': 'AKIDSES', 'server.ses_secret': 'secret', 'server.ses_region': 'eu-west-1', 'server.ses_endpoint': api.url };
    await t.ctx.settings.set({ 'server.mail_driver': 'ses', ...values });
    await t.ctx.mailer.deliver(mail);
    const sent = api.requests[0];
    expect(sent.headers.authorization).toMatch(/Credential=AKIDSES\/\d+\/eu-west-1\/ses\/aws4_request/);
    expect(sent.json).toMatchObject({ FromEmailAddress: '"The Site" <site@example.com>', Destination: { ToAddresses: [mail.to] }, ReplyToAddresses: [mail.replyTo], Content: { Simple: { Subject: { Data: mail.subject }, Body: { Text: { Data: mail.text }, Html: { Data: mail.html } }, Headers: Object.entries(UNSUBSCRIBE).map(([Name, Value]) => ({ Name, Value })) } } });
    expect(await checkMail({ 'server.mail_driver': 'ses', ...values })).toBeNull();
    expect(await checkMail({ 'server.mail_driver': 'ses', ...values, 'server.ses_key': 'WRONG' })).toMatch(/Amazon SES refused the credentials: The security token included in the request is invalid/);
    await api.close();
  });
});

describe('gmailApi driver', () => {
  it('trades the refresh token for an access token and sends the raw message', async () => {
    const api = await startHttp((r) => {
      if (r.path === '/token') {
        return r.form?.get('refresh_token') === 'refresh-1' && r.form.get('client_id') === 'cid'
          ? { json: { access_token: 'access-1', expires_in: 3599, token_type: 'Bearer', scope: 'https://www.googleapis.com/auth/gmail.send' } }
          : { status: 400, json: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } };
      }
      if (r.path === '/gmail/v1/users/me/messages/send' && r.headers.authorization === 'Bearer access-1') return { json: { id: '18c', threadId: '18c', labelIds: ['SENT'] } };
      return { status: 401, json: { error: { code: 401 } } };
    });
    API_ENDPOINTS.gmail = api.url;
    API_ENDPOINTS.googleOauth = api.url;
    const values = { 'server.gmail_client_id': 'cid', 'server.gmail_client_secret': 'cs', 'server.gmail_refresh_token': 'refresh-1' };
    await t.ctx.settings.set({ 'server.mail_driver': 'gmailApi', ...values });
    await t.ctx.mailer.deliver(mail);
    await t.ctx.mailer.deliver({ ...mail, subject: 'Second' });
    // One token exchange serves both mails.
    expect(api.requests.map((r) => r.path)).toEqual(['/token', '/gmail/v1/users/me/messages/send', '/gmail/v1/users/me/messages/send']);
    const raw = Buffer.from(api.requests[1].json.raw, 'base64url').toString();
    expect(raw).toContain('To: reader@example.com');
    expect(raw).toContain('Subject: Hello there');
    expect(raw).toContain('Reply-To: visitor@example.org');
    for (const line of unsubscribeLines) expect(unfold(raw)).toContain(line);
    expect(await checkMail({ 'server.mail_driver': 'gmailApi', ...values })).toBeNull();
    expect(await checkMail({ 'server.mail_driver': 'gmailApi', ...values, 'server.gmail_refresh_token': 'old' })).toBe('Google refused the refresh token: Token has been expired or revoked.');
    await api.close();
  });
});

describe('composeMail', () => {
  const site = { name: 'StreamSite', url: 'https://films.example' };
  it('writes the link on a line of its own in the text, and a button with the address beneath it in the HTML', () => {
    const m = composeMail(site, 'a@b.c', 'Reset your password', {
      paragraphs: ['Open this link:'], action: { label: 'Choose a new password', url: 'https://films.example/reset/abc?email=a%40b.c&x=1' }, after: ['Ignore it otherwise.'],
    });
    expect(m.text).toBe('Open this link:\n\nhttps://films.example/reset/abc?email=a%40b.c&x=1\n\nIgnore it otherwise.');
    expect(m.html).toContain('href="https://films.example/reset/abc?email=a%40b.c&amp;x=1"');
    expect(m.html).toContain('>Choose a new password</a>');
    expect(m.html).toContain('>StreamSite</a>');
    expect(m.html!.indexOf('Open this link:')).toBeLessThan(m.html!.indexOf('Ignore it otherwise.'));
  });

  it('escapes what users wrote', () => {
    const m = composeMail(site, 'a@b.c', 'New message', { paragraphs: ['<script>alert(1)</script> & "quotes"'] });
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(m.text).toBe('<script>alert(1)</script> & "quotes"');
  });

  it("marks the HTML with the language it is written in and that language's direction (English without one)", () => {
    expect(composeMail(site, 'a@b.c', 'مرحبا', { paragraphs: ['نص'], language: 'ar' }).html).toContain('<html lang="ar" dir="rtl">');
    expect(composeMail(site, 'a@b.c', 'Hallo', { paragraphs: ['Text'], language: 'de' }).html).toContain('<html lang="de" dir="ltr">');
    expect(composeMail(site, 'a@b.c', 'Hello', { paragraphs: ['Text'] }).html).toContain('<html lang="en" dir="ltr">');
  });

  it('puts the small print (why it came, how to stop it) under the card, and after a signature line in the text', () => {
    const m = composeMail(site, 'a@b.c', 'New episode', {
      paragraphs: ['S1 E2'], footer: { text: 'You asked for these.', link: { label: 'Unsubscribe', url: 'https://films.example/unsubscribe?token=t&type=new_episode' } },
    });
    expect(m.text).toBe('S1 E2\n\n-- \nYou asked for these.\nUnsubscribe: https://films.example/unsubscribe?token=t&type=new_episode');
    expect(m.html).toContain('You asked for these. <a href="https://films.example/unsubscribe?token=t&amp;type=new_episode"');
    expect(m.html!.indexOf('</table>')).toBeLessThan(m.html!.indexOf('You asked for these.'));
  });

  it("shows the logo (by absolute address) in place of the site's name over the HTML version", () => {
    const m = composeMail({ ...site, logo: '/storage/branding/logo.png?v=2&x=1' }, 'a@b.c', 'Hello', { paragraphs: ['Body'] });
    expect(m.html).toContain('text-decoration:none"><img src="https://films.example/storage/branding/logo.png?v=2&amp;x=1" alt="StreamSite"');
    expect(m.html).not.toContain('>StreamSite</a>');
    // An address that is not http(s) is no logo: the name shows.
    expect(composeMail({ ...site, logo: 'javascript:alert(1)' }, 'a@b.c', 'Hello', { paragraphs: ['Body'] }).html).toContain('>StreamSite</a>');
    expect(m.text).toBe('Body');
  });

  it('shows a picture above the paragraphs in the HTML only', () => {
    const m = composeMail(site, 'a@b.c', 'New episode', { paragraphs: ['S1 E2'], image: { url: 'https://films.example/storage/p.png?v=1&w=2', alt: 'Night "River"' } });
    expect(m.html).toContain('<img src="https://films.example/storage/p.png?v=1&amp;w=2" alt="Night &quot;River&quot;" width="96"');
    expect(m.html!.indexOf('<img')).toBeLessThan(m.html!.indexOf('S1 E2'));
    expect(m.text).toBe('S1 E2');
  });
});
