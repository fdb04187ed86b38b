import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { TranscodeProbe, TranscodeRendition } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { deleteEntries } from '../files/service.ts';
import { announcingStreaming } from '../notifications/now-streaming.ts';
import { removeStoredFiles } from '../titles/service.ts';
import { FFMPEG_THREADS, FfmpegError, runFfmpeg, type FfmpegRun } from './ffmpeg.ts';
import { ladderArgs, pickRungs, posterArgs, spritePlan, subtitleArgs, subtitlePlaylist, thumbnailsVtt, withSubtitles, type Rung } from './ladder.ts';
import type { TranscodeRow } from './repository.ts';

/** Content types of what a ladder holds, recorded where the storage backend keeps one (S3). */
const TYPES = new Map([['m3u8', 'application/vnd.apple.mpegurl'], ['ts', 'video/mp2t'], ['jpg', 'image/jpeg'], ['vtt', 'text/vtt']]);

/** Where work folders live while ffmpeg runs (always local: ffmpeg needs files); outputs then go through storage. */
export const WORK_ROOT = path.join(os.tmpdir(), 'streamsite-transcode');

/** The public URL of a key on the public disk (served at /storage/* with Range). */
export const publicUrl = (key: string) => `/storage/${key.replace(/^public\//, '')}`;

/**
 * The video's quality label (one of the form's VIDEO_QUALITIES) for the tallest rung produced, as the movie database
 * import labels its trailers: below 720 lines is standard definition ("sd"), a 360p upload included.
 */
function qualityOf(rungs: Rung[]): string {
  const top = Math.max(...rungs.map((r) => r.height));
  return top >= 1080 ? '1080p' : top >= 720 ? '720p' : 'sd';
}

/** Hooks the pool gives a running job: progress (0–100) and the handle to stop ffmpeg. */
export interface JobControl {
  progress(percent: number): Promise<void>;
  attach(run: FfmpegRun | null): void;
  /** True once the job was cancelled or taken away from this worker. */
  stopped(): boolean;
}

export class JobStopped extends Error {}

async function* walk(dir: string): AsyncIterable<string> {
  for (const e of await fsp.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(full);
    else if (e.isFile()) yield full;
  }
}

/** Removes everything stored under a run's output prefix (a cancelled, failed or superseded ladder). */
export async function removeOutput(ctx: AppContext, prefix: string | null): Promise<void> {
  if (!prefix) return;
  const keys: string[] = [];
  for await (const k of ctx.storage.list(`${prefix}/`)) keys.push(k);
  await ctx.storage.deleteMany(keys);
}

/**
 * Runs one claimed job end to end: copies the source to a local work folder, runs the ladder (with the sprite) in one
 * ffmpeg, then the poster and subtitles, writes the thumbnails track, uploads everything through the storage driver
 * and finally points the video at its master playlist. Any failure removes what was written; the caller records why.
 */
