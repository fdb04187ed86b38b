import { NEWS_IMAGE_PREFIX, slugify, storedKeyOf, type NewsArticle, type NewsArticleInput } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { HttpError, notFound, stillThere } from '../../http/errors.ts';
import { sanitizeRichText } from '../../lib/html.ts';
import { removeFromChannels } from '../channels/touch.ts';
import { findArticle } from './repository.ts';
import { deleteFeedbackOn } from '../reviews/feedback.ts';
import { excerptOf } from './text.ts';
import { queueUnusedPageMedia } from '../custom-pages/media.ts';
import { publicUrlOf, sweepUnusedUploads } from '../files/sweep-unused.ts';
import { DAY_MS, registerRecurring } from '../scheduler/index.ts';

/**
 * Article bodies are always sanitized with the custom pages' rules (lib/html.ts), whoever saves them: an article
 * may come from a feed, and its page is public. The slug is made from the title when left empty.
 */
export function prepareArticle(input: Pick<NewsArticleInput, 'title' | 'slug' | 'body' | 'image'>) {
  const slug = input.slug || slugify(input.title) || 'article';
  const body = sanitizeRichText(input.body ?? '');
  return { title: input.title, slug, body, excerpt: excerptOf(body), image: input.image || null };
}

export async function createArticle(ctx: AppContext, input: NewsArticleInput, userId: number): Promise<NewsArticle> {
  const now = nowIso();
  const row = await ctx.db.insertInto('news_articles')
    .values({ ...prepareArticle(input), user_id: userId, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  return stillThere(await findArticle(ctx.db, row.id), 'Article not found');
}

export async function updateArticle(ctx: AppContext, id: number, input: NewsArticleInput): Promise<NewsArticle> {
  const before = await ctx.db.selectFrom('news_articles').select(['image', 'body']).where('id', '=', id).executeTakeFirst();
  const values = prepareArticle(input);
  const res = await ctx.db.updateTable('news_articles').set({ ...values, updated_at: nowIso() }).where('id', '=', id).executeTakeFirst();
  if (!before || !Number(res.numUpdatedRows)) throw notFound('Article not found');
  await removeUnusedImages(ctx, [before.image]);
  await queueUnusedPageMedia(ctx, [before.body], [values.body]);
  return stillThere(await findArticle(ctx.db, id), 'Article not found');
}

/**
 * An article's own image (uploaded or copied from a feed into news_images) goes when no article shows it any more:
 * replaced or deleted, it only filled the disk. Another article given the same address keeps it.
 */
async function removeUnusedImages(ctx: AppContext, urls: (string | null)[]): Promise<void> {
  const ours = [...new Set(urls)].flatMap((url) => (url && storedKeyOf(url, [NEWS_IMAGE_PREFIX]) ? [url] : []));
  if (!ours.length) return;
  // One read for a bulk delete of many articles, not one per image.
  const kept = new Set((await ctx.db.selectFrom('news_articles').select('image').where('image', 'in', ours).execute()).map((r) => r.image));
  for (const url of ours) {
    if (!kept.has(url)) await ctx.storage.delete(storedKeyOf(url, [NEWS_IMAGE_PREFIX])!).catch((err: unknown) => ctx.errors.capture(err).catch(() => undefined));
  }
}

export async function deleteArticles(ctx: AppContext, ids: number[]): Promise<number> {
  const images = await ctx.db.selectFrom('news_articles').select(['image', 'body']).where('id', 'in', ids).execute();
  const res = await ctx.db.transaction().execute(async (trx) => {
    await removeFromChannels(trx, ctx.dialect, 'news_article', ids);
    await deleteFeedbackOn(trx, ctx.dialect, { news_article: ids });
    return trx.deleteFrom('news_articles').where('id', 'in', ids).executeTakeFirst();
  });
  if (!Number(res.numDeletedRows)) throw notFound('Article not found');
  await removeUnusedImages(ctx, images.map((r) => r.image));
  // Images inserted into the deleted bodies go too, once no other article or page shows them (a queued job).
  await queueUnusedPageMedia(ctx, images.map((r) => r.body));
  return Number(res.numDeletedRows);
}

export const noFeeds = () => new HttpError(422, 'Add at least one feed URL in the content settings first.', { feeds: ['Add at least one feed URL in the content settings first.'] });

/** An article image uploaded in an editor that was never saved (the upload comes first): a day on, one no article shows goes. */
export const sweepUnsavedNewsImages = (ctx: AppContext, now = Date.now()) =>
  sweepUnusedUploads(ctx, `public/${NEWS_IMAGE_PREFIX}/`, publicUrlOf, async (url) => Boolean(await ctx.db.selectFrom('news_articles').select('id')
    .where((eb) => eb.or([eb('image', '=', url), eb('body', 'like', `%${url}%`)])).executeTakeFirst()), now);

registerRecurring('news:image-sweep', DAY_MS, (ctx) => sweepUnsavedNewsImages(ctx).then(() => undefined));
