import type { FastifyInstance } from 'fastify';
import {
  binaryResponse, publicSearchQuerySchema, publicSearchResponse, tmdbImageParams, tmdbOpenedResponse, tmdbPersonParams, tmdbTitleParams, valueListsParamsSchema, valueListsResponse,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { LIMITS, consume } from '../../http/rate-limit.ts';
import { typed } from '../../http/schema.ts';
import { publicSearch } from './search.ts';
import { sendTmdbImage } from './tmdb-images.ts';
import { openFromTmdb } from './tmdb-search.ts';
import { loadValueLists } from './value-lists.ts';

/** The public site's browse and search calls (the titles list itself lives in the titles module). */
export function browseRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  // Filter options of /movies and /series (genres, countries, languages, certifications) and the admin forms' lookups.
  api.get('/api/v1/value-lists/:names', { config: { permission: 'titles.view' }, schema: { params: valueListsParamsSchema, response: { 200: valueListsResponse } } }, async (req) =>
    await loadValueLists(ctx, req.params.names));

  // A search hit from the movie database, opened: imported first if it is not in the catalogue yet.
  api.get('/api/v1/titles/tmdb/:type/:tmdbId', { config: { permission: 'titles.view' }, schema: { params: tmdbTitleParams, response: { 200: tmdbOpenedResponse } } }, async (req) =>
    openFromTmdb(ctx, req.params.type, req.params.tmdbId, req.ip));
  api.get('/api/v1/people/tmdb/:tmdbId', { config: { permission: 'people.view' }, schema: { params: tmdbPersonParams, response: { 200: tmdbOpenedResponse } } }, async (req) =>
    openFromTmdb(ctx, 'person', req.params.tmdbId, req.ip));

  // A search hit's poster from the movie database, passed through so visitors' browsers never contact the service.
  api.get('/api/v1/tmdb/images/:size/:file', { config: { permission: 'titles.view' }, schema: { params: tmdbImageParams, response: { 200: binaryResponse } } }, async (req, reply) =>
    sendTmdbImage(ctx, req.params.size, req.params.file, req.ip, reply));

  // Grouped search; a caller who may see neither titles nor people is refused by the guard.
  api.get('/api/v1/search', { config: { permission: ['titles.view', 'people.view'] }, schema: { querystring: publicSearchQuerySchema, response: { 200: publicSearchResponse } } }, async (req) => {
    // Each search runs the engine's queries (and may ask TMDb on the site's key): a script cannot make it run unbounded.
    await consume(ctx, LIMITS.searchIp, req.ip);
    const { query, limit, page } = req.query;
    return await publicSearch(ctx, (p) => req.auth.can(p), query, limit, page);
  });
}
