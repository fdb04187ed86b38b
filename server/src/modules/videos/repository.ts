import type { Pagination, Video, VideoCreate, VideoUpdate } from '@app/contracts';
import { VIDEO_CATEGORIES, VIDEO_TYPES } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso, toBool, type Db, type Dialect } from '../../db/index.ts';
import { cappedTrigramSearch, type TrigramIndex } from '../../http/text-search.ts';
import { readCounter } from '../../db/versions.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { filters, paginate, type FilterHandler, type ListDefinition, invalidFilter } from '../../http/list-query.ts';
import type { CountGuard } from '../roles/count-limit.ts';
import { deleteFeedbackOn } from '../reviews/feedback.ts';
import { lockRows } from '../../db/row-lock.ts';
import { PREPARING, READY } from './preparing.ts';

/** Video names' trigram index (migration 0059); a query under three letters matches a name's start. */
export const VIDEO_SEARCH_INDEX: TrigramIndex = { table: 'videos', expression: 'name', prefixColumn: 'videos.name' };

const COLUMNS = [
  'videos.id', 'videos.name', 'videos.title_id', 'videos.season_num', 'videos.episode_num', 'videos.thumbnail', 'videos.type', 'videos.src',
  'videos.quality', 'videos.language', 'videos.category', 'videos.approved', 'videos.origin', 'videos.plays_count', 'videos.upvotes', 'videos.downvotes', 'videos.reports_count',
  'videos.order', 'videos.created_at', 'videos.updated_at',
] as const;

/** Captions and the parent title for a page of videos, one query each. */
async function withRelations(db: Db, rows: any[]): Promise<Video[]> {
  const ids = rows.map((r) => r.id);
  const captions = ids.length ? await db.selectFrom('video_captions').select(['id', 'video_id', 'name', 'language', 'url']).where('video_id', 'in', ids).orderBy('order').orderBy('id').execute() : [];
  const titleIds = [...new Set(rows.map((r) => r.title_id))];
  const titles = titleIds.length ? await db.selectFrom('titles').select(['id', 'name', 'is_series', 'poster']).where('id', 'in', titleIds).execute() : [];
  const titleBy = new Map(titles.map((t) => [t.id, { ...t, is_series: toBool(t.is_series) }]));
  return rows.map((r) => ({
    ...r,
    approved: toBool(r.approved),
    captions: captions.filter((c) => c.video_id === r.id).map(({ video_id: _v, ...c }) => c),
    title: titleBy.get(r.title_id) ?? null,
  }));
}

/** Whether the video waits for its upload's transcode (see preparing.ts): not shown to those who may not edit videos. */
export async function videoIsPreparing(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('videos').select('id').where('id', '=', id).where(PREPARING).executeTakeFirst());
}

export async function findVideo(db: Db, id: number): Promise<Video | null> {
  const row = await db.selectFrom('videos').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? (await withRelations(db, [row]))[0] : null;
}

const intFilter = (column: string): FilterHandler => (qb, f) => {
  if (f.value === null) return qb.where(column, 'is', null);
  return filters.id(column)(qb, f);
};
const oneOf = (column: string, allowed: readonly string[]): FilterHandler => (qb, f) => {
  if (typeof f.value !== 'string' || !allowed.includes(f.value)) throw invalidFilter(f.key);
  return qb.where(column, '=', f.value);
};

const listDefinition = (ctx: AppContext): ListDefinition => ({
  sorts: {
    created_at: 'videos.created_at', updated_at: 'videos.updated_at', name: 'videos.name', plays_count: 'videos.plays_count',
    reports_count: 'videos.reports_count', order: 'videos.order', id: 'videos.id',
  },
  defaultSort: ['created_at', 'desc'],
  tieBreaker: 'videos.id',
  filters: {
    title_id: filters.id('videos.title_id'),
    season_num: intFilter('videos.season_num'),
    episode_num: intFilter('videos.episode_num'),
    type: oneOf('videos.type', VIDEO_TYPES),
    category: oneOf('videos.category', VIDEO_CATEGORIES),
    approved: (qb, f) => qb.where('videos.approved', '=', f.value === true || f.value === 'true' || f.value === 1),
    language: oneOf('videos.language', ['en', 'es', 'fr', 'de', 'it', 'pt', 'ru', 'ja', 'ko', 'zh', 'hi', 'ar', 'nl', 'sv', 'pl', 'tr']),
    created_at: filters.date('videos.created_at'),
  },
  // The name matches are kept per version of the videos table, so paging one search does not match again.
  search: cappedTrigramSearch(ctx.db, ctx.dialect, VIDEO_SEARCH_INDEX, 'version:videos'),
  // Kept by triggers (migration 0020 counts videos too): no count(*) over the whole table.
  unfilteredTotal: () => readCounter(ctx.db, 'rows:videos'),
  // Searched and filtered totals are counted once per change of the videos table (migration 0098) and filter set,
  // as the titles and people lists do; a play or a vote does not change the version.
  countVersion: { db: ctx.db, counter: 'version:videos' },
});

/**
 * Every video, or those of one title, season or episode (filters title_id, season_num, episode_num). `readyOnly`
 * leaves out videos being prepared (their source is still a placeholder): only those who may edit videos see them.
 */
