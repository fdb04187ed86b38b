import type { Storage } from '../../drivers/storage/storage.ts';
import { safeSharp } from '../../http/uploads.ts';

const THUMBNAIL_WIDTH = 320;

/**
 * A small WebP of an image, read from and written to one storage driver (the file's) as streams. sharp decodes in libuv's
 * thread pool, so the event loop stays free. A file sharp cannot read simply gets no thumbnail.
 */
export async function makeThumbnail(storage: Storage, sourceKey: string, thumbKey: string): Promise<string | null> {
  try {
    const resize = safeSharp()
      .rotate()
      .resize({ width: THUMBNAIL_WIDTH, height: THUMBNAIL_WIDTH, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 });
    const source = storage.read(sourceKey);
    source.once('error', (err) => resize.destroy(err));
    await storage.put(thumbKey, source.pipe(resize), { contentType: 'image/webp' });
    return thumbKey;
  } catch {
    await storage.delete(thumbKey).catch(() => undefined);
    return null;
  }
}
