import type { FastifyInstance } from 'fastify';
import { profileListsResponse, profilePageResponse, profileParamsSchema, profilePagingQuerySchema, profileReviewsResponse } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { typed } from '../../http/schema.ts';
import { loadProfilePage, profileLists, profileReviews } from './service.ts';
import { profilesSitemapSource } from './seo.ts';

/** Public profiles (contracts/src/profiles.ts): read-only, `users.view`; what they show follows lists.view and reviews.view. */
export function profilesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  const view = { config: { permission: 'users.view' } };
  api.get('/api/v1/users/:id/profile', { ...view, schema: { params: profileParamsSchema, response: { 200: profilePageResponse } } }, async (req) =>
    loadProfilePage(ctx, req.auth, req.params.id));
  api.get('/api/v1/users/:id/reviews', { ...view, schema: { params: profileParamsSchema, querystring: profilePagingQuerySchema, response: { 200: profileReviewsResponse } } }, async (req) =>
    ({ pagination: await profileReviews(ctx, req.auth, req.params.id, req.query.page) }));
  api.get('/api/v1/users/:id/lists', { ...view, schema: { params: profileParamsSchema, querystring: profilePagingQuerySchema, response: { 200: profileListsResponse } } }, async (req) =>
    ({ pagination: await profileLists(ctx, req.auth, req.params.id, req.query.page) }));
  profilesSitemapSource();
}
