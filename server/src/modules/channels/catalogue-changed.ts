import type { AppContext } from '../../context.ts';

/** The job that recomputes the local auto-update channels after a catalogue write (registered in routes.ts). */
export const LOCAL_REFRESH_JOB = 'channels.auto-update-local';
/** Set while a refresh is queued and not yet started; the job clears it as it starts. */
export const LOCAL_REFRESH_PENDING = 'channels:local-refresh-pending';
/** A queued refresh that never started (a lost job) stops holding later writes back after this long. */
const PENDING_SECONDS = 300;

/**
 * A title, episode or person was created, edited or deleted: the home page's rows (local auto-update channels:
 * popular, latest, upcoming, new episodes...) are recomputed by a queued job, so an operator's first titles show up on
 * a new site at once rather than after the daily run. Writes while a refresh is pending share it, so an import of many
 * titles queues few. Never fails the write it follows.
 */
export async function catalogueChanged(ctx: AppContext): Promise<void> {
  try {
    const { value } = await ctx.cache.increment(LOCAL_REFRESH_PENDING, 1, PENDING_SECONDS);
    if (value === 1) await ctx.queue.dispatch(LOCAL_REFRESH_JOB, {});
  } catch (err) {
    await ctx.cache.delete(LOCAL_REFRESH_PENDING).catch(() => undefined);
    await ctx.errors.capture(err as Error, { message: 'could not queue the channels refresh' }).catch(() => undefined);
  }
}