export async function listVideos(ctx: AppContext, query: Record<string, unknown>, readyOnly = false): Promise<Pagination<Video>> {
  const base = ctx.db.selectFrom('videos').select(COLUMNS);
  const definition = listDefinition(ctx);
  // The kept row count is every video's: a narrowed list counts its own. Whether a video is ready also depends on its
  // transcodes, which do not move the videos version: that list counts each time.
  const page = readyOnly
    ? await paginate(base.where(READY), query, { ...definition, unfilteredTotal: undefined, countVersion: undefined })
    : await paginate(base, query, definition);
  return { ...page, data: await withRelations(ctx.db, page.data) };
}

type Target = { title_id?: number; season_num?: number | null; episode_num?: number | null };
const refuse = (field: keyof Target, message: string) => new HttpError(422, message, { [field]: [message] });

/**
 * A video is linked to its title, season and episode by number, so each must exist: a video on a missing episode
 * would be shown by no page, then claimed by whichever episode later takes that number.
 */
export async function checkTarget(db: Db, v: Target): Promise<void> {
  if (v.title_id === undefined) return;
  const title = await db.selectFrom('titles').select(['id', 'is_series']).where('id', '=', v.title_id).executeTakeFirst();
  if (!title) throw refuse('title_id', 'Title is required.');
  if (v.episode_num && !v.season_num) throw refuse('season_num', 'Choose a season for the episode.');
  if (!v.season_num) return;
  if (!toBool(title.is_series)) throw refuse('season_num', 'Only series have seasons.');
  const season = await db.selectFrom('seasons').select('id').where('title_id', '=', v.title_id).where('number', '=', v.season_num).executeTakeFirst();
  if (!season) throw refuse('season_num', 'This series has no such season.');
  if (!v.episode_num) return;
  const episode = await db.selectFrom('episodes').select('id').where('season_id', '=', season.id).where('episode_number', '=', v.episode_num).executeTakeFirst();
  if (!episode) throw refuse('episode_num', 'This season has no such episode.');
}

/** An edit that moves a video (within or between titles) is checked where it lands; other edits leave its place alone. */
export async function checkMove(db: Db, current: Required<Target>, input: Target): Promise<void> {
  if (input.title_id === undefined && input.season_num === undefined && input.episode_num === undefined) return;
  await checkTarget(db, {
    title_id: input.title_id ?? current.title_id,
    season_num: input.season_num !== undefined ? input.season_num : current.season_num,
    episode_num: input.episode_num !== undefined ? input.episode_num : current.episode_num,
  });
}

/** `guard`: the adder's videos.create count limit, checked in the insert's transaction. */
export async function insertVideo(db: Db, input: Omit<VideoCreate, 'file_id' | 'src'> & { src: string }, userId: number, guard?: CountGuard): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await guard?.(trx);
    const now = nowIso();
    const { id } = await trx.insertInto('videos').values({ ...input, origin: 'local', user_id: userId, created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    return id;
  });
}

/** How many videos a user has added (those the importer brought in have no adder). */
/** Names of (at most `limit`) videos whose source is one of these addresses (the videos_src_index answers it). */
export async function videoNamesWithSource(db: Db, srcs: string[], limit = 5): Promise<string[]> {
  if (!srcs.length) return [];
  return (await db.selectFrom('videos').select('name').where('src', 'in', srcs).orderBy('id').limit(limit).execute()).map((v) => v.name);
}

export async function countVideosBy(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('videos').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Saves the changes, dropping the video's captions in the same transaction when asked. */
export async function saveVideo(db: Db, id: number, input: VideoUpdate, dropCaptions: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('videos').set({ ...input, updated_at: nowIso() }).where('id', '=', id).execute();
    if (dropCaptions) await trx.deleteFrom('video_captions').where('video_id', '=', id).execute();
  });
}

/** Like every bulk delete: the ids that exist go, a 404 when none of them does (nothing else was touched). */
export async function deleteVideoRows(db: Db, dialect: Dialect, ids: number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // First, so a comment, vote or report sent meanwhile is either in before the clean-up below or refused after.
    await lockRows(trx, dialect, 'videos', ids, 'update');
    await deleteFeedbackOn(trx, dialect, { video: ids });
    const res = await trx.deleteFrom('videos').where('id', 'in', ids).executeTakeFirst();
    if (!Number(res.numDeletedRows)) throw notFound('Video not found');
  });
}


export async function insertCaption(db: Db, videoId: number, input: { name: string; language: string | null }, url: string) {
  return db.insertInto('video_captions').values({ video_id: videoId, name: input.name, language: input.language, url, created_at: nowIso() })
    .returning(['id', 'name', 'language', 'url']).executeTakeFirstOrThrow();
}

/** Deletes one caption of a video; answers its stored file's url, or null when there was none. */
export async function deleteCaption(db: Db, videoId: number, captionId: number): Promise<string | null> {
  const row = await db.selectFrom('video_captions').select('url').where('id', '=', captionId).where('video_id', '=', videoId).executeTakeFirst();
  if (!row) return null;
  await db.deleteFrom('video_captions').where('id', '=', captionId).execute();
  return row.url;
}
