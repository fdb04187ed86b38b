import { NEWS_FEED_PATH, newsIdParamsSchema } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { absoluteUrl, callerOf, load, paramsOr404, whereOf } from '../seo/page-loading.ts';
import { registerSeoPage, registerSeoTemplate, type SeoMatch, type SeoVars } from '../seo/registry.ts';
import { setPageImage, setPageStatus } from '../seo/page-state.ts';
import { SITEMAP_BATCH, keysetBatches, registerSitemapSource, type SitemapUrl } from '../settings/sitemap.ts';
import { loadNewsArticlePage } from './page.ts';
import { seoTags } from '../seo/templates.ts';

/** Feed readers find the news feed from the news pages' head. */
const NEWS_FEED_LINK = `<link rel="alternate" type="application/rss+xml" title="News - {{site_name}}" href="{{base_url}}${NEWS_FEED_PATH}">`;

/**
 * Server-rendered tags of the news pages: /news (generic tags named "News") and /news/{id}/{slug} (the article's
 * own title, excerpt and image, NewsArticle ld+json, and the page's first data embedded so it renders at once).
 */
async function resolveArticle(ctx: AppContext, m: SeoMatch): Promise<SeoVars | null> {
  const id = paramsOr404(m, newsIdParamsSchema, 'Article')?.id;
  if (!id) return null;
  const caller = await callerOf(ctx, m.req);
  if (!caller.can('news.view') && !caller.can('news.update')) { setPageStatus(m.req, 403); return null; }
  const data = await load(m.req, `news/${id}/page`, () => loadNewsArticlePage(ctx, id));
  if (!data) return null;
  setPageImage(m.req, data.article.image, { slot: 'column' });
  const { base } = await whereOf(ctx, m);
  const a = data.article;
  // One address per article, the one its links and the sitemap use, whichever slug (or none) the visitor came by.
  const url = `${base}${encodeURI(`/news/${a.id}/${a.slug}`)}`;
  return { url, article: { title: a.title, description: a.excerpt, image: absoluteUrl(base, a.image) ?? '', created_at: a.created_at } };
}

// The built-in 'news-article' template (editable in the SEO settings) prints these vars, NewsArticle ld+json included.
registerSeoTemplate('news-article', `${seoTags('{{article.title}} - {{site_name}}', '{{article.description}}', '{{article.image}}', 'article')}
${NEWS_FEED_LINK}
<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":{{json article.title}},"image":{{json article.image}},"datePublished":{{json article.created_at}},"url":{{json url}}}</script>`);
registerSeoPage({ key: 'news-article', pattern: '/news/:id/:slug', resolve: resolveArticle });
registerSeoPage({ key: 'news-article', pattern: '/news/:id', resolve: resolveArticle });
registerSeoPage({
  key: 'news', pattern: '/news',
  // Like an article: without the view permission the list page is a 403 (its API call is), not a 200 of nothing.
  async resolve(ctx, m) {
    const caller = await callerOf(ctx, m.req);
    if (!caller.can('news.view') && !caller.can('news.update')) { setPageStatus(m.req, 403); return null; }
    return {};
  },
  template: `${seoTags('News - {{site_name}}', '{{site_description}}', '{{site_image}}', 'website', 'summary')}
${NEWS_FEED_LINK}
<script type="application/ld+json">{"@context":"https://schema.org","@type":"CollectionPage","name":"News","url":{{json url}}}</script>`,
});

/** Every article, in id batches so a large archive never sits in memory. */
async function* newsUrls(ctx: AppContext): AsyncGenerator<SitemapUrl> {
  let first = true;
  for await (const r of keysetBatches((after) => ctx.db.selectFrom('news_articles').select(['id', 'slug', 'updated_at']).where('id', '>', after).orderBy('id').limit(SITEMAP_BATCH).execute())) {
    // The /news page itself once there is something on it.
    if (first) yield { loc: '/news' };
    first = false;
    yield { loc: `/news/${r.id}/${r.slug}`, lastmod: r.updated_at.slice(0, 10) };
  }
}
registerSitemapSource('news', newsUrls, 'news.view');
