import {
  LIST_FULL_MESSAGE, LIST_MENU_LIMIT, MAX_LIST_ITEMS, UNKNOWN_TITLE_MESSAGE,
  type ListMembership, type ListPageData, type UserList,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso, toBool, type Db } from '../../db/index.ts';
import { lockRows } from '../../db/row-lock.ts';
import { HttpError, forbidden, notFound, unprocessable, stillThere } from '../../http/errors.ts';
import { paginate } from '../../http/list-query.ts';
import { lockChannel, touchChannel } from '../channels/touch.ts';
import { LISTS_LIMIT, countGuard } from '../roles/count-limit.ts';
import type { Actor } from '../roles/grants.ts';
import {
  LIST_COLUMNS, deleteItem, edgeOrder, findItem, findList, findOwner, findWatchlist, insertItem, insertList, itemTitleIds, listPosters, listSlug,
  listsHolding, orderedItems, ownerSuspended, setItemOrder, titleCards, titleExists, toList, type ListRow,
} from './repository.ts';

/** Who asks: the signed-in user (or null) and whether they may see every list (lists.update, i.e. moderators). */
export interface ListCaller { userId: number | null; canSeeAll: boolean }

const LIST_NOT_FOUND = 'List not found';

/**
 * Whether someone other than the owner or a moderator may read the list: it is public and its owner is not suspended
 * (a suspended member's profile answers 404, so their lists do too, and the list's "By …" link never leads to a 404).
 */
export async function listOpenToAll(db: Db, list: { public: unknown; user_id: number | null }): Promise<boolean> {
  return toBool(list.public) && !(await ownerSuspended(db, list.user_id));
}

/**
 * A list the caller may read: a private list, or a suspended member's, opened by anyone but its owner (or a
 * moderator) is "not found", so its existence is not revealed.
 */
export async function readableList(db: Db, caller: ListCaller, id: number): Promise<ListRow> {
  const row = await findList(db, id);
  if (!row) throw notFound(LIST_NOT_FOUND);
  if (row.user_id !== caller.userId && !caller.canSeeAll && !(await listOpenToAll(db, row))) throw notFound(LIST_NOT_FOUND);
  return row;
}

/** A list the caller owns; someone else's answers 404 when others may not read it (as a read would) and 403 when they may. */
async function ownedList(db: Db, userId: number, id: number): Promise<ListRow> {
  const row = await findList(db, id);
  if (!row || (row.user_id !== userId && !(await listOpenToAll(db, row)))) throw notFound(LIST_NOT_FOUND);
  if (row.user_id !== userId) throw forbidden('Only the owner can change this list.');
  return row;
}

/** Items of a list through the shared list-query helper: a covering-index page of ids, then the cards. */
async function itemsPage(db: Db, list: ListRow, query: unknown) {
  const base = db.selectFrom('channelables').select(['channelable_id', 'channelable_type']).where('channel_id', '=', list.id);
  const page = await paginate<{ channelable_id: number; channelable_type: string }>(base, query, {
    sorts: { order: 'order' }, defaultSort: ['order', 'asc'], tieBreaker: 'id', filters: {},
    // The list row keeps its count in step with its items (touchChannel), so no count(*) over 10,000 rows.
    unfilteredTotal: async () => list.items_count,
  });
  const cards = await titleCards(db, page.data.filter((r) => r.channelable_type === 'title').map((r) => r.channelable_id));
  return { ...page, data: cards };
}

export async function loadListPage(ctx: AppContext, caller: ListCaller, id: number, query: unknown): Promise<ListPageData> {
  const row = await readableList(ctx.db, caller, id);
  const [user, items] = await Promise.all([findOwner(ctx.db, row.user_id ?? 0), itemsPage(ctx.db, row, query)]);
  return { list: { ...toList(row), user }, can_edit: row.user_id === caller.userId, items };
}

const ownLists = (db: Db, userId: number) => db.selectFrom('channels')
  .where('user_id', '=', userId).where('type', '=', 'list').where('internal', '=', false as never);

