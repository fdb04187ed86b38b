import type { AppContext } from '../../context.ts';
import { removeStoredFiles } from '../titles/service.ts';
import { removeStreams, stopStreams, streamsOf } from '../transcode/service.ts';

/**
 * Deletes videos with the files they own: caption files and HLS ladders. Their transcodes stop first (so ffmpeg writes
 * nothing after), then `deleteRows` deletes the rows (in whatever transaction the caller needs), then the files go.
 * Used by every path that deletes videos: the videos call, and deleting a title, season or episode.
 */
export async function deleteVideosWithFiles(ctx: AppContext, videoIds: number[], deleteRows: () => Promise<unknown>): Promise<void> {
  const captions = videoIds.length ? await ctx.db.selectFrom('video_captions').select('url').where('video_id', 'in', videoIds).execute() : [];
  const streams = await streamsOf(ctx, videoIds);
  await stopStreams(ctx, streams);
  await deleteRows();
  await removeStoredFiles(ctx, captions.map((c) => c.url));
  await removeStreams(ctx, streams);
}
