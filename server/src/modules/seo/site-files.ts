import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { faviconUrl } from '../appearance/images.ts';
import { SITEMAP_INDEX_KEY } from '../settings/sitemap.ts';

/**
 * The files crawlers and browsers ask every site for by name: robots.txt (the admin area is not for search results;
 * the API stays crawlable, since the pages render from it; the sitemap once generated) and favicon.ico (the
 * branding favicon, for browsers that ask before reading the page's icon links).
 */
export function siteFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/robots.txt', async (_req, reply) => {
    const lines = ['User-agent: *', 'Disallow: /admin'];
    if (await ctx.storage.exists(SITEMAP_INDEX_KEY)) lines.push('', `Sitemap: ${await ctx.settings.siteUrl(ctx.config.appUrl)}/sitemap.xml`);
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(`${lines.join('\n')}\n`);
  });

  app.get('/favicon.ico', async (_req, reply) => {
    const favicon = await ctx.settings.get('client.branding.favicon');
    if (!favicon) return reply.status(404).send({ message: 'Not found' });
    return reply.header('cache-control', 'public, max-age=3600').redirect(faviconUrl(favicon, 32), 302);
  });
}
