import type { RatableType, RatingSummary } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { lockRows } from '../../db/row-lock.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { POSTING_LIMITS, assertCanPost } from './posting.ts';
import { showLocalRating } from './shown-ratings.ts';

const REVIEW_KEEPS_RATING = 'Your review carries this rating: change its score, or delete the review, instead.';

/** Exists-checks of what can be rated, by type: a Map, so a type never picks a property of an object. */
const RATABLES = new Map<RatableType, (db: Db, id: number) => Promise<boolean>>([
  ['title', async (db, id) => Boolean(await db.selectFrom('titles').select('id').where('id', '=', id).executeTakeFirst())],
  ['episode', async (db, id) => Boolean(await db.selectFrom('episodes').select('id').where('id', '=', id).executeTakeFirst())],
]);

export async function ratingSummary(db: Db, type: RatableType, id: number): Promise<RatingSummary> {
  const row = await db.selectFrom('rating_totals').select(['score_sum', 'count']).where('ratable_type', '=', type).where('ratable_id', '=', id).executeTakeFirst();
  const count = Number(row?.count ?? 0);
  return { count, average: count ? Math.round((Number(row!.score_sum) / count) * 10) / 10 : null };
}

export async function myRating(db: Db, userId: number | null, type: RatableType, id: number): Promise<number | null> {
  if (!userId) return null;
  const row = await db.selectFrom('ratings').select('score').where('user_id', '=', userId).where('ratable_type', '=', type).where('ratable_id', '=', id).executeTakeFirst();
  return row?.score ?? null;
}

const ratableMissing = (type: RatableType) => notFound(type === 'title' ? 'Title not found' : 'Episode not found');

async function assertRatable(db: Db, type: RatableType, id: number) {
  const exists = RATABLES.get(type);
  if (!exists || !(await exists(db, id))) throw ratableMissing(type);
}

/** Sets the user's one rating of an item (creating or changing it) and moves the item's totals in the same transaction. */
export async function rate(ctx: AppContext, userId: number, type: RatableType, id: number, score: number): Promise<RatingSummary> {
  await assertRatable(ctx.db, type, id);
  await assertCanPost(ctx, userId, POSTING_LIMITS.ratings);
  await ctx.db.transaction().execute(async (trx) => {
    await setRating(ctx, trx, userId, type, id, score);
    // A review's score is its writer's rating of the title ("It is also your rating of this title."): they move together.
    if (type === 'title') {
      await trx.updateTable('reviews').set({ score, updated_at: nowIso() }).where('user_id', '=', userId)
        .where('reviewable_type', '=', type).where('reviewable_id', '=', id).where('score', '!=', score).execute();
    }
  });
  return ratingSummary(ctx.db, type, id);
}

/**
 * On PostgreSQL two ratings of one item at once (a double click, two tabs) would both read the same old score and
 * move the totals twice, or both insert and one fail: locking the item's row first makes them take turns, each
 * reading what the other wrote. SQLite runs one write transaction at a time already. A title deleted meanwhile is a
 * 404 (its delete locks the row first), never a rating left behind on nothing. A transaction that also writes the
 * member's review takes this lock before touching the review, as rating does, or the two wait on each other.
 */
export async function lockRatable(ctx: AppContext, trx: Db, type: RatableType, id: number): Promise<void> {
  // Deleted since the caller looked (the delete cleared the ratings before this one was in): nothing to rate.
  if (!(await lockRows(trx, ctx.dialect, type === 'title' ? 'titles' : 'episodes', [id], 'update')).length) throw ratableMissing(type);
}

/** The rating write itself, inside the caller's transaction (a rating, or a review whose score is its writer's rating). */
export async function setRating(ctx: AppContext, trx: Db, userId: number, type: RatableType, id: number, score: number): Promise<void> {
  await lockRatable(ctx, trx, type, id);
  const old = await trx.selectFrom('ratings').select(['id', 'score']).where('user_id', '=', userId).where('ratable_type', '=', type).where('ratable_id', '=', id).executeTakeFirst();
  const now = nowIso();
  if (old) {
    await trx.updateTable('ratings').set({ score, updated_at: now }).where('id', '=', old.id).execute();
  } else {
    await trx.insertInto('ratings').values({ user_id: userId, ratable_type: type, ratable_id: id, score, created_at: now, updated_at: now }).execute();
  }
  await trx.insertInto('rating_totals').values({ ratable_type: type, ratable_id: id, score_sum: score, count: 1 })
    .onConflict((oc) => oc.columns(['ratable_type', 'ratable_id']).doUpdateSet((eb) => ({
      score_sum: eb('rating_totals.score_sum', '+', score - (old?.score ?? 0)),
      count: eb('rating_totals.count', '+', old ? 0 : 1),
    }))).execute();
  await showLocalRating(ctx, trx, type, id);
}

/** Removes the user's rating, if any, and its share of the totals. */
export async function unrate(ctx: AppContext, userId: number, type: RatableType, id: number): Promise<RatingSummary> {
  await assertRatable(ctx.db, type, id);
  await ctx.db.transaction().execute(async (trx) => {
    await lockRatable(ctx, trx, type, id);
    const review = type === 'title' && await trx.selectFrom('reviews').select('id').where('user_id', '=', userId)
      .where('reviewable_type', '=', type).where('reviewable_id', '=', id).executeTakeFirst();
    if (review) throw new HttpError(422, REVIEW_KEEPS_RATING, { score: [REVIEW_KEEPS_RATING] });
    const old = await trx.deleteFrom('ratings').where('user_id', '=', userId).where('ratable_type', '=', type).where('ratable_id', '=', id)
      .returning('score').executeTakeFirst();
    if (!old) return;
    await trx.updateTable('rating_totals').set((eb) => ({ score_sum: eb('score_sum', '-', old.score), count: eb('count', '-', 1) }))
      .where('ratable_type', '=', type).where('ratable_id', '=', id).execute();
    await showLocalRating(ctx, trx, type, id);
  });
  return ratingSummary(ctx.db, type, id);
}
