import type { FastifyInstance } from 'fastify';
import { SYSTEM_TAG_TYPE_MESSAGE, doneResponse, isSystemTagType, listQuerySchema, tagListResponse, tagResponse, tagSchema } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound, unprocessable } from '../../http/errors.ts';
import { idParam, idsParam, typed } from '../../http/schema.ts';
import { anyCatalogueTag, createTag, deleteTags, findTag, listTags, updateTag } from './store.ts';

/** Tags admin (Part B, tags): every tag of the catalogue, filtered by type; new tags are custom ones. */
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

  api.post('/api/v1/tags', { config: { permission: manage }, schema: { body: tagSchema, response: { 200: tagResponse } } }, async (req) => {
    if (isSystemTagType(req.body.type)) throw unprocessable('type', SYSTEM_TAG_TYPE_MESSAGE);
    return { tag: await createTag(ctx.db, req.body.type, req.body) };
  });

  api.put('/api/v1/tags/:id', { config: { permission: manage }, schema: { params: idParam, body: tagSchema, response: { 200: tagResponse } } }, async (req) => {
    const existing = await findTag(ctx.db, req.params.id);
    if (!existing) throw notFound('Tag not found');
    // The catalogue's own tags (genres, keywords, countries) need the title tags permissions: the Tags page's alone
    // do not reach past custom tags.
    if (existing.type !== 'custom' && !req.auth.can('title_tags.update')) throw forbidden();
    // A tag of a system type may keep it; no tag may be moved into one.
    if (isSystemTagType(req.body.type) && req.body.type !== existing.type) throw unprocessable('type', SYSTEM_TAG_TYPE_MESSAGE);
    const tag = await updateTag(ctx.db, existing.id, req.body);
    if (!tag) throw notFound('Tag not found');
    return { tag };
  });

  api.delete('/api/v1/tags/:ids', { config: { permission: ['tags.delete', manage] }, schema: { params: idsParam, response: { 200: doneResponse } } }, async (req) => {
    if (!req.auth.can('title_tags.delete') && (await anyCatalogueTag(ctx.db, req.params.ids))) throw forbidden();
    await deleteTags(ctx.db, req.params.ids);
    return {};
  });
}
