import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ANALYTICS_CERTIFICATE_KEY, SETTINGS_MASK, setDateMessageZone, doneResponse, translate, dropboxRefreshTokenResponse, dropboxRefreshTokenSchema, settingsResponse } from '@app/contracts';
import { HttpError } from '../../http/errors.ts';
import { typed } from '../../http/schema.ts';
import { registerSettingsChecks } from './checks.ts';
import { dropboxRefreshToken } from './dropbox.ts';
import { gmailConnectRoutes } from './gmail.ts';
import { parseServiceAccount } from '../../drivers/google-analytics/client.ts';
import { diskConfig } from '../../drivers/storage/manager.ts';
import { putBucketCors } from '../../drivers/storage/s3.ts';
import { reason } from '../../drivers/switch.ts';
import type { SettingsFile } from './service.ts';
import { sendTestMail } from './test-mail.ts';
import { requireUser } from '../../http/auth.ts';
import { SITEMAP_INDEX_KEY, generateSitemap } from './sitemap.ts';
import { DAY_MS, registerRecurring } from '../scheduler/index.ts';

const FILE_MAX_BYTES = 256 * 1024;

/** Each group is an object, or that object as a JSON string (multipart saves send strings and files; see readMultipart). */
const settingsGroup = z.union([z.string().max(1_000_000), z.record(z.string(), z.unknown()), z.null()]).optional();
// Strict: a key sent beside the two groups (`{ "server.tmdb_api_key": ... }`) was dropped and the save still said 'Settings updated'.
const settingsSaveBody = z.object({ client: settingsGroup, server: settingsGroup }).strict()
  .meta({
    description: 'JSON, or multipart with `client` and `server` JSON fields and `files[name]` uploads.',
    examples: [{ client: { 'client.branding.site_name': 'StreamSite' }, server: { 'server.mail_driver': 'log' } }],
  });
const sitemapFileParam = z.object({ file: z.string() });

/** Reads a multipart settings save: `client` and `server` JSON fields, `files[name]` or `files.name` uploads. */
async function readMultipart(req: FastifyRequest): Promise<{ body: Record<string, unknown>; files: Record<string, SettingsFile> }> {
  const body: Record<string, unknown> = {};
  const files: Record<string, SettingsFile> = {};
  for await (const part of req.parts({ limits: { fileSize: FILE_MAX_BYTES, files: 5 } })) {
    if (part.type === 'file') {
      const name = /^files(?:\[(\w+)\]|\.(\w+))$/.exec(part.fieldname);
      const key = name?.[1] ?? name?.[2] ?? part.fieldname;
      const data = await part.toBuffer().catch((err: { code?: string }) => {
        if (err?.code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
        throw new HttpError(422, 'The file may not be greater than 256 KB.', { [`files.${key}`]: ['The file may not be greater than 256 KB.'] });
      });
      files[key] = { filename: part.filename, data };
    } else {
      body[part.fieldname] = part.value;
    }
  }
  return { body, files };
}

function jsonField(value: unknown, field: string): Record<string, unknown> | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'object') return value as Record<string, unknown>;
  try {
    return JSON.parse(String(value));
  } catch {
    throw new HttpError(422, 'Malformed JSON in the request body.', { [field]: ['Malformed JSON in the request body.'] });
  }
}

/**
 * A save in another process is seen by the next request here (one primary-key read per request).
 * Registered before the auth hook, which reads settings too.
 */
export function registerSettingsSync(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    await ctx.settings.sync();
    // Date messages ('Enter a date after :date') name days in the site's timezone when a call carries none.
    setDateMessageZone(await ctx.settings.timezone());
  });
}

