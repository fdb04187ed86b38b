import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { ACTIVE_TRANSCODE_STATES, TRANSCODE_EXTENSIONS, type Transcode } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { nowIso } from '../../db/index.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { downloadUrl } from '../files/repository.ts';
import { deleteEntries } from '../files/service.ts';
import { ffmpegAvailable } from './ffmpeg.ts';
import { WORK_ROOT, removeOutput } from './job.ts';
import { transcodePool, type TranscodePool } from './pool.ts';
import { probeSource } from './probe.ts';
import { latestForVideo, toTranscode } from './repository.ts';

const refuse = (message: string, field = 'file') => new HttpError(422, message, { [field]: [message] });

/** Who hands a file to the transcoder: files are theirs, or any file for an administrator. */
export const transcodeCaller = (req: FastifyRequest): Caller => ({ userId: requireUser(req), isAdmin: req.auth.can('admin') });

export const NO_FFMPEG = 'Transcoding needs ffmpeg, which is not installed on this server. Choose another video type: a video file URL, a stream, an embed or a link.';

export interface Caller {
  userId: number;
  isAdmin: boolean;
}

async function requireVideo(ctx: AppContext, videoId: number): Promise<void> {
  if (!(await ctx.db.selectFrom('videos').select('id').where('id', '=', videoId).executeTakeFirst())) throw notFound('Video not found');
}

/** Copies a stored file to a fresh local folder (ffprobe needs a seekable file, whichever driver holds it). */
async function localCopy(ctx: AppContext, disk: string, key: string): Promise<{ dir: string; file: string }> {
  const dir = path.join(WORK_ROOT, `probe-${crypto.randomBytes(8).toString('hex')}`);
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, `source${path.extname(key).toLowerCase().replace(/[^.a-z0-9]/g, '')}`);
  try {
    await pipeline((await ctx.storage.driver(disk, key)).read(key), fs.createWriteStream(file));
  } catch (err) {
    await fsp.rm(dir, { recursive: true, force: true });
    throw err;
  }
  return { dir, file };
}

/**
 * Hands an uploaded file (a file entry the caller owns) to the transcoder: probes it, and either refuses it with a
 * 422 (the file is then deleted, so nothing is left behind) or queues the job. The file belongs to the job from here:
 * it is deleted after success unless "keep original" is on.
 */
