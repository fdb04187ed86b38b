import type { FastifyInstance, FastifyRequest } from 'fastify';
import { transcodeListQuerySchema, transcodeStartSchema } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { notFound, parse } from '../../http/errors.ts';
import { ffmpegAvailable } from './ffmpeg.ts';
import { TranscodePool } from './pool.ts';
export { transcodePool } from './pool.ts';
import { latestForVideo, latestForVideos, toTranscode } from './repository.ts';
import { cancelTranscode, retryTranscode, startTranscode } from './service.ts';

const videoId = (p: unknown) => {
  const id = Number((p as { id: string }).id);
  if (!Number.isInteger(id) || id < 1) throw notFound('Video not found');
  return id;
};
const caller = (req: FastifyRequest) => ({ userId: requireUser(req), isAdmin: req.auth.can('admin') });

/** Issue 15: uploaded files become HLS ladders. The pool lives as long as the app and hands its jobs back on close. */
export function transcodeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const pool = new TranscodePool(ctx);
  // The queue only wakes the pool; the transcodes table holds the job, so it survives restarts on any queue driver.
  ctx.queue.register('transcode.run', async () => { pool.wake(); });
  app.addHook('onReady', async () => { pool.start(); });
  app.addHook('onClose', async () => { await pool.close(); });

  app.get('/api/v1/videos/:id/transcode', { config: { permission: 'videos.update' } }, async (req) => {
    const row = await latestForVideo(ctx.db, videoId(req.params));
    return { transcode: row ? toTranscode(row) : null, ffmpeg: await ffmpegAvailable() };
  });

  app.post('/api/v1/videos/:id/transcode', { config: { permission: 'videos.update' } }, async (req) => {
    const input = parse(transcodeStartSchema, req.body);
    return { transcode: await startTranscode(ctx, pool, caller(req), videoId(req.params), input.file_id) };
  });

  app.post('/api/v1/videos/:id/transcode/cancel', { config: { permission: 'videos.update' } }, async (req) =>
    ({ transcode: await cancelTranscode(ctx, pool, videoId(req.params)) }));

  app.post('/api/v1/videos/:id/transcode/retry', { config: { permission: 'videos.update' } }, async (req) =>
    ({ transcode: await retryTranscode(ctx, pool, videoId(req.params)) }));

  // The videos list polls its page's ids for progress.
  app.get('/api/v1/transcodes', { config: { permission: 'videos.view' } }, async (req) => {
    const q = parse(transcodeListQuerySchema, req.query);
    return { transcodes: await latestForVideos(ctx.db, q.video_ids), ffmpeg: await ffmpegAvailable() };
  });
}
