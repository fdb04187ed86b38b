import type { FastifyInstance } from 'fastify';
import { doneResponse, searchImportSchema, searchModelListResponse, type SearchImport } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import { typed } from '../../http/schema.ts';
import { searchModel, searchModels } from './models.ts';
import { runSearchSync, type SearchSync } from './sync.ts';

/** Rebuilds the index of one model (or all) in the chosen engine: flush, then every document in batches. */
export async function importSearchModels(ctx: AppContext, { model, driver }: SearchImport): Promise<void> {
  const engine = await ctx.search.engine(driver);
  for (const m of model === '*' ? searchModels() : [searchModel(model)!]) {
    // The database's own index of a catalogue table is rebuilt from the table in place.
    if (engine === ctx.search.database && ctx.search.database.isNative(m.model)) {
      await ctx.search.database.rebuild(m.model);
      continue;
    }
    await engine.flush(m.model);
    for await (const batch of m.documents(ctx)) await engine.index(m.model, batch);
  }
}

export function searchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  // Reindexing can take minutes on a large catalogue: it runs as a queued job.
  ctx.queue.register('search.import', (payload: SearchImport) => importSearchModels(ctx, payload));
  // A write's ids, sent to a hosted engine after the write (see syncSearch).
  ctx.queue.register('search.sync', (payload: SearchSync) => runSearchSync(ctx, payload));

  api.get('/api/v1/admin/search/models', { config: { permission: 'settings.update' }, schema: { response: { 200: searchModelListResponse } } }, async () => ({
    models: searchModels().map((m) => ({ model: m.model, name: m.name })),
  }));

  api.post('/api/v1/admin/search/import', { config: { permission: 'settings.update' }, schema: { body: searchImportSchema, response: { 200: doneResponse } } }, async (req) => {
    const input = req.body;
    if (input.model !== '*' && !searchModel(input.model)) throw new HttpError(422, 'Unknown search model', { model: ['Unknown search model'] });
    // A hosted engine that does not answer with its saved credentials is named now, not left to a job failing unseen.
    const problem = await ctx.search.check(input.driver);
    if (problem) throw new HttpError(422, problem, { driver: [problem] });
    await ctx.queue.dispatch('search.import', input);
    return { message: 'Imported search models' };
  });
}
