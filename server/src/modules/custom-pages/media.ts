import { storedKeyOf } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { publicUrlOf, sweepUnusedUploads } from '../files/sweep-unused.ts';
import { DAY_MS, registerRecurring } from '../scheduler/index.ts';

/** The folder of images inserted by the page and article editor (POST /api/v1/custom-pages/media). */
export const PAGE_MEDIA_FOLDER = 'page_media';
const SWEEP_JOB = 'custom-pages.sweep-media';
/** An editor image's address inside a body (relative, or after a host an administrator's HTML may carry). */
const IN_BODY = /\/storage\/page_media\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,4}/g;

/** The editor images (server-made page_media URLs) the given page or article bodies show. */
export function pageMediaIn(bodies: readonly (string | null | undefined)[]): Set<string> {
  return new Set(bodies.flatMap((body) => (body ? body.match(IN_BODY) ?? [] : [])));
}

/**
 * Queues the removal of the editor images `before` showed and `after` no longer does (a page or article deleted,
 * or images taken out of its body). The job deletes only those no page or article body still shows.
 */
export async function queueUnusedPageMedia(ctx: AppContext, before: readonly (string | null | undefined)[], after: readonly (string | null | undefined)[] = []): Promise<void> {
  const kept = pageMediaIn(after);
  const gone = [...pageMediaIn(before)].filter((url) => !kept.has(url));
  if (!gone.length) return;
  await ctx.queue.dispatch(SWEEP_JOB, { urls: gone }).catch((err: unknown) => ctx.errors.capture(err, { message: 'could not queue the page media sweep' }).catch(() => undefined));
}

/** True when a custom page or a news article body still shows `url`. */
async function stillShown(ctx: AppContext, url: string): Promise<boolean> {
  const like = `%${url}%`;
  const page = await ctx.db.selectFrom('custom_pages').select('id').where('body', 'like', like).executeTakeFirst();
  if (page) return true;
  return Boolean(await ctx.db.selectFrom('news_articles').select('id').where('body', 'like', like).executeTakeFirst());
}

/**
 * Deletes the files of editor images no body shows any more. Only a URL the server made (storedKeyOf) becomes a
 * storage key, rebuilt from its matched parts: no address written into a body can point the delete elsewhere.
 */
async function deleteUnusedPageMedia(ctx: AppContext, payload: unknown): Promise<void> {
  const urls = payload && typeof payload === 'object' && Array.isArray((payload as { urls?: unknown }).urls) ? (payload as { urls: unknown[] }).urls : [];
  for (const url of urls) {
    const key = typeof url === 'string' ? storedKeyOf(url, [PAGE_MEDIA_FOLDER]) : null;
    if (key && !(await stillShown(ctx, url as string))) await ctx.storage.delete(key);
  }
}

export function registerPageMediaJob(ctx: AppContext): void {
  ctx.queue.register(SWEEP_JOB, (payload) => deleteUnusedPageMedia(ctx, payload));
}

/** Editor images inserted in a page or article that was never saved (the upload comes first): a day on, those no body shows go. */
export const sweepUnsavedPageMedia = (ctx: AppContext, now = Date.now()) =>
  sweepUnusedUploads(ctx, `public/${PAGE_MEDIA_FOLDER}/`, publicUrlOf, (url) => stillShown(ctx, url), now);

registerRecurring('custom-pages:media-sweep', DAY_MS, (ctx) => sweepUnsavedPageMedia(ctx).then(() => undefined));
