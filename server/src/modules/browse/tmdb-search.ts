import { createHash } from 'node:crypto';
import { TMDB_OPEN_LIMIT, type SearchPersonHit, type SearchTitleHit, type TmdbOpened } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { toBool } from '../../db/index.ts';
import type { TmdbClient, TmdbSearchHit } from '../../drivers/tmdb/client.ts';
import { notFound } from '../../http/errors.ts';
import { consume } from '../../http/rate-limit.ts';
import { asHttpError, importPerson, importTitle, tmdbClient } from '../tmdb/importer.ts';
import { tmdbImageAddress } from './tmdb-images.ts';

/** The site's search waits this long for the movie database, then answers with the catalogue's own hits. */
const SEARCH_TIMEOUT_MS = 3000;
/** Instant search asks on every keystroke and visitors repeat popular queries: the service's hits are kept this long. */
const SEARCH_CACHE_SECONDS = 600;
const OPEN_LIMIT = { name: 'tmdb-open', max: TMDB_OPEN_LIMIT, windowSeconds: 3600, message: 'Too many requests. Please try again in :seconds seconds.' };

const yearOf = (date: string | undefined) => (date && /^\d{4}/.test(date) ? Number(date.slice(0, 4)) : null);

/**
 * Titles and people the movie database finds for a query. Hits already imported come back as the catalogue's own
 * (with their ids); the rest carry only `tmdb_id`. Null when the service is not set up or did not answer in time.
 */
export async function tmdbSearch(ctx: AppContext, query: string, limit: number): Promise<{ titles: SearchTitleHit[]; people: SearchPersonHit[] } | null> {
  let hits: TmdbSearchHit[];
  let client;
  try {
    client = await tmdbClient(ctx);
    hits = await cachedHits(ctx, client, query);
  } catch {
    return null;
  }
  const titleHits = hits.filter((h) => h.media_type === 'movie' || h.media_type === 'tv').slice(0, limit);
  const personHits = hits.filter((h) => h.media_type === 'person').slice(0, limit);
  const [localTitles, localPeople] = await Promise.all([
    titleHits.length ? ctx.db.selectFrom('titles').select(['id', 'name', 'is_series', 'year', 'poster', 'rating', 'description', 'tmdb_id'])
      .where('tmdb_id', 'in', titleHits.map((h) => h.id)).execute() : [],
    personHits.length ? ctx.db.selectFrom('people').select(['id', 'name', 'poster', 'known_for', 'tmdb_id'])
      .where('tmdb_id', 'in', personHits.map((h) => h.id)).execute() : [],
  ]);
  const titleKey = (tmdbId: number | null, series: boolean) => `${series ? 'tv' : 'movie'}:${tmdbId}`;
  const ownTitles = new Map(localTitles.map((t) => [titleKey(t.tmdb_id, toBool(t.is_series)), t]));
  const ownPeople = new Map(localPeople.map((p) => [p.tmdb_id, p]));
  const titles = titleHits.map((h): SearchTitleHit => {
    const own = ownTitles.get(titleKey(h.id, h.media_type === 'tv'));
    if (own) return { id: own.id, name: own.name, is_series: toBool(own.is_series), year: own.year, poster: own.poster, rating: own.rating, description: own.description?.slice(0, 200) ?? null };
    return {
      id: null, tmdb_id: h.id, name: h.title || h.name || '', is_series: h.media_type === 'tv', year: yearOf(h.release_date || h.first_air_date),
      poster: tmdbImageAddress(h.poster_path, 'w342'), rating: h.vote_average || null, description: h.overview ? h.overview.slice(0, 200) : null,
    };
  });
  const people = personHits.map((h): SearchPersonHit => {
    const own = ownPeople.get(h.id);
    if (own) return { id: own.id, name: own.name, poster: own.poster, known_for: own.known_for };
    return { id: null, tmdb_id: h.id, name: h.name || '', poster: tmdbImageAddress(h.profile_path, 'w185'), known_for: h.known_for_department || null };
  });
  return { titles, people };
}

/**
 * The service's raw hits for a query, from the cache when asked lately (the same words in any case or spacing). Only the
 * fields a hit shows are kept; which of them are in the catalogue is looked up after, so an import shows at once.
 * A failure or a timeout is not cached: the next keystroke asks again.
 */
async function cachedHits(ctx: AppContext, client: TmdbClient, query: string): Promise<TmdbSearchHit[]> {
  const words = query.trim().toLowerCase().replace(/\s+/g, ' ');
  const key = `tmdb-search:${createHash('sha256').update(`${client.searchScope}\n${words}`).digest('hex')}`;
  return ctx.cache.remember(key, SEARCH_CACHE_SECONDS, async () => {
    const { results } = await client.searchMulti(words, SEARCH_TIMEOUT_MS);
    return (results ?? []).filter((h) => ['movie', 'tv', 'person'].includes(h.media_type)).map((h) => ({
      id: h.id, media_type: h.media_type, title: h.title, name: h.name, release_date: h.release_date, first_air_date: h.first_air_date,
      poster_path: h.poster_path, profile_path: h.profile_path, vote_average: h.vote_average, overview: h.overview?.slice(0, 200),
      known_for_department: h.known_for_department,
    }));
  });
}

/** A search hit's own page: the catalogue's id, importing the title or person first when it is not in yet. */
export async function openFromTmdb(ctx: AppContext, kind: 'movie' | 'series' | 'person', tmdbId: number, visitor: string): Promise<TmdbOpened> {
  const own = kind === 'person'
    ? await ctx.db.selectFrom('people').select(['id', 'name']).where('tmdb_id', '=', tmdbId).executeTakeFirst()
    : await ctx.db.selectFrom('titles').select(['id', 'name']).where('tmdb_id', '=', tmdbId).where('is_series', '=', (kind === 'series') as never).executeTakeFirst();
  if (own) return own;
  // Only hits the site's search could have shown are brought in, and only so many an hour from one address.
  if ((await ctx.settings.get('client.content.search_provider')) === 'local') throw notFound(kind === 'person' ? 'Person not found' : 'Title not found');
  await consume(ctx, OPEN_LIMIT, visitor);
  try {
    const client = await tmdbClient(ctx);
    return kind === 'person' ? await importPerson(ctx, client, tmdbId) : await importTitle(ctx, client, kind, tmdbId);
  } catch (e) {
    throw asHttpError(e);
  }
}
