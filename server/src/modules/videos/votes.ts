import type { FastifyInstance } from 'fastify';
import { idParam, typed } from '../../http/schema.ts';
import { reportSchema, reportedResponse, videoVoteResponse, videoVoteSchema, type VideoVote, type VideoVoteState } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso, toBool, type Db } from '../../db/index.ts';
import { notFound } from '../../http/errors.ts';
import { lockRows } from '../../db/row-lock.ts';
import { requireUser } from '../../http/auth.ts';
import { POSTING_LIMITS, assertCanPost, reportItem } from '../reviews/posting.ts';
import { reportModerationRoutes } from '../reviews/reports.ts';
import { watchableVideo } from './watch.ts';

const column = (vote: VideoVote) => (vote === 'up' ? 'upvotes' : 'downvotes');

export async function myVideoVote(db: Db, userId: number | null, videoId: number): Promise<VideoVote | null> {
  if (!userId) return null;
  const row = await db.selectFrom('video_votes').select('is_upvote').where('video_id', '=', videoId).where('user_id', '=', userId).executeTakeFirst();
  return row ? (toBool(row.is_upvote) ? 'up' : 'down') : null;
}

/**
 * Sets (or with null takes back) the member's one vote on a video and moves the video's counts in the same
 * transaction; the video's row is locked first on PostgreSQL, so two clicks at once count once.
 */
async function castVote(ctx: AppContext, videoId: number, userId: number, vote: VideoVote | null): Promise<VideoVoteState> {
  return ctx.db.transaction().execute(async (trx) => {
    // Deleted since the guard looked: nothing to vote on.
    if (!(await lockRows(trx, ctx.dialect, 'videos', [videoId], 'update')).length) throw notFound('Video not found');
    const old = await myVideoVote(trx, userId, videoId);
    if (old !== vote) {
      if (old) {
        await trx.deleteFrom('video_votes').where('video_id', '=', videoId).where('user_id', '=', userId).execute();
        await trx.updateTable('videos').set((eb) => ({ [column(old)]: eb(column(old), '-', 1) })).where('id', '=', videoId).execute();
      }
      if (vote) {
        await trx.insertInto('video_votes').values({ video_id: videoId, user_id: userId, is_upvote: vote === 'up', created_at: nowIso() }).execute();
        await trx.updateTable('videos').set((eb) => ({ [column(vote)]: eb(column(vote), '+', 1) })).where('id', '=', videoId).execute();
      }
    }
    const counts = await trx.selectFrom('videos').select(['upvotes', 'downvotes']).where('id', '=', videoId).executeTakeFirstOrThrow();
    return { ...counts, my_vote: vote };
  });
}

/**
 * PUT and DELETE videos/{id}/vote: members with videos.rate vote on the videos they may watch. POST
 * videos/{id}/report: members who may watch one ask a moderator to look at it (the admin's Reports column).
 */
export function videoVoteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  const guard = async (req: { params: { id: number }; auth: { can(p: string): boolean } }, userId: number) => {
    if (!(await watchableVideo(ctx.db, req.params.id, req.auth.can('videos.update')))) throw notFound('Video not found');
    await assertCanPost(ctx, userId, POSTING_LIMITS.votes);
  };
  api.put('/api/v1/videos/:id/vote', { config: { permission: 'videos.rate' }, schema: { params: idParam, body: videoVoteSchema, response: { 200: videoVoteResponse } } }, async (req) => {
    const userId = requireUser(req);
    await guard(req, userId);
    return castVote(ctx, req.params.id, userId, req.body.vote);
  });
  api.delete('/api/v1/videos/:id/vote', { config: { permission: 'videos.rate' }, schema: { params: idParam, response: { 200: videoVoteResponse } } }, async (req) => {
    const userId = requireUser(req);
    await guard(req, userId);
    return castVote(ctx, req.params.id, userId, null);
  });
  api.post('/api/v1/videos/:id/report', { config: { permission: 'videos.view' }, schema: { params: idParam, body: reportSchema, response: { 200: reportedResponse } } }, async (req) => {
    const userId = requireUser(req);
    if (!(await watchableVideo(ctx.db, req.params.id, req.auth.can('videos.update')))) throw notFound('Video not found');
    const reports_count = await reportItem(ctx, 'video', req.params.id, userId, req.body.reason);
    return { reports_count, message: 'Video reported' };
  });
  // Why members reported a video, and dismissing the reports once checked, as for comments and reviews.
  reportModerationRoutes(app, ctx, 'video', 'videos', 'videos.update');
}
