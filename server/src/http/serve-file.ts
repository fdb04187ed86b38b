import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_WIDTHS, RASTER_IMAGE_TYPES, isImageWidth, type ImageWidth } from '@app/contracts';
import type { AppContext } from '../context.ts';
import { LocalStorage, type Storage } from '../drivers/storage/storage.ts';
import { notFound } from './errors.ts';
import { parseRange } from './range.ts';
import { imageVariant } from './image-variants.ts';

/** Where Nginx maps the storage folder as an `internal` location (README, "Production"). */
export const X_ACCEL_PREFIX = '/_protected';

/**
 * Types a browser only ever displays as media: raster images, audio and video. These may be shown inline; anything
 * else (SVG, HTML, XHTML, XML/RSS, PDF, text, unknown bytes) could run script or pass for a page of this site, so it is
 * sent as a download inside a sandbox.
 */
const INLINE_TYPES = new Map<string, string>([
  ...RASTER_IMAGE_TYPES,
  ['mp3', 'audio/mpeg'], ['m4a', 'audio/mp4'], ['ogg', 'audio/ogg'], ['oga', 'audio/ogg'], ['wav', 'audio/wav'], ['flac', 'audio/flac'], ['aac', 'audio/aac'],
  ['mp4', 'video/mp4'], ['m4v', 'video/mp4'], ['webm', 'video/webm'], ['ogv', 'video/ogg'], ['mov', 'video/quicktime'], ['mkv', 'video/x-matroska'],
]);
const INLINE_MIMES = new Set(INLINE_TYPES.values());
/** Other public files keep a useful type (captions are fetched by the player, which ignores the disposition). */
const DOWNLOAD_TYPES = new Map<string, string>([['vtt', 'text/vtt'], ['srt', 'text/plain; charset=utf-8'], ['m3u8', 'application/vnd.apple.mpegurl'], ['ts', 'video/mp2t']]);

/** Whether a MIME type is one a browser renders only as media (never as a document that runs script). */
export function isInlineMime(mime: string): boolean {
  return INLINE_MIMES.has(mime.split(';')[0].trim().toLowerCase());
}

function dispositionName(name: string): string {
  return `filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Sets the headers that keep a stored file from acting as a page of this site. `Content-Security-Policy: sandbox` is
 * set here and must not be replaced by a site-wide CSP hook (such a hook should skip answers that already carry one).
 */
export function setSafeFileHeaders(reply: FastifyReply, opts: { mime: string; name: string; forceDownload?: boolean }): void {
  const inline = isInlineMime(opts.mime) && !opts.forceDownload;
  const mime = opts.mime.startsWith('text/') && !opts.mime.includes('charset') ? `${opts.mime}; charset=utf-8` : opts.mime;
  // A type that would render as a document is never sent as that type, even as a download.
  reply.header('content-type', /^(text\/html|application\/xhtml|image\/svg|text\/xml|application\/xml|application\/rss|application\/atom|text\/javascript|application\/javascript)/i.test(mime) ? 'application/octet-stream' : mime);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', 'sandbox');
  reply.header('content-disposition', `${inline ? 'inline' : 'attachment'}; ${dispositionName(opts.name)}`);
}

/** Streams `stat.size` bytes of an object, or one Range of them (206), or answers 416 for a range outside it. */
export function sendRange(req: FastifyRequest, reply: FastifyReply, size: number, read: (range?: { start: number; end: number }) => Readable) {
  reply.header('accept-ranges', 'bytes');
  const range = parseRange(req.headers.range, size);
  if (range === 'invalid') {
    reply.header('content-range', `bytes */${size}`);
    // The 416 body is JSON of our own: the file's sandbox headers must not describe it.
    reply.removeHeader('content-disposition');
    return reply.status(416).type('application/json; charset=utf-8').send({ message: 'The requested range is not satisfiable.' });
  }
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`).header('content-length', range.end - range.start + 1);
    return reply.send(read(range));
  }
  reply.header('content-length', size);
  return reply.send(read());
}

/**
 * Sends a stored file: with the uploading settings' static file delivery on and the file on the local disk, the web
 * server in front sends it (Apache's X-Sendfile with its absolute path, Nginx's X-Accel-Redirect under
 * X_ACCEL_PREFIX) and answers Range requests itself; otherwise Node streams it. A path a header cannot carry streams.
 */
