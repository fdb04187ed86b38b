import { Readable } from 'node:stream';
import type { AppContext } from '../../context.ts';
import { escapeXml } from '../../lib/escape.ts';
import { loadPermissions } from '../roles/permissions.ts';

/**
 * Sitemap generation (queued job `sitemap.generate`). URLs come from pluggable sources so each feature
 * (titles, people, news, custom pages ...) adds its own with `registerSitemapSource` when it exists;
 * the built-in source lists the public pages every install has.
 * Output, through the storage driver: sitemaps/sitemap-1.xml ... and sitemaps/sitemap-index.xml.
 */
export interface SitemapUrl { loc: string; lastmod?: string | null }
/** Yields site-relative paths ("/titles/1") or absolute URLs. */
export type SitemapSource = (ctx: AppContext) => AsyncIterable<SitemapUrl>;

export const SITEMAP_URLS_PER_FILE = 50_000;
export const SITEMAP_INDEX_KEY = 'sitemaps/sitemap-index.xml';
/** Rows a source reads at a time. */
export const SITEMAP_BATCH = 1000;

/**
 * A source's rows in keyset batches (id > the last id, SITEMAP_BATCH at a time), so 200,000 titles or 2,000,000
 * episodes never sit in memory. `page(after)` reads the next batch ordered by id.
 */
export async function* keysetBatches<R extends { id: number }>(page: (after: number) => Promise<R[]>): AsyncGenerator<R> {
  for (let after = 0; ;) {
    const rows = await page(after);
    yield* rows;
    if (rows.length < SITEMAP_BATCH) return;
    after = rows[rows.length - 1].id;
  }
}

const sources = new Map<string, { source: SitemapSource; permission?: string }>();
/**
 * Adds a source. `permission` is the one its pages ask of the visitor: without it on the guests role, crawlers would
 * only meet 403s there, so the source is skipped.
 */
export function registerSitemapSource(name: string, source: SitemapSource, permission?: string): () => void {
  sources.set(name, { source, permission });
  return () => { sources.delete(name); };
}

// The site's own pages: home, the browse pages (titles and people), contact, and pricing while billing is on.
registerSitemapSource('pages', async function* (ctx) {
  yield* ['/', '/movies', '/series', '/people', '/contact'].map((loc) => ({ loc }));
  if (await ctx.settings.get('client.billing.enable')) yield { loc: '/pricing' };
});

/** Sitemaps want URLs escaped: slugs in other scripts (千と千尋, фильм) are percent-encoded, as a browser sends them. */
const asciiUrl = (u: string) => u.replace(/[\u0080-\u{10FFFF}]+/gu, (s) => encodeURIComponent(s));

async function* allUrls(ctx: AppContext, base: string): AsyncGenerator<string> {
  const guests = await loadPermissions(ctx.db, null);
  for (const { source, permission } of sources.values()) {
    if (permission && !guests.has(permission)) continue;
    for await (const u of source(ctx)) {
      const loc = /^https?:\/\//.test(u.loc) ? u.loc : `${base}${u.loc.startsWith('/') ? '' : '/'}${u.loc}`;
      yield `<url><loc>${escapeXml(asciiUrl(loc))}</loc>${u.lastmod ? `<lastmod>${escapeXml(u.lastmod)}</lastmod>` : ''}</url>\n`;
    }
  }
}

/** Writes the sitemap files, streaming each through the storage driver; returns the number of files. */
export async function generateSitemap(ctx: AppContext, perFile = SITEMAP_URLS_PER_FILE): Promise<{ files: number; urls: number }> {
  const base = await ctx.settings.siteUrl(ctx.config.appUrl);
  const iterator = allUrls(ctx, base)[Symbol.asyncIterator]();
  let pending = await iterator.next();
  let files = 0;
  let urls = 0;
  const now = new Date().toISOString();
  while (!pending.done || files === 0) {
    files++;
    // One file: the header, up to perFile urls pulled lazily from the sources, the footer.
    async function* file(): AsyncGenerator<string> {
      yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
      for (let n = 0; n < perFile && !pending.done; n++) {
        yield pending.value;
        urls++;
        pending = await iterator.next();
      }
      yield '</urlset>\n';
    }
    await ctx.storage.put(`sitemaps/sitemap-${files}.xml`, Readable.from(file()));
  }
  // Files from an earlier, larger run would be listed nowhere; remove them.
  for (let n = files + 1; await ctx.storage.exists(`sitemaps/sitemap-${n}.xml`); n++) await ctx.storage.delete(`sitemaps/sitemap-${n}.xml`);
  async function* index(): AsyncGenerator<string> {
    yield '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
    for (let n = 1; n <= files; n++) yield `<sitemap><loc>${escapeXml(`${base}/sitemaps/sitemap-${n}.xml`)}</loc><lastmod>${now}</lastmod></sitemap>\n`;
    yield '</sitemapindex>\n';
  }
  await ctx.storage.put(SITEMAP_INDEX_KEY, Readable.from(index()));
  return { files, urls };
}
