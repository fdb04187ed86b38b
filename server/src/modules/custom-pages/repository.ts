import type { CustomPage, CustomPageOwner } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { paginate } from '../../http/list-query.ts';
import { customPagesListDefinition } from './list.ts';
import { displayName } from '../users/repository.ts';

/** Columns of the admin list: everything but the body, which can be large. */
export const LIST_COLUMNS = [
  'custom_pages.id', 'custom_pages.title', 'custom_pages.slug', 'custom_pages.type', 'custom_pages.user_id',
  'custom_pages.created_at', 'custom_pages.updated_at',
] as const;

export type PageListRow = Omit<CustomPage, 'body' | 'user'>;

export async function findPage(db: Db, id: number): Promise<CustomPage | null> {
  const row = await db.selectFrom('custom_pages').select([...LIST_COLUMNS, 'custom_pages.body']).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [page] = await attachOwners(db, [row]);
  return page;
}

/**
 * A slug of an address as typed, and as stored (slugs are saved composed, NFC, lower-case): "über" typed with a
 * combining diaeresis, or "About-Us" for "about-us", finds the page. The exact form comes first, for a slug saved
 * before slugs were normalised.
 */
const slugForms = (slug: string) => [...new Set([slug, slug.normalize('NFC'), slug.normalize('NFC').toLowerCase()])];
const exactFirst = <T extends { slug: string }>(rows: T[], slug: string) => rows.find((r) => r.slug === slug) ?? rows[0];

/** The public view: no owner details. */
export async function findPageBySlug(db: Db, slug: string) {
  const rows = await db.selectFrom('custom_pages').select(['id', 'title', 'slug', 'body', 'type', 'created_at', 'updated_at'])
    .where('slug', 'in', slugForms(slug)).execute();
  return exactFirst(rows, slug) ?? null;
}

/** The page a former slug of it names (renamed since): its current slug, for /pages/{old slug} to redirect to. */
export async function movedPageSlug(db: Db, slug: string): Promise<string | null> {
  const rows = await db.selectFrom('custom_page_redirects').innerJoin('custom_pages', 'custom_pages.id', 'custom_page_redirects.page_id')
    .select(['custom_pages.slug as to', 'custom_page_redirects.slug']).where('custom_page_redirects.slug', 'in', slugForms(slug)).execute();
  return exactFirst(rows, slug)?.to ?? null;
}

/** A page now answers at `slug`: a former slug of another page it was is no redirect any more, for good. */
export async function takeOverSlug(db: Db, slug: string): Promise<void> {
  await db.deleteFrom('custom_page_redirects').where('slug', '=', slug).execute();
}

/**
 * Remembers `from` as a former slug of page `id` (it now answers at `to`). A slug taken back by a live page is no
 * redirect any more; one that pointed to another page now points to this one, the latest to leave it.
 */
export async function rememberFormerSlug(db: Db, id: number, from: string, to: string, now: string): Promise<void> {
  await takeOverSlug(db, to);
  await db.insertInto('custom_page_redirects').values({ slug: from, page_id: id, created_at: now })
    .onConflict((oc) => oc.column('slug').doUpdateSet({ page_id: id, created_at: now })).execute();
}

export async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('custom_pages').select('id').where('slug', '=', slug);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

const OWNER_COLUMNS = ['id', 'email', 'first_name', 'last_name', 'avatar'] as const;
function toOwner(u: { id: number; email: string; first_name: string | null; last_name: string | null; avatar: string | null }): CustomPageOwner {
  return { id: u.id, email: u.email, avatar: u.avatar, display_name: displayName(u) };
}

/** Adds each page's owner with one query for the whole page of rows. */
export async function attachOwners<T extends { user_id: number | null }>(db: Db, pages: T[]): Promise<(T & { user: CustomPageOwner | null })[]> {
  const ids = [...new Set(pages.map((p) => p.user_id).filter((id): id is number => id !== null))];
  const users = ids.length ? await db.selectFrom('users').select(OWNER_COLUMNS).where('id', 'in', ids).execute() : [];
  const byId = new Map(users.map((u) => [u.id, toOwner(u)]));
  return pages.map((p) => ({ ...p, user: p.user_id === null ? null : byId.get(p.user_id) ?? null }));
}

/** Users who own at least one page (the owner filter's choices), through the user_id index. */
export async function pageOwners(db: Db): Promise<CustomPageOwner[]> {
  const users = await db.selectFrom('users').select(OWNER_COLUMNS)
    .where('id', 'in', db.selectFrom('custom_pages').select('user_id').distinct().where('user_id', 'is not', null))
    .orderBy('email').limit(200).execute();
  return users.map(toOwner);
}

/** Page types in use (the type filter shows only when there is more than one). */
export async function pageTypes(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('custom_pages').select('type').distinct().orderBy('type').execute();
  return rows.map((r) => r.type);
}

/** Title search; a query under three characters is a slug prefix (slugs are stored lower-case). */
export const PAGE_SEARCH_INDEX = { table: 'custom_pages', expression: 'title', prefixColumn: 'custom_pages.slug', lowerPrefix: true };

/** One page of the custom pages list with each page's owner. */
export async function listPages(ctx: AppContext, query: unknown) {
  const page = await paginate<PageListRow>(ctx.db.selectFrom('custom_pages').select(LIST_COLUMNS), query, customPagesListDefinition(ctx));
  return { ...page, data: await attachOwners(ctx.db, page.data) };
}
