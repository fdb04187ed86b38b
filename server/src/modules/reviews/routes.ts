import type { FastifyInstance } from 'fastify';
import {
  deletedCountResponse, ratingBodySchema, ratingParamsSchema, ratingResponse, reportSchema, reportedResponse, reviewCreateSchema, reviewFieldsSchema, reviewListResponse,
  reviewPublicQuerySchema, reviewPublicResponse, reviewResponse, reviewVoteResponse, reviewVoteSchema, listQuerySchema,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { idParam, idsParam, typed } from '../../http/schema.ts';
import { requireUser } from '../../http/auth.ts';
import { reportItem } from './posting.ts';
import { reportModerationRoutes } from './reports.ts';
import { myRating, rate, ratingSummary, unrate } from './ratings.ts';
import { findReview, listReviews } from './repository.ts';
import { createReview, deleteReviews, publicReviews, updateReview, voteReview, withdrawReviewVote } from './service.ts';
import { showRatings } from './shown-ratings.ts';

/** Reviews (Part C "Comments and reviews": GET reviews, PUT reviews/{id}) and the site's ratings, votes and reports. */
export function reviewsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  // Switching the rating column rewrites every title's and episode's shown rating in the same transaction.
  ctx.settings.onWrite('server.rating_column', (trx, column) => showRatings(trx, column));
  api.get('/api/v1/reviews', { config: { permission: 'reviews.update' }, schema: { querystring: listQuerySchema, response: { 200: reviewListResponse } } }, async (req) =>
    ({ pagination: await listReviews(ctx, req.query) }));

  api.get('/api/v1/reviews/public', { config: { permission: 'reviews.view' }, schema: { querystring: reviewPublicQuerySchema, response: { 200: reviewPublicResponse } } }, async (req) =>
    publicReviews(ctx, req.query, req.auth.userId));

  api.get('/api/v1/reviews/:id', { config: { permission: 'reviews.update' }, schema: { params: idParam, response: { 200: reviewResponse } } }, async (req) => {
    const review = await findReview(ctx.db, req.params.id);
    if (!review) throw notFound('Review not found');
    return { review };
  });

  api.post('/api/v1/reviews', { config: { permission: 'reviews.create' }, schema: { body: reviewCreateSchema, response: { 200: reviewResponse } } }, async (req) => {
    const review = await createReview(ctx, requireUser(req), req.body);
    return { review, message: 'Review created' };
  });

  api.put('/api/v1/reviews/:id', {
    config: { permission: ['reviews.create', 'reviews.update'] }, schema: { params: idParam, body: reviewFieldsSchema, response: { 200: reviewResponse } },
  }, async (req) => {
    const { id } = req.params;
    const review = await updateReview(ctx, id, { id: requireUser(req), moderator: req.auth.can('reviews.update'), admin: req.auth.can('admin') }, req.body);
    return { review, message: 'Review updated' };
  });

  api.delete('/api/v1/reviews/:ids', {
    config: { permission: ['reviews.create', 'reviews.delete'] }, schema: { params: idsParam, response: { 200: deletedCountResponse } },
  }, async (req) => {
    const { ids } = req.params;
    const deleted = await deleteReviews(ctx, ids, { id: requireUser(req), moderator: req.auth.can('reviews.delete'), admin: req.auth.can('admin') });
    return { deleted, message: 'Review deleted' };
  });

  api.post('/api/v1/reviews/:id/vote', { config: { permission: 'reviews.view' }, schema: { params: idParam, body: reviewVoteSchema, response: { 200: reviewVoteResponse } } }, async (req) => {
    const { id } = req.params;
    const review = await voteReview(ctx, id, requireUser(req), req.body.is_helpful);
    return { review };
  });

  api.delete('/api/v1/reviews/:id/vote', { config: { permission: 'reviews.view' }, schema: { params: idParam, response: { 200: reviewVoteResponse } } }, async (req) => {
    const review = await withdrawReviewVote(ctx, req.params.id, requireUser(req));
    return { review };
  });

  api.post('/api/v1/reviews/:id/report', { config: { permission: 'reviews.view' }, schema: { params: idParam, body: reportSchema, response: { 200: reportedResponse } } }, async (req) => {
    const { id } = req.params;
    const reports_count = await reportItem(ctx, 'review', id, requireUser(req), req.body.reason);
    return { reports_count, message: 'Review reported' };
  });
  // Moderators read why a review was reported and dismiss its reports once checked.
  reportModerationRoutes(app, ctx, 'review', 'reviews', 'reviews.update');

  // One rating per user per title or episode; the item's average and count come from the maintained totals.
  api.get('/api/v1/ratings/:type/:id', { config: { permission: 'public' }, schema: { params: ratingParamsSchema, response: { 200: ratingResponse } } }, async (req) => {
    const p = req.params;
    const [summary, my_score] = await Promise.all([ratingSummary(ctx.db, p.type, p.id), myRating(ctx.db, req.auth.userId, p.type, p.id)]);
    return { summary, my_score };
  });

  api.put('/api/v1/ratings/:type/:id', { config: { permission: 'authenticated', tokenScope: 'reviews.create' }, schema: { params: ratingParamsSchema, body: ratingBodySchema, response: { 200: ratingResponse } } }, async (req) => {
    const p = req.params;
    const { score } = req.body;
    return { summary: await rate(ctx, requireUser(req), p.type, p.id, score), my_score: score, message: 'Rating saved' };
  });

  api.delete('/api/v1/ratings/:type/:id', { config: { permission: 'authenticated', tokenScope: 'reviews.create' }, schema: { params: ratingParamsSchema, response: { 200: ratingResponse } } }, async (req) => {
    const p = req.params;
    return { summary: await unrate(ctx, requireUser(req), p.type, p.id), my_score: null, message: 'Rating removed' };
  });
}
