import type { FastifyInstance } from 'fastify';
import { publicSearchQuerySchema, valueListsParamsSchema } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { parse } from '../../http/errors.ts';
import { publicSearch } from './search.ts';
import { loadValueLists } from './value-lists.ts';

/** The public site's browse and search calls (the titles list itself lives in the titles module). */
export function browseRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Filter options of /movies and /series (genres, countries, languages, certifications) and the admin forms' lookups.
  app.get('/api/v1/value-lists/:names', { config: { permission: 'titles.view' } }, async (req) => {
    const { names } = parse(valueListsParamsSchema, req.params);
    return await loadValueLists(ctx, names);
  });

  // Grouped search; a caller who may see neither titles nor people is refused by the guard.
  app.get('/api/v1/search', { config: { permission: ['titles.view', 'people.view'] } }, async (req) => {
    const { query, limit } = parse(publicSearchQuerySchema, req.query);
    return await publicSearch(ctx, (p) => req.auth.can(p), query, limit);
  });
}
