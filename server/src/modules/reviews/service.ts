import { REVIEWS_PER_PAGE, type Review, type ReviewCreateInput, type ReviewFieldsInput, type ReviewPublicPage, reviewPublicQuerySchema } from '@app/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { nowIso, toBool, type Db } from '../../db/index.ts';
import { lockRows } from '../../db/row-lock.ts';
import { HttpError, forbidden, notFound, stillThere } from '../../http/errors.ts';
import { POSTING_LIMITS, assertCanModerate, assertCanPost, type ContentActor } from './posting.ts';
import { onDuplicate } from '../../db/errors.ts';
import { REVIEW_COLUMNS, findReview, findUserReview, toReviews } from './repository.ts';
import { lockRatable, ratingSummary, setRating } from './ratings.ts';

export const ALREADY_VOTED = 'You have already voted on this review.';
export const ALREADY_REVIEWED = 'You have already reviewed this title.';
const alreadyReviewed = () => new HttpError(422, ALREADY_REVIEWED, { reviewable_id: [ALREADY_REVIEWED] });

/** One title's reviews for the site, most helpful or newest first, 15 a page, with the caller's own review and votes. */
export async function publicReviews(ctx: AppContext, q: z.infer<typeof reviewPublicQuerySchema>, userId: number | null): Promise<ReviewPublicPage> {
  const perPage = REVIEWS_PER_PAGE;
  const base = ctx.db.selectFrom('reviews').where('reviewable_type', '=', q.reviewable_type).where('reviewable_id', '=', q.reviewable_id);
  let page = base.select(REVIEW_COLUMNS);
  page = q.sort === 'helpful'
    ? page.orderBy('helpful_count', 'desc').orderBy('id', 'desc')
    : page.orderBy('created_at', 'desc').orderBy('id', 'desc');
  const offset = (q.page - 1) * perPage;
  const [rows, totalRow, summary, mine] = await Promise.all([
    page.limit(perPage).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
    ratingSummary(ctx.db, 'title', q.reviewable_id),
    userId ? findUserReview(ctx.db, userId, q.reviewable_id) : Promise.resolve(null),
  ]);
  const data = await toReviews(ctx.db, rows as Review[]);
  const total = Number(totalRow?.total ?? 0);
  const votes = userId && data.length
    ? await ctx.db.selectFrom('review_votes').select(['review_id', 'is_helpful']).where('user_id', '=', userId).where('review_id', 'in', data.map((r) => r.id)).execute()
    : [];
  return {
    pagination: {
      current_page: q.page, per_page: perPage, from: data.length ? offset + 1 : null, to: data.length ? offset + data.length : null,
      total, last_page: Math.max(1, Math.ceil(total / perPage)), data,
    },
    my_review: mine,
    my_votes: votes.map((v) => ({ review_id: v.review_id, is_helpful: toBool(v.is_helpful) })),
    summary,
  };
}

