import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  continueWatchingResponse, doneResponse, listQuerySchema, playProgressSchema, playStartSchema, watchHistoryResponse, type PlayProgress, type PlayStart,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { idParam, typed } from '../../http/schema.ts';
import { requireUser } from '../../http/auth.ts';
import { freeShortVideo } from '../videos/free.ts';
import { visitorId } from '../videos/watch.ts';
import { continueWatching } from './continue-watching.ts';
import { forgetWatched, watchHistory } from './history.ts';
import { PlayableVideos } from './playable.ts';
import { playTracker, type PlayEvent } from './tracker.ts';

/**
 * Play tracking. The request validates and queues; the tracker writes in batches. Both calls answer 202:
 * whether a report became a new play (one per viewer per video per 24 hours) is decided when the batch is written.
 */
export function playsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tracker = playTracker(ctx);
  app.addHook('onClose', () => tracker.close());
  const videos = new PlayableVideos(ctx.db);
  videos.forgetOnCatalogueWrites(app);

  const record = async (kind: PlayEvent['kind'], id: number, input: PlayStart | PlayProgress, req: FastifyRequest, reply: FastifyReply) => {
    const userId = req.auth.userId;
    if (input.user_id !== undefined && input.user_id !== userId) throw forbidden('You can only record your own plays.');
    // An unapproved video is not there for a visitor, and nobody's plays of it count (an editor's neither).
    const video = await videos.get(id);
    if (!video) throw notFound('Video not found');
    const event: PlayEvent = {
      kind, videoId: id, titleId: video.title_id, seasonNum: video.season_num, episodeNum: video.episode_num,
      userId, visitorId: userId ? null : visitorId(req, reply), seconds: input.seconds, position: input.position, duration: input.duration ?? null, at: nowIso(),
      ip: kind === 'play' ? req.ip : undefined, userAgent: kind === 'play' ? req.headers['user-agent'] : undefined,
    };
    tracker.push(event);
    return reply.status(202).send({});
  };

  const api = typed(app);
  // Plays of a short video count for those who may watch it only because short ones are free.
  const watching = { permission: 'videos.view', waiver: freeShortVideo(ctx, async (id) => (await videos.get(id))?.category ?? null) };
  api.post('/api/v1/videos/:id/plays', { config: watching, schema: { params: idParam, body: playStartSchema, response: { 202: doneResponse } } }, async (req, reply) =>
    record('play', req.params.id, req.body, req, reply));
  api.post('/api/v1/videos/:id/progress', { config: watching, schema: { params: idParam, body: playProgressSchema, response: { 202: doneResponse } } }, async (req, reply) =>
    record('progress', req.params.id, req.body, req, reply));

  // The signed-in viewer's own resume points: read for "Continue watching", and forgotten one at a time from it.
  api.get('/api/v1/videos/continue-watching', { config: { permission: 'videos.view' }, schema: { response: { 200: continueWatchingResponse } } }, async (req, reply) => {
    const userId = requireUser(req);
    reply.header('cache-control', 'private, no-store');
    return { items: await continueWatching(ctx.db, userId) };
  });
  api.delete('/api/v1/videos/:id/progress', { config: { permission: 'authenticated' }, schema: { params: idParam, response: { 200: doneResponse } } }, async (req) => {
    await forgetWatched(ctx, requireUser(req), req.params.id);
    return {};
  });

  // The member's watch history (/history): every video they started, newest first; cleared all at once.
  api.get('/api/v1/watch-history', { config: { permission: 'authenticated' }, schema: { querystring: listQuerySchema, response: { 200: watchHistoryResponse } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { pagination: await watchHistory(ctx, requireUser(req), req.query) };
  });
  api.delete('/api/v1/watch-history', { config: { permission: 'authenticated' }, schema: { response: { 200: doneResponse } } }, async (req) => {
    await forgetWatched(ctx, requireUser(req));
    return {};
  });
}
