import { DEATH_BEFORE_BIRTH, diesBeforeBirth, type Person, type PersonCreate, type PersonCredit, type PersonUpdate } from '@app/contracts';
import { notFound, unprocessable } from '../../http/errors.ts';
import type { AppContext } from '../../context.ts';
import { nowIso, toBool, type Db } from '../../db/index.ts';
import { filters, paginate, parseListQuery, invalidFilter } from '../../http/list-query.ts';
import { readCounter } from '../../db/versions.ts';
import { removeFromChannels } from '../channels/touch.ts';
import { catalogueChanged } from '../channels/catalogue-changed.ts';
import { syncSearch } from '../search/sync.ts';
import { searchJoin } from '../titles/search.ts';
import { recordEdits } from '../../lib/edited-fields.ts';
import { removeUnusedPosters } from '../titles/images-service.ts';

export const PERSON_COLUMNS = [
  'people.id', 'people.name', 'people.known_for', 'people.poster', 'people.birth_date', 'people.death_date', 'people.birth_place',
  'people.description', 'people.gender', 'people.popularity', 'people.views', 'people.tmdb_id', 'people.created_at', 'people.updated_at',
] as const;

export async function findPerson(db: Db, id: number): Promise<Person | null> {
  return (await db.selectFrom('people').select(PERSON_COLUMNS).where('id', '=', id).executeTakeFirst()) ?? null;
}

/** Every credit of a person, newest title first, with its Series/Movie flag and year. */
export async function personCredits(db: Db, id: number): Promise<PersonCredit[]> {
  const rows = await db.selectFrom('creditables').innerJoin('titles', 'titles.id', 'creditables.title_id')
    .leftJoin('seasons', (j) => j.onRef('seasons.id', '=', 'creditables.creditable_id').on('creditables.creditable_type', '=', 'season'))
    .leftJoin('episodes', (j) => j.onRef('episodes.id', '=', 'creditables.creditable_id').on('creditables.creditable_type', '=', 'episode'))
    .select(['creditables.id as credit_id', 'creditables.creditable_type', 'creditables.character', 'creditables.department', 'creditables.job',
      'titles.id', 'titles.name', 'titles.poster', 'titles.year', 'titles.is_series', 'seasons.number as season_number',
      'episodes.season_number as episode_season', 'episodes.episode_number'])
    .where('creditables.person_id', '=', id).orderBy('titles.year', 'desc').orderBy('creditables.id', 'desc').limit(1000).execute();
  return rows.map((r) => ({
    id: r.credit_id, title_id: r.id, name: r.name, poster: r.poster, year: r.year, is_series: toBool(r.is_series), creditable_type: r.creditable_type,
    season: r.season_number ?? r.episode_season ?? null, episode: r.episode_number ?? null,
    pivot: { id: r.credit_id, character: r.character, department: r.department, job: r.job },
  }));
}

/** One page of the people list; a search sorts by relevance unless another order is asked for. */
export async function listPeople(ctx: AppContext, query: unknown) {
  const q = parseListQuery(query);
  const searching = Boolean(q.query?.trim());
  const page = await paginate(ctx.db.selectFrom('people').select(PERSON_COLUMNS), query, {
    sorts: {
      popularity: 'people.popularity', name: 'people.name', birth_date: 'people.birth_date', created_at: 'people.created_at',
      updated_at: 'people.updated_at', views: 'people.views', id: 'people.id', ...(searching ? { relevance: 's.search_rank' } : {}),
    },
    defaultSort: searching ? ['relevance', 'desc'] : ['created_at', 'desc'],
    tieBreaker: 'people.id',
    filters: {
      gender: (qb, f) => {
        if (f.value !== 'male' && f.value !== 'female') throw invalidFilter('gender');
        return qb.where('people.gender', '=', f.value);
      },
      known_for: (qb, f) => {
        if (typeof f.value !== 'string' || f.value.length > 50) throw invalidFilter('known_for');
        return qb.where('people.known_for', '=', f.value);
      },
      created_at: filters.date('people.created_at'),
      updated_at: filters.date('people.updated_at'),
    },
    search: (qb, query) => searchJoin(ctx, 'people', qb, query),
    // Kept by triggers (migration 0020): no count(*) over the whole table.
    unfilteredTotal: () => readCounter(ctx.db, 'rows:people'),
    // Filtered and searched totals are counted once per change of the people table (migration 0094) and filter set,
    // and deep pages are cut from the list's ids, as the titles list does: not every person counted on each page view.
    countVersion: { db: ctx.db, counter: 'version:people' },
    deepPages: true,
  });
  return page;
}

export async function createPerson(ctx: AppContext, input: PersonCreate): Promise<Person | null> {
  const now = nowIso();
  const { id } = await ctx.db.insertInto('people').values({ ...input, tmdb_id: null, imdb_id: null, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  await syncSearch(ctx, 'people', [id]);
  await catalogueChanged(ctx);
  return findPerson(ctx.db, id);
}

/** The updated person, or null when there is none with this id. */
export async function updatePerson(ctx: AppContext, id: number, input: PersonUpdate): Promise<Person | null> {
  const current = await findPerson(ctx.db, id);
  if (!current) return null;
  // One date sent alone is checked against the other as stored.
  if (diesBeforeBirth(input.birth_date !== undefined ? input.birth_date : current.birth_date, input.death_date !== undefined ? input.death_date : current.death_date)) {
    throw unprocessable('death_date', DEATH_BEFORE_BIRTH);
  }
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('people').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    // A fact the editor changed is theirs from now on: an import from the movie database leaves it.
    await trx.updateTable('people').set({ ...input, edited_fields: recordEdits(row, input), updated_at: nowIso() }).where('id', '=', id).execute();
  });
  await syncSearch(ctx, 'people', [id]);
  await catalogueChanged(ctx);
  if (input.poster !== undefined && input.poster !== current.poster) await removeUnusedPosters(ctx, [current.poster]);
  return findPerson(ctx.db, id);
}

/**
 * Deletes people with their credits and channel items, and takes them out of the search index.
 * Like every bulk delete: the ids that exist go, a 404 when none of them does.
 */
export async function deletePeople(ctx: AppContext, ids: number[]): Promise<void> {
  const posters = await ctx.db.selectFrom('people').select('poster').where('id', 'in', ids).execute();
  if (!posters.length) throw notFound('Person not found');
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('creditables').where('person_id', 'in', ids).execute();
    await removeFromChannels(trx, ctx.dialect, 'person', ids);
    await trx.deleteFrom('people').where('id', 'in', ids).execute();
  });
  await syncSearch(ctx, 'people', ids);
  await catalogueChanged(ctx);
  await removeUnusedPosters(ctx, posters.map((p) => p.poster));
}
