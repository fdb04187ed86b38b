import type { FastifyInstance } from 'fastify';
import { NEWS_FEED_PATH, translate } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import { absoluteUrl, callerOf } from '../seo/page-loading.ts';
import { CARD_COLUMNS } from './repository.ts';
import { escapeXml } from '../../lib/escape.ts';
import { linesOf, resolveLanguage } from '../localizations/service.ts';

const FEED_ITEMS = 20;

const rfc822 = (iso: string) => new Date(iso).toUTCString();
const IMAGE_TYPES = new Map([['jpg', 'image/jpeg'], ['jpeg', 'image/jpeg'], ['png', 'image/png'], ['webp', 'image/webp'], ['gif', 'image/gif'], ['avif', 'image/avif']]);

/**
 * GET /news/rss.xml: the newest articles as RSS 2.0 (title, link, excerpt, date, picture), for feed readers and
 * other sites' news imports. Visible to whoever may read the news (feed readers come as guests: the guests role decides).
 * The channel is named in the reader's language as the site would show it (its default, or the reader's Accept-Language
 * when the default is "auto"); shared caches keep one copy per cookie and language.
 */
export function newsFeedRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get(NEWS_FEED_PATH, async (req, reply) => {
    const caller = await callerOf(ctx, req);
    if (!caller.can('news.view') && !caller.can('news.update')) throw forbidden();
    const base = await ctx.settings.siteUrl(ctx.config.appUrl);
    const site = await ctx.settings.get('client.branding.site_name');
    const language = await resolveLanguage(ctx, req, caller.userId ?? null);
    const lines = await linesOf(ctx, language);
    const articles = await ctx.db.selectFrom('news_articles').select(CARD_COLUMNS)
      .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(FEED_ITEMS).execute();
    const items = articles.map((a) => {
      const link = `${base}/news/${a.id}/${encodeURIComponent(a.slug)}`;
      const type = a.image ? IMAGE_TYPES.get(a.image.split('?')[0].split('.').pop()?.toLowerCase() ?? '') : undefined;
      return [
        '<item>',
        `<title>${escapeXml(a.title)}</title>`,
        `<link>${escapeXml(link)}</link>`,
        `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `<pubDate>${rfc822(a.created_at)}</pubDate>`,
        a.excerpt ? `<description>${escapeXml(a.excerpt)}</description>` : '',
        a.image && type ? `<enclosure url="${escapeXml(absoluteUrl(base, a.image)!)}" type="${type}" length="0"/>` : '',
        '</item>',
      ].filter(Boolean).join('');
    });
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>',
      `<title>${escapeXml(`${translate(lines, 'News')} - ${site}`)}</title>`,
      `<link>${escapeXml(`${base}/news`)}</link>`,
      `<description>${escapeXml(await ctx.settings.get('client.branding.site_description'))}</description>`,
      `<language>${escapeXml(language)}</language>`,
      `<atom:link href="${escapeXml(`${base}${NEWS_FEED_PATH}`)}" rel="self" type="application/rss+xml"/>`,
      articles.length ? `<lastBuildDate>${rfc822(articles[0].created_at)}</lastBuildDate>` : '',
      ...items,
      '</channel></rss>',
    ].filter(Boolean).join('\n');
    return reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=600').header('vary', 'Cookie, Accept-Language')
      .send(`${body}\n`);
  });
}
