import { registerSeoPage } from '../seo/index.ts';
import { findPageBySlug, movedPageSlug } from './repository.ts';
import { setPageRedirect, setPageStatus } from '../seo/page-state.ts';
import { callerOf } from '../seo/page-loading.ts';
import { seoTags } from '../seo/templates.ts';
import type { AppContext } from '../../context.ts';
import { SITEMAP_BATCH, keysetBatches, registerSitemapSource, type SitemapUrl } from '../settings/sitemap.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };
const DESCRIPTION_MAX = 160;

/** A page's body as plain text for its description: tags, scripts and styles dropped, cut at a word near 160 characters. */
export function describeBody(html: string): string {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => ENTITIES[e])
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

// A custom page's own tags: its title, its body as description, a WebPage ld+json. Unknown slugs get the generic tags and a 404.
registerSeoPage({
  key: 'custom-page',
  pattern: '/pages/:slug',
  template: `${seoTags('{{page.title}} - {{site_name}}', '{{page.description}}', '{{site_image}}', 'article', 'summary')}
<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebPage","name":{{json page.title}},"description":{{json page.description}},"url":{{json url}},"dateModified":{{json page.updated_at}}}</script>`,
  async resolve(ctx, { params, req }) {
    // As GET custom-pages/slug/{slug}: a visitor who may not read pages gets neither its title nor its text in the head.
    const caller = await callerOf(ctx, req);
    if (!caller.can('custom_pages.view') && !caller.can('custom_pages.update')) {
      setPageStatus(req, 403);
      return null;
    }
    const page = await findPageBySlug(ctx.db, params.slug);
    if (!page) {
      const moved = await movedPageSlug(ctx.db, params.slug);
      if (moved) setPageRedirect(req, `/pages/${encodeURIComponent(moved)}`);
      else setPageStatus(req, 404);
      return null;
    }
    return { page: { title: page.title, description: describeBody(page.body ?? ''), updated_at: page.updated_at } };
  },
});

/** Custom pages in the sitemap (while signed-out visitors, and so crawlers, may open them), in id batches. */
async function* customPages(ctx: AppContext): AsyncGenerator<SitemapUrl> {
  const rows = keysetBatches((after) => ctx.db.selectFrom('custom_pages').select(['id', 'slug', 'updated_at']).where('id', '>', after).orderBy('id').limit(SITEMAP_BATCH).execute());
  for await (const r of rows) yield { loc: `/pages/${encodeURIComponent(r.slug)}`, lastmod: r.updated_at ? String(r.updated_at).slice(0, 10) : null };
}
registerSitemapSource('custom-pages', customPages, 'custom_pages.view');
