import type { FastifyInstance } from 'fastify';
import {
  ratingBodySchema, ratingParamsSchema, reportSchema, reviewCreateSchema, reviewFieldsSchema, reviewPublicQuerySchema, reviewVoteSchema, type Review,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound, parse } from '../../http/errors.ts';
import { paginate, parseIds } from '../../http/list-query.ts';
import { requireUser } from '../../http/auth.ts';
import { reviewsListDefinition } from './list.ts';
import { reportItem } from './posting.ts';
import { myRating, rate, ratingSummary, unrate } from './ratings.ts';
import { REVIEW_COLUMNS, findReview, toReviews } from './repository.ts';
import { createReview, deleteReviews, publicReviews, updateReview, voteReview } from './service.ts';

export const idParam = (params: unknown, what = 'Review not found') => {
  const id = Number((params as { id: string }).id);
  if (!Number.isInteger(id) || id < 1) throw notFound(what);
  return id;
};

/** Reviews (Part C "Comments and reviews": GET reviews, PUT reviews/{id}) and the site's ratings, votes and reports. */
export function reviewsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/reviews', { config: { permission: 'reviews.update' } }, async (req) => {
    const page = await paginate<Review>(ctx.db.selectFrom('reviews').select(REVIEW_COLUMNS), req.query, reviewsListDefinition(ctx));
    return { pagination: { ...page, data: await toReviews(ctx.db, page.data, true) } };
  });

  app.get('/api/v1/reviews/public', { config: { permission: 'reviews.view' } }, async (req) =>
    publicReviews(ctx, parse(reviewPublicQuerySchema, req.query), req.auth.userId));

  app.get('/api/v1/reviews/:id', { config: { permission: 'reviews.update' } }, async (req) => {
    const review = await findReview(ctx.db, idParam(req.params));
    if (!review) throw notFound('Review not found');
    return { review };
  });

  app.post('/api/v1/reviews', { config: { permission: 'reviews.create' } }, async (req) => {
    const review = await createReview(ctx, requireUser(req), parse(reviewCreateSchema, req.body));
    return { review, message: 'Review created' };
  });

  app.put('/api/v1/reviews/:id', { config: { permission: ['reviews.create', 'reviews.update'] } }, async (req) => {
    const id = idParam(req.params);
    const review = await updateReview(ctx, id, { id: requireUser(req), moderator: req.auth.can('reviews.update') }, parse(reviewFieldsSchema, req.body));
    return { review, message: 'Review updated' };
  });

  app.delete('/api/v1/reviews/:ids', { config: { permission: ['reviews.create', 'reviews.delete'] } }, async (req) => {
    const ids = parseIds((req.params as { ids: string }).ids);
    const deleted = await deleteReviews(ctx, ids, { id: requireUser(req), moderator: req.auth.can('reviews.delete') });
    return { deleted, message: 'Review deleted' };
  });

  app.post('/api/v1/reviews/:id/vote', { config: { permission: 'reviews.view' } }, async (req) => {
    const id = idParam(req.params);
    const review = await voteReview(ctx, id, requireUser(req), parse(reviewVoteSchema, req.body).is_helpful);
    return { review };
  });

  app.post('/api/v1/reviews/:id/report', { config: { permission: 'reviews.view' } }, async (req) => {
    const id = idParam(req.params);
    const reports_count = await reportItem(ctx, 'review', id, requireUser(req), parse(reportSchema, req.body).reason);
    return { reports_count, message: 'Review reported' };
  });

  // One rating per user per title or episode; the item's average and count come from the maintained totals.
  app.get('/api/v1/ratings/:type/:id', { config: { permission: 'public' } }, async (req) => {
    const p = parse(ratingParamsSchema, req.params);
    const [summary, my_score] = await Promise.all([ratingSummary(ctx.db, p.type, p.id), myRating(ctx.db, req.auth.userId, p.type, p.id)]);
    return { summary, my_score };
  });

  app.put('/api/v1/ratings/:type/:id', { config: { permission: 'authenticated' } }, async (req) => {
    const p = parse(ratingParamsSchema, req.params);
    const { score } = parse(ratingBodySchema, req.body);
    return { summary: await rate(ctx, requireUser(req), p.type, p.id, score), my_score: score, message: 'Rating saved' };
  });

  app.delete('/api/v1/ratings/:type/:id', { config: { permission: 'authenticated' } }, async (req) => {
    const p = parse(ratingParamsSchema, req.params);
    return { summary: await unrate(ctx, requireUser(req), p.type, p.id), my_score: null, message: 'Rating removed' };
  });
}
