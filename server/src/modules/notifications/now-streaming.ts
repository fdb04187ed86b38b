import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { mailNotifications } from './mail.ts';
import { insertNotifications } from './service.ts';
import { READY } from '../videos/preparing.ts';

/**
 * Members hear when a title on their watchlist can be watched here: when it gets its first approved full video (an
 * admin adds one, or approves or re-files one a member uploaded, or the transcode of its upload finishes: a video still
 * being prepared plays nothing yet, so it makes no title watchable). A title that was watchable already is not news,
 * so a second full video (another language, a better copy) tells nobody; and a member is told once per title,
 * though its videos go and come back.
 */

/** Which of these titles have a full video visitors may watch (approved, and not waiting for its transcode). */
export async function streamingTitles(db: Db, titleIds: number[]): Promise<Set<number>> {
  if (!titleIds.length) return new Set();
  const rows = await db.selectFrom('videos').select('title_id').distinct()
    .where('title_id', 'in', titleIds).where('category', '=', 'full').where('approved', '=', true as never).where(READY).execute();
  return new Set(rows.map((r) => r.title_id));
}

/** Writes the notifications of these titles (those watchable now) for their watchlists' members; answers their ids. */
export async function notifyNowStreaming(db: Db, titleIds: number[]): Promise<number[]> {
  const streaming = [...await streamingTitles(db, titleIds)];
  if (!streaming.length) return [];
  const due = await db.selectFrom('channelables as ci').innerJoin('channels as ch', 'ch.id', 'ci.channel_id')
    .select(['ch.user_id', 'ci.channelable_id as subject_id'])
    .where('ci.channelable_type', '=', 'title').where('ci.channelable_id', 'in', streaming)
    .where('ch.type', '=', 'list').where('ch.internal', '=', true as never).where('ch.user_id', 'is not', null)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('notifications as n').select('n.id')
      .whereRef('n.user_id', '=', 'ch.user_id').where('n.type', '=', 'now_streaming').whereRef('n.subject_id', '=', 'ci.channelable_id'))))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('notification_mutes as m').select('m.user_id')
      .whereRef('m.user_id', '=', 'ch.user_id').where('m.type', '=', 'now_streaming'))))
    .execute();
  return insertNotifications(db, 'now_streaming', due);
}

/**
 * Runs a write of videos (`write`) on the titles given, then tells the watchlists of those it made watchable, and
 * mails those who asked. Answers what the write answered; the telling never fails it (errors go to the error log).
 */
export async function announcingStreaming<T>(ctx: AppContext, titleIds: (number | null | undefined)[], write: () => Promise<T>): Promise<T> {
  const ids = [...new Set(titleIds.filter((id): id is number => typeof id === 'number'))];
  const before = await streamingTitles(ctx.db, ids);
  const result = await write();
  const fresh = ids.filter((id) => !before.has(id));
  if (fresh.length) {
    try {
      await mailNotifications(ctx, await notifyNowStreaming(ctx.db, fresh));
    } catch (err) {
      await ctx.errors.capture(err, { tags: { source: 'notifications:now-streaming' } }).catch(() => undefined);
    }
  }
  return result;
}
