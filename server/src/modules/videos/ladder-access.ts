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

/**
 * Who may fetch a file of a transcoded ladder (its playlists, segments, subtitles and scrubbing thumbnails): whoever
 * the watch call would give its source to. That is anyone with videos.view (or who may edit videos) for an approved
 * video, and everyone for an approved short one while short videos are free; an unapproved video's files only for
 * those who may edit videos. Answers the status to refuse with (404 for a video they may not know of, 401 or 403
 * for one they may not watch), or 'private' to serve it to this caller alone. Any other stored file stays public.
 */
export async function ladderFileAccess(ctx: AppContext, req: FastifyRequest, rel: string): Promise<StoredFileAccess> {
  const match = LADDER_FILE.exec(rel);
  if (!match || OPEN_FILES.has(match[2])) return 'public';
  const caller = await callerOf(ctx, req);
  const canEdit = caller.can('videos.update');
  const video = await ctx.db.selectFrom('videos').select(['approved', 'category']).where('id', '=', Number(match[1])).executeTakeFirst();
  if (!video || (!toBool(video.approved) && !canEdit)) return 404;
  if (canEdit || caller.can('videos.view')) return 'private';
  if (isShort(video.category) && await shortVideosAreFree(ctx)) return 'private';
  return caller.userId ? 403 : 401;
}
