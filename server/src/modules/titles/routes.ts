import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  SEASONS_PER_PAGE, TITLE_TAG_TYPES, attachTagSchema, doneResponse, episodeCreateSchema, episodeListResponse, episodeResponse, episodeUpdateSchema,
  listQuerySchema, seasonCreateSchema, seasonListResponse, seasonResponse, titleAutocompleteResponse, titleCreateSchema, titleListResponse,
  titleResponse, titleUpdateSchema,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { idParam, idSchema, idsParam, typed } from '../../http/schema.ts';
import { creditRoutes } from './credits.ts';
import { imageRoutes } from './images.ts';
import { listEpisodes, listSeasons, listTitles } from './list.ts';
import { attachTagByName, detachTag, findEpisode, findSeason, findTitle } from './repository.ts';
import { tagTypeOf as tagType } from '../tags/store.ts';
import { autocompleteTitles } from './search.ts';
import { createEpisode, createSeason, createTitle, deleteEpisode, deleteSeason, deleteTitles, updateEpisode, updateTitle } from './service.ts';

const seasonParams = z.object({ id: idSchema, season: idSchema.meta({ description: 'The season number.' }) });
const episodeParams = seasonParams.extend({ episode: idSchema.meta({ description: 'The episode number.' }) });
// An unknown tag type is an unknown resource (404), so the type is checked in the handler, not refused as input.
const tagParams = z.object({ id: idSchema, type: z.string().max(64).meta({ description: `One of ${TITLE_TAG_TYPES.join(', ')}.` }) });
const tagDetachParams = tagParams.extend({ tagId: idSchema });
const seasonsQuery = listQuerySchema.extend({ perPage: z.coerce.number().int().min(10).max(100).default(SEASONS_PER_PAGE) });
// Pickers send what was typed: only its first 100 characters count.
const autocompleteQuery = z.object({ query: z.string().default('').transform((s) => s.trim().slice(0, 100)) });


