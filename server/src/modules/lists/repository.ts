import crypto from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import type { ListItem, ListOwner, UserList } from '@app/contracts';
import { nowIso, toBool, type Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { publicName } from '../users/repository.ts';

/** SQL only: user lists are `channels` rows of type 'list'; their titles are `channelables` rows. */

export const LIST_COLUMNS = ['id', 'name', 'slug', 'description', 'public', 'internal', 'items_count', 'user_id', 'created_at', 'updated_at'] as const;
/** A list's config: the Channel entity's keys, so the admin lists table and channel pages read it like any channel. */
export const LIST_CONFIG = JSON.stringify({ contentType: 'manual', contentModel: 'titles', contentOrder: 'manual', layout: 'grid' });
const CARD_COLUMNS = ['id', 'name', 'poster', 'year', 'rating', 'is_series', 'description'] as const;

export interface ListRow {
  id: number; name: string; slug: string; description: string | null; public: unknown; internal: unknown;
  items_count: number; user_id: number | null; created_at: string; updated_at: string;
}

export const toList = (r: ListRow): UserList => ({ ...r, user_id: r.user_id ?? 0, public: toBool(r.public), internal: toBool(r.internal) });

export async function findList(db: Db, id: number): Promise<ListRow | undefined> {
  return db.selectFrom('channels').select(LIST_COLUMNS).where('id', '=', id).where('type', '=', 'list').executeTakeFirst();
}

export async function findWatchlist(db: Db, userId: number): Promise<ListRow | undefined> {
  return db.selectFrom('channels').select(LIST_COLUMNS)
    .where('user_id', '=', userId).where('type', '=', 'list').where('internal', '=', true as never).executeTakeFirst();
}

export async function findOwner(db: Db, userId: number): Promise<ListOwner> {
  const u = await db.selectFrom('users').select(['id', 'first_name', 'last_name', 'avatar']).where('id', '=', userId).executeTakeFirst();
  return u ? { id: u.id, display_name: publicName(u), avatar: u.avatar } : { id: userId, display_name: '', avatar: null };
}

/** Whether a list's owner is suspended: their lists then answer 404 as their profile does (see lists/service.ts readableList). */
export async function ownerSuspended(db: Db, userId: number | null): Promise<boolean> {
  if (userId === null) return false;
  return Boolean(await db.selectFrom('users').select('id').where('id', '=', userId).where('banned_at', 'is not', null).executeTakeFirst());
}

/** In a query over `channels`: lists whose owner is not suspended (the public lists others may read). */
export const ownerNotSuspended = (eb: ExpressionBuilder<Database, 'channels'>) => eb.not(eb.exists(eb.selectFrom('users').select('users.id')
  .whereRef('users.id', '=', 'channels.user_id').where('users.banned_at', 'is not', null)));

/** A slug for a new list: a readable part of the name and a random tail (unique across channels; 3–20 characters). */
export function listSlug(name: string): string {
  const base = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 12).replace(/-+$/, '');
  return `${base || 'list'}-${crypto.randomBytes(4).toString('hex').slice(0, 6)}`;
}

export async function insertList(db: Db, v: { userId: number; name: string; description: string | null; public: boolean; internal: boolean; slug: string }): Promise<number> {
  const now = nowIso();
  const row = await db.insertInto('channels').values({
    name: v.name, slug: v.slug, description: v.description, type: 'list', user_id: v.userId, public: v.public, internal: v.internal,
    config: LIST_CONFIG, items_count: 0, version: 1, auto_updated_at: null, auto_update_error: null, created_at: now, updated_at: now,
  }).onConflict((oc) => oc.column('slug').doNothing()).returning('id').executeTakeFirst();
  return row?.id ?? 0;
}

/** Up to four posters of each list's first items, for the list covers (one indexed read per list). */
export async function listPosters(db: Db, listIds: number[]): Promise<Map<number, (string | null)[]>> {
  const out = new Map<number, (string | null)[]>();
  for (const id of listIds) {
    const rows = await db.selectFrom('channelables').innerJoin('titles', 'titles.id', 'channelables.channelable_id')
      .select('titles.poster').where('channelables.channel_id', '=', id).where('channelables.channelable_type', '=', 'title')
      .orderBy('channelables.order').orderBy('channelables.id').limit(4).execute();
    out.set(id, rows.map((r) => r.poster));
  }
  return out;
}

/** Card fields of the given titles, in the order of `ids` (titles deleted meanwhile are skipped). */
export async function titleCards(db: Db, ids: number[]): Promise<ListItem[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('titles').select(CARD_COLUMNS).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, { ...r, is_series: toBool(r.is_series) }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function titleExists(db: Db, titleId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('titles').select('id').where('id', '=', titleId).executeTakeFirst());
}

export async function findItem(db: Db, listId: number, titleId: number): Promise<{ id: number; order: number } | undefined> {
  return db.selectFrom('channelables').select(['id', 'order'])
    .where('channel_id', '=', listId).where('channelable_type', '=', 'title').where('channelable_id', '=', titleId).executeTakeFirst();
}

/** The lowest or highest `order` in a list: one step down the (channel_id, order, id) index. */
export async function edgeOrder(db: Db, listId: number, edge: 'min' | 'max'): Promise<number | null> {
  const row = await db.selectFrom('channelables').select('order').where('channel_id', '=', listId)
    .orderBy('order', edge === 'min' ? 'asc' : 'desc').limit(1).executeTakeFirst();
  return row ? row.order : null;
}

export async function insertItem(db: Db, listId: number, titleId: number, order: number): Promise<boolean> {
  const res = await db.insertInto('channelables').values({ channel_id: listId, channelable_type: 'title', channelable_id: titleId, order, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['channel_id', 'channelable_type', 'channelable_id']).doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteItem(db: Db, listId: number, titleId: number): Promise<boolean> {
  const res = await db.deleteFrom('channelables')
    .where('channel_id', '=', listId).where('channelable_type', '=', 'title').where('channelable_id', '=', titleId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Every item of a list in its order (at most 10,000 small rows). */
export async function orderedItems(db: Db, listId: number): Promise<{ id: number; order: number }[]> {
  return db.selectFrom('channelables').select(['id', 'order']).where('channel_id', '=', listId).orderBy('order').orderBy('id').execute();
}

export async function setItemOrder(db: Db, itemId: number, order: number): Promise<void> {
  await db.updateTable('channelables').set({ order }).where('id', '=', itemId).execute();
}

/** Title ids of one list (the watchlist ids the poster cards check), in list order. */
export async function itemTitleIds(db: Db, listId: number): Promise<number[]> {
  const rows = await db.selectFrom('channelables').select('channelable_id')
    .where('channel_id', '=', listId).where('channelable_type', '=', 'title').orderBy('order').orderBy('id').execute();
  return rows.map((r) => r.channelable_id);
}

/** The user's own (not internal) lists, newest first, each with whether it holds the title. */
export async function listsHolding(db: Db, userId: number, titleId: number, limit: number) {
  const lists = await db.selectFrom('channels').select(['id', 'name', 'public', 'internal'])
    .where('user_id', '=', userId).where('type', '=', 'list').orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
  const ids = lists.map((l) => l.id);
  const holding = ids.length
    ? new Set((await db.selectFrom('channelables').select('channel_id')
      .where('channelable_type', '=', 'title').where('channelable_id', '=', titleId).where('channel_id', 'in', ids).execute()).map((r) => r.channel_id))
    : new Set<number>();
  return lists.map((l) => ({ id: l.id, name: l.name, public: toBool(l.public), internal: toBool(l.internal), has: holding.has(l.id) }));
}
