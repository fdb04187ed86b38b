import type { AppContext } from '../../context.ts';
import type { StorageStat } from '../../drivers/storage/storage.ts';
import { DAY_MS, registerRecurring } from '../scheduler/index.ts';

/** A video's ladder (`public/videos/{id}/hls/...`) is counted by its transcode's output size. */
const LADDER = /^public\/videos\/\d+\/hls\//;
/** Keys listed in `stored_objects`: the public disk's files outside video ladders (file entries are on the uploads disk). */
export const isMetered = (key: string) => key.startsWith('public/') && !LADDER.test(key);

const BATCH = 500;

async function record(ctx: AppContext, key: string, stat: StorageStat, createdAt: Date): Promise<void> {
  await ctx.db.insertInto('stored_objects').values({ key, size: stat.size, created_at: createdAt.toISOString() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ size: stat.size })).execute();
}

/**
 * Keeps `stored_objects` in step with what is stored through `ctx.storage`, so 'Storage used' counts posters, photos,
 * branding and the rest. A failure to note one is reported and never fails the write or the delete: the daily
 * reconciliation adds a file it finds unlisted.
 */
export function meterStorage(ctx: AppContext): void {
  const report = (err: unknown) => ctx.errors.capture(err, { message: 'could not note a stored file\'s size' }).catch(() => undefined);
  ctx.storage.listener = {
    async stored(key) {
      if (!isMetered(key)) return;
      try {
        const stat = await ctx.storage.stat(key);
        if (stat) await record(ctx, key, stat, new Date());
      } catch (err) {
        await report(err);
      }
    },
    async deleted(keys) {
      const metered = keys.filter(isMetered);
      try {
        for (let i = 0; i < metered.length; i += BATCH) await ctx.db.deleteFrom('stored_objects').where('key', 'in', metered.slice(i, i + BATCH)).execute();
      } catch (err) {
        await report(err);
      }
    },
  };
}

/**
 * Lists the public disk's files that `stored_objects` does not know yet (stored before it existed, or put on the disk
 * by hand), dated by their last change. Answers how many were added.
 */
export async function reconcileStoredObjects(ctx: AppContext): Promise<number> {
  let added = 0;
  let batch: string[] = [];
  const flush = async () => {
    const known = new Set((await ctx.db.selectFrom('stored_objects').select('key').where('key', 'in', batch).execute()).map((r) => r.key));
    for (const key of batch) {
      if (known.has(key)) continue;
      const stat = await ctx.storage.stat(key);
      if (!stat) continue;
      await record(ctx, key, stat, stat.lastModified ?? new Date());
      added += 1;
    }
    batch = [];
  };
  for await (const key of ctx.storage.list('public/')) {
    if (!isMetered(key)) continue;
    batch.push(key);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length) await flush();
  return added;
}

registerRecurring('files:storage-reconcile', DAY_MS, (ctx) => reconcileStoredObjects(ctx));
