import type { SelectQueryBuilder } from 'kysely';
import { storedKeyOf, type EpisodeCreate, type TitleCreate, type TitleUpdate } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { onDuplicate } from '../../db/errors.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, notFound, stillThere } from '../../http/errors.ts';
import { announceIfOut } from '../notifications/new-episodes.ts';
import { needsSync, syncSearch } from '../search/sync.ts';
import { givenFields, recordEdits } from '../../lib/edited-fields.ts';
import { removeFromChannels } from '../channels/touch.ts';
import { catalogueChanged } from '../channels/catalogue-changed.ts';
import { deleteVideosWithFiles } from '../videos/cleanup.ts';
import { deleteFeedbackOn } from '../reviews/feedback.ts';
import { lockRows } from '../../db/row-lock.ts';
import { findEpisode, findSeason, findTitle, moveEpisodeRows, refreshCounts, rememberRemoved, SEASON_COLUMNS } from './repository.ts';

const yearOf = (date: string | null | undefined) => (date ? Number(date.slice(0, 4)) : null);

export async function createTitle(ctx: AppContext, input: TitleCreate) {
  const now = nowIso();
  const { id } = await ctx.db.insertInto('titles').values({
    ...input, year: yearOf(input.release_date), tmdb_id: null, imdb_id: null, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await syncSearch(ctx, 'titles', [id]);
  await catalogueChanged(ctx);
  return stillThere(await findTitle(ctx.db, id), 'Title not found');
}

const hasSeasons = () => new HttpError(422, 'Delete the seasons of this series before making it a movie.', {
  is_series: ['Delete the seasons of this series before making it a movie.'],
});

export async function updateTitle(ctx: AppContext, id: number, input: TitleUpdate) {
  if (!(await findTitle(ctx.db, id, false))) throw notFound('Title not found');
  const values: Record<string, unknown> = { ...input, updated_at: nowIso() };
  if (input.release_date !== undefined) values.year = yearOf(input.release_date);
  await ctx.db.transaction().execute(async (trx) => {
    // A movie has no season pages: its seasons (and their episodes and videos) would be left unreachable.
    if (input.is_series === false && await trx.selectFrom('seasons').select('id').where('title_id', '=', id).executeTakeFirst()) throw hasSeasons();
    const row = await trx.selectFrom('titles').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Title not found');
    // A fact the editor changed is theirs from now on: a re-import from the movie database leaves it.
    values.edited_fields = recordEdits(row, input, ['is_series']);
    await trx.updateTable('titles').set(values).where('id', '=', id).execute();
  });
  await syncSearch(ctx, 'titles', [id]);
  await catalogueChanged(ctx);
  return stillThere(await findTitle(ctx.db, id), 'Title not found');
}

/**
 * Deletes titles with everything hanging off them; polymorphic rows (images, credits) go in the same transaction.
 * Like every bulk delete: the ids that exist go, a 404 when none of them does.
 */
export async function deleteTitles(ctx: AppContext, ids: number[]) {
  if (!(await ctx.db.selectFrom('titles').select('id').where('id', 'in', ids).executeTakeFirst())) throw notFound('Title not found');
  const images = await ctx.db.selectFrom('images').select('url').where('model_type', '=', 'title').where('model_id', 'in', ids).execute();
  // Their episodes go with them (cascade); a hosted engine is told which.
  const episodes = await episodeIdsOf(ctx, (qb) => qb.where('title_id', 'in', ids));
  const videos = await videoIdsOf(ctx, (qb) => qb.where('title_id', 'in', ids));
  await deleteVideosWithFiles(ctx, videos, () => ctx.db.transaction().execute(async (trx) => {
    // First, so a comment, review or rating posted meanwhile is either in before the clean-up below or refused after.
    await lockRows(trx, ctx.dialect, 'titles', ids, 'update');
    await lockRows(trx, ctx.dialect, 'episodes', (await trx.selectFrom('episodes').select('id').where('title_id', 'in', ids).execute()).map((e) => e.id), 'update');
    await lockRows(trx, ctx.dialect, 'videos', videos, 'update');
    await trx.deleteFrom('images').where('model_type', '=', 'title').where('model_id', 'in', ids).execute();
    await trx.deleteFrom('creditables').where('title_id', 'in', ids).execute();
    await removeFromChannels(trx, ctx.dialect, 'title', ids);
    await removeFromChannels(trx, ctx.dialect, 'episode', trx.selectFrom('episodes').select('id').where('title_id', 'in', ids));
    await deleteFeedbackOn(trx, ctx.dialect, { title: ids, episode: trx.selectFrom('episodes').select('id').where('title_id', 'in', ids), video: videos });
    await trx.deleteFrom('titles').where('id', 'in', ids).execute();
  }));
  await syncSearch(ctx, 'titles', ids);
  await syncSearch(ctx, 'episodes', episodes);
  await catalogueChanged(ctx);
  await removeStoredFiles(ctx, images.map((i) => i.url));
}

type VideoQuery = SelectQueryBuilder<Database, 'videos', { id: number }>;
/** Ids of the videos `where` picks: deleting them also removes their caption files and HLS ladders. */
async function videoIdsOf(ctx: AppContext, where: (qb: VideoQuery) => VideoQuery): Promise<number[]> {
  const rows: { id: number }[] = await where(ctx.db.selectFrom('videos').select('id')).execute();
  return rows.map((r) => r.id);
}

type EpisodeQuery = any;
/** Ids of the episodes `where` picks, only when the search engine needs to hear about them. */
async function episodeIdsOf(ctx: AppContext, where: (qb: EpisodeQuery) => EpisodeQuery): Promise<number[]> {
  if (!(await needsSync(ctx, 'episodes'))) return [];
  return (await where(ctx.db.selectFrom('episodes').select('id')).execute()).map((r: { id: number }) => r.id);
}

/** Files uploaded for one row only; imported (tmdb/) and demo files may be shared and stay. */
const OWNED_FOLDERS = ['title-images', 'captions'];

/** Deletes the uploads behind these URLs; only server-made URLs (storedKeyOf) ever become a key to delete. */
export async function removeStoredFiles(ctx: AppContext, urls: string[], folders: readonly string[] = OWNED_FOLDERS) {
  for (const url of urls) {
    const key = storedKeyOf(url, folders);
    if (key) await ctx.storage.delete(key);
  }
}

const seasonExists = () => new HttpError(422, 'This season already exists.', { number: ['This season already exists.'] });
const episodeExists = () => new HttpError(422, 'This episode already exists.', { episode_number: ['This episode already exists.'] });

export async function createSeason(ctx: AppContext, titleId: number, input: { number?: number; release_date: string | null; poster: string | null; description: string | null }) {
  const title = await findTitle(ctx.db, titleId, false);
  if (!title) throw notFound('Title not found');
  if (!title.is_series) throw new HttpError(422, 'Only series have seasons.');
  const now = nowIso();
  const id = await onDuplicate(ctx.db.transaction().execute(async (trx) => {
    let number = input.number;
    if (!number) {
      const last = await trx.selectFrom('seasons').select((eb) => eb.fn.max('number').as('n')).where('title_id', '=', titleId).executeTakeFirst();
      number = Number(last?.n ?? 0) + 1;
    } else if (await trx.selectFrom('seasons').select('id').where('title_id', '=', titleId).where('number', '=', number).executeTakeFirst()) {
      throw seasonExists();
    }
    const facts = { poster: input.poster, description: input.description, release_date: input.release_date };
    // What the editor wrote stays when an import later brings the service's season of that number.
    const row = await trx.insertInto('seasons').values({
      ...facts, title_id: titleId, number, name: null, edited_fields: givenFields(facts), created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await refreshCounts(trx, titleId);
    return row.id;
  }), seasonExists);
  return (await ctx.db.selectFrom('seasons').select(SEASON_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow());
}

export async function deleteSeason(ctx: AppContext, id: number) {
  const season = await ctx.db.selectFrom('seasons').select(['id', 'title_id', 'number']).where('id', '=', id).executeTakeFirst();
  if (!season) throw notFound('Season not found');
  const episodes = await episodeIdsOf(ctx, (qb) => qb.where('season_id', '=', id));
  const videos = await videoIdsOf(ctx, (qb) => qb.where('title_id', '=', season.title_id).where('season_num', '=', season.number));
  await deleteVideosWithFiles(ctx, videos, () => ctx.db.transaction().execute(async (trx) => {
    // First, as deleting a title does: what members post about these meanwhile is cleared below or refused.
    await lockRows(trx, ctx.dialect, 'episodes', (await trx.selectFrom('episodes').select('id').where('season_id', '=', id).execute()).map((e) => e.id), 'update');
    await lockRows(trx, ctx.dialect, 'videos', videos, 'update');
    const episodeIds = trx.selectFrom('episodes').select('id').where('season_id', '=', id);
    await trx.deleteFrom('creditables').where('creditable_type', '=', 'episode').where('creditable_id', 'in', episodeIds).execute();
    await trx.deleteFrom('creditables').where('creditable_type', '=', 'season').where('creditable_id', '=', id).execute();
    await removeFromChannels(trx, ctx.dialect, 'episode', episodeIds);
    await deleteFeedbackOn(trx, ctx.dialect, { episode: episodeIds, video: videos });
    await trx.deleteFrom('videos').where('title_id', '=', season.title_id).where('season_num', '=', season.number).execute();
    await trx.deleteFrom('seasons').where('id', '=', id).execute();
    // Deleted from a series the movie database brought, it stays deleted through a re-import.
    const title = await trx.selectFrom('titles').select('tmdb_id').where('id', '=', season.title_id).executeTakeFirst();
    if (title?.tmdb_id) await rememberRemoved(trx, season.title_id, `season:${season.number}`);
    await refreshCounts(trx, season.title_id);
  }));
  await syncSearch(ctx, 'episodes', episodes);
  await catalogueChanged(ctx);
}

export async function createEpisode(ctx: AppContext, titleId: number, seasonNumber: number, input: EpisodeCreate) {
  const season = await findSeason(ctx.db, titleId, seasonNumber);
  if (!season) throw notFound('Season not found');
  const now = nowIso();
  const id = await onDuplicate(ctx.db.transaction().execute(async (trx) => {
    let number = input.episode_number;
    if (!number) {
      const last = await trx.selectFrom('episodes').select((eb) => eb.fn.max('episode_number').as('n')).where('season_id', '=', season.id).executeTakeFirst();
      number = Number(last?.n ?? 0) + 1;
    } else if (await trx.selectFrom('episodes').select('id').where('season_id', '=', season.id).where('episode_number', '=', number).executeTakeFirst()) {
      throw episodeExists();
    }
    const { episode_number: _n, ...fields } = input;
    // What the editor wrote stays when an import later brings the service's episode of that number.
    const row = await trx.insertInto('episodes').values({
      ...fields, edited_fields: givenFields(fields), title_id: titleId, season_id: season.id, season_number: seasonNumber, episode_number: number, rating: null, tmdb_id: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await refreshCounts(trx, titleId, season.id);
    return row.id;
  }), episodeExists);
  await syncSearch(ctx, 'episodes', [id]);
  await catalogueChanged(ctx);
  await announceIfOut(ctx, [input.release_date]);
  const row = await ctx.db.selectFrom('episodes').select(['season_number', 'episode_number']).where('id', '=', id).executeTakeFirstOrThrow();
  return stillThere(await findEpisode(ctx.db, titleId, row.season_number, row.episode_number), 'Episode not found');
}

export async function updateEpisode(ctx: AppContext, titleId: number, season: number, number: number, input: Partial<EpisodeCreate>) {
  const episode = await findEpisode(ctx.db, titleId, season, number);
  if (!episode) throw notFound('Episode not found');
  if (input.episode_number && input.episode_number !== number
    && await ctx.db.selectFrom('episodes').select('id').where('season_id', '=', episode.season_id).where('episode_number', '=', input.episode_number).executeTakeFirst()) {
    throw episodeExists();
  }
  const to = input.episode_number;
  await onDuplicate(ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('episodes').selectAll().where('id', '=', episode.id).executeTakeFirst();
    if (!row) throw notFound('Episode not found');
    // A fact the editor changed is theirs from now on: a re-import from the movie database leaves it.
    await trx.updateTable('episodes').set({ ...input, edited_fields: recordEdits(row, input, ['episode_number']), updated_at: nowIso() }).where('id', '=', episode.id).execute();
    if (to !== undefined && to !== number) await moveEpisodeRows(trx, titleId, season, number, to);
  }), episodeExists);
  await syncSearch(ctx, 'episodes', [episode.id]);
  await catalogueChanged(ctx);
  await announceIfOut(ctx, [input.release_date]);
  return stillThere(await findEpisode(ctx.db, titleId, season, input.episode_number ?? number), 'Episode not found');
}

export async function deleteEpisode(ctx: AppContext, id: number) {
  const ep = await ctx.db.selectFrom('episodes').select(['id', 'title_id', 'season_id', 'season_number', 'episode_number', 'tmdb_id']).where('id', '=', id).executeTakeFirst();
  if (!ep) throw notFound('Episode not found');
  const videos = await videoIdsOf(ctx, (qb) => qb.where('title_id', '=', ep.title_id).where('season_num', '=', ep.season_number).where('episode_num', '=', ep.episode_number));
  await deleteVideosWithFiles(ctx, videos, () => ctx.db.transaction().execute(async (trx) => {
    // First, as deleting a title does: what members post about these meanwhile is cleared below or refused.
    await lockRows(trx, ctx.dialect, 'episodes', [id], 'update');
    await lockRows(trx, ctx.dialect, 'videos', videos, 'update');
    await trx.deleteFrom('creditables').where('creditable_type', '=', 'episode').where('creditable_id', '=', id).execute();
    await removeFromChannels(trx, ctx.dialect, 'episode', [id]);
    await deleteFeedbackOn(trx, ctx.dialect, { episode: [id], video: videos });
    await trx.deleteFrom('videos').where('title_id', '=', ep.title_id).where('season_num', '=', ep.season_number).where('episode_num', '=', ep.episode_number).execute();
    await trx.deleteFrom('episodes').where('id', '=', id).execute();
    // The movie database's episode stays deleted through a re-import.
    if (ep.tmdb_id) await rememberRemoved(trx, ep.title_id, `episode:${ep.tmdb_id}`);
    await refreshCounts(trx, ep.title_id, ep.season_id);
  }));
  await syncSearch(ctx, 'episodes', [id]);
  await catalogueChanged(ctx);
}
