import type { AppContext } from '../../context.ts';
import { searchModel } from './models.ts';

export interface SearchSync { model: string; ids: number[] }

/** Most ids one sync job carries; a bigger write is split so each job stays small. */
const CHUNK = 500;

/**
 * Keeps the search driver in step with a write to `model`'s rows (created, updated or deleted ids), after the
 * write committed. The database driver's own indexes follow the tables by themselves (triggers), so nothing is
 * sent; a hosted engine gets a queued job, so a slow or unreachable engine never fails or slows the write.
 */
export async function syncSearch(ctx: AppContext, model: string, ids: number[]): Promise<void> {
  if (!ids.length || !(await needsSync(ctx, model))) return;
  for (let i = 0; i < ids.length; i += CHUNK) await ctx.queue.dispatch('search.sync', { model, ids: ids.slice(i, i + CHUNK) } satisfies SearchSync);
}

/** False when the selected engine is the database's own index for this model (then callers skip collecting ids). */
export async function needsSync(ctx: AppContext, model: string): Promise<boolean> {
  const engine = await ctx.search.engine();
  return !(engine === ctx.search.database && ctx.search.database.isNative(model));
}

/** The job: index the ids that still exist, remove the others. */
export async function runSearchSync(ctx: AppContext, { model, ids }: SearchSync): Promise<void> {
  const m = searchModel(model);
  if (!m?.find) return;
  const docs = await m.find(ctx, ids);
  const found = new Set(docs.map((d) => d.id));
  await ctx.search.index(model, docs);
  await ctx.search.remove(model, ids.filter((id) => !found.has(id)));
}
