import type { Readable } from 'node:stream';
import { FAVICON_MIN_SIZE, FAVICON_SIZES, type AppearanceImageKind } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { readBytes } from '../../drivers/storage/storage.ts';
import { HttpError } from '../../http/errors.ts';
import { safeSharp, storeImageStream, type ImageUploader } from '../../http/uploads.ts';

const fail = (message: string) => new HttpError(422, message, { file: [message] });

/** URL of one generated favicon size, derived from the stored 512 px one. */
export function faviconUrl(favicon: string, size: number): string {
  return favicon.replace(/-512\.png$/, `-${size}.png`);
}

/**
 * Stores a branding or landing-page image under public/appearance/ through the one image upload path (sniffed type,
 * byte and pixel caps). A favicon must be at least 512x512; every size in FAVICON_SIZES is generated from it.
 */
export async function storeAppearanceImage(ctx: AppContext, kind: AppearanceImageKind, file: Readable & { truncated?: boolean }, uploader: ImageUploader): Promise<string> {
  const stored = await storeImageStream(ctx, file, { prefix: 'appearance', namePrefix: `${kind}-`, tooLarge: 'The image may not be greater than 5 MB.', uploader });
  if (kind !== 'favicon') return stored.url;
  try {
    if (stored.width < FAVICON_MIN_SIZE || stored.height < FAVICON_MIN_SIZE) throw fail('Favicon image should be at least 512x512.');
    // The original is at most 5 MB and at most MAX_IMAGE_PIXELS: safe to hold while the sizes are made.
    const original = await readBytes(ctx.storage, stored.key, { start: 0 });
    const base = stored.key.replace(/\.[a-z]+$/, '');
    for (const size of FAVICON_SIZES) {
      const png = await safeSharp(original).resize(size, size, { fit: 'cover' }).png().toBuffer()
        .catch(() => { throw fail('The file must be an image (png, jpeg, gif or webp).'); });
      await ctx.storage.put(`${base}-${size}.png`, png);
    }
    return `/${base.replace(/^public\//, 'storage/')}-512.png`;
  } finally {
    await ctx.storage.delete(stored.key);
  }
}