/** Holds the user to the count restriction of lists.create (the watchlist is not counted). */
export const listCountGuard = (ctx: AppContext, actor: Pick<Actor, 'id' | 'permissions'>) => countGuard(ctx, actor, 'lists.create', LISTS_LIMIT,
  async (db) => Number((await ownLists(db, actor.id).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0));

export async function createList(ctx: AppContext, actor: Pick<Actor, 'id' | 'permissions'>, v: { name: string; description: string | null; public: boolean }): Promise<UserList> {
  const guard = await listCountGuard(ctx, actor);
  // A random slug tail makes a clash rare; a clash just tries another.
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = await ctx.db.transaction().execute(async (trx) => {
      await guard(trx);
      return insertList(trx, { userId: actor.id, ...v, internal: false, slug: listSlug(v.name) });
    });
    if (id) return toList((await findList(ctx.db, id))!);
  }
  throw new HttpError(409, 'Could not create the list. Please try again.');
}

export async function updateList(ctx: AppContext, userId: number, id: number, v: { name: string; description: string | null; public: boolean }): Promise<UserList> {
  const row = await ownedList(ctx.db, userId, id);
  if (toList(row).internal) throw unprocessable('name', 'The watchlist cannot be renamed.');
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('channels').set({ name: v.name, description: v.description, public: v.public, updated_at: nowIso() }).where('id', '=', id).execute();
    await touchChannel(trx, id);
  });
  return toList((await findList(ctx.db, id))!);
}

export async function deleteList(ctx: AppContext, userId: number, id: number): Promise<void> {
  const row = await ownedList(ctx.db, userId, id);
  if (toList(row).internal) throw unprocessable('id', 'The watchlist cannot be deleted.');
  // channelables go with it (foreign key cascade).
  await ctx.db.deleteFrom('channels').where('id', '=', id).execute();
}

/** Locks the list row for the rest of the transaction on PostgreSQL, so two adds cannot both pass the 10,000 check. */
/**
 * Adds a title: unknown title → 422; already there → nothing written (idempotent); a full list → 422 and nothing
 * written. `at` puts it first (the watchlist, newest first) or last (a list, in the order the user builds).
 */
async function addTitle(ctx: AppContext, listId: number, titleId: number, at: 'start' | 'end', titleChecked = false): Promise<{ added: boolean }> {
  if (!titleChecked && !(await titleExists(ctx.db, titleId))) throw unprocessable('titleId', UNKNOWN_TITLE_MESSAGE);
  return ctx.db.transaction().execute(async (trx) => {
    // The title before the list, as deleting a title takes them: deleted meanwhile, it is refused, never left in the list.
    if (!(await lockRows(trx, ctx.dialect, 'titles', [titleId], 'share')).length) throw unprocessable('titleId', UNKNOWN_TITLE_MESSAGE);
    const count = await lockChannel(trx, ctx.dialect, listId);
    if (await findItem(trx, listId, titleId)) return { added: false };
    if (count >= MAX_LIST_ITEMS) throw unprocessable('titleId', LIST_FULL_MESSAGE);
    const edge = await edgeOrder(trx, listId, at === 'start' ? 'min' : 'max');
    const order = edge === null ? 0 : at === 'start' ? edge - 1 : edge + 1;
    const added = await insertItem(trx, listId, titleId, order);
    if (added) await touchChannel(trx, listId);
    return { added };
  });
}

async function removeTitle(ctx: AppContext, listId: number, titleId: number): Promise<{ removed: boolean }> {
  return ctx.db.transaction().execute(async (trx) => {
    const removed = await deleteItem(trx, listId, titleId);
    if (removed) await touchChannel(trx, listId);
    return { removed };
  });
}

export async function addToList(ctx: AppContext, userId: number, listId: number, titleId: number) {
  await ownedList(ctx.db, userId, listId);
  return addTitle(ctx, listId, titleId, 'end');
}

export async function removeFromList(ctx: AppContext, userId: number, listId: number, titleId: number) {
  await ownedList(ctx.db, userId, listId);
  return removeTitle(ctx, listId, titleId);
}

