import { parseFeed } from 'feedsmith';
import { HttpError } from '../../http/errors.ts';
import { outboundFetch } from '../../lib/outbound.ts';
import { plainText } from './text.ts';
import { escapeMarkup } from '../../lib/escape.ts';

/** Limits of one feed download; tests shorten them. */
export const FEED_LIMITS = { timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024, maxItems: 100 };

/** One feed item, whatever the format: `guid` is the item's own id (RSS guid, Atom id), falling back to its link. */
export interface FeedItem {
  guid: string;
  title: string;
  body: string;
  image: string | null;
  published: string | null;
  /** The item's own page on the source site, as the feed wrote it (may be relative to the feed). */
  link: string | null;
}

const feedError = (message: string) => new HttpError(422, message);
const mb = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`);

/**
 * Downloads a feed through the outbound guard (private hosts refused unless allowed, each redirect hop checked,
 * a redirect loop stops at "Too many redirects."), streaming at most FEED_LIMITS.maxBytes and giving up after
 * FEED_LIMITS.timeoutMs for the whole exchange.
 */
export async function downloadFeed(url: string): Promise<string> {
  const signal = AbortSignal.timeout(FEED_LIMITS.timeoutMs);
  const timedOut = () => feedError(`The feed did not answer within ${FEED_LIMITS.timeoutMs / 1000} seconds.`);
  try {
    const res = await outboundFetch(url, { signal, headers: { accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml;q=0.9, */*;q=0.5' } });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw feedError(`The feed answered HTTP ${res.status}.`);
    }
    const declared = Number(res.headers.get('content-length'));
    if (declared > FEED_LIMITS.maxBytes) {
      await res.body?.cancel().catch(() => undefined);
      throw feedError(`The feed is larger than ${mb(FEED_LIMITS.maxBytes)}.`);
    }
    return await readCapped(res);
  } catch (e) {
    if (signal.aborted) throw timedOut();
    if (e instanceof HttpError) throw e;
    throw feedError(`The feed could not be downloaded: ${e instanceof Error ? (e.cause as Error | undefined)?.message ?? e.message : String(e)}.`);
  }
}

/** Reads the body chunk by chunk and stops as soon as it passes the cap (a missing or lying content-length included). */
async function readCapped(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > FEED_LIMITS.maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw feedError(`The feed is larger than ${mb(FEED_LIMITS.maxBytes)}.`);
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

// The parts of feedsmith's answer the import reads (RSS 2.0, RDF and Atom), each optional: real feeds leave out anything.
type Text = string | { value?: string; type?: string } | undefined;
interface Media { contents?: { url?: string; medium?: string; type?: string }[]; thumbnails?: { url?: string }[]; content?: { url?: string; medium?: string; type?: string }[] }
interface RssItem {
  title?: string; link?: string; description?: string; guid?: { value?: string } | string; pubDate?: string;
  content?: { encoded?: string }; enclosures?: { url?: string; type?: string }[]; media?: Media; dc?: { date?: string; dates?: string[] };
}
interface AtomEntry {
  id?: string; title?: Text; content?: Text; summary?: Text; published?: string; updated?: string;
  links?: { href?: string; rel?: string; type?: string }[]; media?: Media;
}

const isImageType = (t?: string) => !t || t.startsWith('image/');
function mediaImage(m?: Media): string | undefined {
  const contents = [...(m?.contents ?? []), ...(m?.content ?? [])];
  return contents.find((c) => c.url && (c.medium === 'image' || c.type?.startsWith('image/')))?.url ?? m?.thumbnails?.find((t) => t.url)?.url;
}
/** The first <img src> of a body, for feeds that carry their picture only inline. */
const inlineImage = (html: string) => /<img\b[^>]*\bsrc=["']([^"']+)["']/i.exec(html)?.[1];

function textOf(t: Text): { value: string; html: boolean } {
  if (!t) return { value: '', html: false };
  if (typeof t === 'string') return { value: t, html: true };
  return { value: t.value ?? '', html: t.type === 'html' || t.type === 'xhtml' };
}
const paragraphs = (text: string) => text.split(/\n{2,}/).map((p) => `<p>${escapeMarkup(p.trim())}</p>`).join('');

function fromRss(item: RssItem): FeedItem {
  const body = item.content?.encoded || item.description || '';
  const guid = typeof item.guid === 'string' ? item.guid : item.guid?.value;
  return {
    guid: (guid || item.link || item.title || '').trim(),
    title: plainText(item.title ?? ''),
    body,
    image: mediaImage(item.media) ?? item.enclosures?.find((e) => e.url && isImageType(e.type))?.url ?? inlineImage(body) ?? null,
    published: item.pubDate ?? item.dc?.date ?? item.dc?.dates?.[0] ?? null,
    link: item.link?.trim() || null,
  };
}

function fromAtom(entry: AtomEntry): FeedItem {
  const content = textOf(entry.content).value ? textOf(entry.content) : textOf(entry.summary);
  const body = content.html ? content.value : paragraphs(content.value);
  const title = textOf(entry.title);
  const link = entry.links?.find((l) => !l.rel || l.rel === 'alternate')?.href;
  return {
    guid: (entry.id || link || title.value).trim(),
    title: title.html ? plainText(title.value) : title.value.replace(/\s+/g, ' ').trim(),
    body,
    image: entry.links?.find((l) => l.rel === 'enclosure' && l.href && l.type?.startsWith('image/'))?.href ?? mediaImage(entry.media) ?? inlineImage(body) ?? null,
    published: entry.published ?? entry.updated ?? null,
    link: link?.trim() || null,
  };
}

/** Parses RSS (0.9x, 2.0, RDF) or Atom; anything else, or XML too broken to read, is "not a valid feed". */
export function parseNewsFeed(xml: string): FeedItem[] {
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(xml);
  } catch {
    throw feedError('The address does not serve a valid RSS or Atom feed.');
  }
  let items: FeedItem[];
  if (parsed.format === 'rss' || parsed.format === 'rdf') items = ((parsed.feed as { items?: RssItem[] }).items ?? []).map(fromRss);
  else if (parsed.format === 'atom') items = ((parsed.feed as { entries?: AtomEntry[] }).entries ?? []).map(fromAtom);
  else throw feedError('The address does not serve a valid RSS or Atom feed.');
  // An item with neither an id nor a title cannot be told apart from the next one; the import skips it.
  return items.filter((i) => i.guid && i.title).slice(0, FEED_LIMITS.maxItems);
}
