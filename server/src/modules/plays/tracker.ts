import { PLAY_WINDOW_HOURS } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { sql } from '../../db/index.ts';
import { locate, parseUserAgent } from './device.ts';
import { EventBatcher } from './batcher.ts';
import { eventWriter, writeThrough, type EventWriter } from './event-writer.ts';
import { groupPlays, type PlayEvent } from './play-groups.ts';
import type { Insertable } from 'kysely';
import type { PlaysTable } from './schema.ts';

export type { PlayEvent } from './play-groups.ts';

/**
 * Appends play events in batches off the request path (the shared EventBatcher: every ~250 ms or when 1000 wait,
 * and once more on shutdown). On a SQLite file the writer thread writes them (event-writer.ts); on PostgreSQL,
 * whose driver does not block the event loop, Kysely does here, in transactions of 200.
 */
export class PlayTracker {
  /** Latest positions not yet written, so a reload right after a report still resumes at the right second. */
  private pendingPositions = new Map<string, number>();
  private batcher: EventBatcher<PlayEvent>;
  private writer: EventWriter | null;

  constructor(private ctx: AppContext) {
    this.writer = eventWriter(ctx)?.acquire() ?? null;
    const writer = this.writer;
    this.batcher = new EventBatcher<PlayEvent>({
      write: (chunk) => writeThrough(writer, 'plays', chunk, () => this.write(chunk)),
      // Off the request thread a batch can be larger: the thread's transaction blocks no request.
      chunk: writer ? 1000 : 200,
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

  /** The viewer forgot a video (or, without one, every video): a position still waiting here must not answer a resume. */
  forget(userId: number, videoId?: number): void {
    if (videoId !== undefined) {
      this.pendingPositions.delete(`${userId}:${videoId}`);
      return;
    }
    for (const key of this.pendingPositions.keys()) if (key.startsWith(`${userId}:`)) this.pendingPositions.delete(key);
  }

  pendingPosition(userId: number, videoId: number): number | undefined {
    return this.pendingPositions.get(`${userId}:${videoId}`);
  }

  /** Writes everything buffered so far; resolves when it is in the database. Never rejects (errors are reported). */
  flush(): Promise<void> {
    return this.batcher.flush();
  }

  async close(): Promise<void> {
    await this.batcher.close();
    await this.writer?.release();
  }

  /** The Kysely form (PostgreSQL, or an in-memory SQLite database no other thread can open). */
  private async write(events: PlayEvent[]): Promise<void> {
    const groups = groupPlays(events, PLAY_WINDOW_HOURS);
    // Parse the user agent and place once per new play, before the transaction holds the connection.
    const details = new Map<PlayEvent, Awaited<ReturnType<typeof locate>> & ReturnType<typeof parseUserAgent>>();
    for (const g of groups) if (g.play) details.set(g.play, { ...parseUserAgent(g.play.userAgent), ...(await locate(g.play.ip)) });

    await this.ctx.db.transaction().execute(async (trx) => {
      const videoPlays = new Map<number, number>();
      const titleViews = new Map<number, number>();
      const inserts: Insertable<PlaysTable>[] = [];
      // A video or user deleted since the report was accepted is skipped: its foreign key would fail the whole batch.
      const ids = (pick: (g: typeof groups[number]) => number | null) => [...new Set(groups.map(pick).filter((id): id is number => id !== null))];
      const videoIds = ids((g) => g.first.videoId);
      const userIds = ids((g) => g.first.userId);
      const videos = new Set((await trx.selectFrom('videos').select('id').where('id', 'in', videoIds).execute()).map((r) => r.id));
      const users = new Set(userIds.length ? (await trx.selectFrom('users').select('id').where('id', 'in', userIds).execute()).map((r) => r.id) : []);
      for (const { first, last, play, position, duration, seconds, since, playSeconds } of groups) {
        if (!videos.has(first.videoId) || (first.userId && !users.has(first.userId))) continue;
        let q = trx.selectFrom('plays').select('id').where('video_id', '=', first.videoId).where('created_at', '>', since);
        q = first.userId ? q.where('user_id', '=', first.userId) : q.where('visitor_id', '=', first.visitorId).where('user_id', 'is', null);
        const existing = await q.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
        if (existing) {
          await trx.updateTable('plays').set({ seconds_watched: sql`seconds_watched + ${seconds}`, position, updated_at: last.at }).where('id', '=', existing.id).execute();
        } else if (play) {
          // Progress with no play in the window (the play was not reached, or the window ended) only moves the resume point.
          const d = details.get(play)!;
          inserts.push({
            video_id: play.videoId, title_id: play.titleId, season_num: play.seasonNum, episode_num: play.episodeNum, user_id: play.userId,
            visitor_id: play.visitorId, seconds_watched: playSeconds, position,
            device: d.device, browser: d.browser, platform: d.platform, country: d.country, region: d.region, city: d.city,
            latitude: d.latitude, longitude: d.longitude, created_at: play.at, updated_at: last.at,
          });
          videoPlays.set(play.videoId, (videoPlays.get(play.videoId) ?? 0) + 1);
          titleViews.set(play.titleId, (titleViews.get(play.titleId) ?? 0) + 1);
        }
        if (first.userId) {
          await trx.insertInto('video_progress').values({ user_id: first.userId, video_id: first.videoId, position, duration, updated_at: last.at })
            .onConflict((oc) => oc.columns(['user_id', 'video_id']).doUpdateSet({
              position, updated_at: last.at,
              // A report without the length keeps the one an earlier report gave.
              duration: (eb) => eb.fn.coalesce(eb.ref('excluded.duration'), eb.ref('video_progress.duration')),
            }).whereRef('video_progress.updated_at', '<=', 'excluded.updated_at')).execute();
        }
      }
      // New plays go in multi-row statements (50 rows x 18 columns stays under every driver's parameter limit).
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