/**
 * Moves one item to a 0-based place in the whole list. Orders become 0..n-1 again, and only rows whose order
 * changes are written, so a move between neighbours is two updates even in a 10,000-item list.
 */
export async function moveItem(ctx: AppContext, userId: number, listId: number, titleId: number, position: number): Promise<void> {
  await ownedList(ctx.db, userId, listId);
  await ctx.db.transaction().execute(async (trx) => {
    await lockChannel(trx, ctx.dialect, listId);
    const item = await findItem(trx, listId, titleId);
    if (!item) throw notFound('This title is not in the list.');
    const rows = await orderedItems(trx, listId);
    const from = rows.findIndex((r) => r.id === item.id);
    const [moved] = rows.splice(from, 1);
    rows.splice(Math.min(position, rows.length), 0, moved);
    for (let i = 0; i < rows.length; i++) if (rows[i].order !== i) await setItemOrder(trx, rows[i].id, i);
    await touchChannel(trx, listId);
  });
}

/** The user's watchlist, created on first use: one per user, its slug derived from the user id so two first adds make one. */
export async function ensureWatchlist(ctx: AppContext, userId: number): Promise<ListRow> {
  const found = await findWatchlist(ctx.db, userId);
  if (found) return found;
  const base = { userId, name: 'Watchlist', description: null, public: false, internal: true };
  const id = await insertList(ctx.db, { ...base, slug: `watchlist-${userId}` });
  // The derived slug was taken (two first adds raced, or an admin picked it for a channel): look again, else a random slug.
  const row = await findWatchlist(ctx.db, userId);
  if (row) return row;
  if (!id) await insertList(ctx.db, { ...base, slug: listSlug('watchlist') });
  return stillThere(await findWatchlist(ctx.db, userId), 'List not found');
}

/** The watchlist page; reading it makes the watchlist, so its id is stable from the first visit. */
export async function watchlistPage(ctx: AppContext, userId: number, query: unknown): Promise<ListPageData> {
  const row = await ensureWatchlist(ctx, userId);
  return loadListPage(ctx, { userId, canSeeAll: false }, row.id, query);
}

export async function watchlistIds(ctx: AppContext, userId: number): Promise<number[]> {
  const row = await findWatchlist(ctx.db, userId);
  return row ? itemTitleIds(ctx.db, row.id) : [];
}

/** The user's own lists (not the watchlist), newest change first, with cover posters. */
export async function myLists(ctx: AppContext, userId: number, query: unknown) {
  const base = ownLists(ctx.db, userId).select(LIST_COLUMNS);
  const page = await paginate<ListRow>(base, query, {
    sorts: { updated_at: 'updated_at', created_at: 'created_at', name: 'name' }, defaultSort: ['updated_at', 'desc'], tieBreaker: 'id', filters: {},
  });
  const posters = await listPosters(ctx.db, page.data.map((r) => r.id));
  return { ...page, data: page.data.map((r) => ({ ...toList(r), posters: posters.get(r.id) ?? [] })) };
}

export async function addToWatchlist(ctx: AppContext, userId: number, titleId: number) {
  // Checked before the watchlist is made, so a bad title id leaves nothing behind.
  if (!(await titleExists(ctx.db, titleId))) throw unprocessable('titleId', UNKNOWN_TITLE_MESSAGE);
  const list = await ensureWatchlist(ctx, userId);
  return addTitle(ctx, list.id, titleId, 'start', true);
}

export async function removeFromWatchlist(ctx: AppContext, userId: number, titleId: number) {
  const list = await findWatchlist(ctx.db, userId);
  return list ? removeTitle(ctx, list.id, titleId) : { removed: false };
}

export async function membership(ctx: AppContext, userId: number, titleId: number): Promise<ListMembership> {
  const rows = await listsHolding(ctx.db, userId, titleId, LIST_MENU_LIMIT);
  return {
    watchlist: rows.some((r) => r.internal && r.has),
    lists: rows.filter((r) => !r.internal).slice(0, LIST_MENU_LIMIT).map(({ internal: _i, ...r }) => r),
  };
}
