import type { FastifyInstance } from 'fastify';
import { doneResponse, listQuerySchema, tagListResponse, tagResponse, tagSchema } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { idParam, idsParam, typed } from '../../http/schema.ts';
import { findTag, listTags } from './repository.ts';
import { createTag, deleteTags, updateTag } from './service.ts';

/** Tags admin (Part B, tags): list with filter, create, update, bulk delete. */
export function tagsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  const manage = 'tags.update';

  api.get('/api/v1/tags', { config: { permission: [manage, 'tags.view'] }, schema: { querystring: listQuerySchema, response: { 200: tagListResponse } } }, async (req) =>
    ({ pagination: await listTags(ctx, req.query) }));

  api.get('/api/v1/tags/:id', { config: { permission: [manage, 'tags.view'] }, schema: { params: idParam, response: { 200: tagResponse } } }, async (req) => {
    const tag = await findTag(ctx.db, req.params.id);
    if (!tag) throw notFound('Tag not found');
    return { tag };
  });

  api.post('/api/v1/tags', { config: { permission: manage }, schema: { body: tagSchema, response: { 200: tagResponse } } }, async (req) => ({ tag: await createTag(ctx, req.body) }));

  api.put('/api/v1/tags/:id', { config: { permission: manage }, schema: { params: idParam, body: tagSchema, response: { 200: tagResponse } } }, async (req) =>
    ({ tag: await updateTag(ctx, req.params.id, req.body) }));

  api.delete('/api/v1/tags/:ids', { config: { permission: ['tags.delete', manage] }, schema: { params: idsParam, response: { 200: doneResponse } } }, async (req) => {
    await deleteTags(ctx, req.params.ids);
    return {};
  });
}
