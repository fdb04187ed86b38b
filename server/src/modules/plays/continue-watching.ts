import { CONTINUE_WATCHING_LIMIT, PLAY_MIN_SECONDS, WATCHED_SHARE, type ContinueWatchingItem, type EpisodeProgress, type ResumePoint } from '@app/contracts';
import { sql, toBool, type Db } from '../../db/index.ts';
import './schema.ts';

/**
 * A viewer's unfinished resume points with their videos: full videos (a trailer or clip is not something to get back
 * to), past the first seconds and short of WATCHED_SHARE of the length (a point without a length is kept: it cannot be
 * told finished). Approved videos only, as on the watch page for anyone who does not edit videos.
 */
function unfinished(db: Db, userId: number) {
  return db.selectFrom('video_progress as p').innerJoin('videos as v', 'v.id', 'p.video_id')
    .where('p.user_id', '=', userId).where('v.category', '=', 'full').where('v.approved', '=', true as never).where('p.position', '>=', PLAY_MIN_SECONDS)
    // The share is a literal: PostgreSQL would type a parameter beside an integer column as an integer and refuse 0.95.
    .where((w) => w.or([w('p.duration', 'is', null), w('p.position', '<', sql<number>`p.duration * ${sql.lit(WATCHED_SHARE)}`)]));
}

/** Resume points (`p`, joined to their videos `v`) with their titles and episodes, as watched items read them. */
type ProgressQuery = ReturnType<typeof unfinished>;
export function withWatchedColumns(q: ProgressQuery) {
  return q.innerJoin('titles as t', 't.id', 'v.title_id')
    .leftJoin('episodes as e', (j) => j.onRef('e.title_id', '=', 'v.title_id').onRef('e.season_number', '=', 'v.season_num').onRef('e.episode_number', '=', 'v.episode_num'))
    .select([
      'p.position', 'p.duration', 'p.updated_at',
      'v.id', 'v.name', 'v.title_id', 'v.season_num', 'v.episode_num', 'v.thumbnail', 'v.type', 'v.quality', 'v.language', 'v.category', 'v.approved', 'v.plays_count', 'v.upvotes', 'v.downvotes',
      't.name as title_name', 't.is_series', 't.poster', 't.backdrop', 'e.name as episode_name',
    ]);
}

type WatchedRow = Awaited<ReturnType<ReturnType<typeof withWatchedColumns>['executeTakeFirstOrThrow']>>;
export const toWatchedItem = (r: WatchedRow): ContinueWatchingItem => ({
  video: {
    id: r.id, name: r.name, title_id: r.title_id, season_num: r.season_num, episode_num: r.episode_num, thumbnail: r.thumbnail, type: r.type,
    quality: r.quality, language: r.language, category: r.category, approved: toBool(r.approved), plays_count: r.plays_count,
    upvotes: r.upvotes, downvotes: r.downvotes,
  },
  title: { id: r.title_id, name: r.title_name, is_series: toBool(r.is_series), poster: r.poster, backdrop: r.backdrop },
  episode_name: r.episode_name ?? null,
  position: r.position,
  duration: r.duration,
  updated_at: new Date(r.updated_at).toISOString(),
});

/** The signed-in viewer's unfinished videos, latest first, one per title (the episode they were last in). */
export async function continueWatching(db: Db, userId: number): Promise<ContinueWatchingItem[]> {
  const rows = await withWatchedColumns(unfinished(db, userId))
    // Several videos of one title collapse into one card, so read a few more rows than cards.
    .orderBy('p.updated_at', 'desc').limit(CONTINUE_WATCHING_LIMIT * 3)
    .execute();
  const seen = new Set<number>();
  const items: ContinueWatchingItem[] = [];
  for (const r of rows) {
    if (seen.has(r.title_id) || items.length === CONTINUE_WATCHING_LIMIT) continue;
    seen.add(r.title_id);
    items.push(toWatchedItem(r));
  }
  return items;
}

/**
 * Where the viewer stopped in one title (its latest unfinished video), or in one video: the Resume button of the
 * title page, or of an episode page.
 */
export async function resumePoint(db: Db, userId: number, titleId: number, within: { videoId?: number; season?: number } = {}): Promise<ResumePoint | null> {
  let q = unfinished(db, userId).where('v.title_id', '=', titleId);
  if (within.videoId !== undefined) q = q.where('v.id', '=', within.videoId);
  if (within.season !== undefined) q = q.where('v.season_num', '=', within.season);
  const row = await q
    .select(['v.id', 'v.season_num', 'v.episode_num', 'p.position', 'p.duration']).orderBy('p.updated_at', 'desc').limit(1).executeTakeFirst();
  return row ? { video_id: row.id, season: row.season_num, episode: row.episode_num, position: row.position, duration: row.duration } : null;
}

/** How far the viewer got in each episode of one season (its full, approved videos; the latest position per episode). */
export async function seasonProgress(db: Db, userId: number, titleId: number, season: number): Promise<EpisodeProgress[]> {
  const rows = await db.selectFrom('video_progress as p').innerJoin('videos as v', 'v.id', 'p.video_id')
    .where('p.user_id', '=', userId).where('v.title_id', '=', titleId).where('v.season_num', '=', season).where('v.episode_num', 'is not', null)
    .where('v.category', '=', 'full').where('v.approved', '=', true as never).where('p.position', '>', 0)
    .select(['v.episode_num', 'p.position', 'p.duration']).orderBy('p.updated_at', 'desc').limit(500).execute();
  const seen = new Map<number, EpisodeProgress>();
  for (const r of rows) if (!seen.has(r.episode_num!)) seen.set(r.episode_num!, { episode: r.episode_num!, position: r.position, duration: r.duration });
  return [...seen.values()].sort((a, b) => a.episode - b.episode);
}
