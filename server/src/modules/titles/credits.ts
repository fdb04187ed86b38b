import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CREDITS_PER_PAGE, creditReorderSchema, creditSchema, creditUpdateSchema, doneResponse, listQuerySchema, titleCreditListResponse, titleCreditResponse,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { idParam, idSchema, typed } from '../../http/schema.ts';
import { addCredit, deleteCredit, listCredits, reorderCredits, resolveCreditable, updateCredit } from './credits-service.ts';

/** A season or episode number; absent (or empty) means the title itself. */
const creditOwnerNumber = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(100_000).optional());
const creditOwnerQuery = z.object({ season: creditOwnerNumber, episode: creditOwnerNumber });
const creditsQuery = listQuerySchema.extend({
  ...creditOwnerQuery.shape,
  crewType: z.enum(['cast', 'crew']).optional(),
  perPage: z.coerce.number().int().min(10).max(100).default(CREDITS_PER_PAGE),
});
const creditParams = z.object({ id: idSchema, creditId: idSchema });

export function creditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  // Cast (department Actors) or crew (everything else) of a title, season or episode, in their saved order.
  api.get('/api/v1/titles/:id/credits', { config: { permission: ['titles.view', 'titles.update'] }, schema: { params: idParam, querystring: creditsQuery, response: { 200: titleCreditListResponse } } }, async (req) => {
    const { crewType, season, episode, ...listQuery } = req.query;
    const owner = await resolveCreditable(ctx.db, req.params.id, season ?? null, episode ?? null);
    return { pagination: await listCredits(ctx, owner, crewType, listQuery) };
  });

  api.post('/api/v1/titles/:id/credits', { config: { permission: 'titles.update' }, schema: { params: idParam, body: creditSchema, response: { 200: titleCreditResponse } } }, async (req) =>
    ({ credit: await addCredit(ctx, req.params.id, req.body) }));

  api.put('/api/v1/titles/:id/credits/:creditId', { config: { permission: 'titles.update' }, schema: { params: creditParams, body: creditUpdateSchema, response: { 200: titleCreditResponse } } }, async (req) =>
    ({ credit: await updateCredit(ctx, req.params.id, req.params.creditId, req.body) }));

  api.delete('/api/v1/titles/:id/credits/:creditId', {
    config: { permission: 'titles.update' }, schema: { params: creditParams, querystring: creditOwnerQuery, response: { 200: doneResponse } },
  }, async (req) => {
    const owner = await resolveCreditable(ctx.db, req.params.id, req.query.season ?? null, req.query.episode ?? null);
    await deleteCredit(ctx, owner, req.params.creditId);
    return {};
  });

  // The ids in their new order; all must belong to one title, season or episode.
  api.post('/api/v1/titles/credits/reorder', { config: { permission: 'titles.update' }, schema: { body: creditReorderSchema, response: { 200: doneResponse } } }, async (req) => {
    await reorderCredits(ctx, req.body.ids);
    return {};
  });
}
