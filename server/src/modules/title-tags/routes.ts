import type { FastifyInstance } from 'fastify';
import { TITLE_TAG_TYPES, titleTagSchema, type TitleTagType } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { HttpError, notFound, parse } from '../../http/errors.ts';
import { filters, paginate, parseIds } from '../../http/list-query.ts';

const COLUMNS = ['id', 'type', 'name', 'display_name', 'created_at', 'updated_at'] as const;
const tagType = (raw: string): TitleTagType => {
  if (!TITLE_TAG_TYPES.includes(raw as TitleTagType)) throw notFound('Not found');
  return raw as TitleTagType;
};
const taken = () => new HttpError(422, 'This name has already been taken.', { name: ['This name has already been taken.'] });

/** Genres, keywords and production countries: names are stored lower-case and unique per type. */
export function titleTagsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/title-tags/:type', { config: { permission: 'title_tags.view' } }, async (req) => {
    const type = tagType((req.params as { type: string }).type);
    const page = await paginate(ctx.db.selectFrom('title_tags').select(COLUMNS).where('type', '=', type), req.query, {
      sorts: { name: 'name', display_name: 'display_name', updated_at: 'updated_at', created_at: 'created_at' },
      defaultSort: ['updated_at', 'desc'],
      tieBreaker: 'id',
      filters: { created_at: filters.date('created_at'), updated_at: filters.date('updated_at') },
      // Names are short lower-case identifiers: a prefix match runs on the (type, name) index.
      search: (qb, q) => qb.where('name', '>=', q.toLowerCase()).where('name', '<', `${q.toLowerCase()}\uffff`),
    });
    return { pagination: page };
  });

  app.post('/api/v1/title-tags/:type', { config: { permission: 'title_tags.create' } }, async (req) => {
    const type = tagType((req.params as { type: string }).type);
    const input = parse(titleTagSchema, req.body);
    const name = input.name.toLowerCase();
    if (await ctx.db.selectFrom('title_tags').select('id').where('type', '=', type).where('name', '=', name).executeTakeFirst()) throw taken();
    const now = nowIso();
    const tag = await ctx.db.insertInto('title_tags').values({ type, name, display_name: input.display_name ?? input.name, tmdb_id: null, created_at: now, updated_at: now })
      .returning(COLUMNS).executeTakeFirstOrThrow();
    return { tag };
  });

  app.put('/api/v1/title-tags/:type/:id', { config: { permission: 'title_tags.update' } }, async (req) => {
    const p = req.params as { type: string; id: string };
    const type = tagType(p.type);
    const id = Number(p.id);
    const input = parse(titleTagSchema, req.body);
    const name = input.name.toLowerCase();
    if (!(await ctx.db.selectFrom('title_tags').select('id').where('id', '=', id).where('type', '=', type).executeTakeFirst())) throw notFound('Tag not found');
    if (await ctx.db.selectFrom('title_tags').select('id').where('type', '=', type).where('name', '=', name).where('id', '!=', id).executeTakeFirst()) throw taken();
    await ctx.db.updateTable('title_tags').set({ name, display_name: input.display_name ?? input.name, updated_at: nowIso() }).where('id', '=', id).execute();
    return { tag: await ctx.db.selectFrom('title_tags').select(COLUMNS).where('id', '=', id).executeTakeFirstOrThrow() };
  });

  app.delete('/api/v1/title-tags/:type/:ids', { config: { permission: 'title_tags.delete' } }, async (req) => {
    const p = req.params as { type: string; ids: string };
    await ctx.db.deleteFrom('title_tags').where('type', '=', tagType(p.type)).where('id', 'in', parseIds(p.ids)).execute();
    return {};
  });
}
