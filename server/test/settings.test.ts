import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MASK } from '@app/contracts';
import { buildApp } from '../src/app.ts';
import { registerSettingsValidator } from '../src/modules/settings/validators.ts';
import { registerSitemapSource } from '../src/modules/settings/sitemap.ts';
import { tick } from '../src/modules/scheduler/index.ts';
import { verifyRecaptcha } from '../src/lib/recaptcha.ts';
import { API_ENDPOINTS } from '../src/drivers/switch.ts';
import { Client, asAdmin, asUser, createTestApp, createUser, guest } from './helper.ts';
import { setStripeEndpoint } from '../src/modules/billing/gateways/stripe.ts';
import { startFakeStripe } from './billing/fake-stripe.ts';

const t = await createTestApp();
let admin: Client;

// Speaks TMDb's v3 API for the API key check: GET /3/configuration?api_key=… -> 200, or 401 with status_code 7.
const TMDB_KEYS = new Set(['tmdb-secret-1', 'tmdb-secret-2', 'tmdb-good']);
const tmdb = http.createServer((req, res) => {
  const key = new URL(req.url ?? '/', 'http://x').searchParams.get('api_key') ?? '';
  res.setHeader('content-type', 'application/json');
  if (req.url?.startsWith('/3/configuration') && TMDB_KEYS.has(key)) return res.end(JSON.stringify({ images: { base_url: 'http://image.tmdb.org/t/p/' }, change_keys: [] }));
  res.statusCode = 401;
  res.end(JSON.stringify({ status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.', success: false }));
});

beforeAll(async () => {
  admin = await asAdmin(t);
  await new Promise<void>((r) => tmdb.listen(0, '127.0.0.1', r));
  t.ctx.config.tmdbApiUrl = `http://127.0.0.1:${(tmdb.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => tmdb.close(() => r())));

/** A multipart settings save: JSON fields plus files, built by hand. */
function multipart(fields: Record<string, string>, files: { field: string; filename: string; type: string; content: Buffer }[] = []) {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`), f.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const save = (client: Record<string, unknown> = {}, server: Record<string, unknown> = {}) => admin.post('/api/v1/settings', { client, server });
const stored = async () => {
  const res = await admin.get('/api/v1/settings');
  return { ...res.body.client, ...res.body.server } as Record<string, unknown>;
};

describe('GET settings', () => {
  it('gives guests and users the client group only', async () => {
    for (const c of [guest(t), await asUser(t)]) {
      const res = await c.get('/api/v1/settings');
      expect(res.status).toBe(200);
      expect(res.body.client['client.registration.disable']).toBe(false);
      expect(res.body.server).toBeUndefined();
      expect(JSON.stringify(res.body)).not.toContain('server.');
    }
  });

  it("keeps the contact page's inbox and the Gmail topic to settings managers: visitors never receive them", async () => {
    await t.ctx.settings.set({ 'client.mail.contact_page_address': 'owner.inbox@example.com', 'client.gmail.incoming.topicName': 'projects/acme-internal/topics/gmail' });
    for (const c of [guest(t), await asUser(t)]) {
      for (const url of ['/api/v1/settings', '/api/v1/auth/me']) {
        const res = await c.get(url);
        expect(res.status).toBe(200);
        expect(res.text, url).not.toContain('owner.inbox@example.com');
        expect(res.text, url).not.toContain('acme-internal');
      }
    }
    const forms = await admin.get('/api/v1/settings');
    expect(forms.body.client['client.mail.contact_page_address']).toBe('owner.inbox@example.com');
    expect(forms.body.client['client.gmail.incoming.topicName']).toBe('projects/acme-internal/topics/gmail');
    await t.ctx.settings.set({ 'client.mail.contact_page_address': '', 'client.gmail.incoming.topicName': '' });
  });

  it('gives settings managers the server group with secrets masked', async () => {
    await t.ctx.settings.set({ 'server.stripe_secret': 'sk_live_real', 'server.mail_password': 'smtp-pass', 'server.stripe_key': 'pk_live_public' });
    const res = await admin.get('/api/v1/settings');
    expect(res.body.server['server.stripe_secret']).toBe(SETTINGS_MASK);
    // The publishable key is public by nature (every buyer's browser gets it): shown, not masked.
    expect(res.body.server['server.stripe_key']).toBe('pk_live_public');
    expect(res.body.server['server.mail_password']).toBe(SETTINGS_MASK);
    expect(res.body.server['server.paypal_secret']).toBe('');
    expect(res.body.server['server.mail_driver']).toBe('log');
    expect(res.text).not.toContain('sk_live_real');
    const manager = await asUser(t, { permissions: ['settings.update'] });
    expect((await manager.get('/api/v1/settings')).body.server['server.stripe_secret']).toBe(SETTINGS_MASK);
    await t.ctx.settings.set({ 'server.stripe_key': '' });
  });
});

describe('POST settings', () => {
  it('saves changed values in dotted form, with or without the group prefix', async () => {
    const res = await save({ 'client.dates.format': 'long', 'tmdb.includeAdult': true }, { 'server.rating_column': 'local_vote_average' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Settings updated');
    const v = await stored();
    expect(v['client.dates.format']).toBe('long');
    expect(v['client.tmdb.includeAdult']).toBe(true);
    expect(v['server.rating_column']).toBe('local_vote_average');
    expect(await t.ctx.settings.get('client.dates.format')).toBe('long');
  });

  it('keeps a secret when the mask is sent back, replaces it when a new value is sent', async () => {
    await t.ctx.settings.set({ 'server.tmdb_api_key': 'tmdb-secret-1' });
    expect((await save({}, { 'server.tmdb_api_key': SETTINGS_MASK })).status).toBe(200);
    expect(await t.ctx.settings.get('server.tmdb_api_key')).toBe('tmdb-secret-1');
    expect((await save({}, { 'server.tmdb_api_key': 'tmdb-secret-2' })).status).toBe(200);
    expect(await t.ctx.settings.get('server.tmdb_api_key')).toBe('tmdb-secret-2');
  });

  it('accepts the multipart form with JSON fields', async () => {
    const m = multipart({ client: JSON.stringify({ 'client.i18n.enable': false }), server: JSON.stringify({}) });
    const res = await admin.request('POST', '/api/v1/settings', m.body, m.headers);
    expect(res.status).toBe(200);
    expect(await t.ctx.settings.get('client.i18n.enable')).toBe(false);
  });

  it('stores the analytics certificate (.json) and refuses other files', async () => {
    const privateKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const cert = Buffer.from(JSON.stringify({ type: 'service_account', client_email: 'a@b.iam.gserviceaccount.com', private_key: privateKey }));
    const ok = multipart({ server: JSON.stringify({ 'server.analytics_property_id': '123456' }) }, [{ field: 'files[certificate]', filename: 'cert.json', type: 'application/json', content: cert }]);
    const res = await admin.request('POST', '/api/v1/settings', ok.body, ok.headers);
    expect(res.status).toBe(200);
    expect(await t.ctx.settings.get('server.analytics_certificate')).toBe('private/analytics/certificate.json');
    expect(fs.readFileSync(path.join(t.storage, 'private/analytics/certificate.json'), 'utf8')).toContain('service_account');

    const bad = multipart({ server: JSON.stringify({ 'server.analytics_property_id': '999' }) }, [{ field: 'files[certificate]', filename: 'cert.txt', type: 'text/plain', content: Buffer.from('hello') }]);
    const refused = await admin.request('POST', '/api/v1/settings', bad.body, bad.headers);
    expect(refused.status).toBe(422);
    expect(refused.body.errors['files.certificate']).toEqual(['The certificate must be a .json file.']);
    expect(await t.ctx.settings.get('server.analytics_property_id')).toBe('123456');
    const unknown = multipart({}, [{ field: 'files[avatar]', filename: 'a.json', type: 'application/json', content: cert }]);
    expect((await admin.request('POST', '/api/v1/settings', unknown.body, unknown.headers)).status).toBe(422);
  });

  it('refuses unknown keys, wrong types and keys of the other group, saving nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>, string, string][] = [
      [{ 'client.nope': 1 }, {}, 'client.nope', 'Unknown setting.'],
      [{ 'client.registration.disable': 'yes' }, {}, 'client.registration.disable', 'Choose yes or no.'],
      [{}, { 'client.registration.disable': true }, 'client.registration.disable', 'This setting belongs to the client group.'],
      [{ 'server.stripe_secret': 'x' }, {}, 'server.stripe_secret', 'This setting belongs to the server group.'],
      [{}, { 'registration.disable': true }, 'server.registration.disable', 'This setting belongs to the client group.'],
    ];
    for (const [client, server, key, message] of cases) {
      // A valid change rides along: it must not be saved either.
      const res = await save({ ...client, 'client.comments.per_video': true }, server);
      expect(res.status, key).toBe(422);
      expect(res.body.errors[key]).toEqual([message]);
      expect(await t.ctx.settings.get('client.comments.per_video')).toBe(false);
    }
    expect((await admin.post('/api/v1/settings', { client: '{not json' })).status).toBe(422);
    // A setting sent outside both groups was dropped while the save answered 'Settings updated'.
    const loose = await admin.post('/api/v1/settings', { 'client.comments.per_video': true });
    expect(loose.status).toBe(422);
    expect(await t.ctx.settings.get('client.comments.per_video')).toBe(false);
  });

  it('is only for settings managers', async () => {
    expect((await (await asUser(t)).post('/api/v1/settings', { client: { 'client.ads.disable': true } })).status).toBe(403);
    expect((await guest(t).post('/api/v1/settings', { client: { 'client.ads.disable': true } })).status).toBe(401);
    expect(await t.ctx.settings.get('client.ads.disable')).toBe(false);
  });
});

describe('validation rules', () => {
  const cases: { name: string; client?: Record<string, unknown>; server?: Record<string, unknown>; key: string; message: string }[] = [
    { name: 'site url', server: { 'server.app_url': 'not a url' }, key: 'server.app_url', message: 'Enter a valid URL.' },
    { name: 'timezone required', client: { 'client.dates.default_timezone': '' }, key: 'client.dates.default_timezone', message: 'Default timezone is required.' },
    { name: 'timezone valid', client: { 'client.dates.default_timezone': 'Mars/Olympus' }, key: 'client.dates.default_timezone', message: 'Enter a valid timezone.' },
    { name: 'date verbosity', client: { 'client.dates.format': '' }, key: 'client.dates.format', message: 'Date verbosity is required.' },
    { name: 'default language', client: { 'client.locale.default': '' }, key: 'client.locale.default', message: 'Default language is required.' },
    { name: 'default theme', client: { 'client.themes.default_id': 555 }, key: 'client.themes.default_id', message: 'Choose an existing theme.' },
    { name: 'tmdb key', client: { 'client.content.title_provider': 'tmdb' }, server: { 'server.tmdb_api_key': '' }, key: 'server.tmdb_api_key', message: 'TMDb API key is required when a provider uses TMDb.' },
    { name: 'tmdb key via search', client: { 'client.content.search_provider': 'all' }, server: { 'server.tmdb_api_key': '' }, key: 'server.tmdb_api_key', message: 'TMDb API key is required when a provider uses TMDb.' },
    { name: 'algolia', server: { 'server.scout_driver': 'algolia' }, key: 'server.algolia_app_id', message: 'Required when Algolia is the search method.' },
    { name: 'algolia secret', server: { 'server.scout_driver': 'algolia', 'server.algolia_app_id': 'APP' }, key: 'server.algolia_secret', message: 'Required when Algolia is the search method.' },
    { name: 'paypal', client: { 'client.billing.paypal.enable': true }, key: 'server.paypal_webhook_id', message: 'Required when PayPal is enabled.' },
    { name: 'stripe', client: { 'client.billing.stripe.enable': true }, key: 'server.stripe_key', message: 'Required when Stripe is enabled.' },
    { name: 'envato', client: { 'client.social.envato.enable': true }, server: { 'server.envato_id': 'a', 'server.envato_secret': 'b' }, key: 'server.envato_personal_token', message: 'Required when Envato login is enabled.' },
    { name: 'google', client: { 'client.social.google.enable': true }, key: 'server.google_secret', message: 'Required when Google login is enabled.' },
    { name: 'facebook', client: { 'client.social.facebook.enable': true }, key: 'server.facebook_id', message: 'Required when Facebook login is enabled.' },
    { name: 'twitter', client: { 'client.social.twitter.enable': true }, key: 'server.twitter_secret', message: 'Required when Twitter login is enabled.' },
    { name: 's3', server: { 'server.uploads_disk_driver': 's3' }, key: 'server.storage_s3_bucket', message: 'Required for S3 storage.' },
    { name: 's3 region', server: { 'server.storage_s3_region': 'US_East0' }, key: 'server.storage_s3_region', message: 'Region can only contain lowercase letters, digits 1 to 9 and hyphens.' },
    { name: 'digitalocean', server: { 'server.public_disk_driver': 'digitalocean' }, key: 'server.storage_digitalocean_region', message: 'Required for DigitalOcean storage.' },
    { name: 'digitalocean region', server: { 'server.storage_digitalocean_region': 'NYC3' }, key: 'server.storage_digitalocean_region', message: 'Region can only contain lowercase letters, digits and hyphens.' },
    { name: 'backblaze', server: { 'server.uploads_disk_driver': 'backblaze_s3' }, key: 'server.storage_backblaze_key', message: 'Required for Backblaze storage.' },
    { name: 'backblaze region', server: { 'server.storage_backblaze_region': 'us west' }, key: 'server.storage_backblaze_region', message: 'Region can only contain lowercase letters, digits and hyphens.' },
    { name: 'ftp', server: { 'server.uploads_disk_driver': 'ftp' }, key: 'server.storage_ftp_password', message: 'Required for FTP storage.' },
    { name: 'ftp port', server: { 'server.storage_ftp_port': -1 }, key: 'server.storage_ftp_port', message: 'Port must be at least 0.' },
    { name: 'ftp port numeric', server: { 'server.storage_ftp_port': 'abc' }, key: 'server.storage_ftp_port', message: 'Port must be a number.' },
    { name: 'dropbox', server: { 'server.uploads_disk_driver': 'dropbox' }, key: 'server.storage_dropbox_refresh_token', message: 'Required for Dropbox storage.' },
    { name: 'chunk size', client: { 'client.uploads.chunk_size': 0 }, key: 'client.uploads.chunk_size', message: 'Must be at least 1.' },
    { name: 'max size', client: { 'client.uploads.max_size': 0 }, key: 'client.uploads.max_size', message: 'Must be at least 1.' },
    { name: 'available space', client: { 'client.uploads.available_space': 0 }, key: 'client.uploads.available_space', message: 'Must be at least 1.' },
    { name: 'extensions', client: { 'client.uploads.blocked_extensions': ['.exe'] }, key: 'client.uploads.blocked_extensions', message: 'Extensions are letters and digits only, without the dot.' },
    { name: 'from address', server: { 'server.mail_from_address': '' }, key: 'server.mail_from_address', message: 'From address is required.' },
    { name: 'from name', server: { 'server.mail_from_name': '' }, key: 'server.mail_from_name', message: 'From name is required.' },
    { name: 'smtp', server: { 'server.mail_driver': 'smtp' }, key: 'server.mail_host', message: 'Required for SMTP.' },
    { name: 'ses', server: { 'server.mail_driver': 'ses', 'server.ses_region': '' }, key: 'server.ses_region', message: 'Required for SES.' },
    { name: 'mailgun', server: { 'server.mail_driver': 'mailgun' }, key: 'server.mailgun_domain', message: 'Required for Mailgun.' },
    { name: 'mailgun key prefix', client: { 'client.mail.handler': 'mailgun' }, server: { 'server.mailgun_domain': 'mg.example.com', 'server.mailgun_secret': 'abc' }, key: 'server.mailgun_secret', message: 'Mailgun key should start with "key-".' },
    { name: 'postmark', server: { 'server.mail_driver': 'postmark' }, key: 'server.postmark_token', message: 'Required for Postmark.' },
    { name: 'gmail topic', client: { 'client.mail.handler': 'gmailApi', 'client.gmail.incoming.topicName': 'short' }, key: 'client.gmail.incoming.topicName', message: 'Topic name must be at least 10 characters.' },
    { name: 'contact address', client: { 'client.mail.contact_page_address': 'nope' }, key: 'client.mail.contact_page_address', message: 'Enter a valid email address.' },
    { name: 'memcached', server: { 'server.cache_driver': 'memcached', 'server.memcached_host': '' }, key: 'server.memcached_host', message: 'Required for Memcached.' },
    { name: 'queue method', server: { 'server.queue_driver': '' }, key: 'server.queue_driver', message: 'Queue method is required.' },
    { name: 'sqs', server: { 'server.queue_driver': 'sqs' }, key: 'server.sqs_queue_key', message: 'Required for SQS.' },
    { name: 'sentry dsn', server: { 'server.sentry_dsn': 'https://short.io' }, key: 'server.sentry_dsn', message: 'The DSN must be a URL of at least 30 characters.' },
    { name: 'recaptcha keys', client: { 'client.recaptcha.enable.register': true }, key: 'client.recaptcha.site_key', message: 'Required when recaptcha is switched on.' },
    { name: 'tracking code', client: { 'client.analytics.tracking_code': 'G-123456789012345678901' }, key: 'client.analytics.tracking_code', message: 'The tracking code must be 1 to 20 characters.' },
    // The site would never load the tag for it (web/src/site/analytics.ts): refused instead of saved to do nothing.
    { name: 'tracking code characters', client: { 'client.analytics.tracking_code': 'G-AB C12' }, key: 'client.analytics.tracking_code', message: 'The tracking code is the measurement ID Google Analytics shows, such as G-XXXXXXX: letters, digits, hyphens and underscores only.' },
    { name: 'cookie button', client: { 'client.cookie_notice.button': JSON.stringify({ label: '', type: 'link', action: '' }) }, key: 'client.cookie_notice.button', message: 'Label is required.' },
    { name: 'policies json', client: { 'client.registration.policies': '[{' }, key: 'client.registration.policies', message: 'Must be valid JSON.' },
    { name: 'ad size', client: { 'client.ads.general_top': 'x'.repeat(20_001) }, key: 'client.ads.general_top', message: 'Ad code can be at most 20,000 characters.' },
  ];
  it.each(cases)('$name: "$message"', async (c) => {
    const before = await stored();
    const res = await save(c.client, c.server);
    expect(res.status).toBe(422);
    expect(res.body.errors[c.key]).toContain(c.message);
    expect(await stored()).toEqual(before);
  });

  it('accepts the same rule once it is met', async () => {
    // Switching Stripe on checks the secret key with Stripe (billing/stripe-check.ts): a local stand-in answers.
    const stripe = await startFakeStripe();
    setStripeEndpoint(stripe.url);
    const res = await save({ 'client.billing.stripe.enable': true }, { 'server.stripe_key': 'pk_test_1', 'server.stripe_secret': 'sk_test_1' }).finally(() => {
      setStripeEndpoint(null);
      return stripe.close();
    });
    expect(res.status).toBe(200);
    // Now the rule is met by stored values: switching it on again with only one key changes nothing wrong.
    expect((await save({}, { 'server.stripe_webhook_secret': 'whsec' })).status).toBe(200);
    expect((await save({}, { 'server.stripe_secret': '' })).body.errors['server.stripe_secret']).toEqual(['Required when Stripe is enabled.']);
  });
});

describe('settings validators', () => {
  it('lets a backend veto a change under its group, with HTML, nothing saved', async () => {
    const seen: string[] = [];
    const off = registerSettingsValidator('test_group', ['server.memcached_host'], async (v, { changed }) => {
      seen.push(String(v('server.memcached_host')), [...changed].join(','));
      if (v('server.memcached_host') === 'bad.host') return 'Could not connect to <b>bad.host</b>.';
    });
    try {
      const res = await save({}, { 'server.memcached_host': 'bad.host' });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ test_group: ['Could not connect to <b>bad.host</b>.'] });
      expect(res.body.message).toBe('Could not connect to bad.host.');
      expect(await t.ctx.settings.get('server.memcached_host')).toBe('127.0.0.1');
      expect((await save({}, { 'server.memcached_host': 'good.host' })).status).toBe(200);
      expect(seen).toContain('good.host');
      // Changes that do not touch its keys do not run it.
      seen.length = 0;
      await save({ 'client.ads.disable': false });
      expect(seen).toEqual([]);
    } finally {
      off();
    }
  });
});

describe('tmdb_group', () => {
  it('tries a new TMDb API key for real and refuses a bad one under its group', async () => {
    const bad = await save({ 'client.content.title_provider': 'tmdb' }, { 'server.tmdb_api_key': 'wrong-key' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ tmdb_group: ['TMDb refused the API key: invalid API key.'] });
    expect(await t.ctx.settings.get('client.content.title_provider')).toBe('local');
    expect((await save({ 'client.content.title_provider': 'tmdb' }, { 'server.tmdb_api_key': 'tmdb-good' })).status).toBe(200);
    expect(await t.ctx.settings.get('client.content.title_provider')).toBe('tmdb');
    const saved = t.ctx.config.tmdbApiUrl;
    t.ctx.config.tmdbApiUrl = 'http://127.0.0.1:9';
    const down = await save({}, { 'server.tmdb_api_key': 'tmdb-secret-1' });
    expect(down.body.errors.tmdb_group[0]).toContain('Could not connect to TMDb');
    t.ctx.config.tmdbApiUrl = saved;
    await save({ 'client.content.title_provider': 'local' });
  });
});

describe('changes take effect at once', () => {
  it('another process over the same database sees a save on its next request', async () => {
    const other = await buildApp(t.ctx.config);
    try {
      const read = async () => (await other.app.inject({ method: 'GET', url: '/api/v1/settings' })).json().client['client.ads.disable'];
      expect(await read()).toBe(false);
      expect((await save({ 'client.ads.disable': true })).status).toBe(200);
      expect(await read()).toBe(true);
    } finally {
      await other.close();
    }
    await save({ 'client.ads.disable': false });
  });

  it('clears the cache', async () => {
    const res = await admin.post('/api/v1/cache/flush');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Cache cleared');
    expect((await (await asUser(t)).post('/api/v1/cache/flush')).status).toBe(403);
  });
});

describe('sitemap', () => {
  it('generates the index in a job, splitting at 50,000 URLs per file', async () => {
    const off = registerSitemapSource('test-titles', async function* () {
      for (let i = 1; i <= 100_001; i++) yield { loc: `/titles/${i}`, lastmod: '2024-01-01' };
    });
    try {
      await save({}, { 'server.app_url': 'https://films.example.com' });
      const res = await admin.post('/api/v1/sitemap/generate');
      expect(res.body.message).toBe('Sitemap generated');
      await t.ctx.queue.drain();
      const dir = path.join(t.storage, 'sitemaps');
      const index = fs.readFileSync(path.join(dir, 'sitemap-index.xml'), 'utf8');
      expect(index.match(/<sitemap>/g)).toHaveLength(3);
      expect(index).toContain('<loc>https://films.example.com/sitemaps/sitemap-3.xml</loc>');
      const count = (n: number) => fs.readFileSync(path.join(dir, `sitemap-${n}.xml`), 'utf8').match(/<url>/g)?.length;
      // 100,001 titles plus the site's own pages (home, movies, series, people, contact).
      expect([count(1), count(2), count(3)]).toEqual([50_000, 50_000, 6]);
      expect(fs.readFileSync(path.join(dir, 'sitemap-1.xml'), 'utf8')).toContain('<loc>https://films.example.com/</loc>');
      const served = await guest(t).get('/sitemaps/sitemap-index.xml');
      expect(served.status).toBe(200);
      expect(served.text).toContain('<sitemapindex');
    } finally {
      off();
    }
    // A smaller run removes the files it no longer lists.
    await admin.post('/api/v1/sitemap/generate');
    await t.ctx.queue.drain();
    expect(fs.existsSync(path.join(t.storage, 'sitemaps', 'sitemap-2.xml'))).toBe(false);
    expect((await (await asUser(t)).post('/api/v1/sitemap/generate')).status).toBe(403);
  }, 60_000);

  it('serves ads.txt as the ads page set it, and nothing while it is empty', async () => {
    expect((await guest(t).get('/ads.txt')).status).toBe(404);
    const lines = 'google.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0\nexample-network.com, 42, RESELLER';
    expect((await save({}, { 'server.ads_txt': `  ${lines}\n\n` })).status).toBe(200);
    const res = await guest(t).get('/ads.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe(`${lines}\n`);
    // Only the admin side reads the setting: visitors' bootstrap settings do not carry it.
    const me = await guest(t).get('/api/v1/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.settings).toHaveProperty(['client.ads.disable']);
    expect(me.text).not.toContain('pub-1234567890123456');
    const long = await save({}, { 'server.ads_txt': 'x'.repeat(10_001) });
    expect(long.status).toBe(422);
    expect(long.body.errors['server.ads_txt']).toEqual(['The ads.txt file can be at most 10,000 characters.']);
    expect((await guest(t).get('/ads.txt')).text).toBe(`${lines}\n`);
    expect((await save({}, { 'server.ads_txt': '' })).status).toBe(200);
    expect((await guest(t).get('/ads.txt')).status).toBe(404);
  });

  it('is named in robots.txt once generated, and the scheduler keeps it generated', async () => {
    await save({}, { 'server.app_url': 'https://films.example.com' });
    fs.rmSync(path.join(t.storage, 'sitemaps'), { recursive: true, force: true });
    const robots = async () => {
      const res = await guest(t).get('/robots.txt');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      return res.text;
    };
    // The admin area stays out of search results; the API does not (the pages render from it).
    expect(await robots()).toBe('User-agent: *\nDisallow: /admin\n');
    expect((await guest(t).get('/sitemap.xml')).status).toBe(404);

    expect(await tick(t.ctx, { only: ['sitemap:generate'] })).toEqual(['sitemap:generate']);
    await t.ctx.queue.drain();
    expect((await guest(t).get('/sitemap.xml')).status).toBe(200);
    expect(await robots()).toBe('User-agent: *\nDisallow: /admin\n\nSitemap: https://films.example.com/sitemap.xml\n');
    // Daily: the next tick does not run it again.
    expect(await tick(t.ctx, { only: ['sitemap:generate'] })).toEqual([]);
  });

  it('lists the site\'s own pages and its custom pages, and pricing only while billing is on', async () => {
    await save({ 'client.billing.enable': false }, { 'server.app_url': 'https://films.example.com' });
    expect((await admin.post('/api/v1/custom-pages', { title: 'About the site', slug: 'about-the-site', body: '<p>Hello</p>' })).status).toBe(200);
    expect((await admin.post('/api/v1/channel/reset-to-default')).status).toBe(200);
    // Channels list only what they hold: one title fills those of every title.
    const movie = (await admin.post('/api/v1/titles', { name: 'Sitemap Movie', release_date: '2020-05-01' })).body.title.id;
    const urls = async () => {
      await admin.post('/api/v1/sitemap/generate');
      await t.ctx.queue.drain();
      return [...fs.readFileSync(path.join(t.storage, 'sitemaps', 'sitemap-1.xml'), 'utf8').matchAll(/<loc>https:\/\/films\.example\.com([^<]*)<\/loc>/g)].map((m) => m[1]);
    };
    const off = await urls();
    expect(off).toEqual(expect.arrayContaining(['/', '/movies', '/series', '/people', '/contact', '/pages/about-the-site']));
    expect(off).not.toContain('/pricing');
    // The home page's channel is '/': the sitemap does not list it twice.
    expect(off.filter((u) => u.startsWith('/channel/')).length).toBeGreaterThan(0);
    expect(off).not.toContain(`/channel/${await t.ctx.settings.get('client.homepage.channel')}`);
    // Nor a channel with nothing to show yet; it comes in once it has something.
    const emptyChannel = (await admin.post('/api/v1/channel', { name: 'Nothing Yet', slug: 'nothing-yet', public: true, config: { contentType: 'manual', contentOrder: 'manual' } })).body.channel;
    expect(emptyChannel?.slug, 'channel created').toBeTruthy();
    expect(await urls()).not.toContain(`/channel/${emptyChannel.slug}`);
    expect((await admin.post(`/api/v1/channel/${emptyChannel.id}/items`, { items: [{ id: movie, model_type: 'title' }] })).status).toBe(200);
    expect(await urls()).toContain(`/channel/${emptyChannel.slug}`);
    await save({ 'client.billing.enable': true });
    expect(await urls()).toContain('/pricing');
    await save({ 'client.billing.enable': false });
  });
});

describe('authentication settings enforced by the server', () => {
  // Each from its own address: registrations are limited per address (http/rate-limit.ts).
  let registrations = 0;
  const register = (email: string, extra: Record<string, unknown> = {}) =>
    guest(t).request('POST', '/api/v1/auth/register', { email, password: 'password123', password_confirmation: 'password123', ...extra }, { 'x-forwarded-for': `10.77.0.${++registrations}` });

  it('turns registration off', async () => {
    await save({ 'client.registration.disable': true });
    expect((await register('off@example.com')).status).toBe(403);
    await save({ 'client.registration.disable': false });
    expect((await register('off@example.com')).status).toBe(200);
  });

  it('refuses blacklisted domains whatever their case', async () => {
    await save({ 'client.auth.domain_blacklist': 'spam.com, junk.org' });
    const res = await register('x@SPAM.com');
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual(['Registration from this domain is not allowed.']);
    expect((await register('x@fine.org')).status).toBe(200);
    await save({ 'client.auth.domain_blacklist': '' });
  });

  it('keeps unconfirmed accounts out until they confirm, when confirmation is required', async () => {
    const u = await createUser(t, { roles: [t.roles.users], verified: false });
    const c = await new Client(t).login(u.email, u.password);
    expect((await c.get('/api/v1/auth/access-tokens')).status).not.toBe(403);
    await save({ 'client.require_email_confirmation': true });
    const blocked = await c.get('/api/v1/auth/access-tokens');
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe('Please confirm your email address first.');
    // Meanwhile the account browses as a visitor would (the catalogue, not a member's own lists or reviews).
    expect((await c.get('/api/v1/search?query=a')).status).toBe(200);
    for (const res of [await c.get('/api/v1/lists'), await c.post('/api/v1/lists', { name: 'Mine' }), await c.get('/api/v1/notifications')]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Please confirm your email address first.');
    }
    expect((await c.post('/api/v1/auth/email/verification-notification')).status).toBe(200);
    expect((await c.get('/api/v1/auth/me')).status).toBe(200);
    const res = await register('confirm@example.com');
    expect(res.body.status).toBe('needs_email_verification');
    await save({ 'client.require_email_confirmation': false });
  });

  it('keeps one session per user with single device login', async () => {
    await save({ 'client.single_device_login': true });
    const u = await createUser(t, { roles: [t.roles.users] });
    const first = await new Client(t).login(u.email, u.password);
    await new Client(t).login(u.email, u.password);
    expect((await first.get('/api/v1/auth/me')).body.user).toBeNull();
    await save({ 'client.single_device_login': false });
  });

  it('requires every registration policy to be accepted', async () => {
    await save({ 'client.registration.policies': JSON.stringify([{ id: 'tos', label: 'Terms of service', type: 'link', action: 'https://example.com/tos' }]) });
    const res = await register('policy@example.com');
    expect(res.status).toBe(422);
    expect(res.body.errors.accepted_policies).toEqual(['You must accept "Terms of service".']);
    expect((await register('policy@example.com', { accepted_policies: ['tos'] })).status).toBe(200);
    await save({ 'client.registration.policies': '[]' });
  });

  describe('recaptcha', () => {
    let server: http.Server;
    const received: URLSearchParams[] = [];
    beforeAll(async () => {
      // Speaks Google's siteverify API: form-encoded secret, response, remoteip -> { success, score, action }.
      server = http.createServer((req, res) => {
        let body = '';
        req.on('data', (c) => { body += c; });
        req.on('end', () => {
          const form = new URLSearchParams(body);
          received.push(form);
          // A token carries the action of the form it was solved on: good-token the register page's, contact-token the contact page's.
          const action = new Map([['good-token', 'register'], ['contact-token', 'contact'], ['elsewhere-token', 'register']]).get(form.get('response') ?? '');
          const ok = form.get('secret') === 'server-secret' && action;
          // elsewhere-token was solved on another site using the same keys.
          const hostname = form.get('response') === 'elsewhere-token' ? 'other-site.example' : 'localhost';
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify(ok ? { success: true, score: 0.9, action, hostname } : { success: false, 'error-codes': ['invalid-input-response'] }));
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      t.ctx.config.recaptchaVerifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('verifies the register token with siteverify when switched on', async () => {
      expect((await register('nocaptcha@example.com')).status).toBe(200);
      expect(received).toHaveLength(0);
      expect((await save({ 'client.recaptcha.enable.register': true, 'client.recaptcha.site_key': 'site-key' }, { 'server.recaptcha_secret_key': 'server-secret' })).status).toBe(200);
      const missing = await register('captcha1@example.com');
      expect(missing.status).toBe(422);
      expect(missing.body.errors.recaptcha).toEqual(['Could not verify that you are not a robot. Please try again.']);
      expect((await register('captcha1@example.com', { recaptcha_token: 'bad-token' })).status).toBe(422);
      // A token solved on the contact page does not open registration.
      expect((await register('captcha1@example.com', { recaptcha_token: 'contact-token' })).status).toBe(422);
      // Nor one solved on another site: the hostname Google reports must be this site's (APP_URL's).
      const elsewhere = await register('captcha1@example.com', { recaptcha_token: 'elsewhere-token' });
      expect(elsewhere.status).toBe(422);
      expect(elsewhere.body.errors.recaptcha).toEqual(['Could not verify that you are not a robot. Please try again.']);
      expect((await register('captcha1@example.com', { recaptcha_token: 'good-token' })).status).toBe(200);
      expect(received.at(-1)?.get('secret')).toBe('server-secret');
      await save({ 'client.recaptcha.enable.register': false });
    });

    it('verifies contact tokens with the same client (modules/contact calls verifyRecaptcha)', async () => {
      await expect(verifyRecaptcha(t.ctx, 'contact', undefined)).resolves.toBeUndefined();
      await save({ 'client.recaptcha.enable.contact': true, 'client.recaptcha.site_key': 'site-key' }, { 'server.recaptcha_secret_key': 'server-secret' });
      await expect(verifyRecaptcha(t.ctx, 'contact', 'bad-token')).rejects.toMatchObject({ status: 422, errors: { recaptcha: ['Could not verify that you are not a robot. Please try again.'] } });
      await expect(verifyRecaptcha(t.ctx, 'contact', 'contact-token', '10.0.0.1')).resolves.toBeUndefined();
      expect(received.at(-1)?.get('remoteip')).toBe('10.0.0.1');
      await save({ 'client.recaptcha.enable.contact': false });
    });
  });
});

describe('dropbox refresh token', () => {
  let server: http.Server;
  beforeAll(async () => {
    // Speaks Dropbox's POST /oauth2/token (authorization_code grant, form encoded).
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => {
        const f = new URLSearchParams(body);
        res.setHeader('content-type', 'application/json');
        if (req.url === '/oauth2/token' && f.get('grant_type') === 'authorization_code' && f.get('code') === 'good-code' && f.get('client_id') === 'app-key' && f.get('client_secret') === 'app-secret') {
          res.end(JSON.stringify({ access_token: 'sl.abc', token_type: 'bearer', expires_in: 14400, refresh_token: 'refresh-123', account_id: 'dbid:1' }));
        } else {
          res.statusCode = 400;
          res.end(JSON.stringify({ error: 'invalid_grant', error_description: 'code doesn\'t exist or has expired' }));
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    API_ENDPOINTS.dropboxApi = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  const dropboxApi = API_ENDPOINTS.dropboxApi;
  afterAll(() => new Promise<void>((r) => { API_ENDPOINTS.dropboxApi = dropboxApi; server.close(() => r()); }));

  it('swaps an access code for a refresh token', async () => {
    const url = '/api/v1/settings/uploading/dropbox-refresh-token';
    const ok = await admin.post(url, { app_key: 'app-key', app_secret: 'app-secret', access_code: 'good-code' });
    expect(ok.status).toBe(200);
    expect(ok.body.refreshToken).toBe('refresh-123');
    const bad = await admin.post(url, { app_key: 'app-key', app_secret: 'app-secret', access_code: 'old-code' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.access_code[0]).toBe('Dropbox refused the access code: code doesn\'t exist or has expired');
    const missing = await admin.post(url, { app_key: 'app-key', app_secret: '' });
    expect(missing.body.errors).toEqual({ app_secret: ['Dropbox app secret is required.'], access_code: ['Access code is required.'] });
    expect((await (await asUser(t)).post(url, { app_key: 'a', app_secret: 'b', access_code: 'c' })).status).toBe(403);
  });
});

