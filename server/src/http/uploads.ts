import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { AppContext } from '../context.ts';
import { readBytes } from '../drivers/storage/storage.ts';
import { sniffImage } from '../lib/sniff.ts';
import { extensionRefusal, sizeRefusal, uploadLimits } from '../modules/files/limits.ts';
import { requireUser } from './auth.ts';
import { HttpError } from './errors.ts';

/** Images decoding to more pixels than this are refused (a 20000×20000 PNG of a few MB would take 1.6 GB decoded). */
export const MAX_IMAGE_PIXELS = 40_000_000;
// libvips threads per image: a burst of uploads must not take every core and the memory that goes with them.
sharp.concurrency(2);
sharp.cache({ memory: 32, files: 0, items: 50 });

/** Longest side an uploaded image is stored at (unless its use asks for less): a 6000 px camera original is not served to every card. */
export const MAX_IMAGE_SIDE = 3840;

const NOT_IMAGE = 'The file must be an image (png, jpeg, gif or webp).';
const TOO_BIG = 'The image dimensions are too large.';
const fileError = (message: string) => new HttpError(422, message, { file: [message] });

const SAFE_SHARP = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', sequentialRead: true } as const;
/** A sharp pipeline that refuses decompression bombs; every decode of an uploaded image starts here. Without input it is a stream to pipe into. */
export const safeSharp = (input?: Buffer) => (input ? sharp(input, SAFE_SHARP) : sharp(SAFE_SHARP));

/** Who uploads an image, and the name their file had: the operator's upload settings apply to them. */
export interface ImageUploader {
  userId: number;
  isAdmin: boolean;
  filename?: string;
}

/** The signed-in uploader of a request's image. */
export const imageUploader = (req: FastifyRequest, filename?: string): ImageUploader =>
  ({ userId: requireUser(req), isAdmin: req.auth.can('admin'), filename });

export interface StoredImage {
  /** Storage key on the public disk (`public/...`). */
  key: string;
  /** The URL the public disk serves it at (`/storage/...`). */
  url: string;
  width: number;
  height: number;
}

/** Reads an object's image header through sharp (no pixels are decoded). */
export async function imageSize(ctx: AppContext, key: string): Promise<{ width: number; height: number } | null> {
  // A missing file (a logo setting naming a file gone from the disk) is no size, not a stream error.
  if (!(await ctx.storage.stat(key).catch(() => null))) return null;
  // No pixel limit on the probe itself: it decodes nothing, and the size is compared below to name the refusal.
  const probe = sharp({ limitInputPixels: false, failOn: 'none' });
  const source = ctx.storage.read(key);
  // Either stream failing answers null: an 'error' without a listener would end the process, and a destroyed probe
  // never settles its metadata.
  const failed = new Promise<null>((resolve) => {
    source.on('error', () => resolve(null));
    probe.on('error', () => resolve(null));
  });
  source.pipe(probe);
  try {
    const meta = await Promise.race([probe.metadata(), failed]);
    return meta?.width && meta.height ? { width: meta.width, height: meta.height } : null;
  } catch {
    return null;
  } finally {
    source.destroy();
  }
}

/**
 * THE image upload path (avatars, branding, page media, catalogue images, person posters): streams one uploaded image
 * to `public/{prefix}/` on the storage driver. The type comes from the first bytes (never the name or the client's
 * claim); the body is never held whole in memory; an upload over the byte limit, one sharp cannot read, or one whose
 * header announces more than MAX_IMAGE_PIXELS is removed again and refused; what is kept is re-encoded by normalizeImage
 * (upright, no metadata, at most MAX_IMAGE_SIDE). An image a user uploads (`uploader`; not
 * one the server fetches itself) is held to the operator's upload settings like any file: the allowed and blocked
 * extensions (of the file's name, and the blocked ones of the type it is stored as) and the largest file size.
 */
