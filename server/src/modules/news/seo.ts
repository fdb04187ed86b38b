import { can, newsIdParamsSchema } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { identify } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { registerSeoPage, type SeoMatch, type SeoVars } from '../seo/registry.ts';
import { setPageData, setPageImage, setPageStatus } from '../seo/page-state.ts';
import { registerSitemapSource, type SitemapUrl } from '../settings/sitemap.ts';
import { loadNewsArticlePage } from './page.ts';
import { seoTags } from '../seo/templates.ts';

/**
 * Server-rendered tags of the news pages: /news (generic tags named "News") and /news/{id}/{slug} (the article's
 * own title, excerpt and image, NewsArticle ld+json, and the page's first data embedded so it renders at once).
 */
const abs = (base: string, u: string | null) => (u ? (u.startsWith('/') ? `${base}${u}` : u) : '');

async function mayRead(ctx: AppContext, m: SeoMatch): Promise<boolean> {
  try {
    const { permissions } = await identify(ctx, m.req);
    return can(permissions, 'news.view') || can(permissions, 'news.update');
  } catch {
    return false;
  }
}

async function resolveArticle(ctx: AppContext, m: SeoMatch): Promise<SeoVars | null> {
  const parsed = newsIdParamsSchema.safeParse(m.params);
  if (!parsed.success) { setPageStatus(m.req, 404); return null; }
  if (!(await mayRead(ctx, m))) { setPageStatus(m.req, 403); return null; }
  const id = parsed.data.id;
  let data;
  try {
    data = await loadNewsArticlePage(ctx, id);
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) { setPageStatus(m.req, 404); return null; }
    throw e;
  }
  setPageData(m.req, `news/${id}/page`, data);
  setPageImage(m.req, data.article.image);
  const base = ((await ctx.settings.get('server.app_url')) || ctx.config.appUrl).replace(/\/+$/, '');
  const a = data.article;
  return { article: { title: a.title, description: a.excerpt, image: abs(base, a.image), created_at: a.created_at } };
}

// The built-in 'news-article' template (seo/templates.ts, editable in the SEO settings) prints these vars, NewsArticle ld+json included.
registerSeoPage({ key: 'news-article', pattern: '/news/:id/:slug', resolve: resolveArticle });
registerSeoPage({ key: 'news-article', pattern: '/news/:id', resolve: resolveArticle });
registerSeoPage({
  key: 'news', pattern: '/news', resolve: () => ({}),
  template: `${seoTags('News - {{site_name}}', '{{site_description}}', '{{site_image}}', 'website', 'summary')}
<script type="application/ld+json">{"@context":"https://schema.org","@type":"CollectionPage","name":"News","url":{{json url}}}</script>`,
});

const BATCH = 1000;
/** Every article, in id batches so a large archive never sits in memory. */
async function* newsUrls(ctx: AppContext): AsyncGenerator<SitemapUrl> {
  for (let after = 0; ;) {
    const rows = await ctx.db.selectFrom('news_articles').select(['id', 'slug', 'updated_at']).where('id', '>', after).orderBy('id').limit(BATCH).execute();
    // The /news page itself once there is something on it.
    if (after === 0 && rows.length) yield { loc: '/news' };
    for (const r of rows) yield { loc: `/news/${r.id}/${r.slug}`, lastmod: r.updated_at.slice(0, 10) };
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1].id;
  }
}
registerSitemapSource('news', newsUrls);
