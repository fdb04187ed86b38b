import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { faviconUrl } from '../appearance/images.ts';
import { SITEMAP_INDEX_KEY } from '../settings/sitemap.ts';
import { DEFAULT_ICON_PATH, defaultIconSvg, webManifest } from './site-icons.ts';

/**
 * The files crawlers and browsers ask every site for by name: robots.txt (the admin area is not for search results;
 * the API stays crawlable, since the pages render from it; the sitemap once generated), favicon.ico (the
 * branding favicon, for browsers that ask before reading the page's icon links), the default icon a new site shows
 * until one is uploaded, the web app manifest, and ads.txt when the ads page has one.
 */
export function siteFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/robots.txt', async (_req, reply) => {
    const lines = ['User-agent: *', 'Disallow: /admin'];
    if (await ctx.storage.exists(SITEMAP_INDEX_KEY)) lines.push('', `Sitemap: ${await ctx.settings.siteUrl(ctx.config.appUrl)}/sitemap.xml`);
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(`${lines.join('\n')}\n`);
  });

  app.get('/ads.txt', async (_req, reply) => {
    const text = (await ctx.settings.get('server.ads_txt')).trim();
    if (!text) return reply.callNotFound();
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(`${text}\n`);
  });

  app.get('/favicon.ico', async (_req, reply) => {
    const favicon = await ctx.settings.get('client.branding.favicon');
    return reply.header('cache-control', 'public, max-age=3600').redirect(favicon ? faviconUrl(favicon, 32) : DEFAULT_ICON_PATH, 302);
  });

  app.get(DEFAULT_ICON_PATH, async (_req, reply) => {
    // Opened on its own, the SVG may style itself and nothing else.
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'").send(await defaultIconSvg(ctx));
  });

  app.get('/manifest.webmanifest', async (_req, reply) => {
    return reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'public, max-age=3600').send(JSON.stringify(await webManifest(ctx)));
  });
}
