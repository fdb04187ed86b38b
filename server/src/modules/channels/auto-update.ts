import { AUTO_UPDATE_LIMIT, type Channel, type ChannelConfig, type ChannelItemType } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { ranked } from '../reports/read.ts';
import { DAY, dateIn } from '../reports/time.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { importTitle, mapLimit, tmdbClient } from '../tmdb/importer.ts';
import { titleScope } from './loaders.ts';
import { toChannel, CHANNEL_COLUMNS } from './repository.ts';
import { touchChannel } from './touch.ts';

interface Ref { type: ChannelItemType; id: number }


/** Titles ranked by plays before the channel's kind of title and restriction narrow them: enough that a genre row fills. */
const WATCHED_POOL = 1_000;

/**
 * The titles most played over the last seven days, as the plays report counts them (its rollups, so the count is the
 * report's "Most played" and costs the same at any traffic), within the channel's kind of title and restriction.
 */
async function mostWatched(ctx: AppContext, config: ChannelConfig): Promise<Ref[]> {
  const to = Date.now();
  const dims = config.titleType === 'movie' ? ['movie'] : config.titleType === 'series' ? ['series'] : ['movie', 'series'];
  const counted = (await Promise.all(dims.map((dim) => ranked(ctx, 'play', dim, to - 7 * DAY, to, WATCHED_POOL)))).flat()
    .sort((a, b) => b.n - a.n || Number(a.value) - Number(b.value));
  const ids = counted.map((r) => Number(r.value)).filter(Number.isInteger);
  if (!ids.length) return [];
  const allowed = new Set((await titleScope(ctx.db, config).select('titles.id').where('titles.id', 'in', ids).execute()).map((r) => Number(r.id)));
  return ids.filter((id) => allowed.has(id)).slice(0, AUTO_UPDATE_LIMIT).map((id) => ({ type: 'title', id }));
}

/** Local methods over our own data: the channel's model, kind of title and restriction apply. */
async function localItems(ctx: AppContext, config: ChannelConfig): Promise<Ref[]> {
  const { db } = ctx;
  const method = config.autoUpdateMethod;
  // Release dates are days; today is the site's (its timezone), so "latest" and "upcoming" turn at its midnight.
  const zone = await ctx.settings.timezone();
  const daysAgo = (n: number) => dateIn(Date.now() - n * DAY, zone);
  const today = () => daysAgo(0);
  if (config.contentModel === 'episodes') {
    let q = db.selectFrom('episodes').select('episodes.id');
    q = method === 'recently_added' ? q.orderBy('episodes.created_at', 'desc')
      : q.where('episodes.release_date', '<=', today()).orderBy('episodes.release_date', 'desc');
    return (await q.orderBy('episodes.id', 'desc').limit(AUTO_UPDATE_LIMIT).execute()).map((r) => ({ type: 'episode', id: Number(r.id) }));
  }
  if (config.contentModel === 'people') {
    const q = db.selectFrom('people').select('people.id')
      .orderBy(method === 'recently_added' ? 'people.created_at' : 'people.popularity', 'desc');
    return (await q.orderBy('people.id', 'desc').limit(AUTO_UPDATE_LIMIT).execute()).map((r) => ({ type: 'person', id: Number(r.id) }));
  }
  if (config.contentModel !== 'titles') return [];
  if (method === 'most_watched') return mostWatched(ctx, config);
  let q = titleScope(db, config).select('titles.id');
  if (method === 'top_rated') q = q.where('titles.rating', 'is not', null).orderBy('titles.rating', 'desc').orderBy('titles.vote_count', 'desc');
  else if (method === 'latest') q = q.where('titles.release_date', '<=', today()).orderBy('titles.release_date', 'desc');
  else if (method === 'recently_added') q = q.orderBy('titles.created_at', 'desc');
  else if (method === 'upcoming') q = q.where('titles.release_date', '>', today()).orderBy('titles.release_date', 'asc');
  else if (method === 'now_playing') q = q.where('titles.release_date', '<=', today()).where('titles.release_date', '>=', daysAgo(90)).orderBy('titles.release_date', 'desc');
  else q = q.orderBy('titles.popularity', 'desc');
  return (await q.orderBy('titles.id', 'desc').limit(AUTO_UPDATE_LIMIT).execute()).map((r) => ({ type: 'title', id: Number(r.id) }));
}

/** TMDb's list endpoint of each method. */
const TMDB_PATHS = new Map<string, { type: 'movie' | 'series'; path: string }>([
  ['movie:popular', { type: 'movie', path: '/movie/popular' }],
  ['movie:top_rated', { type: 'movie', path: '/movie/top_rated' }],
  ['movie:upcoming', { type: 'movie', path: '/movie/upcoming' }],
  ['movie:now_playing', { type: 'movie', path: '/movie/now_playing' }],
  ['movie:trending', { type: 'movie', path: '/trending/movie/week' }],
  ['series:popular', { type: 'series', path: '/tv/popular' }],
  ['series:top_rated', { type: 'series', path: '/tv/top_rated' }],
  ['series:airing_today', { type: 'series', path: '/tv/airing_today' }],
  ['series:trending', { type: 'series', path: '/trending/tv/week' }],
]);

