import type { FastifyInstance } from 'fastify';
import { tagSchema } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound, parse } from '../../http/errors.ts';
import { paginate, parseIds } from '../../http/list-query.ts';
import { TAG_COLUMNS, findTag, tagsListDefinition } from './repository.ts';
import { createTag, deleteTags, updateTag } from './service.ts';

const idParam = (params: unknown) => {
  const id = Number((params as { id: string }).id);
  if (!Number.isInteger(id) || id < 1) throw notFound('Tag not found');
  return id;
};

/** Tags admin (Part B, tags): list with filter, create, update, bulk delete. */
export function tagsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const manage = 'tags.update';

  app.get('/api/v1/tags', { config: { permission: [manage, 'tags.view'] } }, async (req) => {
    const page = await paginate(ctx.db.selectFrom('tags').select(TAG_COLUMNS), req.query, tagsListDefinition(ctx));
    return { pagination: page };
  });

  app.get('/api/v1/tags/:id', { config: { permission: [manage, 'tags.view'] } }, async (req) => {
    const tag = await findTag(ctx.db, idParam(req.params));
    if (!tag) throw notFound('Tag not found');
    return { tag };
  });

  app.post('/api/v1/tags', { config: { permission: manage } }, async (req) => ({ tag: await createTag(ctx, parse(tagSchema, req.body)) }));

  app.put('/api/v1/tags/:id', { config: { permission: manage } }, async (req) =>
    ({ tag: await updateTag(ctx, idParam(req.params), parse(tagSchema, req.body)) }));

  app.delete('/api/v1/tags/:ids', { config: { permission: ['tags.delete', manage] } }, async (req) => {
    await deleteTags(ctx, parseIds((req.params as { ids: string }).ids));
    return {};
  });
}
