import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import '../plays/schema.ts';
import { mailNotifications } from './mail.ts';
import { insertNotifications } from './service.ts';
import { DAY_MS, registerRecurring } from '../scheduler/index.ts';
import { dateIn } from '../reports/time.ts';

/**
 * Members hear when a series they follow has a new episode out: one on their watchlist, or one they are watching
 * (they watched an episode of it in the last WATCHING_DAYS days). When a day's episodes of a series reach their
 * release date, each follower gets one notification, about the first of them (the list says how many came out that
 * day), so a season dropped at once is one notification, not ten.
 *
 * Release dates are days without a time: a day begins at midnight in the site's timezone (Settings → Localization;
 * UTC while that is 'auto'), so nobody hears of tomorrow's episode this evening. The pass looks back two days, so a day the server was down
 * is caught up, and never tells a member twice about the same series and day. An old season imported today is not news:
 * only episodes whose date falls in that window count.
 */
const LOOK_BACK_DAYS = 2;
const WATCHING_DAYS = 180;

/** The release dates a pass looks at: the last LOOK_BACK_DAYS days and today, in the site's timezone. */
function releaseWindow(now: Date, zone: string): { from: string; today: string } {
  return { today: dateIn(now.getTime(), zone), from: dateIn(now.getTime() - LOOK_BACK_DAYS * DAY_MS, zone) };
}

/** Writes the notifications due; answers their ids. */
export async function notifyNewEpisodes(db: Db, now = new Date(), zone = 'UTC'): Promise<number[]> {
  const { from, today } = releaseWindow(now, zone);
  // Followers of the series with episodes out in the window only: neither side reads the whole table.
  const fresh = db.selectFrom('episodes').select('title_id').where('release_date', '>=', from).where('release_date', '<=', today);
  const watchlisters = db.selectFrom('channelables as ci').innerJoin('channels as ch', 'ch.id', 'ci.channel_id')
    .select(['ch.user_id as user_id', 'ci.channelable_id as title_id'])
    .where('ci.channelable_type', '=', 'title').where('ci.channelable_id', 'in', fresh)
    .where('ch.type', '=', 'list').where('ch.internal', '=', true as never).where('ch.user_id', 'is not', null);
  const viewers = db.selectFrom('video_progress as p').innerJoin('videos as v', 'v.id', 'p.video_id')
    .select(['p.user_id as user_id', 'v.title_id as title_id'])
    .where('v.title_id', 'in', fresh).where('v.season_num', 'is not', null)
    .where('p.updated_at', '>=', new Date(now.getTime() - WATCHING_DAYS * DAY_MS).toISOString());
  const due = await db.selectFrom(watchlisters.union(viewers).as('a'))
    .innerJoin('episodes as e', 'e.title_id', 'a.title_id')
    .where('e.release_date', '>=', from).where('e.release_date', '<=', today)
    // The day's first episode stands for the day.
    .where('e.id', '=', (eb) => eb.selectFrom('episodes as f').select('f.id')
      .whereRef('f.title_id', '=', 'e.title_id').whereRef('f.release_date', '=', 'e.release_date')
      .orderBy('f.season_number').orderBy('f.episode_number').orderBy('f.id').limit(1))
    // Once per series and day, though an earlier-numbered episode of that day is added after the member was told.
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('notifications as n').innerJoin('episodes as told', 'told.id', 'n.subject_id').select('n.id')
      .whereRef('n.user_id', '=', 'a.user_id').where('n.type', '=', 'new_episode')
      .whereRef('told.title_id', '=', 'e.title_id').whereRef('told.release_date', '=', 'e.release_date'))))
    // Members who turned these off (account settings).
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('notification_mutes as m').select('m.user_id')
      .whereRef('m.user_id', '=', 'a.user_id').where('m.type', '=', 'new_episode'))))
    // One row per member and day already: the UNION leaves each member once per series, the day's first episode once per day.
    .select(['a.user_id', 'e.id as subject_id'])
    .execute();
  return insertNotifications(db, 'new_episode', due);
}

/** A pass: the notifications, then the mails of the members who asked for them by email. Answers how many were written. */
export async function announceNewEpisodes(ctx: AppContext, now = new Date()): Promise<number> {
  const ids = await notifyNewEpisodes(ctx.db, now, await ctx.settings.timezone());
  await mailNotifications(ctx, ids);
  return ids.length;
}

export const NEW_EPISODES_JOB = 'notifications.new-episodes';

/**
 * After episodes are added or their dates edited (the admin, a TMDb import): one out already is announced now (as
 * a queued job, off the request) instead of at the next hourly pass.
 */
export async function announceIfOut(ctx: AppContext, releaseDates: (string | null | undefined)[]): Promise<void> {
  const { from, today } = releaseWindow(new Date(), await ctx.settings.timezone());
  if (releaseDates.some((d) => d && d >= from && d <= today)) await ctx.queue.dispatch(NEW_EPISODES_JOB, {});
}

registerRecurring('notifications:new-episodes', 3600_000, (ctx) => announceNewEpisodes(ctx));
