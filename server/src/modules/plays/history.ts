import type { ContinueWatchingItem, Pagination } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { paginate, type ListDefinition } from '../../http/list-query.ts';
import { toWatchedItem, withWatchedColumns } from './continue-watching.ts';
import { playTracker } from './tracker.ts';

/**
 * A member's watch history: every video they started (their resume points, `video_progress`), newest first, with how
 * far they got. They may remove one video or clear it all; either forgets the resume points, so Continue watching and
 * "Because you watched" forget them too. The site's play counts (the `plays` events of the reports) stay: they are
 * the operator's figures, not the member's history.
 */
const LIST: ListDefinition = { sorts: { updated_at: 'p.updated_at' }, defaultSort: ['updated_at', 'desc'], tieBreaker: 'p.video_id', filters: {} };

/** `GET watch-history`: a page of the member's watched videos (approved ones, as the watch page shows them). */
export async function watchHistory(ctx: AppContext, userId: number, query: unknown): Promise<Pagination<ContinueWatchingItem>> {
  const base = ctx.db.selectFrom('video_progress as p').innerJoin('videos as v', 'v.id', 'p.video_id')
    .where('p.user_id', '=', userId).where('v.approved', '=', true as never);
  return paginate(withWatchedColumns(base), query, LIST, toWatchedItem);
}

/**
 * Forgets the member's resume points: one video's, or all of them. Positions still waiting in the tracker's batch
 * are written first, so none comes back after the delete.
 */
export async function forgetWatched(ctx: AppContext, userId: number, videoId?: number): Promise<void> {
  const tracker = playTracker(ctx);
  tracker.forget(userId, videoId);
  await tracker.flush();
  let q = ctx.db.deleteFrom('video_progress').where('user_id', '=', userId);
  if (videoId !== undefined) q = q.where('video_id', '=', videoId);
  await q.execute();
}