export async function sendStored(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, driver: Storage, key: string, size: number) {
  const mode = await ctx.settings.get('server.static_file_delivery');
  const file = mode !== 'none' && driver instanceof LocalStorage ? driver.fullPath(key) : null;
  if (file && /^[\x21-\x7e]+$/.test(file)) {
    if (mode === 'xsendfile') reply.header('x-sendfile', file);
    else reply.header('x-accel-redirect', `${X_ACCEL_PREFIX}/${key.split('/').map(encodeURIComponent).join('/')}`);
    return reply.send('');
  }
  return sendRange(req, reply, size, (range) => driver.read(key, range));
}

/**
 * Sends a file the server wrote for one caller (a CSV export, a member's data file) as a download, never cached.
 * Looked up on the disk first: a file swept between the row's lookup and the read is a 404, not a failed stream.
 */
export async function sendDownload(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, key: string, opts: { mime: string; name: string; missing: string }) {
  const stat = await ctx.storage.stat(key);
  if (!stat) throw notFound(opts.missing);
  setSafeFileHeaders(reply, { mime: opts.mime, name: opts.name, forceDownload: true });
  reply.header('cache-control', 'private, no-store');
  return sendStored(ctx, req, reply, ctx.storage, key, stat.size);
}

/**
 * Whether a file of the public disk goes to this caller: to anyone and any cache ('public'), to this caller only
 * ('private', never kept by a shared cache), or refused with that status.
 */
export type StoredFileAccess = 'public' | 'private' | 401 | 403 | 404;
export type StoredFileGuard = (req: FastifyRequest, rel: string) => Promise<StoredFileAccess>;

const REFUSALS = new Map<number, string>([[401, 'Unauthenticated.'], [403, 'You are not allowed to do that.'], [404, 'Not found']]);

const INVALID_WIDTH = `The width must be one of ${IMAGE_WIDTHS.join(', ')}.`;

/** `?w=` of a picture: one of IMAGE_WIDTHS, nothing, or a width the server does not make. */
function requestedWidth(query: unknown): ImageWidth | null | 'invalid' {
  const raw = query && typeof query === 'object' && Object.hasOwn(query, 'w') ? (query as { w: unknown }).w : undefined;
  if (raw === undefined) return null;
  const width = typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  return isImageWidth(width) ? width : 'invalid';
}

/** A key the disk would read as another (`a//b`, `a/./b`, `a/../b`) is refused, so a guard sees every file under one name. */
const UNUSUAL_SEGMENT = new Set(['', '.', '..']);

/**
 * The public disk at `/storage/*` (avatars, branding, page media, catalogue images, captions), with Range support.
 * `guard` may keep some of its files from some callers (a transcoded video's ladder from those who may not watch it).
 */
export function registerServeFile(app: FastifyInstance, ctx: AppContext, guard?: StoredFileGuard): void {
  app.get('/storage/*', async (req, reply) => {
    const rel = (req.params as { '*': string })['*'];
    const key = `public/${rel}`;
    if (rel.split('/').some((part) => UNUSUAL_SEGMENT.has(part)) || key.includes('\0')) return reply.status(404).send({ message: 'Not found' });
    const access = guard ? await guard(req, rel) : 'public';
    if (typeof access === 'number') return reply.status(access).header('cache-control', 'private, no-store').send({ message: REFUSALS.get(access) });
    // Files stored before the public disk was switched away from local are still served from there.
    const found = await ctx.storage.public.locate(key);
    if (!found) return reply.status(404).send({ message: 'Not found' });
    const { driver, stat } = found;
    const ext = path.extname(key).slice(1).toLowerCase();
    const mime = INLINE_TYPES.get(ext) ?? DOWNLOAD_TYPES.get(ext) ?? 'application/octet-stream';
    reply.header('cache-control', access === 'private' ? 'private, max-age=3600' : 'public, max-age=31536000, immutable');
    const width = requestedWidth(req.query);
    if (width === 'invalid') return reply.status(422).send({ message: INVALID_WIDTH, errors: { w: [INVALID_WIDTH] } });
    const variant = width ? await imageVariant(ctx, driver, key, width, stat.size) : null;
    if (variant) {
      const made = await ctx.storage.stat(variant);
      if (made) {
        setSafeFileHeaders(reply, { mime: 'image/webp', name: `${path.basename(key, path.extname(key))}.webp` });
        return sendStored(ctx, req, reply, ctx.storage, variant, made.size);
      }
    }
    setSafeFileHeaders(reply, { mime, name: path.basename(key) });
    return sendStored(ctx, req, reply, driver, key, stat.size);
  });
}
