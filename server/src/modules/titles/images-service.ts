import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { storedKeyOf } from '@app/contracts';
import { DAY_MS, registerRecurring } from '../scheduler/index.ts';
import { removeStoredFiles } from './service.ts';

const PERSON_POSTERS = ['person-posters'];

/** Where an image's address may be chosen for display. */
const IMAGE_CHOICES = [['titles', 'poster'], ['titles', 'backdrop'], ['seasons', 'poster'], ['episodes', 'poster'], ['people', 'poster']] as const;

/** An uploaded image joins the end of the title's images. */
export async function addTitleImage(ctx: AppContext, titleId: number, url: string, type: string) {
  return ctx.db.transaction().execute(async (trx) => {
    const last = await trx.selectFrom('images').select((eb) => eb.fn.max('order').as('n')).where('model_type', '=', 'title').where('model_id', '=', titleId).executeTakeFirst();
    return trx.insertInto('images').values({
      model_type: 'title', model_id: titleId, url, type, source: 'local', order: Number(last?.n ?? -1) + 1, created_at: nowIso(),
    }).returning(['id', 'url', 'type', 'order']).executeTakeFirstOrThrow();
  });
}

/** Deletes the images and their stored files; false when none of the ids exists. */
export async function deleteImages(ctx: AppContext, ids: number[]): Promise<boolean> {
  const rows = await ctx.db.selectFrom('images').select(['id', 'url']).where('id', 'in', ids).execute();
  if (!rows.length) return false;
  const urls = rows.map((r) => r.url);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('images').where('id', 'in', ids).execute();
    // A deleted image that was chosen as a poster or backdrop leaves that choice empty, not a broken picture.
    for (const [table, column] of IMAGE_CHOICES) await trx.updateTable(table).set({ [column]: null }).where(column, 'in', urls).execute();
  });
  await removeStoredFiles(ctx, urls);
  return true;
}

/**
 * Removes uploaded posters (person-posters/) that nothing shows any more: a deleted person's, or one an edit replaced.
 * Its address may have been pasted elsewhere (another person, a title), so a file still chosen anywhere stays.
 */
export async function removeUnusedPosters(ctx: AppContext, urls: (string | null | undefined)[]): Promise<void> {
  const uploaded = [...new Set(urls.filter((u): u is string => Boolean(storedKeyOf(u, PERSON_POSTERS))))];
  if (!uploaded.length) return;
  const used = new Set<string>();
  for (const [table, column] of IMAGE_CHOICES) {
    const rows: Record<string, string | null>[] = await ctx.db.selectFrom(table).select(column).where(column, 'in', uploaded).execute();
    for (const r of rows) if (r[column]) used.add(r[column]!);
  }
  await removeStoredFiles(ctx, uploaded.filter((u) => !used.has(u)), PERSON_POSTERS);
}

/**
 * Posters uploaded in a person form that was never saved (the upload answers an address the form saves later): a
 * day on, those nothing shows go. `now` is the clock (tests move it).
 */
export async function sweepUnusedPosters(ctx: AppContext, now = Date.now()): Promise<void> {
  const old: string[] = [];
  for await (const key of ctx.storage.list('public/person-posters/')) {
    const stat = await ctx.storage.stat(key);
    if (stat?.lastModified && now - stat.lastModified.getTime() > DAY_MS) old.push(`/storage/${key.slice('public/'.length)}`);
    if (old.length >= 500) await removeUnusedPosters(ctx, old.splice(0));
  }
  await removeUnusedPosters(ctx, old);
}

registerRecurring('people:poster-sweep', DAY_MS, (ctx) => sweepUnusedPosters(ctx));
