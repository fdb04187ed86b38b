import type { AppContext } from '../../context.ts';
import { DAY_MS } from '../scheduler/index.ts';

/**
 * Removes uploads under `prefix` that nothing uses: each is uploaded before the form that names it is saved, so only
 * those over a day old are looked at. `groupOf` names the upload a key belongs to (a favicon's sizes are one upload;
 * null leaves the key alone); a group goes, all its keys, when `used(group)` is false. `now` is the clock (tests move
 * it). Answers how many keys went.
 */
export async function sweepUnusedUploads(
  ctx: AppContext, prefix: string, groupOf: (key: string) => string | null, used: (group: string) => Promise<boolean>, now = Date.now(),
): Promise<number> {
  const groups = new Map<string, string[]>();
  for await (const key of ctx.storage.list(prefix)) {
    const group = groupOf(key);
    if (!group) continue;
    const stat = await ctx.storage.stat(key);
    if (!stat?.lastModified || now - stat.lastModified.getTime() <= DAY_MS) continue;
    groups.set(group, [...(groups.get(group) ?? []), key]);
  }
  let removed = 0;
  for (const [group, keys] of groups) {
    if (await used(group)) continue;
    await ctx.storage.deleteMany(keys);
    removed += keys.length;
  }
  return removed;
}

/** The public URL of a key on the public disk (`public/x/y.png` is served at `/storage/x/y.png`). */
export const publicUrlOf = (key: string) => `/storage/${key.slice('public/'.length)}`;
