import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { createDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { LogMailer } from './drivers/mail/mailer.ts';
import { MailManager } from './drivers/mail/manager.ts';
import { QueueManager } from './drivers/queue/manager.ts';
import { CacheManager } from './drivers/cache/manager.ts';
import { SearchManager } from './drivers/search/manager.ts';
import { ErrorReporter } from './drivers/logging/sentry.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { LocalStorage } from './drivers/storage/storage.ts';
import { AppStorage } from './drivers/storage/manager.ts';
import { registerServeFile } from './http/serve-file.ts';
import { videoFileAccess } from './modules/videos/ladder-access.ts';
import { registerAuth } from './http/auth.ts';
import { registerCors } from './http/cors.ts';
import { errorStatus, registerErrorHandler, registerSuccessMessages } from './http/errors.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerApiContracts } from './http/api-contracts.ts';
import { configureOutbound } from './lib/outbound.ts';
import { SettingsService } from './modules/settings/service.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { rolesRoutes } from './modules/roles/routes.ts';
import { tagsRoutes } from './modules/tags/routes.ts';
import { customPagesRoutes } from './modules/custom-pages/routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { localizationsRoutes } from './modules/localizations/routes.ts';
import { filesRoutes } from './modules/files/routes.ts';
import { meterStorage } from './modules/files/storage-meter.ts';
import { registerSettingsSync, settingsRoutes } from './modules/settings/routes.ts';
import { appearanceRoutes } from './modules/appearance/routes.ts';
import { LivePages } from './modules/seo/index.ts';
import { isSitePath, MAILED_LINK_PAGE } from '@app/contracts';
import { pageRedirect, pageStatus } from './modules/seo/page-state.ts';
import { siteFileRoutes } from './modules/seo/site-files.ts';
import { mailedLinkRedirect, redactSecrets } from './modules/seo/mailed-links.ts';
import { catalogueSitemapSources } from './modules/seo/sitemap-sources.ts';
import { titlePageRoutes } from './modules/titles/page.ts';
import { personPageRoutes } from './modules/people/page.ts';
import { titlesRoutes } from './modules/titles/routes.ts';
import { titleTagsRoutes } from './modules/title-tags/routes.ts';
import { peopleRoutes } from './modules/people/routes.ts';
import { videosRoutes } from './modules/videos/routes.ts';
import { transcodeRoutes } from './modules/transcode/routes.ts';
import { tmdbRoutes } from './modules/tmdb/routes.ts';
import { socialRoutes } from './modules/social/routes.ts';
import { requestLines } from './modules/localizations/service.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { browseRoutes } from './modules/browse/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { jobsRoutes } from './modules/jobs/routes.ts';
import { registerAudit } from './modules/audit/hook.ts';
import { registerCompression } from './http/compression.ts';
import { registerGuestEtags } from './http/guest-etag.ts';
import { reviewsRoutes } from './modules/reviews/routes.ts';
import { commentsRoutes } from './modules/comments/routes.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { newsRoutes } from './modules/news/routes.ts';
import { listsRoutes } from './modules/lists/routes.ts';
import { profilesRoutes } from './modules/profiles/routes.ts';
import { channelsRoutes } from './modules/channels/routes.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { registerScheduler } from './modules/scheduler/index.ts';
import { twoFactorRoutes } from './modules/two-factor/routes.ts';
import { reportsRoutes } from './modules/reports/routes.ts';

declare const __APP_VERSION__: string | undefined;
export const VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.1.0';

export interface App {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * Fastify logs two lines a request (received, completed), the first without the status: one line when it is answered,
 * with what an operator reads (who asked what, the status, how long it took), halves the log at the same information.
 */
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const line = { method: req.method, url: redactSecrets(req.url), ip: req.ip, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/** Builds the whole server from config; `main.ts` and every test call this. */
export async function buildApp(config: Config): Promise<App> {
  const handle = createDb(config.database);
  await migrate(handle);
  const app = Fastify({
    // "/titles/%ff" cannot be decoded, and the router answers before any hook runs: the API answers in its own shape,
    // and a page's address goes to the same address with the broken escapes spelled out ("/titles/%25ff"), which the
    // web app answers with its not-found page.
    frameworkErrors: (err, req, reply) => {
      const page = !req.url.startsWith('/api/') && (req.method === 'GET' || req.method === 'HEAD') && err.code === 'FST_ERR_BAD_URL';
      if (page) return void reply.redirect(escapeBrokenPath(req.url), 302);
      void (reply as FastifyReply).code(400).send({ message: err.code === 'FST_ERR_BAD_URL' ? 'The address is not valid.' : 'Bad request.' });
    },
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    logController: new OneLineRequestLog(),
    bodyLimit: 1024 * 1024,
    // Bulk calls put up to 1000 ids in one `:ids` segment (list-query MAX_IDS); the default 100 answered 414.
    routerOptions: { maxParamLength: 16 * 1024 },
    // A hop count trusts that many proxies nearest to us.
    trustProxy: typeof config.trustProxy === 'number' ? ((_addr: string, hop: number) => hop < (config.trustProxy as number)) : config.trustProxy,
  });
  // Fastify reads text/plain bodies as strings: a JSON body sent as text/plain reached the schema as one string and
  // answered 422 'The given data was invalid.' without a word on why. Unparsed types answer 415 saying what to send.
  app.removeContentTypeParser('text/plain');
  const settings = new SettingsService(handle.db);
  const errors = new ErrorReporter(settings, (obj, msg) => app.log.error(obj, msg), VERSION, config.env);
  const ctx: AppContext = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    handle,
    settings,
    mailer: new MailManager(settings, new LogMailer(path.join(config.storagePath, 'logs', 'mail.log'), async () => `${await settings.get('server.mail_from_name')} <${await settings.get('server.mail_from_address')}>`)),
    queue: new QueueManager({ db: handle.db, dialect: handle.dialect, settings, log: (msg, err) => void errors.capture(err ?? new Error(msg), { message: msg, tags: { source: 'queue' } }) }),
    // Private uploads and the public disk, each switched by its setting (local disk under storage/ by default).
    storage: new AppStorage(settings, new LocalStorage(config.storagePath)),
    cache: new CacheManager(settings, config.storagePath),
    search: new SearchManager(settings, handle.db, handle.dialect),
    errors,
    version: VERSION,
    routes: [],
  };

  ctx.mailer.useQueue(ctx.queue);
  meterStorage(ctx);

  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 10 } });
  registerErrorHandler(app, (req) => requestLines(ctx, req));
  registerSuccessMessages(app, (req) => requestLines(ctx, req));
  registerSettingsSync(app, ctx);
  // The error handler has logged a server error; Sentry gets it too when a DSN is set.
  app.addHook('onError', async (req, _reply, err) => {
    if (errorStatus(err) >= 500) void errors.capture(err, { request: { method: req.method, url: req.url } }, { logged: true });
  });
  registerCors(app, config.corsOrigins);
  registerAuth(app, ctx);
  registerInputGuard(app);
  registerSecurityHeaders(app, ctx);
  registerAudit(app, ctx);
  registerGuestEtags(app);
  registerCompression(app);
  configureOutbound(async () => config.allowPrivateNetworks || await settings.get('server.allow_private_networks'));
  await registerApiContracts(app, ctx);

  authRoutes(app, ctx);
  usersRoutes(app, ctx);
  rolesRoutes(app, ctx);
  tagsRoutes(app, ctx);
  customPagesRoutes(app, ctx);
  contactRoutes(app, ctx);
  accountRoutes(app, ctx);
  localizationsRoutes(app, ctx);
  filesRoutes(app, ctx);
  settingsRoutes(app, ctx);
  appearanceRoutes(app, ctx);
  titlePageRoutes(app, ctx);
  personPageRoutes(app, ctx);
  catalogueSitemapSources();
  titlesRoutes(app, ctx);
  titleTagsRoutes(app, ctx);
  peopleRoutes(app, ctx);
  videosRoutes(app, ctx);
  transcodeRoutes(app, ctx);
  tmdbRoutes(app, ctx);
  searchRoutes(app, ctx);
  socialRoutes(app, ctx);
  healthRoutes(app, ctx);
  reviewsRoutes(app, ctx);
  commentsRoutes(app, ctx);
  notificationsRoutes(app, ctx);
  browseRoutes(app, ctx);
  auditRoutes(app, ctx);
  jobsRoutes(app, ctx);
  newsRoutes(app, ctx);
  listsRoutes(app, ctx);
  profilesRoutes(app, ctx);
  reportsRoutes(app, ctx);
  channelsRoutes(app, ctx);
  twoFactorRoutes(app, ctx);
  billingRoutes(app, ctx);
  registerScheduler(app, ctx);

  // Public files (avatars, branding, page media, catalogue images) stream from the public disk (http/serve-file.ts).
  registerServeFile(app, ctx, (req, rel) => videoFileAccess(ctx, req, rel));
  siteFileRoutes(app, ctx);

  const pages = config.webDist ? LivePages.open(ctx, path.join(config.webDist, 'index.html')) : null;
  // Built assets go out precompressed (.br/.gz beside each file, made by the web build); hashed names never change.
  if (pages) {
    const cacheForGood = (res: { header(name: string, value: string): unknown }, file: string) => {
      if (file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
    };
    // The build's chunks are looked up on disk at each request: a rebuild under a running server writes new ones, which
    // the new index.html (LivePages) asks for at once.
    await app.register(fastifyStatic, {
      root: path.join(config.webDist!, 'assets'), prefix: '/assets/', wildcard: true, index: false, preCompressed: true, decorateReply: false, setHeaders: cacheForGood,
    });
    // Every other file of the build (icons, robots.txt, the chunks there at start) gets a route of its own at start:
    // no disk lookup for every page's address.
    await app.register(fastifyStatic, { root: config.webDist!, prefix: '/', wildcard: false, index: false, preCompressed: true, setHeaders: cacheForGood });
  }
  // Every other GET belongs to the single-page app, which shows its own not-found page.
  // Each page's HTML carries its SEO tags, theme and custom code (modules/seo).
  app.setNotFoundHandler(async (req, reply) => {
    // A missing build file (a tab still running the previous build asks for its chunks) is a 404, never the app's HTML
    // served as a script: the web app then reloads itself into the current build (web/src/lib/stale-build.ts).
    if (!pages || req.url.startsWith('/api/') || req.url.startsWith('/assets/') || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send({ message: 'Not found' });
    }
    const pathname = req.url.split('?', 1)[0];
    const known = isSitePath(pathname);
    // A file the site does not have (/wp-login.php, /.env, /apple-touch-icon.png: mostly probes and guesses) is a plain
    // 404: no page to render for it.
    if (!known && /\.[a-z0-9]{1,10}$/i.test(pathname)) return reply.status(404).send({ message: 'Not found' });
    // A mailed link's secret leaves the address before the page loads anything (modules/seo/mailed-links.ts).
    const mailed = mailedLinkRedirect(req.url);
    if (mailed) return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(mailed, 302);
    if (MAILED_LINK_PAGE.test(pathname)) reply.header('referrer-policy', 'no-referrer');
    const html = await pages.render(req);
    const moved = pageRedirect(req);
    if (moved) {
      const query = req.url.indexOf('?');
      return reply.header('cache-control', 'no-cache').redirect(query === -1 ? moved : moved + req.url.slice(query), 301);
    }
    // A path the web app has no page for, or an unknown title, person, list... answers 404 (403 without permission);
    // the app still renders and shows its own message.
    return reply.status(known ? pageStatus(req) : 404).type('text/html').header('cache-control', 'no-cache').send(html);
  });

  return {
    app,
    ctx,
    async close() {
      await app.close();
      await ctx.queue.close();
      await ctx.cache.close();
      await ctx.mailer.close();
      await ctx.storage.close();
      await handle.destroy();
    },
  };
}

/** The path with each segment that does not decode made literal ("%ff" → "%25ff"); the query is kept as sent. */
export function escapeBrokenPath(url: string): string {
  const at = url.indexOf('?');
  const [pathname, query] = at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
  const segments = pathname.split('/').map((s) => {
    try {
      decodeURIComponent(s);
      return s;
    } catch {
      return s.replace(/%/g, '%25');
    }
  });
  // Never "//host": a path that starts with two slashes would leave the site.
  return `/${segments.join('/').replace(/^\/+/, '')}${query}`;
}