export function titlesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  // The admin table and form read through these calls: whoever may edit titles may read them.
  const TITLES_READ = ['titles.view', 'titles.update'];

  api.get('/api/v1/titles', { config: { permission: TITLES_READ }, schema: { querystring: listQuerySchema, response: { 200: titleListResponse } } }, async (req) =>
    ({ pagination: await listTitles(ctx, req.query, req.auth.can('titles.update')) }));

  // Up to 10 titles for pickers: names starting with the query first, then names containing it; more popular first.
  api.get('/api/v1/titles/autocomplete', { config: { permission: TITLES_READ }, schema: { querystring: autocompleteQuery, response: { 200: titleAutocompleteResponse } } }, async (req) =>
    ({ results: await autocompleteTitles(ctx, req.query.query) }));

  api.get('/api/v1/titles/:id', { config: { permission: TITLES_READ }, schema: { params: idParam, response: { 200: titleResponse } } }, async (req) => {
    const title = await findTitle(ctx.db, req.params.id);
    if (!title) throw notFound('Title not found');
    return { title };
  });

  api.post('/api/v1/titles', { config: { permission: 'titles.create' }, schema: { body: titleCreateSchema, response: { 200: titleResponse } } }, async (req) => ({ title: await createTitle(ctx, req.body) }));
  api.put('/api/v1/titles/:id', { config: { permission: 'titles.update' }, schema: { params: idParam, body: titleUpdateSchema, response: { 200: titleResponse } } }, async (req) =>
    ({ title: await updateTitle(ctx, req.params.id, req.body) }));
  api.delete('/api/v1/titles/:ids', { config: { permission: 'titles.delete' }, schema: { params: idsParam, response: { 200: doneResponse } } }, async (req) => {
    await deleteTitles(ctx, req.params.ids);
    return {};
  });

  // ---- seasons and episodes ----
  api.get('/api/v1/titles/:id/seasons', { config: { permission: 'seasons.view' }, schema: { params: idParam, querystring: seasonsQuery, response: { 200: seasonListResponse } } }, async (req) => {
    if (!(await findTitle(ctx.db, req.params.id, false))) throw notFound('Title not found');
    return { pagination: await listSeasons(ctx, req.params.id, req.query) };
  });
  api.post('/api/v1/titles/:id/seasons', { config: { permission: 'seasons.create' }, schema: { params: idParam, body: seasonCreateSchema, response: { 200: seasonResponse } } }, async (req) =>
    ({ season: await createSeason(ctx, req.params.id, req.body) }));
  api.get('/api/v1/titles/:id/seasons/:season', { config: { permission: 'seasons.view' }, schema: { params: seasonParams, response: { 200: seasonResponse } } }, async (req) => {
    const season = await findSeason(ctx.db, req.params.id, req.params.season);
    if (!season) throw notFound('Season not found');
    return { season };
  });
  api.delete('/api/v1/seasons/:id', { config: { permission: 'seasons.delete' }, schema: { params: idParam, response: { 200: doneResponse } } }, async (req) => {
    await deleteSeason(ctx, req.params.id);
    return {};
  });

  api.get('/api/v1/titles/:id/seasons/:season/episodes', {
    config: { permission: 'episodes.view' }, schema: { params: seasonParams, querystring: listQuerySchema, response: { 200: episodeListResponse } },
  }, async (req) => {
    const season = await findSeason(ctx.db, req.params.id, req.params.season);
    if (!season) throw notFound('Season not found');
    return { pagination: await listEpisodes(ctx, season.id, req.query) };
  });
  api.post('/api/v1/titles/:id/seasons/:season/episodes', {
    config: { permission: 'episodes.create' }, schema: { params: seasonParams, body: episodeCreateSchema, response: { 200: episodeResponse } },
  }, async (req) => ({ episode: await createEpisode(ctx, req.params.id, req.params.season, req.body) }));
  api.get('/api/v1/titles/:id/seasons/:season/episodes/:episode', { config: { permission: 'episodes.view' }, schema: { params: episodeParams, response: { 200: episodeResponse } } }, async (req) => {
    const episode = await findEpisode(ctx.db, req.params.id, req.params.season, req.params.episode);
    if (!episode) throw notFound('Episode not found');
    return { episode };
  });
  api.put('/api/v1/titles/:id/seasons/:season/episodes/:episode', {
    config: { permission: 'episodes.update' }, schema: { params: episodeParams, body: episodeUpdateSchema, response: { 200: episodeResponse } },
  }, async (req) => ({ episode: await updateEpisode(ctx, req.params.id, req.params.season, req.params.episode, req.body) }));
  api.delete('/api/v1/episodes/:id', { config: { permission: 'episodes.delete' }, schema: { params: idParam, response: { 200: doneResponse } } }, async (req) => {
    await deleteEpisode(ctx, req.params.id);
    return {};
  });

  // ---- tags on a title: attach by name (created when new, for those who may), detach by id ----
  api.post('/api/v1/titles/:id/tags/:type', { config: { permission: 'titles.update' }, schema: { params: tagParams, body: attachTagSchema, response: { 200: titleResponse } } }, async (req) => {
    const type = tagType(req.params.type);
    if (!(await findTitle(ctx.db, req.params.id, false))) throw notFound('Title not found');
    // Attaching may add a tag to the catalogue only for those who may create tags (the title-tags call's permission).
    await attachTagByName(ctx.db, req.params.id, type, req.body.tag_name, req.auth.can('title_tags.create'));
    return { title: await findTitle(ctx.db, req.params.id) };
  });
  api.delete('/api/v1/titles/:id/tags/:type/:tagId', { config: { permission: 'titles.update' }, schema: { params: tagDetachParams, response: { 200: titleResponse } } }, async (req) => {
    tagType(req.params.type);
    await detachTag(ctx.db, req.params.id, req.params.tagId);
    const title = await findTitle(ctx.db, req.params.id);
    if (!title) throw notFound('Title not found');
    return { title };
  });

  creditRoutes(app, ctx);
  imageRoutes(app, ctx);
}
