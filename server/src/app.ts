import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { createDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { LogMailer } from './drivers/mail/mailer.ts';
import { InProcessQueue } from './drivers/queue/queue.ts';
import { LocalStorage } from './drivers/storage/storage.ts';
import { registerAuth } from './http/auth.ts';
import { registerErrorHandler } from './http/errors.ts';
import { SettingsService } from './modules/settings/service.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { rolesRoutes } from './modules/roles/routes.ts';
import { registerSettingsSync, settingsRoutes } from './modules/settings/routes.ts';

declare const __APP_VERSION__: string | undefined;
export const VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.1.0';

export interface App {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** Builds the whole server from config; `main.ts` and every test call this. */
export async function buildApp(config: Config): Promise<App> {
  const handle = createDb(config.database);
  await migrate(handle);
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });
  const settings = new SettingsService(handle.db);
  const ctx: AppContext = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    handle,
    settings,
    mailer: new LogMailer(path.join(config.storagePath, 'logs', 'mail.log'), async () => `${await settings.get('server.mail_from_name')} <${await settings.get('server.mail_from_address')}>`),
    queue: new InProcessQueue((msg, err) => app.log.error({ err }, msg)),
    storage: new LocalStorage(config.storagePath),
    version: VERSION,
    routes: [],
  };

  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 10 } });
  registerErrorHandler(app);
  registerSettingsSync(app, ctx);
  registerAuth(app, ctx);

  authRoutes(app, ctx);
  usersRoutes(app, ctx);
  rolesRoutes(app, ctx);
  settingsRoutes(app, ctx);

  // Public uploads (avatars, branding) are served from the storage driver's public/ folder.
  app.get('/storage/*', async (req, reply) => {
    const key = `public/${(req.params as { '*': string })['*']}`;
    if (key.includes('..') || !(await ctx.storage.exists(key))) return reply.status(404).send({ message: 'Not found' });
    const ext = path.extname(key).slice(1);
    reply.header('content-type', { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' }[ext] ?? 'application/octet-stream');
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    return reply.send(ctx.storage.read(key));
  });

  const indexFile = config.webDist && path.join(config.webDist, 'index.html');
  const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  if (indexHtml) await app.register(fastifyStatic, { root: config.webDist!, prefix: '/', wildcard: false, index: false });
  // Every other GET belongs to the single-page app, which shows its own not-found page.
  app.setNotFoundHandler((req, reply) => {
    if (!indexHtml || req.url.startsWith('/api/') || req.method !== 'GET') return reply.status(404).send({ message: 'Not found' });
    return reply.type('text/html').send(indexHtml);
  });

  return {
    app,
    ctx,
    async close() {
      await app.close();
      await ctx.queue.drain();
      await handle.destroy();
    },
  };
}
