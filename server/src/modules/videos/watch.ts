import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { VISITOR_COOKIE, watchResponse, type WatchData, type WatchVideoSummary } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { toBool, type Db } from '../../db/index.ts';
import { notFound } from '../../http/errors.ts';
import { playTracker } from '../plays/tracker.ts';
import '../plays/schema.ts';
import { freeShortVideo, videoIdOf } from './free.ts';
import { myVideoVote } from './votes.ts';
import { orderVideos, type VideoSort } from './order.ts';
import { PREPARING, READY } from './preparing.ts';

const SUMMARY = ['id', 'name', 'title_id', 'season_num', 'episode_num', 'thumbnail', 'type', 'quality', 'language', 'category', 'approved', 'plays_count', 'upvotes', 'downvotes'] as const;
const RELATED_LIMIT = 24;

export const parseVideoId = (p: unknown): number => {
  const id = videoIdOf(p);
  if (id === null) throw notFound('Video not found');
  return id;
};

const summary = (r: Record<string, unknown>) => ({ ...r, approved: toBool(r.approved) }) as WatchVideoSummary;

/**
 * A video a caller may watch: approved ones for everyone, unapproved ones only for those who may edit videos
 * (anyone else gets the same 404 as for an unknown id, and so never sees its source).
 */
export async function watchableVideo(db: Db, id: number, canEdit: boolean) {
  const row = await db.selectFrom('videos').select([...SUMMARY, 'src']).select(PREPARING.as('preparing')).where('id', '=', id).executeTakeFirst();
  if (!row || (!toBool(row.approved) && !canEdit)) return null;
  const preparing = toBool(row.preparing);
  // Until its transcode is done, a visitor gets no source to play (the form's placeholder, or nothing).
  return { ...row, approved: toBool(row.approved), preparing, src: preparing && !canEdit ? '' : row.src };
}

/** Everything the watch page shows, in one call. */
export async function loadWatch(db: Db, id: number, opts: { canEdit: boolean; userId: number | null; pendingPosition?: number; sort?: VideoSort }): Promise<WatchData | null> {
  const video = await watchableVideo(db, id, opts.canEdit);
  if (!video) return null;
  const title = await db.selectFrom('titles').select(['id', 'name', 'is_series', 'poster', 'backdrop', 'year', 'description']).where('id', '=', video.title_id).executeTakeFirst();
  if (!title) return null;
  const captions = video.type === 'video' && !(video.preparing && !opts.canEdit)
    ? await db.selectFrom('video_captions').select(['id', 'name', 'language', 'url']).where('video_id', '=', id).orderBy('order').orderBy('id').execute()
    : [];

  let episode: WatchData['episode'] = null;
  let upNext: WatchData['up_next'] = null;
  const { season_num: s, episode_num: e } = video;
  if (s !== null && e !== null) {
    episode = (await db.selectFrom('episodes').select(['season_number', 'episode_number', 'name', 'description', 'poster'])
      .where('title_id', '=', title.id).where('season_number', '=', s).where('episode_number', '=', e).executeTakeFirst()) ?? null;
    // The next episode that has a video of the same category (its full video after a full video), in season order.
    const next = await db.selectFrom('videos').select(SUMMARY).where('title_id', '=', title.id).where('approved', '=', true).where(READY)
      .where('category', '=', video.category).where('season_num', 'is not', null).where('episode_num', 'is not', null)
      .where((w) => w.or([w('season_num', '>', s), w.and([w('season_num', '=', s), w('episode_num', '>', e)])]))
      .orderBy('season_num').orderBy('episode_num').orderBy('order').orderBy('id').limit(1).executeTakeFirst();
    if (next) {
      const ep = await db.selectFrom('episodes').select('name').where('title_id', '=', title.id)
        .where('season_number', '=', next.season_num!).where('episode_number', '=', next.episode_num!).executeTakeFirst();
      upNext = { ...summary(next), episode_name: ep?.name ?? null };
    }
  }

  // A series' videos in episode order; within the title, a season or an episode as the videos settings sort them.
  const related = await orderVideos(db.selectFrom('videos').select(SUMMARY).where('title_id', '=', title.id).where('approved', '=', true).where(READY).where('id', '!=', id)
    .orderBy('season_num').orderBy('episode_num'), opts.sort ?? 'order:asc').limit(RELATED_LIMIT).execute();

  let position: number | null = null;
  if (opts.userId) {
    position = opts.pendingPosition ?? (await db.selectFrom('video_progress').select('position')
      .where('user_id', '=', opts.userId).where('video_id', '=', id).executeTakeFirst())?.position ?? null;
  }

  return {
    my_vote: await myVideoVote(db, opts.userId, id),
    video: { ...video, captions },
    title: { ...title, is_series: toBool(title.is_series) },
    episode,
    up_next: upNext,
    related: related.map(summary),
    position,
  };
}

/** The anonymous viewer's id: a random cookie set on first need, so plays of guests dedupe per browser. */
export function visitorId(req: FastifyRequest, reply: FastifyReply): string {
  const current = req.cookies[VISITOR_COOKIE];
  if (current && /^[a-f0-9]{32}$/.test(current)) return current;
  const id = crypto.randomBytes(16).toString('hex');
  reply.setCookie(VISITOR_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 365 * 24 * 3600, secure: req.protocol === 'https' });
  return id;
}

export function watchRoutes(app: FastifyInstance, ctx: AppContext): void {
  // An approved short video plays for those who may not watch videos, when short ones are free.
  const approvedCategory = async (id: number) =>
    (await ctx.db.selectFrom('videos').select('category').where('id', '=', id).where('approved', '=', true as never).executeTakeFirst())?.category ?? null;
  app.get('/api/v1/videos/:id/watch', { config: { permission: 'videos.view', waiver: freeShortVideo(ctx, approvedCategory) }, schema: { response: { 200: watchResponse } } }, async (req, reply) => {
    const id = parseVideoId(req.params);
    const userId = req.auth.userId;
    const data = await loadWatch(ctx.db, id, {
      canEdit: req.auth.can('videos.update'), userId, pendingPosition: userId ? playTracker(ctx).pendingPosition(userId, id) : undefined,
      sort: await ctx.settings.get('client.streaming.default_sort'),
    });
    if (!data) throw notFound('Video not found');
    if (!userId) visitorId(req, reply);
    reply.header('cache-control', 'private, no-store');
    return data;
  });
}
