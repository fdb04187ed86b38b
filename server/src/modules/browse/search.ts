import type { PublicSearchResults, SearchEpisodeHit, SearchPersonHit, SearchTitleHit } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { toBool } from '../../db/index.ts';
import { tmdbSearch } from './tmdb-search.ts';

/** Rows by id in the engine's order; an id the engine knows but the table lost (an unsynced delete) is skipped. */
function inOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.map((id) => byId.get(id)).filter((r): r is T => r !== undefined);
}

/** One page of a group: the engine's ids on that page, and whether more follow it. */
interface Page { ids: number[]; more: boolean }
async function pageOf(ctx: AppContext, model: 'titles' | 'people' | 'episodes', query: string, limit: number, page: number): Promise<Page> {
  const ids = await ctx.search.search(model, query, page * limit + 1);
  return { ids: ids.slice((page - 1) * limit, page * limit), more: ids.length > page * limit };
}

async function titles(ctx: AppContext, { ids }: Page): Promise<SearchTitleHit[]> {
  if (!ids.length) return [];
  const rows = await ctx.db.selectFrom('titles')
    .select(['id', 'name', 'is_series', 'year', 'poster', 'rating', 'description']).where('id', 'in', ids).execute();
  return inOrder(ids, rows).map((r) => ({ ...r, is_series: toBool(r.is_series), description: r.description ? r.description.slice(0, 200) : null }));
}

async function people(ctx: AppContext, { ids }: Page): Promise<SearchPersonHit[]> {
  if (!ids.length) return [];
  return inOrder(ids, await ctx.db.selectFrom('people').select(['id', 'name', 'poster', 'known_for']).where('id', 'in', ids).execute());
}

async function episodes(ctx: AppContext, { ids }: Page): Promise<SearchEpisodeHit[]> {
  if (!ids.length) return [];
  const rows = await ctx.db.selectFrom('episodes').innerJoin('titles', 'titles.id', 'episodes.title_id')
    .select(['episodes.id', 'episodes.name', 'episodes.title_id', 'titles.name as title_name', 'episodes.season_number',
      'episodes.episode_number', 'episodes.poster', 'episodes.release_date'])
    .where('episodes.id', 'in', ids).execute();
  return inOrder(ids, rows);
}

/**
 * The site's grouped search through the search driver. Each group is asked only when the caller may see it:
 * titles and episodes need titles.view (episodes also episodes.view), people need people.view. `page` pages every
 * group through the catalogue's hits (`more` says which groups have another page); the movie database's hits come
 * on the first page only.
 */
export async function publicSearch(ctx: AppContext, can: (p: string) => boolean, query: string, limit: number, page = 1): Promise<PublicSearchResults> {
  const provider = await ctx.settings.get('client.content.search_provider');
  const group = async <H>(model: 'titles' | 'people' | 'episodes', rows: (ctx: AppContext, page: Page) => Promise<H[]>) => {
    const found = await pageOf(ctx, model, query, limit, page);
    return { hits: await rows(ctx, found), more: found.more };
  };
  const [tp, pp, remote, ep] = await Promise.all([
    can('titles.view') ? group('titles', titles) : undefined,
    can('people.view') ? group('people', people) : undefined,
    provider !== 'local' && page === 1 ? tmdbSearch(ctx, query, limit) : null,
    can('titles.view') && can('episodes.view') ? group('episodes', episodes) : undefined,
  ]);
  let [t, p] = [tp?.hits, pp?.hits];
  // TMDb alone, or the catalogue's hits first and then the service's others; the catalogue's when it does not answer.
  // With both, the catalogue keeps at most half the places while the service has others to show (the rest go to the
  // catalogue again when it has fewer): a common word the catalogue is full of still shows what the service found.
  if (remote) {
    const merge = <H extends { id: number | null }>(own: H[] | undefined, theirs: H[]) => {
      if (!own) return undefined;
      if (provider === 'tmdb') return theirs;
      const ids = new Set(own.map((h) => h.id));
      const others = theirs.filter((h) => h.id === null || !ids.has(h.id));
      const ownPlaces = Math.max(Math.ceil(limit / 2), limit - others.length);
      return [...own.slice(0, ownPlaces), ...others].slice(0, limit);
    };
    t = merge(t, remote.titles);
    p = merge(p, remote.people);
  }
  const results: PublicSearchResults['results'] = {};
  const more: NonNullable<PublicSearchResults['more']> = {};
  // A catalogue hit the service's took the place of is one more to see too.
  const moreOf = <H>(shown: H[], own?: { hits: H[]; more: boolean }) => Boolean(own?.more || own?.hits.some((h) => !shown.includes(h)));
  if (t) [results.titles, more.titles] = [t, moreOf(t, tp)];
  if (p) [results.people, more.people] = [p, moreOf(p, pp)];
  if (ep) [results.episodes, more.episodes] = [ep.hits, ep.more];
  return { query, results, more };
}
