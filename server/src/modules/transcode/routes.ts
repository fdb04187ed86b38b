import type { FastifyInstance } from 'fastify';
import {
  transcodeListQuerySchema, transcodeListResponse, transcodeResponse, transcodeStartSchema, videoTranscodeResponse,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { idParam, typed } from '../../http/schema.ts';
import { ffmpegAvailable } from './ffmpeg.ts';
import { TranscodePool } from './pool.ts';
export { transcodePool } from './pool.ts';
import { latestForVideo, latestForVideos, toTranscode } from './repository.ts';
import { cancelTranscode, retryTranscode, startTranscode, transcodeCaller } from './service.ts';


/** Issue 15: uploaded files become HLS ladders. The pool lives as long as the app and hands its jobs back on close. */
export function transcodeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  const pool = new TranscodePool(ctx);
  // The queue only wakes the pool; the transcodes table holds the job, so it survives restarts on any queue driver.
  ctx.queue.register('transcode.run', async () => { pool.wake(); });
  app.addHook('onReady', async () => { pool.start(); });
  app.addHook('onClose', async () => { await pool.close(); });

  api.get('/api/v1/videos/:id/transcode', { config: { permission: 'videos.update' }, schema: { params: idParam, response: { 200: videoTranscodeResponse } } }, async (req) => {
    const row = await latestForVideo(ctx.db, req.params.id);
    return { transcode: row ? toTranscode(row) : null, ffmpeg: await ffmpegAvailable() };
  });

  api.post('/api/v1/videos/:id/transcode', { config: { permission: 'videos.update' }, schema: { params: idParam, body: transcodeStartSchema, response: { 200: transcodeResponse } } }, async (req) =>
    ({ transcode: await startTranscode(ctx, transcodeCaller(req), req.params.id, req.body.file_id) }));

  api.post('/api/v1/videos/:id/transcode/cancel', { config: { permission: 'videos.update' }, schema: { params: idParam, response: { 200: transcodeResponse } } }, async (req) =>
    ({ transcode: await cancelTranscode(ctx, pool, req.params.id) }));

  api.post('/api/v1/videos/:id/transcode/retry', { config: { permission: 'videos.update' }, schema: { params: idParam, response: { 200: transcodeResponse } } }, async (req) =>
    ({ transcode: await retryTranscode(ctx, pool, req.params.id) }));

  // The videos list polls its page's ids for progress.
  api.get('/api/v1/transcodes', { config: { permission: 'videos.view' }, schema: { querystring: transcodeListQuerySchema, response: { 200: transcodeListResponse } } }, async (req) =>
    ({ transcodes: await latestForVideos(ctx.db, req.query.video_ids), ffmpeg: await ffmpegAvailable() }));
}