/** The method's first two TMDb pages; titles we lack are imported through the importer, in TMDb's order. */
async function tmdbItems(ctx: AppContext, config: ChannelConfig): Promise<Ref[]> {
  const target = TMDB_PATHS.get(config.autoUpdateMethod ?? '');
  if (!target) throw new Error('Unknown auto update method.');
  const client = await tmdbClient(ctx);
  const pages = await Promise.all([1, 2].map((page) => client.get<{ results?: { id: number }[] }>(target.path, { page })));
  const tmdbIds = [...new Set(pages.flatMap((p) => (p.results ?? []).map((r) => r.id)).filter((id) => Number.isInteger(id) && id > 0))].slice(0, AUTO_UPDATE_LIMIT);
  if (!tmdbIds.length) return [];
  const isSeries = target.type === 'series';
  const known = await ctx.db.selectFrom('titles').select(['id', 'tmdb_id'])
    .where('tmdb_id', 'in', tmdbIds).where('is_series', '=', isSeries as any).execute();
  const local = new Map(known.map((r) => [Number(r.tmdb_id), Number(r.id)]));
  const missing = tmdbIds.filter((id) => !local.has(id));
  // One title that fails to import is left out; the run fails only when nothing could be had.
  await mapLimit(missing, 4, async (tmdbId) => {
    try {
      local.set(tmdbId, (await importTitle(ctx, client, target.type, tmdbId)).id);
    } catch { /* left out of this run */ }
  });
  const refs = tmdbIds.filter((id) => local.has(id)).map((id): Ref => ({ type: 'title', id: local.get(id)! }));
  if (!refs.length) throw new Error('No title of the list could be imported from the movie database.');
  return refs;
}

/**
 * Replaces a channel's items in one transaction (the count and version move with them). The same items in the same
 * order are left as they are, so a refresh that changes nothing keeps the channel's cached contents.
 */
export async function replaceItems(db: Db, channelId: number, refs: Ref[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const seen = new Set<string>();
    const rows = refs.filter((r) => !seen.has(`${r.type}:${r.id}`) && seen.add(`${r.type}:${r.id}`))
      .map((r, order) => ({ channel_id: channelId, channelable_type: r.type, channelable_id: r.id, order, created_at: now }));
    const current = await trx.selectFrom('channelables').select(['channelable_type', 'channelable_id'])
      .where('channel_id', '=', channelId).orderBy('order').orderBy('id').execute();
    const same = current.length === rows.length
      && current.every((c, i) => c.channelable_type === rows[i].channelable_type && Number(c.channelable_id) === rows[i].channelable_id);
    if (same) {
      await trx.updateTable('channels').set({ auto_updated_at: now, auto_update_error: null }).where('id', '=', channelId).execute();
      return;
    }
    await trx.deleteFrom('channelables').where('channel_id', '=', channelId).execute();
    for (let i = 0; i < rows.length; i += 500) await trx.insertInto('channelables').values(rows.slice(i, i + 500)).execute();
    await touchChannel(trx, channelId);
    await trx.updateTable('channels').set({ auto_updated_at: now, auto_update_error: null }).where('id', '=', channelId).execute();
  });
}

/**
 * Recomputes one auto-update channel. A failure keeps the previous items and records its message on the channel
 * (shown in the admin edit screen); it answers the message, or null on success.
 */
export async function autoUpdateChannel(ctx: AppContext, channel: Channel): Promise<string | null> {
  if (channel.config.contentType !== 'autoUpdate') return null;
  try {
    const refs = channel.config.autoUpdateProvider === 'tmdb' ? await tmdbItems(ctx, channel.config) : await localItems(ctx, channel.config);
    await replaceItems(ctx.db, channel.id, refs);
    return null;
  } catch (e) {
    const message = (e instanceof Error ? e.message : String(e)).slice(0, 500) || 'Auto update failed.';
    await ctx.db.updateTable('channels').set({ auto_update_error: message, auto_updated_at: nowIso() }).where('id', '=', channel.id).execute();
    return message;
  }
}

/** Every auto-update channel, one at a time (the daily task); `localOnly`: those over our own data. Answers how many failed. */
export async function autoUpdateAll(ctx: AppContext, localOnly = false): Promise<{ updated: number; failed: number }> {
  const rows = await ctx.db.selectFrom('channels').select(CHANNEL_COLUMNS)
    .where('type', '=', 'channel').where('config', 'like', '%"contentType":"autoUpdate"%').orderBy('id').execute();
  const channels = rows.map(toChannel).filter((c) => !localOnly || c.config.autoUpdateProvider !== 'tmdb');
  let failed = 0;
  for (const channel of channels) if (await autoUpdateChannel(ctx, channel)) failed++;
  return { updated: channels.length - failed, failed };
}
