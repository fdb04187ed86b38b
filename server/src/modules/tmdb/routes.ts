import type { FastifyInstance } from 'fastify';
import { mediaImportResponse, mediaImportSchema, tmdbImportResponse, tmdbImportSchema, tmdbStatusResponse } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import { typed } from '../../http/schema.ts';
import { asHttpError, importPage, importPerson, importTitle, tmdbClient } from './importer.ts';
import { registerTmdbRefresh } from './refresh.ts';

export function tmdbRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  registerTmdbRefresh(ctx);
  // Import options show only when the movie database is set up.
  api.get('/api/v1/tmdb/status', { config: { permission: ['titles.create', 'people.create'] }, schema: { response: { 200: tmdbStatusResponse } } }, async () =>
    ({ configured: Boolean(await ctx.settings.get('server.tmdb_api_key')) }));

  // One title or person by its TMDb id; importing again updates it in place.
  api.post('/api/v1/media/import', { config: { permission: ['titles.create', 'people.create'] }, schema: { body: mediaImportSchema, response: { 200: mediaImportResponse } } }, async (req) => {
    const input = req.body;
    const needed = input.media_type === 'person' ? 'people.create' : 'titles.create';
    if (!req.auth.can(needed)) throw forbidden();
    const client = await tmdbClient(ctx);
    try {
      const item = input.media_type === 'person' ? await importPerson(ctx, client, input.tmdb_id) : await importTitle(ctx, client, input.media_type, input.tmdb_id);
      return { id: item.id, name: item.name, media_type: input.media_type };
    } catch (e) {
      throw asHttpError(e);
    }
  });

  // One page (20 titles) of the multi-title import; the dialog calls it once per page.
  api.post('/api/v1/tmdb/import', { config: { permission: 'titles.create' }, schema: { body: tmdbImportSchema, response: { 200: tmdbImportResponse } } }, async (req) => {
    try {
      return await importPage(ctx, req.body);
    } catch (e) {
      throw asHttpError(e);
    }
  });
}
