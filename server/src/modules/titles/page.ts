import type { FastifyInstance } from 'fastify';
import {
  becauseYouWatchedResponse, episodePageParamsSchema, episodePageResponse, seasonPageParamsSchema, seasonPageResponse, titlePageParamsSchema, titlePageResponse,
  type EpisodeLink, type EpisodePageData, type PublicVideo, type SeasonPageData, type TitleCredit, type TitlePageData,
} from '@app/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { toBool, type Db } from '../../db/index.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { EPISODE_COLUMNS, SEASON_COLUMNS, findTitle } from './repository.ts';
import { resumePoint, seasonProgress } from '../plays/continue-watching.ts';
import { becauseYouWatched } from './because-you-watched.ts';
import { relatedTitles } from './related.ts';
import { requireUser } from '../../http/auth.ts';
import { shortVideosAreFree } from '../videos/free.ts';
import { orderVideos } from '../videos/order.ts';
import { READY } from '../videos/preparing.ts';
import { refreshIfStale } from '../tmdb/refresh.ts';

/** Who asks for a page: what they may see, and who they are (their own Resume point). */
export interface PageCaller { can(name: string): boolean; userId?: number | null }

/** Path params through the shared zod schema; anything malformed is simply not found. */
export function pageParams<S extends z.ZodType>(schema: S, params: unknown, what: string): z.infer<S> {
  const r = schema.safeParse(params);
  if (!r.success) throw notFound(`${what} not found`);
  return r.data;
}

const CAST_LIMIT = 30;
const CREW_LIMIT = 20;

const VIDEO_COLUMNS = [
  'id', 'name', 'title_id', 'season_num', 'episode_num', 'thumbnail', 'type', 'src', 'quality', 'language', 'category', 'approved',
  'origin', 'plays_count', 'upvotes', 'downvotes', 'reports_count', 'order', 'created_at', 'updated_at',
] as const;

/**
 * Videos of a title, season or episode as the caller may see them: visitors without videos.update get approved
 * videos only and never their `src` (the watch call sends it); without videos.view, the short ones when those are
 * free to watch (videos/free.ts), else none.
 */
async function pageVideos(ctx: AppContext, caller: PageCaller, titleId: number, season: number | null, episode: number | null): Promise<PublicVideo[]> {
  const { db } = ctx;
  const mayWatch = caller.can('videos.view');
  if (!mayWatch && !(await shortVideosAreFree(ctx))) return [];
  const editor = caller.can('videos.update');
  let q = db.selectFrom('videos').select(VIDEO_COLUMNS).where('title_id', '=', titleId);
  if (!mayWatch) q = q.where('category', '!=', 'full');
  q = season === null ? q.where('season_num', 'is', null) : q.where('season_num', '=', season);
  q = episode === null ? q.where('episode_num', 'is', null) : q.where('episode_num', '=', episode);
  if (!editor) q = q.where('approved', '=', true as never).where(READY);
  const rows = await orderVideos(q, await ctx.settings.get('client.streaming.default_sort')).limit(50).execute();
  const ids = rows.map((r) => r.id);
  const captions = ids.length
    ? await db.selectFrom('video_captions').select(['id', 'video_id', 'name', 'language', 'url']).where('video_id', 'in', ids).orderBy('order').orderBy('id').execute()
    : [];
  return rows.map(({ src, ...r }) => ({
    ...r,
    approved: toBool(r.approved),
    captions: captions.filter((c) => c.video_id === r.id).map(({ video_id: _v, ...c }) => c),
    ...(editor ? { src } : {}),
  })) as PublicVideo[];
}

/**
 * A series with no full video of its own plays from its first episode that has one ("Play S1 E1"); a season page from
 * the season's first. Offered also to those who may not watch videos (see playVideo).
 */
async function firstEpisodeVideo(db: Db, caller: PageCaller, titleId: number, season?: number): Promise<{ id: number; season_num: number; episode_num: number } | null> {
  let q = db.selectFrom('videos').select(['id', 'season_num', 'episode_num']).where('title_id', '=', titleId).where('category', '=', 'full')
    .where('season_num', 'is not', null).where('episode_num', 'is not', null);
  if (season !== undefined) q = q.where('season_num', '=', season);
  if (!caller.can('videos.update')) q = q.where('approved', '=', true as never).where(READY);
  const row = await q.orderBy('season_num').orderBy('episode_num').orderBy('order').orderBy('id').limit(1).executeTakeFirst();
  return row ? { id: row.id, season_num: row.season_num!, episode_num: row.episode_num! } : null;
}

/**
 * The full video Play starts on a movie or an episode page. Shown also to visitors who may not watch videos (the
 * page lists them none): the watch page then offers the plans or the sign-in, as the hero slides' Play does.
 */
