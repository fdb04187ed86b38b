import type { Readable } from 'node:stream';
import { isResizableKey } from '@app/contracts';
import type { AppContext } from '../context.ts';
import type { Storage } from '../drivers/storage/storage.ts';
import { DAY_MS, registerRecurring } from '../modules/scheduler/index.ts';
import { safeSharp } from './uploads.ts';

/** Where the made widths live: on the uploads disk, out of the public listing and of 'Storage used'. */
const VARIANTS = 'cache/image-variants';

/**
 * A width's key names the original's size, so a file written again under the same name (a re-seeded demo picture)
 * is resized again rather than answered from the old one.
 */
export function variantKey(key: string, width: number, size: number): string {
  return `${VARIANTS}/w${width}/${key.slice('public/'.length)}.${size}.webp`;
}

const making = new Map<string, Promise<boolean>>();

/**
 * The key of a stored picture at `width` (made on the first request, then read from the disk), or null when the
 * file is not a picture sharp can read: the caller sends the original instead. Requests for the same width while it
 * is being made wait for that one resize.
 */
export async function imageVariant(ctx: AppContext, driver: Storage, key: string, width: number, size: number): Promise<string | null> {
  if (!isResizableKey(key)) return null;
  const target = variantKey(key, width, size);
  if (await ctx.storage.exists(target)) return target;
  let job = making.get(target);
  if (!job) {
    job = makeVariant(ctx, driver.read(key), width, target).finally(() => making.delete(target));
    making.set(target, job);
  }
  return (await job) ? target : null;
}

async function makeVariant(ctx: AppContext, source: Readable, width: number, target: string): Promise<boolean> {
  // A picture narrower than the width is re-encoded at its own size (never enlarged): a smaller file all the same.
  const resize = safeSharp().rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80 });
  source.on('error', (err) => resize.destroy(err));
  try {
    await ctx.storage.put(target, source.pipe(resize), { contentType: 'image/webp' });
    return true;
  } catch {
    source.destroy();
    return false;
  }
}

/** Widths whose original is gone (deleted, replaced) are removed once a day. */
export async function sweepImageVariants(ctx: AppContext): Promise<number> {
  let removed = 0;
  const orphans: string[] = [];
  for await (const key of ctx.storage.list(`${VARIANTS}/`)) {
    const original = /^cache\/image-variants\/w\d+\/(.+)\.(\d+)\.webp$/.exec(key);
    const found = original ? await ctx.storage.public.locate(`public/${original[1]}`) : null;
    if (!found || found.stat.size !== Number(original![2])) orphans.push(key);
    if (orphans.length >= 500) {
      removed += orphans.length;
      await ctx.storage.deleteMany(orphans.splice(0));
    }
  }
  if (orphans.length) await ctx.storage.deleteMany(orphans);
  return removed + orphans.length;
}

registerRecurring('files:sweep-image-variants', DAY_MS, (ctx) => sweepImageVariants(ctx));
