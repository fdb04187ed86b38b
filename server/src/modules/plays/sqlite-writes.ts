import type SQLite from 'better-sqlite3';
import { visitRows, type VisitEvent } from '../reports/visit-rows.ts';
import { locate, parseUserAgent } from './device.ts';
import { groupPlays, type PlayEvent } from './play-groups.ts';

const PLAY_COLUMNS = ['video_id', 'title_id', 'season_num', 'episode_num', 'user_id', 'visitor_id', 'seconds_watched', 'position',
  'device', 'browser', 'platform', 'country', 'region', 'city', 'latitude', 'longitude', 'created_at', 'updated_at'] as const;
const VISIT_COLUMNS = ['visitor_id', 'user_id', 'path', 'model_type', 'model_id', 'referrer', 'device', 'browser', 'platform',
  'country', 'region', 'city', 'latitude', 'longitude', 'created_at'] as const;
const insertSql = (table: string, columns: readonly string[]) => `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
// A video or user deleted since the report was accepted is skipped: its foreign key would fail the whole batch.
const EXISTS = 'EXISTS (SELECT 1 FROM videos WHERE id = ?) AND (? IS NULL OR EXISTS (SELECT 1 FROM users WHERE id = ?))';
const insertPlaySql = `INSERT INTO plays (${PLAY_COLUMNS.join(', ')}) SELECT ${PLAY_COLUMNS.map(() => '?').join(', ')} WHERE ${EXISTS}`;

export interface SqliteEventWrites {
  plays(events: PlayEvent[]): Promise<void>;
  visits(events: VisitEvent[]): Promise<void>;
}

/**
 * The SQLite event writes, run by the writer worker on its own connection: statements prepared once, each chunk one
 * IMMEDIATE transaction (it takes the write lock up front, so a read-then-write never fails on a snapshot another
 * connection moved). Building Kysely queries per row cost more than running them. User agent and place are resolved
 * before the transaction (the GeoIP data loads on first use), so the lock is held only while rows are written.
 */
export function sqliteEventWrites(raw: SQLite.Database, playWindowHours: number): SqliteEventWrites {
  const byUser = raw.prepare('SELECT id FROM plays WHERE user_id = ? AND video_id = ? AND created_at > ? ORDER BY created_at DESC LIMIT 1').pluck();
  const byVisitor = raw.prepare('SELECT id FROM plays WHERE visitor_id = ? AND user_id IS NULL AND video_id = ? AND created_at > ? ORDER BY created_at DESC LIMIT 1').pluck();
  const extend = raw.prepare('UPDATE plays SET seconds_watched = seconds_watched + ?, position = ?, updated_at = ? WHERE id = ?');
  const insertPlay = raw.prepare(insertPlaySql);
  // A report without the length keeps the one an earlier report gave; one older than the stored point (a chunk
  // written again after a failure) leaves it.
  const progress = raw.prepare(`INSERT INTO video_progress (user_id, video_id, position, duration, updated_at) SELECT ?, ?, ?, ?, ? WHERE ${EXISTS}
    ON CONFLICT (user_id, video_id) DO UPDATE SET position = excluded.position, duration = coalesce(excluded.duration, video_progress.duration),
    updated_at = excluded.updated_at WHERE video_progress.updated_at <= excluded.updated_at`);
  const videoPlays = raw.prepare('UPDATE videos SET plays_count = plays_count + ? WHERE id = ?');
  const titleViews = raw.prepare('UPDATE titles SET views = views + ? WHERE id = ?');
  const insertVisit = raw.prepare(insertSql('page_views', VISIT_COLUMNS));

  type Place = Awaited<ReturnType<typeof locate>> & ReturnType<typeof parseUserAgent>;
  const writePlays = raw.transaction((groups: ReturnType<typeof groupPlays>, places: Map<PlayEvent, Place>) => {
    const perVideo = new Map<number, number>();
    const perTitle = new Map<number, number>();
    for (const g of groups) {
      const { first, last, play } = g;
      const existing = first.userId
        ? byUser.get(first.userId, first.videoId, g.since) as number | undefined
        : byVisitor.get(first.visitorId, first.videoId, g.since) as number | undefined;
      if (existing !== undefined) extend.run(g.seconds, g.position, last.at, existing);
      else if (play) {
        // Progress with no play in the window (the play was not reached, or the window ended) only moves the resume point.
        const d = places.get(play)!;
        const added = insertPlay.run(play.videoId, play.titleId, play.seasonNum, play.episodeNum, play.userId, play.visitorId, g.playSeconds, g.position,
          d.device, d.browser, d.platform, d.country, d.region, d.city, d.latitude, d.longitude, play.at, last.at, play.videoId, play.userId, play.userId).changes;
        if (!added) continue;
        perVideo.set(play.videoId, (perVideo.get(play.videoId) ?? 0) + 1);
        perTitle.set(play.titleId, (perTitle.get(play.titleId) ?? 0) + 1);
      }
      if (first.userId) progress.run(first.userId, first.videoId, g.position, g.duration, last.at, first.videoId, first.userId, first.userId);
    }
    for (const [id, n] of perVideo) videoPlays.run(n, id);
    for (const [id, n] of perTitle) titleViews.run(n, id);
  });
  const writeVisits = raw.transaction((rows: Awaited<ReturnType<typeof visitRows>>) => {
    for (const r of rows) insertVisit.run(VISIT_COLUMNS.map((c) => r[c] ?? null));
  });

  return {
    async plays(events) {
      const groups = groupPlays(events, playWindowHours);
      const places = new Map<PlayEvent, Place>();
      for (const g of groups) if (g.play) places.set(g.play, { ...parseUserAgent(g.play.userAgent), ...(await locate(g.play.ip)) });
      writePlays.immediate(groups, places);
    },
    async visits(events) {
      writeVisits.immediate(await visitRows(events));
    },
  };
}
