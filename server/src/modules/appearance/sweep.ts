import type { AppContext } from '../../context.ts';
import { DAY_MS, registerRecurring } from '../scheduler/index.ts';
import { sweepUnusedUploads } from '../files/sweep-unused.ts';

/** The upload's id in a stored name: `logo_light-{uuid}.png`, and a favicon's sizes `favicon-{uuid}-32.png`. */
const UPLOAD_ID = /-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(-\d+)?\.[a-z0-9]+$/;

/** True when a setting (branding, landing page, themes, custom code), a page or an article body still names the upload. */
async function stillUsed(ctx: AppContext, id: string): Promise<boolean> {
  const like = `%${id}%`;
  if (await ctx.db.selectFrom('settings').select('name').where('value', 'like', like).executeTakeFirst()) return true;
  if (await ctx.db.selectFrom('custom_pages').select('id').where('body', 'like', like).executeTakeFirst()) return true;
  return Boolean(await ctx.db.selectFrom('news_articles').select('id').where('body', 'like', like).executeTakeFirst());
}

/**
 * Branding and landing-page images (public/appearance/) nothing names any more: replaced by a newer upload, or uploaded
 * in an editor that was never saved.
 */
export const sweepUnusedAppearanceImages = (ctx: AppContext, now = Date.now()) =>
  sweepUnusedUploads(ctx, 'public/appearance/', (key) => UPLOAD_ID.exec(key)?.[1] ?? null, (id) => stillUsed(ctx, id), now);

registerRecurring('appearance:image-sweep', DAY_MS, (ctx) => sweepUnusedAppearanceImages(ctx).then(() => undefined));