async function playVideo(db: Db, caller: PageCaller, videos: PublicVideo[], titleId: number, season: number | null, episode: number | null): Promise<number | null> {
  if (caller.can('videos.view')) return videos.find((v) => v.category === 'full')?.id ?? null;
  let q = db.selectFrom('videos').select('id').where('title_id', '=', titleId).where('category', '=', 'full').where('approved', '=', true as never).where(READY);
  q = season === null ? q.where('season_num', 'is', null) : q.where('season_num', '=', season);
  q = episode === null ? q.where('episode_num', 'is', null) : q.where('episode_num', '=', episode);
  return (await orderVideos(q, 'order:asc').limit(1).executeTakeFirst())?.id ?? null;
}

const playEpisode = (v: { season_num: number; episode_num: number } | null) => (v ? { season: v.season_num, episode: v.episode_num } : null);

/** Cast (Actors) and the leading crew of one credit owner, in their saved order. */
async function pageCredits(db: Db, type: 'title' | 'season' | 'episode', id: number): Promise<{ cast: TitleCredit[]; crew: TitleCredit[] }> {
  const base = db.selectFrom('creditables').innerJoin('people', 'people.id', 'creditables.person_id')
    .select(['creditables.id', 'creditables.person_id', 'creditables.character', 'creditables.department', 'creditables.job', 'creditables.order', 'people.name', 'people.poster'])
    .where('creditables.creditable_type', '=', type).where('creditables.creditable_id', '=', id);
  const [cast, crew] = await Promise.all([
    base.where('creditables.department', '=', 'Actors').orderBy('creditables.order').orderBy('creditables.id').limit(CAST_LIMIT).execute(),
    base.where('creditables.department', '!=', 'Actors').orderBy('creditables.order').orderBy('creditables.id').limit(CREW_LIMIT).execute(),
  ]);
  const to = (r: (typeof cast)[number]): TitleCredit => ({
    id: r.person_id, name: r.name, poster: r.poster,
    pivot: { id: r.id, character: r.character, department: r.department, job: r.job, order: r.order },
  });
  return { cast: cast.map(to), crew: crew.map(to) };
}

/** Whose watching the page shows (Resume, the episode bars): a signed-in caller who may view videos; else nobody. */
const watcher = (caller: PageCaller): number | null => (caller.userId && caller.can('videos.view') ? caller.userId : null);

/** The viewer's progress in a season's episodes, for the episode lists; nothing for guests. */
function progressOf(db: Db, caller: PageCaller, titleId: number, season: number) {
  const viewer = watcher(caller);
  return viewer ? seasonProgress(db, viewer, titleId, season) : Promise.resolve([]);
}

function requireView(caller: PageCaller) {
  if (!caller.can('titles.view')) throw forbidden("You don't have permission to view titles.");
}

export async function loadTitlePage(ctx: AppContext, caller: PageCaller, id: number): Promise<TitlePageData> {
  requireView(caller);
  const title = await findTitle(ctx.db, id);
  if (!title) throw notFound('Title not found');
  await refreshIfStale(ctx, 'title', title);
  const { db, settings } = ctx;
  const seasons = title.is_series && caller.can('seasons.view')
    ? await db.selectFrom('seasons').select(SEASON_COLUMNS).where('title_id', '=', id).orderBy('number').limit(100).execute()
    : [];
  const viewer = watcher(caller);
  const resume = viewer ? await resumePoint(db, viewer, id) : null;
  // The episodes section opens on the season the viewer is in, else the latest.
  const shown = seasons.find((s) => s.number === resume?.season) ?? seasons.at(-1);
  const episodes = shown && caller.can('episodes.view')
    ? await db.selectFrom('episodes').select(EPISODE_COLUMNS).where('season_id', '=', shown.id).orderBy('episode_number').limit(100).execute()
    : [];
  const videos = await pageVideos(ctx, caller, id, null, null);
  const { cast, crew } = caller.can('people.view') ? await pageCredits(db, 'title', id) : { cast: [], crew: [] };
  const play = await playVideo(db, caller, videos, id, null, null);
  const firstEpisode = title.is_series && play === null ? await firstEpisodeVideo(db, caller, id) : null;
  return {
    title,
    play_video_id: play ?? firstEpisode?.id ?? null,
    play_episode: playEpisode(firstEpisode),
    resume,
    episode_progress: shown && episodes.length ? await progressOf(db, caller, id, shown.number) : [],
    trailer_video_id: videos.find((v) => v.category === 'trailer')?.id ?? null,
    videos,
    seasons,
    episodes,
    cast,
    crew,
    related: await relatedTitles(db, title),
    sections: await settings.get('client.title_page.sections'),
    video_panel: { mode: await settings.get('client.titles.video_panel_mode'), content: await settings.get('client.titles.video_panel_content') },
  };
}