export async function runTranscode(ctx: AppContext, row: TranscodeRow, control: JobControl): Promise<void> {
  const work = path.join(WORK_ROOT, `${row.id}-${crypto.randomBytes(6).toString('hex')}`);
  const prefix = row.output_prefix!;
  const step = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (control.stopped()) throw new JobStopped();
    return fn();
  };
  const ffmpeg = async (args: string[], onProgress?: (s: number) => void) => {
    const run = runFfmpeg(args, { cwd: work, onProgress });
    control.attach(run);
    try {
      await run.done;
    } finally {
      control.attach(null);
    }
  };
  try {
    await fsp.mkdir(path.join(work, 'subs'), { recursive: true });
    const ext = (path.extname(row.source_key).slice(1).toLowerCase().replace(/[^a-z0-9]/g, '') || 'bin');
    const input = `source.${ext}`;
    const source = await ctx.storage.driver(row.source_disk, row.source_key);
    if (!(await source.stat(row.source_key))) throw new FfmpegError('The uploaded file is gone: upload it again.');
    await step(() => pipeline(source.read(row.source_key), fs.createWriteStream(path.join(work, input))));

    const probe = JSON.parse(row.probe ?? 'null') as TranscodeProbe;
    const rungs = pickRungs(probe, JSON.parse(row.renditions) as TranscodeRendition[]);
    const sprite = spritePlan(probe);
    // The ladder is nearly all of the work: it maps to 0–90 %.
    await step(() => ffmpeg(ladderArgs(input, probe, rungs, sprite, FFMPEG_THREADS), (s) => {
      control.progress(Math.min(90, Math.floor((s / probe.duration) * 90))).catch(() => undefined);
    }));
    await step(() => ffmpeg(posterArgs(input, probe, FFMPEG_THREADS)));
    const written = (f: string) => fs.existsSync(path.join(work, f));
    if (!written('poster.jpg')) await step(() => ffmpeg(posterArgs(input, probe, FFMPEG_THREADS, true)));
    const subs: { uri: string; name: string; language: string | null }[] = [];
    if (probe.subtitles.length) {
      // A subtitle track ffmpeg cannot convert is skipped rather than failing the whole ladder.
      const ok = await step(() => ffmpeg(subtitleArgs(input, probe)).then(() => true, (err) => { if (control.stopped()) throw err; return false; }));
      if (ok) {
        probe.subtitles.forEach((s, i) => subs.push({ uri: `subs/${i}.m3u8`, name: s.title ?? s.language ?? `Subtitles ${i + 1}`, language: s.language }));
        for (let i = 0; i < probe.subtitles.length; i++) await fsp.writeFile(path.join(work, 'subs', `${i}.m3u8`), subtitlePlaylist(`${i}.vtt`, probe.duration));
      }
    }
    if (written('sprite.jpg')) await fsp.writeFile(path.join(work, 'thumbnails.vtt'), thumbnailsVtt(sprite, probe.duration));
    const master = path.join(work, 'master.m3u8');
    await fsp.writeFile(master, withSubtitles(await fsp.readFile(master, 'utf8'), subs));
    await control.progress(92);

    // Upload: playlists last, so a player never finds a master whose segments are not there yet.
    const files: string[] = [];
    for await (const f of walk(work)) if (path.basename(f) !== input) files.push(f);
    files.sort((a, b) => Number(a.endsWith('.m3u8')) - Number(b.endsWith('.m3u8')));
    let sent = 0;
    let bytes = 0;
    for (const f of files) {
      const rel = path.relative(work, f).split(path.sep).join('/');
      await step(() => ctx.storage.put(`${prefix}/${rel}`, fs.createReadStream(f), { contentType: TYPES.get(path.extname(f).slice(1)) }));
      bytes += (await fsp.stat(f)).size;
      sent++;
      if (sent % 10 === 0) await control.progress(92 + Math.floor((sent / files.length) * 7));
    }
    await step(() => finish(ctx, row, rungs, prefix, written('poster.jpg'), bytes));
  } catch (err) {
    await removeOutput(ctx, prefix).catch(() => undefined);
    throw err;
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/** Points the video at its new ladder (only if the job is still ours), then drops the old ladder and the original. */
async function finish(ctx: AppContext, row: TranscodeRow, rungs: Rung[], prefix: string, poster: boolean, bytes: number): Promise<void> {
  const previous = await ctx.db.selectFrom('transcodes').select(['output_prefix']).where('video_id', '=', row.video_id)
    .where('state', '=', 'done').where('id', '!=', row.id).execute();
  // The video plays from now on: its title's watchlists hear it is streaming, if it was not already.
  const owner = await ctx.db.selectFrom('videos').select('title_id').where('id', '=', row.video_id).executeTakeFirst();
  const done = await announcingStreaming(ctx, [owner?.title_id], () => ctx.db.transaction().execute(async (trx) => {
    const video = await trx.selectFrom('videos').select(['thumbnail']).where('id', '=', row.video_id).executeTakeFirst();
    if (!video) return null;
    const mine = await trx.updateTable('transcodes').set({ state: 'done', percent: 100, error: null, output_size: bytes, finished_at: nowIso(), updated_at: nowIso() })
      .where('id', '=', row.id).where('state', '=', 'running').where('worker', '=', row.worker).executeTakeFirst();
    if (Number(mine.numUpdatedRows) !== 1) return null;
    // A former ladder is removed below: its bytes no longer count as storage used.
    await trx.updateTable('transcodes').set({ output_size: null }).where('video_id', '=', row.video_id).where('id', '!=', row.id).execute();
    await trx.updateTable('videos').set({
      type: 'stream', src: publicUrl(`${prefix}/master.m3u8`), quality: qualityOf(rungs),
      // The poster frame becomes the thumbnail unless the video has one of its own (a former ladder's poster is
      // removed below, so without a new one the thumbnail is cleared rather than left pointing at nothing).
      ...(video.thumbnail && !video.thumbnail.startsWith('/storage/videos/') ? {} : { thumbnail: poster ? publicUrl(`${prefix}/poster.jpg`) : null }),
      updated_at: nowIso(),
    }).where('id', '=', row.video_id).execute();
    // Captions belong to type video (as when the form changes the type); the stream carries its own.
    const captions = await trx.selectFrom('video_captions').select('url').where('video_id', '=', row.video_id).execute();
    await trx.deleteFrom('video_captions').where('video_id', '=', row.video_id).execute();
    return { captions: captions.map((c) => c.url) };
  }));
  if (!done) throw new JobStopped();
  await removeStoredFiles(ctx, done.captions).catch(() => undefined);
  for (const p of previous) await removeOutput(ctx, p.output_prefix).catch(() => undefined);
  if (row.source_file_id && !(await ctx.settings.get('server.transcode_keep_original'))) await deleteEntries(ctx, [row.source_file_id]);
}