export async function startTranscode(ctx: AppContext, who: Caller, videoId: number, fileId: number): Promise<Transcode> {
  await requireVideo(ctx, videoId);
  if (!(await ffmpegAvailable())) throw refuse(NO_FFMPEG);
  const entry = await ctx.db.selectFrom('file_entries').select(['id', 'user_id', 'type', 'name', 'file_name', 'disk', 'extension'])
    .where('id', '=', fileId).executeTakeFirst();
  if (!entry || entry.type === 'folder' || (entry.user_id !== who.userId && !who.isAdmin)) throw refuse('The selected file does not exist.', 'file_id');
  const active = await latestForVideo(ctx.db, videoId);
  if (active && ACTIVE_TRANSCODE_STATES.includes(active.state)) throw refuse('This video is already being transcoded.', 'file_id');

  let probe;
  try {
    if (!(TRANSCODE_EXTENSIONS as readonly string[]).includes((entry.extension ?? '').toLowerCase())) {
      throw refuse('Upload a video file: mp4, mov, mkv or webm.');
    }
    const copy = await localCopy(ctx, entry.disk, entry.file_name);
    try {
      probe = await probeSource(copy.file, {
        maxSeconds: (await ctx.settings.get('server.transcode_max_minutes')) * 60,
        maxHeight: await ctx.settings.get('server.transcode_max_height'),
      });
    } finally {
      await fsp.rm(copy.dir, { recursive: true, force: true });
    }
  } catch (err) {
    if (err instanceof HttpError && err.status === 422) await deleteEntries(ctx, [entry.id]);
    throw err;
  }
  const now = nowIso();
  const { id } = await ctx.db.insertInto('transcodes').values({
    video_id: videoId, user_id: who.userId, state: 'queued', percent: 0, source_file_id: entry.id, source_key: entry.file_name,
    source_disk: entry.disk, source_name: entry.name, probe: JSON.stringify(probe),
    renditions: JSON.stringify(await ctx.settings.get('server.transcode_renditions')), attempts: 0, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await ctx.queue.dispatch('transcode.run', { id });
  return toTranscode((await ctx.db.selectFrom('transcodes').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as never);
}

/**
 * The source a video created from an uploaded file holds until its stream is ready: the upload itself (private to
 * the uploader and file managers). The file is checked as a transcode checks it, before the video exists.
 */
export async function uploadedVideoSource(ctx: AppContext, who: Caller, fileId: number): Promise<string> {
  if (!(await ffmpegAvailable())) throw refuse(NO_FFMPEG, 'file_id');
  const entry = await ctx.db.selectFrom('file_entries').select(['user_id', 'type', 'hash', 'extension']).where('id', '=', fileId).executeTakeFirst();
  if (!entry || entry.type === 'folder' || (entry.user_id !== who.userId && !who.isAdmin)) throw refuse('The selected file does not exist.', 'file_id');
  if (!(TRANSCODE_EXTENSIONS as readonly string[]).includes((entry.extension ?? '').toLowerCase())) throw refuse('Upload a video file: mp4, mov, mkv or webm.', 'file_id');
  return downloadUrl(entry.hash);
}

/** Stops the video's job: ffmpeg is killed and the partial output removed before this answers (when it runs here). */
export async function cancelTranscode(ctx: AppContext, pool: TranscodePool, videoId: number): Promise<Transcode> {
  await requireVideo(ctx, videoId);
  const row = await latestForVideo(ctx.db, videoId);
  if (!row || !ACTIVE_TRANSCODE_STATES.includes(row.state)) throw refuse('This video is not being transcoded.', 'transcode');
  const r = await ctx.db.updateTable('transcodes').set({ state: 'cancelled', finished_at: nowIso(), updated_at: nowIso() })
    .where('id', '=', row.id).where('state', 'in', [...ACTIVE_TRANSCODE_STATES]).executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw refuse('This video is not being transcoded.', 'transcode');
  await pool.cancel(row.id);
  return toTranscode((await latestForVideo(ctx.db, videoId))!);
}

/** Queues a failed or cancelled job again, from the same uploaded file. */
export async function retryTranscode(ctx: AppContext, pool: TranscodePool, videoId: number): Promise<Transcode> {
  await requireVideo(ctx, videoId);
  if (!(await ffmpegAvailable())) throw refuse(NO_FFMPEG, 'transcode');
  const row = await latestForVideo(ctx.db, videoId);
  if (!row || (row.state !== 'failed' && row.state !== 'cancelled')) throw refuse('Only a failed or cancelled transcode can be retried.', 'transcode');
  const source = await ctx.storage.driver(row.source_disk, row.source_key);
  if (!(await source.stat(row.source_key))) throw refuse('The uploaded file is gone: upload it again.', 'transcode');
  await ctx.db.updateTable('transcodes').set({ state: 'queued', percent: 0, error: null, finished_at: null, worker: null, heartbeat_at: null, updated_at: nowIso() })
    .where('id', '=', row.id).where('state', '=', row.state).execute();
  // The answer is the job as this call left it: read before a worker can claim it (it may be running by the time
  // the answer is written, which the next poll shows).
  const queued = toTranscode((await latestForVideo(ctx.db, videoId))!);
  await ctx.queue.dispatch('transcode.run', { id: row.id });
  pool.wake();
  return queued;
}

/** The stored ladders of these videos, found before their rows go (transcodes cascade with the videos). */
export async function streamsOf(ctx: AppContext, videoIds: number[]): Promise<{ id: number; output_prefix: string | null }[]> {
  if (!videoIds.length) return [];
  return ctx.db.selectFrom('transcodes').select(['id', 'output_prefix']).where('video_id', 'in', videoIds).execute();
}

/** Stops the running jobs among `streams` (each removes its partial output); call before deleting the videos. */
export async function stopStreams(ctx: AppContext, streams: { id: number }[]): Promise<void> {
  const pool = transcodePool(ctx);
  for (const s of streams) await pool?.cancel(s.id);
}

/** Removes the ladders of deleted videos from storage. */
export async function removeStreams(ctx: AppContext, streams: { output_prefix: string | null }[]): Promise<void> {
  for (const s of streams) await removeOutput(ctx, s.output_prefix);
}
