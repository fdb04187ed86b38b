import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TITLE_TAG_TYPES, doneResponse, listQuerySchema, titleTagListResponse, titleTagResponse, titleTagSchema } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { idSchema, idsSchema, typed } from '../../http/schema.ts';
import { createTag, deleteTags, listTags, tagTypeOf as tagType, updateTag } from '../tags/store.ts';

const typeParam = z.object({ type: z.string().max(32).meta({ description: `One of ${TITLE_TAG_TYPES.join(', ')}.`, examples: ['genre'] }) });

/** One type of the catalogue's tags at a time (the Genres and Keywords pages, a title's tabs, a channel's restriction). */
export function titleTagsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);

  api.get('/api/v1/title-tags/:type', { config: { permission: ['title_tags.view', 'title_tags.update'] }, schema: { params: typeParam, querystring: listQuerySchema, response: { 200: titleTagListResponse } } }, async (req) =>
    ({ pagination: await listTags(ctx, req.query, tagType(req.params.type)) }));

  api.post('/api/v1/title-tags/:type', { config: { permission: 'title_tags.create' }, schema: { params: typeParam, body: titleTagSchema, response: { 200: titleTagResponse } } }, async (req) =>
    ({ tag: await createTag(ctx.db, tagType(req.params.type), req.body) }));

  api.put('/api/v1/title-tags/:type/:id', {
    config: { permission: 'title_tags.update' },
    schema: { params: typeParam.extend({ id: idSchema }), body: titleTagSchema, response: { 200: titleTagResponse } },
  }, async (req) => {
    const tag = await updateTag(ctx.db, req.params.id, req.body, tagType(req.params.type));
    if (!tag) throw notFound('Tag not found');
    return { tag };
  });

  api.delete('/api/v1/title-tags/:type/:ids', { config: { permission: 'title_tags.delete' }, schema: { params: typeParam.extend({ ids: idsSchema }), response: { 200: doneResponse } } }, async (req) => {
    await deleteTags(ctx.db, req.params.ids, tagType(req.params.type));
    return {};
  });
}
