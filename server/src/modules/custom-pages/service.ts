import { CUSTOM_PAGE_SLUG_MAX, slugify, type CustomPage, type CustomPageInput } from '@app/contracts';
import { onDuplicate } from '../../db/errors.ts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { HttpError, notFound, stillThere } from '../../http/errors.ts';
import { sanitizeRichText } from '../../lib/html.ts';
import { findPage, rememberFormerSlug, slugTaken, takeOverSlug } from './repository.ts';
import { firstFreeSlug, writeWithSlug } from '../../lib/free-slug.ts';
import { queueUnusedPageMedia } from './media.ts';
import { followSlugInLinks } from '../appearance/links.ts';

const slugInUse = () => new HttpError(422, 'This slug is already in use.', { slug: ['This slug is already in use.'] });

/**
 * The actor's HTML is kept as written only when they hold the admin permission. A slug left empty is made from the
 * title and numbered when another page has it ("about-2"); a slug the admin typed must be free as typed.
 */
async function prepare(ctx: AppContext, input: CustomPageInput, trusted: boolean, exceptId?: number) {
  const slug = input.slug || await deriveSlug(ctx, input.title, exceptId);
  return { title: input.title, slug, body: trusted ? input.body : sanitizeRichText(input.body) };
}

async function deriveSlug(ctx: AppContext, title: string, exceptId?: number): Promise<string> {
  const slug = await firstFreeSlug(slugify(title), CUSTOM_PAGE_SLUG_MAX, (s) => slugTaken(ctx.db, s, exceptId));
  if (!slug) throw new HttpError(422, 'The slug is required.', { slug: ['The slug is required.'] });
  return slug;
}

export async function createPage(ctx: AppContext, input: CustomPageInput, actor: { id: number; trusted: boolean }): Promise<CustomPage> {
  if (input.slug && await slugTaken(ctx.db, input.slug)) throw slugInUse();
  const now = nowIso();
  const body = actor.trusted ? input.body : sanitizeRichText(input.body);
  // A page made at another page's former slug takes it over: deleting it later does not bring the redirect back.
  const row = await writeWithSlug(input.slug, () => deriveSlug(ctx, input.title), (slug) => ctx.db.transaction().execute(async (trx) => {
    const created = await trx.insertInto('custom_pages')
      .values({ title: input.title, slug, body, type: 'default', user_id: actor.id, created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    await takeOverSlug(trx, slug);
    return created;
  }), slugInUse);
  return stillThere(await findPage(ctx.db, row.id), 'Page not found');
}

export async function updatePage(ctx: AppContext, id: number, input: CustomPageInput, actor: { trusted: boolean }): Promise<CustomPage> {
  const current = await findPage(ctx.db, id);
  if (!current) throw notFound('Page not found');
  const values = await prepare(ctx, input, actor.trusted, id);
  if (await slugTaken(ctx.db, values.slug, id)) throw slugInUse();
  const now = nowIso();
  // The old address keeps working: /pages/{old slug} redirects to the new one.
  await onDuplicate(ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('custom_pages').set({ ...values, updated_at: now }).where('id', '=', id).execute();
    if (values.slug !== current.slug) await rememberFormerSlug(trx, id, current.slug, values.slug, now);
  }), slugInUse);
  if (values.slug !== current.slug) await followSlugInLinks(ctx, 'custom_page', new Set([current.slug]), values.slug);
  await queueUnusedPageMedia(ctx, [current.body], [values.body]);
  return stillThere(await findPage(ctx.db, id), 'Page not found');
}

/** Deletes the pages of these ids; none of them there answers 404, as deleting articles does. */
export async function deletePages(ctx: AppContext, ids: number[]): Promise<number> {
  const { gone, res } = await ctx.db.transaction().execute(async (trx) => ({
    gone: await trx.selectFrom('custom_pages').select(['slug', 'body']).where('id', 'in', ids).execute(),
    res: await trx.deleteFrom('custom_pages').where('id', 'in', ids).executeTakeFirst(),
  }));
  if (!Number(res.numDeletedRows)) throw notFound('Page not found');
  await followSlugInLinks(ctx, 'custom_page', new Set(gone.map((r) => r.slug)), null);
  // Images inserted into the deleted bodies go too, once no other page or article shows them (a queued job).
  await queueUnusedPageMedia(ctx, gone.map((r) => r.body));
  return Number(res.numDeletedRows);
}
