import type { FastifyInstance } from 'fastify';
import {
  SEASONS_PER_PAGE, TITLE_TAG_TYPES, attachTagSchema, episodeCreateSchema, episodeUpdateSchema, seasonCreateSchema,
  titleCreateSchema, titleUpdateSchema, type TitleTagType,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { notFound, parse } from '../../http/errors.ts';
import { paginate, parseIds, parseListQuery } from '../../http/list-query.ts';
import { creditRoutes } from './credits.ts';
import { imageRoutes } from './images.ts';
import { titlesListDefinition } from './list.ts';
import { EPISODE_COLUMNS, PUBLIC_TITLE_COLUMNS, SEASON_COLUMNS, TITLE_COLUMNS, attachTags, findEpisode, findSeason, findTitle, toTitle } from './repository.ts';
import { autocompleteTitles, searchJoin } from './search.ts';
import { createEpisode, createSeason, createTitle, deleteEpisode, deleteSeason, deleteTitles, updateEpisode, updateTitle } from './service.ts';

const positive = (v: unknown, what: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw notFound(`${what} not found`);
  return n;
};
const titleId = (p: unknown) => positive((p as { id: string }).id, 'Title');
const tagType = (p: unknown): TitleTagType => {
  const type = (p as { type: string }).type as TitleTagType;
  if (!TITLE_TAG_TYPES.includes(type)) throw notFound('Not found');
  return type;
};

export function titlesRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/titles', { config: { permission: 'titles.view' } }, async (req) => {
    const q = parseListQuery(req.query);
    // Editors see every column; the public site (browse pages, landing rows) only the public ones.
    const columns = req.auth.can('titles.update') ? TITLE_COLUMNS : PUBLIC_TITLE_COLUMNS;
    const page = await paginate(ctx.db.selectFrom('titles').select(columns), req.query, titlesListDefinition(ctx, q.query), toTitle);
    const withs = (q.with ?? '').split(',');
    return { pagination: { ...page, data: withs.some((w) => ['genres', 'keywords', 'production_countries'].includes(w)) ? await attachTags(ctx.db, page.data) : page.data } };
  });

  // Up to 10 titles for pickers: names starting with the query first, then names containing it; more popular first.
  app.get('/api/v1/titles/autocomplete', { config: { permission: 'titles.view' } }, async (req) => {
    const query = String((req.query as { query?: string }).query ?? '').trim().slice(0, 100);
    return { results: await autocompleteTitles(ctx, query) };
  });

  app.get('/api/v1/titles/:id', { config: { permission: 'titles.view' } }, async (req) => {
    const title = await findTitle(ctx.db, titleId(req.params));
    if (!title) throw notFound('Title not found');
    return { title };
  });

  app.post('/api/v1/titles', { config: { permission: 'titles.create' } }, async (req) => ({ title: await createTitle(ctx, parse(titleCreateSchema, req.body)) }));
  app.put('/api/v1/titles/:id', { config: { permission: 'titles.update' } }, async (req) =>
    ({ title: await updateTitle(ctx, titleId(req.params), parse(titleUpdateSchema, req.body)) }));
  app.delete('/api/v1/titles/:ids', { config: { permission: 'titles.delete' } }, async (req) => {
    await deleteTitles(ctx, parseIds((req.params as { ids: string }).ids));
    return {};
  });

  // ---- seasons and episodes ----
  app.get('/api/v1/titles/:id/seasons', { config: { permission: 'seasons.view' } }, async (req) => {
    const id = titleId(req.params);
    if (!(await findTitle(ctx.db, id, false))) throw notFound('Title not found');
    const page = await paginate(ctx.db.selectFrom('seasons').select(SEASON_COLUMNS).where('title_id', '=', id), { perPage: SEASONS_PER_PAGE, ...(req.query as object) }, {
      sorts: { number: 'number', release_date: 'release_date' }, defaultSort: ['number', 'asc'], tieBreaker: 'id', filters: {},
    });
    return { pagination: page };
  });
  app.post('/api/v1/titles/:id/seasons', { config: { permission: 'seasons.create' } }, async (req) =>
    ({ season: await createSeason(ctx, titleId(req.params), parse(seasonCreateSchema, req.body)) }));
  app.get('/api/v1/titles/:id/seasons/:season', { config: { permission: 'seasons.view' } }, async (req) => {
    const season = await findSeason(ctx.db, titleId(req.params), positive((req.params as { season: string }).season, 'Season'));
    if (!season) throw notFound('Season not found');
    return { season };
  });
  app.delete('/api/v1/seasons/:id', { config: { permission: 'seasons.delete' } }, async (req) => {
    await deleteSeason(ctx, positive((req.params as { id: string }).id, 'Season'));
    return {};
  });

  app.get('/api/v1/titles/:id/seasons/:season/episodes', { config: { permission: 'episodes.view' } }, async (req) => {
    const season = await findSeason(ctx.db, titleId(req.params), positive((req.params as { season: string }).season, 'Season'));
    if (!season) throw notFound('Season not found');
    const page = await paginate(ctx.db.selectFrom('episodes').select(EPISODE_COLUMNS).where('season_id', '=', season.id), req.query, {
      sorts: { episode_number: 'episodes.episode_number', release_date: 'episodes.release_date', name: 'episodes.name' },
      defaultSort: ['episode_number', 'asc'], tieBreaker: 'episodes.id', filters: {},
      search: (qb, q) => searchJoin(ctx, 'episodes', qb, q),
    });
    return { pagination: page };
  });
  app.post('/api/v1/titles/:id/seasons/:season/episodes', { config: { permission: 'episodes.create' } }, async (req) =>
    ({ episode: await createEpisode(ctx, titleId(req.params), positive((req.params as { season: string }).season, 'Season'), parse(episodeCreateSchema, req.body)) }));
  app.get('/api/v1/titles/:id/seasons/:season/episodes/:episode', { config: { permission: 'episodes.view' } }, async (req) => {
    const p = req.params as { season: string; episode: string };
    const episode = await findEpisode(ctx.db, titleId(req.params), positive(p.season, 'Season'), positive(p.episode, 'Episode'));
    if (!episode) throw notFound('Episode not found');
    return { episode };
  });
  app.put('/api/v1/titles/:id/seasons/:season/episodes/:episode', { config: { permission: 'episodes.update' } }, async (req) => {
    const p = req.params as { season: string; episode: string };
    return { episode: await updateEpisode(ctx, titleId(req.params), positive(p.season, 'Season'), positive(p.episode, 'Episode'), parse(episodeUpdateSchema, req.body)) };
  });
  app.delete('/api/v1/episodes/:id', { config: { permission: 'episodes.delete' } }, async (req) => {
    await deleteEpisode(ctx, positive((req.params as { id: string }).id, 'Episode'));
    return {};
  });

  // ---- tags on a title: attach by name (created when new), detach by id ----
  app.post('/api/v1/titles/:id/tags/:type', { config: { permission: 'titles.update' } }, async (req) => {
    const id = titleId(req.params);
    const type = tagType(req.params);
    const { tag_name } = parse(attachTagSchema, req.body);
    if (!(await findTitle(ctx.db, id, false))) throw notFound('Title not found');
    const name = tag_name.toLowerCase();
    const now = nowIso();
    await ctx.db.transaction().execute(async (trx) => {
      let tag = await trx.selectFrom('title_tags').select('id').where('type', '=', type).where('name', '=', name).executeTakeFirst();
      tag ??= await trx.insertInto('title_tags').values({ type, name, display_name: tag_name, tmdb_id: null, created_at: now, updated_at: now })
        .returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('title_tag').values({ title_id: id, tag_id: tag.id }).onConflict((oc) => oc.columns(['title_id', 'tag_id']).doNothing()).execute();
    });
    return { title: await findTitle(ctx.db, id) };
  });
  app.delete('/api/v1/titles/:id/tags/:type/:tagId', { config: { permission: 'titles.update' } }, async (req) => {
    const id = titleId(req.params);
    tagType(req.params);
    await ctx.db.deleteFrom('title_tag').where('title_id', '=', id).where('tag_id', '=', positive((req.params as { tagId: string }).tagId, 'Tag')).execute();
    const title = await findTitle(ctx.db, id);
    if (!title) throw notFound('Title not found');
    return { title };
  });

  creditRoutes(app, ctx, titleId);
  imageRoutes(app, ctx);
}