export async function storeImageStream(
  ctx: AppContext, source: Readable & { truncated?: boolean }, opts: { prefix: string; tooLarge: string; namePrefix?: string; uploader?: ImageUploader; maxSide?: number },
): Promise<StoredImage> {
  // Errors of the source (a dropped connection) surface through the iterator below; this keeps them from being unhandled.
  source.on('error', () => undefined);
  const chunks = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headLength = 0;
  while (headLength < 16) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value as Buffer);
    headLength += (next.value as Buffer).length;
  }
  const ext = sniffImage(Buffer.concat(head));
  if (!ext) {
    source.resume();
    throw fileError(NOT_IMAGE);
  }
  const limits = opts.uploader ? await uploadLimits(ctx, opts.uploader.userId, opts.uploader.isAdmin) : null;
  if (limits) {
    const stored = `image.${ext}`;
    const refused = extensionRefusal(opts.uploader?.filename || stored, limits) ?? (limits.blocked.includes(ext) ? extensionRefusal(stored, limits) : null);
    if (refused) {
      source.resume();
      throw fileError(refused);
    }
  }
  const maxBytes = limits?.maxFileSize ?? null;
  let overSize = false;
  const key = `public/${opts.prefix}/${opts.namePrefix ?? ''}${crypto.randomUUID()}.${ext}`;
  const body = Readable.from((async function* () {
    let bytes = 0;
    const counted = (chunk: Buffer) => {
      bytes += chunk.length;
      if (maxBytes !== null && bytes > maxBytes) {
        overSize = true;
        throw new Error('over the largest file size');
      }
      return chunk;
    };
    for (const chunk of head) yield counted(chunk);
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield counted(next.value as Buffer);
  })());
  try {
    await ctx.storage.put(key, body);
  } catch (err) {
    await ctx.storage.delete(key);
    if (overSize) {
      source.resume();
      throw fileError(sizeRefusal(maxBytes!));
    }
    throw err;
  }
  if (source.truncated) {
    await ctx.storage.delete(key);
    throw fileError(opts.tooLarge);
  }
  const size = await imageSize(ctx, key);
  if (!size || size.width * size.height > MAX_IMAGE_PIXELS) {
    await ctx.storage.delete(key);
    throw fileError(size ? TOO_BIG : NOT_IMAGE);
  }
  const clean = await normalizeImage(ctx, key, ext, `public/${opts.prefix}/${opts.namePrefix ?? ''}${crypto.randomUUID()}.${ext}`, opts.maxSide ?? MAX_IMAGE_SIDE);
  return { ...clean, url: `/${clean.key.replace(/^public\//, 'storage/')}` };
}

const IMAGE_MIME = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' } as const;

/**
 * Re-encodes a stored upload (`sourceKey`, removed after) into `key`, in its own format: every pixel is decoded, so a
 * file cut short or corrupt is refused here rather than shown broken; the camera's orientation is applied to the pixels;
 * its metadata (GPS position, camera, owner) is dropped; a side over `maxSide` is scaled down. Transparency and
 * animation stay.
 */
async function normalizeImage(ctx: AppContext, sourceKey: string, ext: keyof typeof IMAGE_MIME, key: string, maxSide: number): Promise<{ key: string; width: number; height: number }> {
  try {
    // The upload is at most its route's byte limit (a few MB) and at most MAX_IMAGE_PIXELS: safe to hold while it is re-encoded.
    const original = await readBytes(ctx.storage, sourceKey, { start: 0 });
    const meta = await safeSharp(original).metadata();
    const pages = meta.pages ?? 1;
    // Every frame of an animation is decoded: their pixels together are held to the same cap as one still image.
    if (pages > 1 && (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * pages > MAX_IMAGE_PIXELS) throw fileError(TOO_BIG);
    let image = sharp(original, { ...SAFE_SHARP, sequentialRead: false, animated: pages > 1 });
    if (pages === 1) image = image.rotate();
    image = image.resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    const encoded = ext === 'jpg' ? image.jpeg({ quality: 90 }) : ext === 'png' ? image.png() : ext === 'gif' ? image.gif() : image.webp({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    await ctx.storage.put(key, data, { contentType: IMAGE_MIME[ext] });
    return { key, width: info.width, height: info.pageHeight ?? info.height };
  } catch (err) {
    await ctx.storage.delete(key);
    throw err instanceof HttpError ? err : fileError(NOT_IMAGE);
  } finally {
    await ctx.storage.delete(sourceKey);
  }
}

/** The request's one multipart image (`file`), stored by storeImageStream; answers its public URL. */
export async function storeImageUpload(ctx: AppContext, req: FastifyRequest, opts: { prefix: string; maxBytes: number; tooLarge: string; square?: number }): Promise<string> {
  const file = await req.file({ limits: { fileSize: opts.maxBytes, files: 1 } });
  if (!file) throw fileError('Please select a file.');
  const stored = await storeImageStream(ctx, file.file, { ...opts, uploader: imageUploader(req, file.filename) });
  return opts.square ? (await squareWebp(ctx, stored.key, opts.prefix, opts.square)).url : stored.url;
}

/**
 * Replaces a stored upload by a `side` px square WebP of it (cropped to the centre), for images only ever shown small
 * (avatars: a 5 MB photo would otherwise be downloaded in every comment it sits beside).
 */
async function squareWebp(ctx: AppContext, sourceKey: string, prefix: string, side: number): Promise<{ key: string; url: string }> {
  const key = `public/${prefix}/${crypto.randomUUID()}.webp`;
  try {
    const square = safeSharp().rotate().resize(side, side, { fit: 'cover' }).webp({ quality: 82 });
    const source = ctx.storage.read(sourceKey);
    source.once('error', (err) => square.destroy(err));
    await ctx.storage.put(key, source.pipe(square), { contentType: 'image/webp' });
  } catch {
    // A header sharp could read over pixels it cannot (a file cut short): not an image after all.
    await ctx.storage.delete(key);
    throw fileError(NOT_IMAGE);
  } finally {
    await ctx.storage.delete(sourceKey);
  }
  return { key, url: `/${key.replace(/^public\//, 'storage/')}` };
}