export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  const manage = { config: { permission: 'settings.update' } };

  // The analytics service-account certificate (files.certificate): JSON only, kept private.
  ctx.settings.registerFile('certificate', async (file) => {
    const bad = () => new HttpError(422, 'The certificate must be a .json file.', { 'files.certificate': ['The certificate must be a .json file.'] });
    if (path.extname(file.filename).toLowerCase() !== '.json') throw bad();
    let parsed: unknown;
    try { parsed = JSON.parse(file.data.toString('utf8')); } catch { throw bad(); }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw bad();
    if (!parseServiceAccount(parsed)) {
      const message = 'The certificate must be the key file of a Google service account, with its client_email and private_key.';
      throw new HttpError(422, message, { 'files.certificate': [message] });
    }
    await ctx.storage.put(ANALYTICS_CERTIFICATE_KEY, file.data);
    return { values: { 'server.analytics_certificate': ANALYTICS_CERTIFICATE_KEY }, undo: () => ctx.storage.delete(ANALYTICS_CERTIFICATE_KEY) };
  });

  registerSettingsChecks(ctx);
  gmailConnectRoutes(app, ctx);

  ctx.queue.register('sitemap.generate', async () => {
    await generateSitemap(ctx);
  });
  // Kept fresh without anyone pressing "Generate sitemap": a new site has one a tick after it starts, then daily.
  registerRecurring('sitemap:generate', DAY_MS, (c) => c.queue.dispatch('sitemap.generate', {}));

  // Everyone gets the client group; server values only reach holders of settings.update, secrets masked.
  app.get('/api/v1/settings', { config: { permission: 'public' }, schema: { response: { 200: settingsResponse } } }, async (req, reply) => {
    reply.type('application/json; charset=utf-8');
    return ctx.settings.publicJson(req.auth.can('settings.update'));
  });

  api.post('/api/v1/settings', { ...manage, schema: { body: settingsSaveBody, response: { 200: doneResponse } } }, async (req) => {
    let body: Record<string, unknown>;
    let files: Record<string, SettingsFile> = {};
    if (req.isMultipart()) ({ body, files } = await readMultipart(req));
    else body = req.body;
    const client = jsonField(body.client, 'client');
    const server = jsonField(body.server, 'server');
    await ctx.settings.update({ client, server }, files, { admin: req.auth.can('admin') });
    return { message: 'Settings updated' };
  });

  // Clears the active cache driver (array, file, Redis or Memcached) and the settings' own cached values.
  app.post('/api/v1/cache/flush', { ...manage, schema: { response: { 200: doneResponse } } }, async () => {
    await ctx.cache.flush();
    await ctx.settings.flush();
    return { message: 'Cache cleared' };
  });

  app.post('/api/v1/sitemap/generate', { ...manage, schema: { response: { 200: doneResponse } } }, async () => {
    await ctx.queue.dispatch('sitemap.generate', {});
    return { message: 'Sitemap generated' };
  });

  // Answers at once whether the saved mail settings work, with the driver's own error text when not.
  api.post('/api/v1/settings/mail/test', { ...manage, schema: { response: { 200: doneResponse } } }, async (req) => {
    const email = await sendTestMail(ctx, requireUser(req));
    return { message: translate(undefined, 'Test mail sent to :email', { email }) };
  });

  api.post('/api/v1/settings/uploading/dropbox-refresh-token', { ...manage, schema: { body: dropboxRefreshTokenSchema, response: { 200: dropboxRefreshTokenResponse } } }, async (req) => {
    const input = { ...req.body };
    // The form shows stored credentials masked; the mask stands for the stored value.
    if (input.app_key === SETTINGS_MASK) input.app_key = await ctx.settings.get('server.storage_dropbox_app_key');
    if (input.app_secret === SETTINGS_MASK) input.app_secret = await ctx.settings.get('server.storage_dropbox_app_secret');
    return { refreshToken: await dropboxRefreshToken(input) };
  });

  // Lets the site's origin upload straight to the bucket of the S3-compatible disk in use (S3 direct upload).
  app.post('/api/v1/s3/cors/upload', { ...manage, schema: { response: { 200: doneResponse } } }, async () => {
    const get = (k: string) => ctx.settings.get(`server.${k}` as never);
    const disks = [await diskConfig(get, 'uploads'), await diskConfig(get, 'public')];
    const s3 = disks.map((d) => ('s3' in d ? d.s3 : null)).find((d) => d !== null);
    if (!s3) throw new HttpError(422, 'Select an S3 storage method and save it first.');
    try {
      await putBucketCors(s3, new URL(await ctx.settings.siteUrl(ctx.config.appUrl)).origin);
    } catch (err) {
      throw new HttpError(422, translate(undefined, 'Could not update the CORS file: :reason', { reason: reason(err) }));
    }
    return { message: 'CORS file updated' };
  });

  // The generated sitemaps, for search engines.
  api.get('/sitemaps/:file', { schema: { params: sitemapFileParam } }, async (req, reply) => {
    const file = req.params.file;
    if (!/^sitemap-(index|\d+)\.xml$/.test(file) || !(await ctx.storage.exists(`sitemaps/${file}`))) return reply.status(404).send({ message: 'Not found' });
    return reply.type('application/xml').send(ctx.storage.read(`sitemaps/${file}`));
  });
  app.get('/sitemap.xml', async (_req, reply) => {
    if (!(await ctx.storage.exists(SITEMAP_INDEX_KEY))) return reply.status(404).send({ message: 'Not found' });
    return reply.type('application/xml').send(ctx.storage.read(SITEMAP_INDEX_KEY));
  });
}