export async function loadSeasonPage(ctx: AppContext, caller: PageCaller, id: number, number: number): Promise<SeasonPageData> {
  requireView(caller);
  if (!caller.can('seasons.view')) throw forbidden("You don't have permission to view seasons.");
  const title = await findTitle(ctx.db, id, false);
  if (!title) throw notFound('Title not found');
  const { db } = ctx;
  const season = await db.selectFrom('seasons').select(SEASON_COLUMNS).where('title_id', '=', id).where('number', '=', number).executeTakeFirst();
  if (!season) throw notFound('Season not found');
  const [episodes, credits, videos, previous, next] = await Promise.all([
    caller.can('episodes.view') ? db.selectFrom('episodes').select(EPISODE_COLUMNS).where('season_id', '=', season.id).orderBy('episode_number').limit(500).execute() : [],
    caller.can('people.view') ? pageCredits(db, 'season', season.id) : { cast: [], crew: [] },
    pageVideos(ctx, caller, id, number, null),
    db.selectFrom('seasons').select('number').where('title_id', '=', id).where('number', '<', number).orderBy('number', 'desc').limit(1).executeTakeFirst(),
    db.selectFrom('seasons').select('number').where('title_id', '=', id).where('number', '>', number).orderBy('number').limit(1).executeTakeFirst(),
  ]);
  const viewer = watcher(caller);
  const [episode_progress, first, resume] = await Promise.all([
    episodes.length ? progressOf(db, caller, id, number) : [],
    firstEpisodeVideo(db, caller, id, number),
    viewer ? resumePoint(db, viewer, id, { season: number }) : null,
  ]);
  return {
    title, season, episodes, episode_progress, ...credits, videos,
    play_video_id: first?.id ?? null, play_episode: playEpisode(first), resume,
    previous: previous?.number ?? null, next: next?.number ?? null,
  };
}

/** The episode before or after (season, episode), across season boundaries. */
async function neighbour(db: Db, titleId: number, season: number, episode: number, dir: 'previous' | 'next'): Promise<EpisodeLink | null> {
  const before = dir === 'previous';
  const row = await db.selectFrom('episodes').select(['season_number', 'episode_number', 'name']).where('title_id', '=', titleId)
    .where((eb) => eb.or([
      eb('season_number', before ? '<' : '>', season),
      eb.and([eb('season_number', '=', season), eb('episode_number', before ? '<' : '>', episode)]),
    ]))
    .orderBy('season_number', before ? 'desc' : 'asc').orderBy('episode_number', before ? 'desc' : 'asc').limit(1).executeTakeFirst();
  return row ? { season: row.season_number, episode: row.episode_number, name: row.name } : null;
}

export async function loadEpisodePage(ctx: AppContext, caller: PageCaller, id: number, seasonNumber: number, number: number): Promise<EpisodePageData> {
  requireView(caller);
  if (!caller.can('episodes.view')) throw forbidden("You don't have permission to view episodes.");
  const title = await findTitle(ctx.db, id, false);
  if (!title) throw notFound('Title not found');
  const { db } = ctx;
  const [season, episode] = await Promise.all([
    db.selectFrom('seasons').select(SEASON_COLUMNS).where('title_id', '=', id).where('number', '=', seasonNumber).executeTakeFirst(),
    db.selectFrom('episodes').select(EPISODE_COLUMNS).where('title_id', '=', id).where('season_number', '=', seasonNumber).where('episode_number', '=', number).executeTakeFirst(),
  ]);
  if (!season) throw notFound('Season not found');
  if (!episode) throw notFound('Episode not found');
  const [credits, videos, previous, next] = await Promise.all([
    caller.can('people.view') ? pageCredits(db, 'episode', episode.id) : { cast: [], crew: [] },
    pageVideos(ctx, caller, id, seasonNumber, number),
    neighbour(db, id, seasonNumber, number, 'previous'),
    neighbour(db, id, seasonNumber, number, 'next'),
  ]);
  const play = await playVideo(db, caller, videos, id, seasonNumber, number);
  const viewer = watcher(caller);
  const resume = play !== null && viewer ? await resumePoint(db, viewer, id, { videoId: play }) : null;
  return { title, season, episode, ...credits, videos, play_video_id: play, resume, previous, next };
}

/** The public pages' data calls: one call per page (titles.view; seasons, episodes, people and videos as the caller may see them). */
export function titlePageRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/titles/because-you-watched', { config: { permission: 'titles.view' }, schema: { response: { 200: becauseYouWatchedResponse } } }, async (req, reply) => {
    const userId = requireUser(req);
    reply.header('cache-control', 'private, no-store');
    return becauseYouWatched(ctx.db, userId);
  });
  app.get('/api/v1/titles/:id/page', { config: { permission: 'titles.view' }, schema: { response: { 200: titlePageResponse } } }, async (req) => {
    const p = pageParams(titlePageParamsSchema, req.params, 'Title');
    return loadTitlePage(ctx, req.auth, p.id);
  });
  app.get('/api/v1/titles/:id/seasons/:season/page', { config: { permission: 'titles.view' }, schema: { response: { 200: seasonPageResponse } } }, async (req) => {
    const p = pageParams(seasonPageParamsSchema, req.params, 'Season');
    return loadSeasonPage(ctx, req.auth, p.id, p.season);
  });
  app.get('/api/v1/titles/:id/seasons/:season/episodes/:episode/page', { config: { permission: 'titles.view' }, schema: { response: { 200: episodePageResponse } } }, async (req) => {
    const p = pageParams(episodePageParamsSchema, req.params, 'Episode');
    return loadEpisodePage(ctx, req.auth, p.id, p.season, p.episode);
  });
}
