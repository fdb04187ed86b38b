import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { NEWS_IMAGE_PREFIX, parseFeedUrls, translate } from '@app/contracts';
import { HttpError } from '../../http/errors.ts';
import type { AppContext } from '../../context.ts';
import { storeImageStream } from '../../http/uploads.ts';
import { outboundFetch } from '../../lib/outbound.ts';
import { FEED_LIMITS, downloadFeed, parseNewsFeed, type FeedItem } from './feeds.ts';
import { prepareArticle } from './service.ts';

export interface NewsImportResult {
  /** Feeds configured in the content settings. */
  feeds: number;
  imported: number;
  failures: { url: string; message: string }[];
}

/** Imported images: at most the title image limit, fetched through the same outbound guard as the feed. */
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const sourceKey = (feed: string, guid: string) => crypto.createHash('sha256').update(`${feed}\n${guid}`).digest('hex');

/**
 * Imports the RSS and Atom feeds of the content settings (`server.news.feed_urls`). Each feed is all or nothing:
 * downloaded and parsed first, then its new items (by feed item id) written in one transaction, so a broken, huge,
 * slow or looping feed writes nothing and the others still import. Exported for the daily scheduled task.
 */
export async function importNews(ctx: AppContext): Promise<NewsImportResult> {
  const urls = parseFeedUrls(await ctx.settings.get('server.news.feed_urls'));
  const result: NewsImportResult = { feeds: urls.length, imported: 0, failures: [] };
  for (const url of urls) {
    try {
      result.imported += await importFeed(ctx, url);
    } catch (e) {
      result.failures.push({ url, message: e instanceof Error ? e.message : String(e) });
    }
  }
  return result;
}

/** A run with failing feeds: the first one named, and what the others brought in (the list refreshes behind the message). */
export function importFailed(result: NewsImportResult): HttpError {
  const [first] = result.failures;
  const others = result.failures.length < result.feeds
    ? ` ${translate(undefined, 'The other feeds imported [one 1 article|other :count articles].', { count: result.imported })}`
    : '';
  return new HttpError(422, `Could not import ${first.url}: ${first.message}${others}`, { feeds: result.failures.map((f) => `${f.url}: ${f.message}`) });
}

async function importFeed(ctx: AppContext, url: string): Promise<number> {
  const items = parseNewsFeed(await downloadFeed(url));
  const keyed = dedupe(items.map((item) => ({ item, key: sourceKey(url, item.guid) })));
  if (!keyed.length) return 0;
  const seen = new Set((await ctx.db.selectFrom('news_articles').select('source_key')
    .where('source_key', 'in', keyed.map((k) => k.key)).execute()).map((r) => r.source_key));
  const fresh = keyed.filter((k) => !seen.has(k.key));
  if (!fresh.length) return 0;

  const stored: string[] = [];
  try {
    const rows: ReturnType<typeof articleRow>[] = [];
    for (const { item, key } of fresh) {
      const image = await fetchImage(ctx, item, url);
      if (image) stored.push(image.key);
      rows.push(articleRow(item, url, key, image?.url ?? null));
    }
    // Oldest first, so ids follow the feed's own order.
    rows.sort((a, b) => a.created_at.localeCompare(b.created_at));
    await ctx.db.transaction().execute(async (trx) => {
      for (const row of rows) {
        await trx.insertInto('news_articles').values(row).onConflict((oc) => oc.column('source_key').doNothing()).execute();
      }
    });
    return rows.length;
  } catch (e) {
    // Nothing of this feed was written: its downloaded images go too.
    await Promise.all(stored.map((key) => ctx.storage.delete(key).catch(() => undefined)));
    throw e;
  }
}

/** The item's page on the source site, absolute; a `javascript:` or other non-web link, or one too long to keep, is none. */
function sourcePage(link: string | null, feedUrl: string): string | null {
  if (!link) return null;
  try {
    const url = new URL(link, feedUrl);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.href.length <= 1000 ? url.href : null;
  } catch {
    return null;
  }
}

/** A feed that repeats an item id keeps its first occurrence. */
function dedupe<T extends { key: string }>(list: T[]): T[] {
  const keys = new Set<string>();
  return list.filter((x) => (keys.has(x.key) ? false : (keys.add(x.key), true)));
}

function articleRow(item: FeedItem, feedUrl: string, key: string, image: string | null) {
  const values = prepareArticle({ title: item.title.slice(0, 250), slug: '', body: item.body, image });
  const published = item.published ? new Date(item.published) : null;
  const now = new Date();
  // A feed's own date orders the article; a missing, unreadable or future date is "now".
  const created = published && !Number.isNaN(published.getTime()) && published <= now ? published : now;
  return {
    ...values, source_url: sourcePage(item.link, feedUrl) ?? feedUrl.slice(0, 1000), source_guid: item.guid.slice(0, 1000), source_key: key, user_id: null,
    created_at: created.toISOString(), updated_at: now.toISOString(),
  };
}

/**
 * Copies an item's picture into storage (`news_images`), so the site never hot-links a feed's host. A picture that
 * cannot be fetched or is not an image leaves the article without one; it does not fail the feed.
 */
async function fetchImage(ctx: AppContext, item: FeedItem, feedUrl: string): Promise<{ key: string; url: string } | null> {
  if (!item.image) return null;
  let src: URL;
  try {
    src = new URL(item.image, feedUrl);
  } catch {
    return null;
  }
  if (src.protocol !== 'http:' && src.protocol !== 'https:') return null;
  try {
    const res = await outboundFetch(src, { signal: AbortSignal.timeout(FEED_LIMITS.timeoutMs) });
    if (!res.ok || !res.body || Number(res.headers.get('content-length')) > IMAGE_MAX_BYTES) {
      await res.body?.cancel().catch(() => undefined);
      return null;
    }
    const stored = await storeImageStream(ctx, capped(res.body, IMAGE_MAX_BYTES), { prefix: NEWS_IMAGE_PREFIX, tooLarge: 'The image is too large.' });
    return { key: stored.key, url: stored.url };
  } catch {
    return null;
  }
}

/** A web stream as a Node stream that stops after `max` bytes and says so (`truncated`), as an upload does. */
function capped(body: ReadableStream<Uint8Array>, max: number): Readable & { truncated?: boolean } {
  let total = 0;
  const state: { out?: Readable & { truncated?: boolean } } = {};
  const out: Readable & { truncated?: boolean } = Readable.from((async function* () {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > max) {
        if (state.out) state.out.truncated = true;
        await reader.cancel().catch(() => undefined);
        return;
      }
      yield Buffer.from(value);
    }
  })());
  state.out = out;
  return out;
}
