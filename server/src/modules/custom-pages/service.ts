import { slugify, type CustomPage, type CustomPageInput, type Menu } from '@app/contracts';
import { onDuplicate } from '../../db/errors.ts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { HttpError, notFound, stillThere } from '../../http/errors.ts';
import { sanitizeRichText } from '../../lib/html.ts';
import { findPage, slugTaken } from './repository.ts';

const slugInUse = () => new HttpError(422, 'This slug is already in use.', { slug: ['This slug is already in use.'] });

/** The actor's HTML is kept as written only when they hold the admin permission. */
function prepare(input: CustomPageInput, trusted: boolean) {
  const slug = input.slug || slugify(input.title);
  if (!slug) throw new HttpError(422, 'The slug is required.', { slug: ['The slug is required.'] });
  return { title: input.title, slug, body: trusted ? input.body : sanitizeRichText(input.body) };
}

export async function createPage(ctx: AppContext, input: CustomPageInput, actor: { id: number; trusted: boolean }): Promise<CustomPage> {
  const values = prepare(input, actor.trusted);
  if (await slugTaken(ctx.db, values.slug)) throw slugInUse();
  const now = nowIso();
  const row = await onDuplicate(ctx.db.insertInto('custom_pages')
    .values({ ...values, type: 'default', user_id: actor.id, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow(), slugInUse);
  return stillThere(await findPage(ctx.db, row.id), 'Page not found');
}

export async function updatePage(ctx: AppContext, id: number, input: CustomPageInput, actor: { trusted: boolean }): Promise<CustomPage> {
  const current = await findPage(ctx.db, id);
  if (!current) throw notFound('Page not found');
  const values = prepare(input, actor.trusted);
  if (await slugTaken(ctx.db, values.slug, id)) throw slugInUse();
  await onDuplicate(ctx.db.updateTable('custom_pages').set({ ...values, updated_at: nowIso() }).where('id', '=', id).execute(), slugInUse);
  if (values.slug !== current.slug) await followSlugInMenus(ctx, current.slug, values.slug);
  return stillThere(await findPage(ctx.db, id), 'Page not found');
}

/** Menu items name a custom page by slug: a renamed page keeps its links instead of sending visitors to a 404. */
async function followSlugInMenus(ctx: AppContext, from: string, to: string): Promise<void> {
  const menus = await ctx.settings.get('client.menus');
  const points = (item: Menu['items'][number]) => item.type === 'custom_page' && item.action === from;
  if (!menus.some((m) => m.items.some(points))) return;
  await ctx.settings.set({ 'client.menus': menus.map((m) => ({ ...m, items: m.items.map((i) => (points(i) ? { ...i, action: to } : i)) })) });
}

export async function deletePages(ctx: AppContext, ids: number[]): Promise<number> {
  const res = await ctx.db.deleteFrom('custom_pages').where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}
