import { PLAY_WINDOW_HOURS } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { sql } from '../../db/index.ts';
import { locate, parseUserAgent } from './device.ts';
import { EventBatcher } from './batcher.ts';
import type { Insertable } from 'kysely';
import type { PlaysTable } from './schema.ts';

/** One play or progress report, held in memory until the next flush. The address is only used to look up the place. */
export interface PlayEvent {
  kind: 'play' | 'progress';
  videoId: number;
  titleId: number;
  seasonNum: number | null;
  episodeNum: number | null;
  userId: number | null;
  visitorId: string | null;
  seconds: number;
  position: number;
  at: string;
  ip?: string;
  userAgent?: string;
}

const viewerKey = (e: PlayEvent) => (e.userId ? `u${e.userId}` : `v${e.visitorId}`);

/**
 * Appends play events in batches off the request path (the shared EventBatcher: every ~250 ms or when 1000 wait,
 * in transactions of 200, and once more on shutdown).
 */
export class PlayTracker {
  /** Latest positions not yet written, so a reload right after a report still resumes at the right second. */
  private pendingPositions = new Map<string, number>();
  private batcher: EventBatcher<PlayEvent>;

  constructor(private ctx: AppContext) {
    this.batcher = new EventBatcher<PlayEvent>({
      write: (chunk) => this.write(chunk),
      afterChunk: (chunk) => {
        for (const e of chunk) {
          const key = `${e.userId}:${e.videoId}`;
          if (e.userId && this.pendingPositions.get(key) === Math.floor(e.position)) this.pendingPositions.delete(key);
        }
      },
      onError: (err) => void this.ctx.errors.capture(err as Error, { message: 'Writing play events failed', tags: { source: 'plays' } }),
    });
  }

  push(event: PlayEvent): void {
    if (this.batcher.push(event) && event.userId) this.pendingPositions.set(`${event.userId}:${event.videoId}`, Math.floor(event.position));
  }

  pendingPosition(userId: number, videoId: number): number | undefined {
    return this.pendingPositions.get(`${userId}:${videoId}`);
  }

  /** Writes everything buffered so far; resolves when it is in the database. Never rejects (errors are reported). */
  flush(): Promise<void> {
    return this.batcher.flush();
  }

  close(): Promise<void> {
    return this.batcher.close();
  }

  private async write(events: PlayEvent[]): Promise<void> {
    // Reports for one viewer and video in this chunk collapse into one row change.
    const groups = new Map<string, PlayEvent[]>();
    for (const e of events) {
      const key = `${viewerKey(e)}:${e.videoId}`;
      const group = groups.get(key);
      if (group) group.push(e);
      else groups.set(key, [e]);
    }
    // Parse the user agent and place once per group, before the transaction holds the connection.
    const details = new Map<string, Awaited<ReturnType<typeof locate>> & ReturnType<typeof parseUserAgent>>();
    for (const [key, group] of groups) {
      const first = group.find((e) => e.kind === 'play');
      if (first) details.set(key, { ...parseUserAgent(first.userAgent), ...(await locate(first.ip)) });
    }

    const db = this.ctx.db;
    await db.transaction().execute(async (trx) => {
      const videoPlays = new Map<number, number>();
      const titleViews = new Map<number, number>();
      const inserts: Insertable<PlaysTable>[] = [];
      for (const [key, group] of groups) {
        const first = group[0];
        const last = group[group.length - 1];
        const seconds = Math.round(group.reduce((sum, e) => sum + e.seconds, 0));
        const position = Math.floor(last.position);
        const since = new Date(Date.parse(first.at) - PLAY_WINDOW_HOURS * 3600_000).toISOString();
        let q = trx.selectFrom('plays').select('id').where('video_id', '=', first.videoId).where('created_at', '>', since);
        q = first.userId ? q.where('user_id', '=', first.userId) : q.where('visitor_id', '=', first.visitorId).where('user_id', 'is', null);
        const existing = await q.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
        if (existing) {
          await trx.updateTable('plays').set({ seconds_watched: sql`seconds_watched + ${seconds}`, position, updated_at: last.at }).where('id', '=', existing.id).execute();
        } else {
          const play = group.find((e) => e.kind === 'play');
          // Progress with no play in the window (the play was not reached, or the window ended) only moves the resume point.
          if (play) {
            const d = details.get(key)!;
            inserts.push({
              video_id: play.videoId, title_id: play.titleId, season_num: play.seasonNum, episode_num: play.episodeNum, user_id: play.userId,
              visitor_id: play.visitorId, seconds_watched: Math.round(group.slice(group.indexOf(play)).reduce((sum, e) => sum + e.seconds, 0)), position,
              device: d.device, browser: d.browser, platform: d.platform, country: d.country, city: d.city, created_at: play.at, updated_at: last.at,
            });
            videoPlays.set(play.videoId, (videoPlays.get(play.videoId) ?? 0) + 1);
            titleViews.set(play.titleId, (titleViews.get(play.titleId) ?? 0) + 1);
          }
        }
        if (first.userId) {
          await trx.insertInto('video_progress').values({ user_id: first.userId, video_id: first.videoId, position, updated_at: last.at })
            .onConflict((oc) => oc.columns(['user_id', 'video_id']).doUpdateSet({ position, updated_at: last.at })).execute();
        }
      }
      // New plays go in multi-row statements (50 rows x 16 columns stays under every driver's parameter limit).
      for (let i = 0; i < inserts.length; i += 50) await trx.insertInto('plays').values(inserts.slice(i, i + 50)).execute();
      for (const [id, n] of videoPlays) await trx.updateTable('videos').set({ plays_count: sql`plays_count + ${n}` }).where('id', '=', id).execute();
      for (const [id, n] of titleViews) await trx.updateTable('titles').set({ views: sql`views + ${n}` }).where('id', '=', id).execute();
    });
  }
}

const trackers = new WeakMap<AppContext, PlayTracker>();

/** The app's one tracker (tests reach it to flush before they look). */
export function playTracker(ctx: AppContext): PlayTracker {
  let t = trackers.get(ctx);
  if (!t) {
    t = new PlayTracker(ctx);
    trackers.set(ctx, t);
  }
  return t;
}
