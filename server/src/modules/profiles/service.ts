import {
  PROFILE_LISTS_LIMIT, PROFILE_NOT_FOUND, PROFILE_REVIEWS_PER_PAGE,
  type Pagination, type ProfilePageData, type ProfileReview, type PublicProfile, type UserList,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { toBool, type Db } from '../../db/index.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { paginate } from '../../http/list-query.ts';
import { LIST_COLUMNS, listPosters, toList, type ListRow } from '../lists/repository.ts';
import type { PageCaller } from '../titles/page.ts';
import { publicName } from '../users/repository.ts';


const publicLists = (db: Db, userId: number) => db.selectFrom('channels')
  .where('user_id', '=', userId).where('type', '=', 'list').where('public', '=', true as never).where('internal', '=', false as never);

/** Counts and an existence probe, each served by an index on user_id. */
async function published(db: Db, userId: number) {
  const [reviews, lists] = await Promise.all([
    db.selectFrom('reviews').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('reviewable_type', '=', 'title').executeTakeFirst(),
    publicLists(db, userId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  const counts = { reviews_count: Number(reviews?.n ?? 0), lists_count: Number(lists?.n ?? 0) };
  const any = counts.reviews_count > 0 || counts.lists_count > 0
    || Boolean(await db.selectFrom('comments').select('id').where('user_id', '=', userId).where('deleted', '=', false as never).limit(1).executeTakeFirst());
  return { counts, any };
}

/**
 * The member whose profile the caller may see. A suspended member, or one who has published nothing (no review,
 * comment or public list), answers 404 like an unknown id: only they and user managers see such a profile, so
 * walking the ids cannot list every member's name.
 */
async function visibleProfile(db: Db, caller: PageCaller, id: number): Promise<PublicProfile> {
  const u = await db.selectFrom('users').select(['id', 'first_name', 'last_name', 'avatar', 'banned_at', 'created_at'])
    .where('id', '=', id).executeTakeFirst();
  if (!u) throw notFound(PROFILE_NOT_FOUND);
  const privileged = caller.userId === id || caller.can('users.update');
  if (u.banned_at && !privileged) throw notFound(PROFILE_NOT_FOUND);
  const { counts, any } = await published(db, id);
  if (!any && !privileged) throw notFound(PROFILE_NOT_FOUND);
  return { id: u.id, display_name: publicName(u), avatar: u.avatar, created_at: u.created_at, ...counts };
}

const emptyPage = <T>(perPage: number): Pagination<T> => ({ current_page: 1, per_page: perPage, from: null, to: null, total: 0, last_page: 1, data: [] });

/** A page of the member's public lists, most recently updated first, with cover posters. */
async function listsPage(db: Db, userId: number, total: number, page: number): Promise<Pagination<UserList>> {
  const rows = await paginate<ListRow>(publicLists(db, userId).select(LIST_COLUMNS), { page, perPage: PROFILE_LISTS_LIMIT }, {
    sorts: { updated_at: 'updated_at' }, defaultSort: ['updated_at', 'desc'], tieBreaker: 'id', filters: {},
    unfilteredTotal: async () => total,
  });
  const posters = await listPosters(db, rows.data.map((r) => r.id));
  return { ...rows, data: rows.data.map((r) => ({ ...toList(r), posters: posters.get(r.id) ?? [] })) };
}

/** A page of the member's reviews, newest first (the reviews_user_created index), each with its title's card. */
async function reviewsPage(db: Db, userId: number, total: number, page: number): Promise<Pagination<ProfileReview>> {
  const base = db.selectFrom('reviews')
    .select(['reviews.id', 'reviews.score', 'reviews.title', 'reviews.body', 'reviews.helpful_count', 'reviews.not_helpful_count', 'reviews.created_at', 'reviews.reviewable_id'])
    .where('reviews.user_id', '=', userId).where('reviews.reviewable_type', '=', 'title');
  type Row = Omit<ProfileReview, 'reviewable'> & { reviewable_id: number };
  const rows = await paginate<Row>(base, { page, perPage: PROFILE_REVIEWS_PER_PAGE }, {
    sorts: { created_at: 'reviews.created_at' }, defaultSort: ['created_at', 'desc'], tieBreaker: 'reviews.id', filters: {},
    unfilteredTotal: async () => total,
  });
  const ids = [...new Set(rows.data.map((r) => r.reviewable_id))];
  const titles = ids.length ? await db.selectFrom('titles').select(['id', 'name', 'poster', 'year', 'is_series']).where('id', 'in', ids).execute() : [];
  const byId = new Map(titles.map((t) => [t.id, { ...t, is_series: toBool(t.is_series) }]));
  return { ...rows, data: rows.data.map(({ reviewable_id, ...r }) => ({ ...r, reviewable: byId.get(reviewable_id) ?? null })) };
}

/** `GET users/{id}/profile`: the profile, their public lists (with covers) and the first page of their reviews. */
export async function loadProfilePage(ctx: AppContext, caller: PageCaller, id: number): Promise<ProfilePageData> {
  if (!caller.can('users.view')) throw forbidden("You don't have permission to view user profiles.");
  const user = await visibleProfile(ctx.db, caller, id);
  const [lists, reviews] = await Promise.all([
    caller.can('lists.view') && user.lists_count ? listsPage(ctx.db, id, user.lists_count, 1) : Promise.resolve(emptyPage<UserList>(PROFILE_LISTS_LIMIT)),
    caller.can('reviews.view') && user.reviews_count ? reviewsPage(ctx.db, id, user.reviews_count, 1) : Promise.resolve(emptyPage<ProfileReview>(PROFILE_REVIEWS_PER_PAGE)),
  ]);
  return { user, is_me: caller.userId === id, reviews, lists: lists.data };
}

/** `GET users/{id}/lists`: later pages of the profile's public lists (same visibility as the profile). */
export async function profileLists(ctx: AppContext, caller: PageCaller, id: number, page: number): Promise<Pagination<UserList>> {
  const user = await visibleProfile(ctx.db, caller, id);
  if (!caller.can('lists.view')) return emptyPage(PROFILE_LISTS_LIMIT);
  return listsPage(ctx.db, id, user.lists_count, page);
}

/** `GET users/{id}/reviews`: later pages of the profile's reviews (same visibility as the profile). */
export async function profileReviews(ctx: AppContext, caller: PageCaller, id: number, page: number): Promise<Pagination<ProfileReview>> {
  const user = await visibleProfile(ctx.db, caller, id);
  if (!caller.can('reviews.view')) return emptyPage(PROFILE_REVIEWS_PER_PAGE);
  return reviewsPage(ctx.db, id, user.reviews_count, page);
}
