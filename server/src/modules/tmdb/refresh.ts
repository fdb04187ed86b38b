import type { AppContext } from '../../context.ts';
import { importPerson, importTitle, tmdbClient } from './importer.ts';

/** Imported titles and people are fetched again from the movie database once their data is this old. */
export const TMDB_REFRESH_DAYS = 7;
/** A stale page viewed many times queues one refresh an hour at most. */
const QUEUE_WINDOW_SECONDS = 3600;

type Kind = 'title' | 'person';
interface Refresh { kind: Kind; id: number }

const PROVIDER = new Map<Kind, 'client.content.title_provider' | 'client.content.people_provider'>([
  ['title', 'client.content.title_provider'], ['person', 'client.content.people_provider'],
]);

/**
 * The content settings' title and people providers: on TMDb, viewing an imported title or person whose data is older
 * than TMDB_REFRESH_DAYS queues a re-import, so the catalogue keeps itself up to date where visitors look; the visitor
 * gets the page as it is. Local (the default) never calls out. Never fails the page it is called from.
 */
export async function refreshIfStale(ctx: AppContext, kind: Kind, row: { id: number; tmdb_id: number | null; updated_at: string }): Promise<void> {
  try {
    if (!row.tmdb_id || Date.parse(row.updated_at) > Date.now() - TMDB_REFRESH_DAYS * 86_400_000) return;
    if ((await ctx.settings.get(PROVIDER.get(kind)!)) !== 'tmdb' || !(await ctx.settings.get('server.tmdb_api_key'))) return;
    const seen = await ctx.cache.increment(`tmdb-refresh:${kind}:${row.id}`, 1, QUEUE_WINDOW_SECONDS);
    if (seen.value === 1) await ctx.queue.dispatch('tmdb.refresh', { kind, id: row.id } satisfies Refresh);
  } catch (err) {
    void ctx.errors.capture(err as Error, { message: 'Queueing a refresh from the movie database failed', tags: { source: 'tmdb' } });
  }
}

export function registerTmdbRefresh(ctx: AppContext): void {
  ctx.queue.register('tmdb.refresh', async ({ kind, id }: Refresh) => {
    if (kind === 'person') {
      const person = await ctx.db.selectFrom('people').select('tmdb_id').where('id', '=', id).executeTakeFirst();
      if (person?.tmdb_id) await importPerson(ctx, await tmdbClient(ctx), person.tmdb_id);
      return;
    }
    const title = await ctx.db.selectFrom('titles').select(['tmdb_id', 'is_series']).where('id', '=', id).executeTakeFirst();
    if (title?.tmdb_id) await importTitle(ctx, await tmdbClient(ctx), title.is_series ? 'series' : 'movie', title.tmdb_id);
  });
}
