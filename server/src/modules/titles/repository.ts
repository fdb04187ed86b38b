import type { Title, TitleImage, TitleTag, TitleTagType, Season, Episode } from '@app/contracts';
import { nowIso, toBool, type Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import '../plays/schema.ts';
import { countryCodeOf, countryName } from '../tags/countries.ts';

export const TITLE_COLUMNS = [
  'titles.id', 'titles.name', 'titles.is_series', 'titles.original_title', 'titles.poster', 'titles.backdrop', 'titles.release_date',
  'titles.year', 'titles.tagline', 'titles.description', 'titles.runtime', 'titles.certification', 'titles.budget', 'titles.revenue',
  'titles.language', 'titles.popularity', 'titles.views', 'titles.rating', 'titles.vote_count', 'titles.seasons_count', 'titles.episodes_count',
  'titles.tmdb_id', 'titles.created_at', 'titles.updated_at',
] as const;

/** What any visitor may see of a title: no import ids, view counters or bookkeeping timestamps. */
export const PUBLIC_TITLE_COLUMNS = [
  'titles.id', 'titles.name', 'titles.is_series', 'titles.original_title', 'titles.poster', 'titles.backdrop', 'titles.release_date',
  'titles.year', 'titles.tagline', 'titles.description', 'titles.runtime', 'titles.certification', 'titles.budget', 'titles.revenue',
  'titles.language', 'titles.popularity', 'titles.rating', 'titles.vote_count', 'titles.seasons_count', 'titles.episodes_count',
] as const;

export function toTitle(row: any): Title {
  return { ...row, is_series: toBool(row.is_series) };
}

/** Genres, keywords, countries and custom tags of a page of titles, one query. */
export async function attachTags(db: Db, titles: Title[]): Promise<Title[]> {
  const ids = titles.map((t) => t.id);
  if (!ids.length) return titles;
  const rows = await db.selectFrom('title_tag').innerJoin('title_tags', 'title_tags.id', 'title_tag.tag_id')
    .select(['title_tag.title_id', 'title_tags.id', 'title_tags.type', 'title_tags.name', 'title_tags.display_name', 'title_tags.created_at', 'title_tags.updated_at'])
    .where('title_tag.title_id', 'in', ids).orderBy('title_tags.name').execute();
  const by = new Map<number, TitleTag[]>();
  for (const { title_id, ...tag } of rows) (by.get(title_id) ?? by.set(title_id, []).get(title_id)!).push(tag);
  return titles.map((t) => {
    const tags = by.get(t.id) ?? [];
    return {
      ...t,
      genres: tags.filter((x) => x.type === 'genre'),
      keywords: tags.filter((x) => x.type === 'keyword'),
      production_countries: tags.filter((x) => x.type === 'production_country'),
      tags: tags.filter((x) => x.type === 'custom'),
    };
  });
}

export async function findTitle(db: Db, id: number, withRelations = true): Promise<Title | null> {
  const row = await db.selectFrom('titles').select(TITLE_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const title = toTitle(row);
  if (!withRelations) return title;
  const [tagged] = await attachTags(db, [title]);
  const images: TitleImage[] = await db.selectFrom('images').select(['id', 'url', 'type', 'order'])
    .where('model_type', '=', 'title').where('model_id', '=', id).orderBy('order').orderBy('id').execute();
  return { ...tagged, images };
}

export const SEASON_COLUMNS = ['id', 'title_id', 'number', 'name', 'poster', 'description', 'release_date', 'episodes_count', 'created_at', 'updated_at'] as const;
export const EPISODE_COLUMNS = [
  'episodes.id', 'episodes.title_id', 'episodes.season_id', 'episodes.name', 'episodes.description', 'episodes.release_date', 'episodes.runtime',
  'episodes.popularity', 'episodes.rating', 'episodes.poster', 'episodes.season_number', 'episodes.episode_number', 'episodes.created_at', 'episodes.updated_at',
] as const;

export async function findSeason(db: Db, titleId: number, number: number): Promise<Season | null> {
  return (await db.selectFrom('seasons').select(SEASON_COLUMNS).where('title_id', '=', titleId).where('number', '=', number).executeTakeFirst()) ?? null;
}

export async function findEpisode(db: Db, titleId: number, season: number, episode: number): Promise<Episode | null> {
  return (await db.selectFrom('episodes').select(EPISODE_COLUMNS).where('title_id', '=', titleId)
    .where('season_number', '=', season).where('episode_number', '=', episode).executeTakeFirst()) ?? null;
}

/**
 * Remembers what the movie database brought that an editor deleted, so a re-import or the weekly refresh does not add
 * it again: 'season:{number}', 'episode:{the service's episode id}', a credit (creditRemoval) or a tag (tagRemoval).
 */
export async function rememberRemoved(db: Db, titleId: number, item: string): Promise<void> {
  await db.insertInto('title_import_removals').values({ title_id: titleId, item, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['title_id', 'item']).doNothing()).execute();
}

/** A credit by its owner, person and job (under 50 characters: the longest job the importer brings has 23). */
export const creditRemoval = (type: 'title' | 'season' | 'episode', creditableId: number, personId: number, job: string) =>
  `cr:${type[0]}${creditableId}:${personId}:${job}`.slice(0, 50);
export const tagRemoval = (tagId: number) => `tag:${tagId}`;

/** Remembers the removal only on a title the movie database brought (nothing would bring the item back otherwise). */
export async function rememberRemovedImport(db: Db, titleId: number, item: string): Promise<void> {
  const title = await db.selectFrom('titles').select('tmdb_id').where('id', '=', titleId).executeTakeFirst();
  if (title?.tmdb_id) await rememberRemoved(db, titleId, item);
}

/** The items deleted from an imported title (see rememberRemoved). */
export async function removedImports(db: Db, titleId: number): Promise<Set<string>> {
  return new Set((await db.selectFrom('title_import_removals').select('item').where('title_id', '=', titleId).execute()).map((r) => r.item));
}

/** Keeps the denormalised counters (season episodes, title seasons and episodes) true after a change. */
export async function refreshCounts(db: Db, titleId: number, seasonId?: number): Promise<void> {
  if (seasonId) {
    await db.updateTable('seasons').set((eb) => ({
      episodes_count: eb.selectFrom('episodes').select(eb.fn.countAll<number>().as('n')).where('season_id', '=', seasonId),
    })).where('id', '=', seasonId).execute();
  }
  await db.updateTable('titles').set((eb) => ({
    seasons_count: eb.selectFrom('seasons').select(eb.fn.countAll<number>().as('n')).where('title_id', '=', titleId),
    episodes_count: eb.selectFrom('episodes').select(eb.fn.countAll<number>().as('n')).where('title_id', '=', titleId),
  })).where('id', '=', titleId).execute();
}

/**
 * Videos and plays point at an episode by its numbers, not its id: renumbering the episode takes them along, so its
 * videos stay its own (not a later episode's that takes the old number) and its insights keep their history.
 */
export async function moveEpisodeRows(db: Db, titleId: number, season: number, from: number, to: number): Promise<void> {
  await db.updateTable('videos').set({ episode_num: to, updated_at: nowIso() })
    .where('title_id', '=', titleId).where('season_num', '=', season).where('episode_num', '=', from).execute();
  await db.updateTable('plays').set({ episode_num: to })
    .where('title_id', '=', titleId).where('season_num', '=', season).where('episode_num', '=', from).execute();
}

const notACountry = () => new HttpError(422, 'Enter the name of a real country.', { tag_name: ['Enter the name of a real country.'] });
const mayNotCreate = () => new HttpError(422, 'There is no tag with this name, and you may not create tags.', {
  tag_name: ['There is no tag with this name, and you may not create tags.'],
});

/**
 * A country is stored by its ISO code (as imports store it) and shown by its name: one typed by name ("Germany")
 * is the existing `de`, not a second Germany, and a name no country has ("Atlantis") is refused. An existing tag
 * is found by its name or shown name; other new tags are their lower-case name.
 */
async function tagKey(db: Db, type: TitleTagType, tagName: string): Promise<{ name: string; display: string; exists: boolean }> {
  const lower = tagName.toLowerCase();
  const byName = db.selectFrom('title_tags').select(['name', 'display_name']).where('type', '=', type);
  const existing = await byName.where('name', '=', lower).executeTakeFirst()
    ?? await byName.where((eb) => eb(eb.fn('lower', ['display_name']), '=', lower)).orderBy('id').executeTakeFirst();
  if (type !== 'production_country') return existing ? { name: existing.name, display: existing.display_name ?? tagName, exists: true } : { name: lower, display: tagName, exists: false };
  const code = existing && countryCodeOf(existing.name) ? existing.name : countryCodeOf(tagName);
  if (!code) throw notACountry();
  const known = existing?.name === code ? existing : await db.selectFrom('title_tags').select(['name', 'display_name']).where('type', '=', type).where('name', '=', code).executeTakeFirst();
  if (known) return { name: known.name, display: known.display_name ?? tagName, exists: true };
  return { name: code, display: countryName(code) ?? tagName, exists: false };
}

/** Attaches a tag by name to a title (an attached one stays once); a new tag is created only when `mayCreate`. */
export async function attachTagByName(db: Db, titleId: number, type: TitleTagType, tagName: string, mayCreate: boolean): Promise<void> {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const { name, display, exists } = await tagKey(trx, type, tagName);
    if (!exists && !mayCreate) throw mayNotCreate();
    // Inserted unless it exists (or a racing request just inserted it), then read: both requests attach the one tag.
    await trx.insertInto('title_tags').values({ type, name, display_name: display, tmdb_id: null, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['type', 'name']).doNothing()).execute();
    const tag = await trx.selectFrom('title_tags').select('id').where('type', '=', type).where('name', '=', name).executeTakeFirstOrThrow();
    await trx.insertInto('title_tag').values({ title_id: titleId, tag_id: tag.id }).onConflict((oc) => oc.columns(['title_id', 'tag_id']).doNothing()).execute();
    await trx.deleteFrom('title_import_removals').where('title_id', '=', titleId).where('item', '=', tagRemoval(tag.id)).execute();
  });
}

/** A tag an editor took off an imported title stays off through re-imports; attaching it again by hand puts it back. */
export async function detachTag(db: Db, titleId: number, tagId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const res = await trx.deleteFrom('title_tag').where('title_id', '=', titleId).where('tag_id', '=', tagId).executeTakeFirst();
    if (Number(res.numDeletedRows)) await rememberRemovedImport(trx, titleId, tagRemoval(tagId));
  });
}
