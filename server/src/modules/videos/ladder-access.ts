import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { toBool } from '../../db/index.ts';
import { callerOf } from '../../http/auth.ts';
import type { StoredFileAccess } from '../../http/serve-file.ts';
import { isShort, shortVideosAreFree } from './free.ts';

/** A transcoded ladder's files on the public disk: `videos/{videoId}/hls/{run}/…` (see transcode/pool.ts). */
const LADDER_FILE = /^videos\/([1-9]\d{0,9})\/hls\/[^/]+\/(.+)$/;
/** The ladder's poster is the video's thumbnail, which title pages and lists show to everyone. */
const OPEN_FILES = new Set(['poster.jpg']);
/** Pictures on the public disk (posters, backdrops, thumbnails, avatars, branding) are for everyone. */
const PICTURE = /\.(jpe?g|png|gif|webp|avif|ico|svg)$/i;

type VideoGate = { approved: unknown; category: string };

/** The videos a stored file belongs to: a ladder's video, or those whose source or caption is the file. */
async function videosOf(ctx: AppContext, rel: string): Promise<VideoGate[]> {
  const ladder = LADDER_FILE.exec(rel);
  if (ladder) {
    if (OPEN_FILES.has(ladder[2])) return [];
    const video = await ctx.db.selectFrom('videos').select(['approved', 'category']).where('id', '=', Number(ladder[1])).executeTakeFirst();
    // A ladder left without its video is no one's to watch.
    return [video ?? { approved: false, category: 'full' }];
  }
  if (PICTURE.test(rel)) return [];
  const urls = await addressesOf(ctx, `/storage/${rel}`);
  return ctx.db.selectFrom('videos').select(['approved', 'category'])
    .where((eb) => eb.or([eb('src', 'in', urls), eb('id', 'in', eb.selectFrom('video_captions').select('video_id').where('url', 'in', urls))]))
    .execute();
}

/** The ways a video's source may name a stored file: the path, or a full link to this site (pasted by an editor). */
async function addressesOf(ctx: AppContext, path: string): Promise<string[]> {
  const sites = [await ctx.settings.siteUrl(ctx.config.appUrl), ctx.config.appUrl.replace(/\/+$/, '')];
  const hosts = sites.flatMap((s) => { try { return [new URL(s).host]; } catch { return []; } });
  return [...new Set([path, ...hosts.flatMap((h) => [`https://${h}${path}`, `http://${h}${path}`, `//${h}${path}`])])];
}

/**
 * Who may fetch a stored file of a video (a transcoded ladder's playlists, segments, subtitles and scrubbing
 * thumbnails, an uploaded source file, a caption file): whoever the watch call would give its source to. That is
 * anyone with videos.view (or who may edit videos) for an approved video, and everyone for an approved short one
 * while short videos are free; an unapproved video's files only for those who may edit videos. A file several videos
 * share goes to whoever may watch one of them. Answers the status to refuse with (404 for a video they may not know
 * of, 401 or 403 for one they may not watch), or 'private' to serve it to this caller alone. Pictures (posters,
 * thumbnails) and files of no video stay public.
 */
export async function videoFileAccess(ctx: AppContext, req: FastifyRequest, rel: string): Promise<StoredFileAccess> {
  const videos = await videosOf(ctx, rel);
  if (!videos.length) return 'public';
  const caller = await callerOf(ctx, req);
  if (caller.can('videos.update')) return 'private';
  const approved = videos.filter((v) => toBool(v.approved));
  if (!approved.length) return 404;
  if (caller.can('videos.view')) return 'private';
  if (approved.some((v) => isShort(v.category)) && await shortVideosAreFree(ctx)) return 'private';
  return caller.userId ? 403 : 401;
}
