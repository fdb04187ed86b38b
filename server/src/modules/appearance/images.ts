import crypto from 'node:crypto';
import sharp from 'sharp';
import { APPEARANCE_IMAGE_MAX_BYTES, FAVICON_MIN_SIZE, FAVICON_SIZES, type AppearanceImageKind } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import { sniffImage } from '../../lib/sniff.ts';

const fail = (message: string) => new HttpError(422, message, { file: [message] });

/** URL of one generated favicon size, derived from the stored 512 px one. */
export function faviconUrl(favicon: string, size: number): string {
  return favicon.replace(/-512\.png$/, `-${size}.png`);
}

/**
 * Stores a branding or landing-page image under public/appearance/. The bytes are sniffed, never
 * trusted by name. A favicon must be at least 512x512; every size in FAVICON_SIZES is generated from it.
 */
export async function storeAppearanceImage(ctx: AppContext, kind: AppearanceImageKind, buffer: Buffer): Promise<string> {
  if (buffer.length > APPEARANCE_IMAGE_MAX_BYTES) throw fail('The image may not be greater than 5 MB.');
  const ext = sniffImage(buffer);
  if (!ext) throw fail('The file must be an image (png, jpeg, gif or webp).');
  const base = `appearance/${kind}-${crypto.randomUUID()}`;
  if (kind !== 'favicon') {
    await ctx.storage.put(`public/${base}.${ext}`, buffer);
    return `/storage/${base}.${ext}`;
  }
  const meta = await sharp(buffer).metadata().catch(() => { throw fail('The file must be an image (png, jpeg, gif or webp).'); });
  if (!meta.width || !meta.height || meta.width < FAVICON_MIN_SIZE || meta.height < FAVICON_MIN_SIZE) {
    throw fail('Favicon image should be at least 512x512.');
  }
  for (const size of FAVICON_SIZES) {
    const png = await sharp(buffer).resize(size, size, { fit: 'cover' }).png().toBuffer();
    await ctx.storage.put(`public/${base}-${size}.png`, png);
  }
  return `/storage/${base}-512.png`;
}
