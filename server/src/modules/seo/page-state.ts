import type { FastifyRequest } from 'fastify';
import { PAGE_DATA_ELEMENT_ID, responsiveImage, type ImageSlotName } from '@app/contracts';
import { escapeMarkup } from '../../lib/escape.ts';

/**
 * Per-request outcome of a server-rendered page: its HTTP status (an unknown id answers 404, a missing
 * permission 403) and the page's first data, embedded in the HTML so the first render needs no round trip.
 * A WeakMap keyed by the request: nothing outlives the request and PageRenderer.render(req) keeps its shape.
 */
/**
 * An image the page shows first; `media` when it shows only at some widths (a `<picture>` source); `slot` when the page
 * lists its widths (`srcset`), so the preload names the same candidates and the browser fetches the one it will use.
 */
interface PreloadImage { url: string; media?: string; slot?: ImageSlotName }
interface PageState { status: number; data?: { key: string; data: unknown }; images?: PreloadImage[]; redirect?: string; noindex?: boolean }
const states = new WeakMap<FastifyRequest, PageState>();

export function setPageStatus(req: FastifyRequest, status: number): void {
  states.set(req, { ...states.get(req), status });
}

/** `key` is the API path of the page call (e.g. "titles/5/page"): the page reads the data only when it asks for that call. */
export function setPageData(req: FastifyRequest, key: string, data: unknown): void {
  states.set(req, { ...states.get(req), status: states.get(req)?.status ?? 200, data: { key, data } });
}

/**
 * The page's hero image: preloaded from the head so it downloads while the scripts do (it is the page's largest
 * paint). Called once per width range when the page shows a different image on phones (`media`).
 */
export function setPageImage(req: FastifyRequest, url: string | null | undefined, opts: { media?: string; slot?: ImageSlotName } = {}): void {
  const state = states.get(req) ?? { status: 200 };
  if (url && /^(\/[^/]|https?:\/\/)/.test(url)) states.set(req, { ...state, images: [...(state.images ?? []), { url, ...opts }] });
}

/** The page moved for good (a renamed custom page's former slug): the HTML request is answered 301 to `path`. */
export function setPageRedirect(req: FastifyRequest, path: string): void {
  states.set(req, { ...states.get(req), status: 301, redirect: path });
}

export function pageRedirect(req: FastifyRequest): string | undefined {
  return states.get(req)?.redirect;
}

/**
 * The page is shown (200) but is not for search engines: a private list its owner opens, say. Its HTML carries
 * `<meta name="robots" content="noindex">`, as an error page's does.
 */
export function setPageNoindex(req: FastifyRequest): void {
  states.set(req, { ...states.get(req), status: states.get(req)?.status ?? 200, noindex: true });
}

export function pageNoindex(req: FastifyRequest): boolean {
  return states.get(req)?.noindex === true;
}

export function pageStatus(req: FastifyRequest): number {
  return states.get(req)?.status ?? 200;
}

/** `<script type="application/json" id="page-data">`, with `<` (and `>`, `&`, line separators) escaped so no text can close it. */
export function pageDataScript(req: FastifyRequest): string {
  const state = states.get(req);
  const data = state?.data;
  if (!data) return '';
  const preload = (state.images ?? []).map(preloadLink).join('');
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `${preload}<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script>`;
}

function preloadLink({ url, media, slot }: PreloadImage): string {
  const image = slot ? responsiveImage(url, slot) : { src: url };
  const attrs = [['href', image.src], ['imagesrcset', image.srcSet], ['imagesizes', image.sizes], ['media', media]]
    .filter((pair): pair is [string, string] => Boolean(pair[1])).map(([name, value]) => ` ${name}="${escapeMarkup(value)}"`).join('');
  return `<link rel="preload" as="image" fetchpriority="high"${attrs}>\n`;
}
