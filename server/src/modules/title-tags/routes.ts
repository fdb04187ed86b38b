import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TITLE_TAG_TYPES, doneResponse, listQuerySchema, titleTagListResponse, titleTagResponse, titleTagSchema, type TitleTagType } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { idSchema, idsSchema, typed } from '../../http/schema.ts';
import { createTitleTag, deleteTitleTags, listTitleTags, updateTitleTag } from './repository.ts';

// An unknown type is an unknown collection (404), not a malformed value: checked after validation.
const typeParam = z.object({ type: z.string().max(32).meta({ description: `One of ${TITLE_TAG_TYPES.join(', ')}.`, examples: ['genre'] }) });
const tagType = (raw: string): TitleTagType => {
  if (!TITLE_TAG_TYPES.includes(raw as TitleTagType)) throw notFound('Not found');
  return raw as TitleTagType;
};

/** Genres, keywords and production countries: names are stored lower-case and unique per type. */
export function titleTagsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);

  api.get('/api/v1/title-tags/:type', { config: { permission: 'title_tags.view' }, schema: { params: typeParam, querystring: listQuerySchema, response: { 200: titleTagListResponse } } }, async (req) =>
    ({ pagination: await listTitleTags(ctx, tagType(req.params.type), req.query) }));

  api.post('/api/v1/title-tags/:type', { config: { permission: 'title_tags.create' }, schema: { params: typeParam, body: titleTagSchema, response: { 200: titleTagResponse } } }, async (req) =>
    ({ tag: await createTitleTag(ctx.db, tagType(req.params.type), req.body) }));

  api.put('/api/v1/title-tags/:type/:id', {
    config: { permission: 'title_tags.update' },
    schema: { params: typeParam.extend({ id: idSchema }), body: titleTagSchema, response: { 200: titleTagResponse } },
  }, async (req) => {
    const tag = await updateTitleTag(ctx.db, tagType(req.params.type), req.params.id, req.body);
    if (!tag) throw notFound('Tag not found');
    return { tag };
  });

  api.delete('/api/v1/title-tags/:type/:ids', { config: { permission: 'title_tags.delete' }, schema: { params: typeParam.extend({ ids: idsSchema }), response: { 200: doneResponse } } }, async (req) => {
    await deleteTitleTags(ctx.db, tagType(req.params.type), req.params.ids);
    return {};
  });
}