export async function createReview(ctx: AppContext, userId: number, input: ReviewCreateInput): Promise<Review> {
  const title = await ctx.db.selectFrom('titles').select('id').where('id', '=', input.reviewable_id).executeTakeFirst();
  if (!title) throw notFound('Title not found');
  if (await findUserReview(ctx.db, userId, input.reviewable_id)) throw alreadyReviewed();
  await assertCanPost(ctx, userId, POSTING_LIMITS.reviews);
  const now = nowIso();
  // Two submits racing: the unique index keeps one review per user and title. The review's score is its writer's rating.
  const row = await onDuplicate(ctx.db.transaction().execute(async (trx) => {
    await lockRatable(ctx, trx, 'title', input.reviewable_id);
    const inserted = await trx.insertInto('reviews').values({
      user_id: userId, reviewable_type: 'title', reviewable_id: input.reviewable_id, score: input.score, title: input.title, body: input.body,
      created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await setRating(ctx, trx, userId, 'title', input.reviewable_id, input.score);
    return inserted;
  }), alreadyReviewed);
  return stillThere(await findReview(ctx.db, row.id, 'public'), 'Review not found');
}

/** The author edits their own review; a moderator (reviews.update) edits any but an admin's. */
export async function updateReview(ctx: AppContext, id: number, actor: ContentActor, input: ReviewFieldsInput): Promise<Review> {
  const review = await findReview(ctx.db, id);
  if (!review) throw notFound('Review not found');
  if (review.user_id !== actor.id && !actor.moderator) throw forbidden('You can only edit your own reviews.');
  if (actor.moderator) await assertCanModerate(ctx.db, actor, [review.user_id]);
  if (!actor.moderator) await assertCanPost(ctx, actor.id, POSTING_LIMITS.reviews);
  await ctx.db.transaction().execute(async (trx) => {
    if (review.reviewable_type === 'title') await lockRatable(ctx, trx, 'title', review.reviewable_id);
    await trx.updateTable('reviews').set({ score: input.score, title: input.title, body: input.body, updated_at: nowIso() }).where('id', '=', id).execute();
    // The writer's own edit moves their rating with the score; a moderator's does not rate in their name.
    if (review.user_id === actor.id && review.reviewable_type === 'title') await setRating(ctx, trx, actor.id, 'title', review.reviewable_id, input.score);
  });
  return stillThere(await findReview(ctx.db, id, actor.moderator ? 'admin' : 'public'), 'Review not found');
}

/** Deletes reviews: one's own, or any but an admin's with reviews.delete. Votes and reports go with them. */
export async function deleteReviews(ctx: AppContext, ids: number[], actor: ContentActor): Promise<number> {
  if (!actor.moderator) {
    const foreign = await ctx.db.selectFrom('reviews').select('id').where('id', 'in', ids).where('user_id', '!=', actor.id).executeTakeFirst();
    if (foreign) throw forbidden('You can only delete your own reviews.');
  } else if (!actor.admin) {
    const authors = await ctx.db.selectFrom('reviews').select('user_id').distinct().where('id', 'in', ids).execute();
    await assertCanModerate(ctx.db, actor, authors.map((r) => r.user_id));
  }
  return ctx.db.transaction().execute(async (trx) => {
    // Locked first: a vote or report racing the delete is in before the clean-up, or finds the review gone.
    await lockRows(trx, ctx.dialect, 'reviews', ids, 'update');
    await trx.deleteFrom('content_reports').where('reportable_type', '=', 'review').where('reportable_id', 'in', ids).execute();
    await trx.deleteFrom('review_votes').where('review_id', 'in', ids).execute();
    const res = await trx.deleteFrom('reviews').where('id', 'in', ids).executeTakeFirst();
    return Number(res.numDeletedRows);
  });
}

/**
 * Marks a review helpful or not helpful: once per user (the same vote twice is a 422, the other way moves the
 * vote), never on one's own review. The review's counters move in the same transaction.
 */
export async function voteReview(ctx: AppContext, id: number, userId: number, isHelpful: boolean): Promise<Pick<Review, 'id' | 'helpful_count' | 'not_helpful_count'>> {
  const review = await ctx.db.selectFrom('reviews').select(['id', 'user_id']).where('id', '=', id).executeTakeFirst();
  if (!review) throw notFound('Review not found');
  if (review.user_id === userId) throw new HttpError(422, 'You cannot vote on your own review.', { is_helpful: ['You cannot vote on your own review.'] });
  await assertCanPost(ctx, userId, POSTING_LIMITS.votes);
  const alreadyVoted = () => new HttpError(422, ALREADY_VOTED, { is_helpful: [ALREADY_VOTED] });
  // Two clicks at once both find no vote: the unique index takes one, and the other gets the same answer as a late click.
  await onDuplicate(ctx.db.transaction().execute(async (trx) => {
    await lockReview(ctx, trx, id);
    const old = await trx.selectFrom('review_votes').select('is_helpful').where('review_id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (old && toBool(old.is_helpful) === isHelpful) throw alreadyVoted();
    if (old) await trx.updateTable('review_votes').set({ is_helpful: isHelpful }).where('review_id', '=', id).where('user_id', '=', userId).execute();
    else await trx.insertInto('review_votes').values({ review_id: id, user_id: userId, is_helpful: isHelpful, created_at: nowIso() }).execute();
    const up = isHelpful ? 1 : 0;
    const down = isHelpful ? 0 : 1;
    await trx.updateTable('reviews').set((eb) => ({
      helpful_count: eb('helpful_count', '+', up - (old ? down : 0)),
      not_helpful_count: eb('not_helpful_count', '+', down - (old ? up : 0)),
    })).where('id', '=', id).execute();
  }), alreadyVoted);
  return reviewCounts(ctx, id);
}

/**
 * Takes back the member's vote on a review (pressing a pressed Helpful or Not helpful again), moving the review's
 * counter with it in the same transaction; without a vote nothing changes. Answers the review's counts.
 */
export async function withdrawReviewVote(ctx: AppContext, id: number, userId: number): Promise<Pick<Review, 'id' | 'helpful_count' | 'not_helpful_count'>> {
  const review = await ctx.db.selectFrom('reviews').select('id').where('id', '=', id).executeTakeFirst();
  if (!review) throw notFound('Review not found');
  await assertCanPost(ctx, userId, POSTING_LIMITS.votes);
  await ctx.db.transaction().execute(async (trx) => {
    await lockReview(ctx, trx, id);
    const old = await trx.deleteFrom('review_votes').where('review_id', '=', id).where('user_id', '=', userId).returning('is_helpful').executeTakeFirst();
    if (!old) return;
    const column = toBool(old.is_helpful) ? 'helpful_count' : 'not_helpful_count';
    await trx.updateTable('reviews').set((eb) => ({ [column]: eb(column, '-', 1) })).where('id', '=', id).execute();
  });
  return reviewCounts(ctx, id);
}

/**
 * A vote's transaction takes the review's row first: two votes of one member take turns (each reading the vote the
 * other wrote, so the counters move once), and a review deleted meanwhile is a 404, never a vote on nothing.
 */
async function lockReview(ctx: AppContext, trx: Db, id: number): Promise<void> {
  if (!(await lockRows(trx, ctx.dialect, 'reviews', [id], 'update')).length) throw notFound('Review not found');
}

const reviewCounts = async (ctx: AppContext, id: number) =>
  stillThere(await ctx.db.selectFrom('reviews').select(['id', 'helpful_count', 'not_helpful_count']).where('id', '=', id).executeTakeFirst(), 'Review not found');
