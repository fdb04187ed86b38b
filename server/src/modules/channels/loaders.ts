import type { ChannelConfig, ChannelContentModel, ChannelItem, ChannelItemType } from '@app/contracts';
import { toBool, whereStartsWith, type Db } from '../../db/index.ts';

/**
 * Per content model: how to load items by id (manual and auto-update channels keep ids in `channelables`) and how
 * to page "everything of the model" (listAll). A model without a loader (news, until the news module plugs its own
 * in with `registerChannelModel`) shows nothing rather than failing.
 */
export interface ModelLoader {
  itemType: ChannelItemType;
  /** Items by id; missing ids are simply absent. */
  byIds(db: Db, ids: number[]): Promise<Map<number, ChannelItem>>;
  /** One page of everything of the model, in the channel's order, with its restriction. */
  page(db: Db, config: ChannelConfig, offset: number, limit: number, exceptChannelId?: number): Promise<{ items: ChannelItem[]; total: number }>;
  /** Which of `ids` exist (validation of manual items). */
  existing(db: Db, ids: number[]): Promise<Set<number>>;
  /** The content editor's search. */
  search(db: Db, query: string, limit: number): Promise<ChannelItem[]>;
  /**
   * The model's table and its sort per content order, so a manual channel shows its items in the order it is set
   * to (by name, rating...) and in the order they were placed only for 'manual'.
   */
  sortable?: { table: SortableTable; sorts: Sorts };
}

export type Sorts = ReadonlyMap<string, [string, 'asc' | 'desc']>;
export type SortableTable = 'titles' | 'people' | 'episodes' | 'channels' | 'news_articles';

const loaders = new Map<ChannelContentModel, ModelLoader>();

/** Plugs a content model in (the news module registers 'news' this way). */
export function registerChannelModel(model: ChannelContentModel, loader: ModelLoader): void {
  loaders.set(model, loader);
}

export function modelLoader(model: ChannelContentModel): ModelLoader | undefined {
  return loaders.get(model);
}

export function loaderForItemType(type: ChannelItemType): ModelLoader | undefined {
  for (const l of loaders.values()) if (l.itemType === type) return l;
  return undefined;
}

const TITLE_COLUMNS = ['titles.id', 'titles.name', 'titles.poster', 'titles.backdrop', 'titles.description', 'titles.year', 'titles.rating', 'titles.is_series', 'titles.release_date'] as const;
const toTitle = (r: any): ChannelItem => ({
  id: Number(r.id), model_type: 'title', name: r.name, poster: r.poster, backdrop: r.backdrop,
  description: r.description ? String(r.description).slice(0, 300) : null, year: r.year, rating: r.rating === null ? null : Number(r.rating),
  is_series: toBool(r.is_series), release_date: r.release_date,
});

/** Sort of each order per model; an order a model lacks falls back to its first. */
const TITLE_SORTS = new Map<string, [string, 'asc' | 'desc']>([
  ['popularity', ['titles.popularity', 'desc']], ['rating', ['titles.rating', 'desc']], ['release_date', ['titles.release_date', 'desc']],
  ['recently_added', ['titles.created_at', 'desc']], ['name', ['titles.name', 'asc']],
]);
const PEOPLE_SORTS = new Map<string, [string, 'asc' | 'desc']>([
  ['popularity', ['people.popularity', 'desc']], ['recently_added', ['people.created_at', 'desc']], ['name', ['people.name', 'asc']],
]);
const EPISODE_SORTS = new Map<string, [string, 'asc' | 'desc']>([
  ['release_date', ['episodes.release_date', 'desc']], ['popularity', ['episodes.popularity', 'desc']], ['rating', ['episodes.rating', 'desc']],
  ['recently_added', ['episodes.created_at', 'desc']], ['name', ['episodes.name', 'asc']],
]);
const CHANNEL_SORTS = new Map<string, [string, 'asc' | 'desc']>([
  ['name', ['channels.name', 'asc']], ['recently_added', ['channels.created_at', 'desc']], ['popularity', ['channels.updated_at', 'desc']],
]);
export const sortOf = (sorts: Sorts, order: string) => sorts.get(order) ?? sorts.values().next().value!;

/** Titles of the channel's kind (movies, series or both) and restriction (a genre, keyword or country tag). */
export function titleScope(db: Db, config: Pick<ChannelConfig, 'titleType' | 'restriction' | 'restrictionModelId'>) {
  let q = db.selectFrom('titles');
  if (config.titleType === 'movie') q = q.where('titles.is_series', '=', false as any);
  if (config.titleType === 'series') q = q.where('titles.is_series', '=', true as any);
  if (config.restriction && config.restrictionModelId) {
    q = q.where('titles.id', 'in', db.selectFrom('title_tag').select('title_tag.title_id').where('title_tag.tag_id', '=', config.restrictionModelId));
  }
  return q;
}

const ids = (rows: { id: number }[]) => new Set(rows.map((r) => Number(r.id)));
const count = async (q: any): Promise<number> => Number((await q.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);

registerChannelModel('titles', {
  sortable: { table: 'titles', sorts: TITLE_SORTS },
  itemType: 'title',
  async byIds(db, list) {
    if (!list.length) return new Map();
    const rows = await db.selectFrom('titles').select(TITLE_COLUMNS).where('id', 'in', list).execute();
    return new Map(rows.map((r) => [Number(r.id), toTitle(r)]));
  },
  async page(db, config, offset, limit) {
    const scope = titleScope(db, config);
    const [col, dir] = sortOf(TITLE_SORTS, config.contentOrder);
    const [rows, total] = await Promise.all([
      scope.select(TITLE_COLUMNS).orderBy(col as any, dir).orderBy('titles.id', dir).limit(limit).offset(offset).execute(),
      count(scope),
    ]);
    return { items: rows.map(toTitle), total };
  },
  async existing(db, list) {
    return list.length ? ids(await db.selectFrom('titles').select('id').where('id', 'in', list).execute()) : new Set();
  },
  async search(db, query, limit) {
    let q = db.selectFrom('titles').select(TITLE_COLUMNS);
    if (query) q = whereStartsWith(db, q, 'titles.name', query);
    const rows = await q.orderBy('titles.popularity', 'desc').orderBy('titles.id').limit(limit).execute();
    return rows.map(toTitle);
  },
});

const PERSON_COLUMNS = ['people.id', 'people.name', 'people.poster', 'people.known_for', 'people.description'] as const;
const toPerson = (r: any): ChannelItem => ({ id: Number(r.id), model_type: 'person', name: r.name, poster: r.poster, known_for: r.known_for, description: r.description ? String(r.description).slice(0, 300) : null });

registerChannelModel('people', {
  sortable: { table: 'people', sorts: PEOPLE_SORTS },
  itemType: 'person',
  async byIds(db, list) {
    if (!list.length) return new Map();
    const rows = await db.selectFrom('people').select(PERSON_COLUMNS).where('id', 'in', list).execute();
    return new Map(rows.map((r) => [Number(r.id), toPerson(r)]));
  },
  async page(db, config, offset, limit) {
    const [col, dir] = sortOf(PEOPLE_SORTS, config.contentOrder);
    const [rows, total] = await Promise.all([
      db.selectFrom('people').select(PERSON_COLUMNS).orderBy(col as any, dir).orderBy('people.id', dir).limit(limit).offset(offset).execute(),
      count(db.selectFrom('people')),
    ]);
    return { items: rows.map(toPerson), total };
  },
  async existing(db, list) {
    return list.length ? ids(await db.selectFrom('people').select('id').where('id', 'in', list).execute()) : new Set();
  },
  async search(db, query, limit) {
    let q = db.selectFrom('people').select(PERSON_COLUMNS);
    if (query) q = whereStartsWith(db, q, 'people.name', query);
    return (await q.orderBy('people.popularity', 'desc').orderBy('people.id').limit(limit).execute()).map(toPerson);
  },
});

const episodeSelect = (db: Db) => db.selectFrom('episodes').innerJoin('titles', 'titles.id', 'episodes.title_id')
  .select(['episodes.id', 'episodes.name', 'episodes.poster', 'episodes.description', 'episodes.release_date', 'episodes.rating',
    'episodes.season_number', 'episodes.episode_number', 'episodes.title_id', 'titles.name as title_name', 'titles.backdrop']);
const toEpisode = (r: any): ChannelItem => ({
  id: Number(r.id), model_type: 'episode', name: r.name, poster: r.poster ?? r.backdrop, backdrop: r.backdrop,
  description: r.description ? String(r.description).slice(0, 300) : null, release_date: r.release_date,
  rating: r.rating === null ? null : Number(r.rating), season_number: r.season_number, episode_number: r.episode_number,
  title_id: Number(r.title_id), title_name: r.title_name,
});

registerChannelModel('episodes', {
  sortable: { table: 'episodes', sorts: EPISODE_SORTS },
  itemType: 'episode',
  async byIds(db, list) {
    if (!list.length) return new Map();
    const rows = await episodeSelect(db).where('episodes.id', 'in', list).execute();
    return new Map(rows.map((r) => [Number(r.id), toEpisode(r)]));
  },
  async page(db, config, offset, limit) {
    const [col, dir] = sortOf(EPISODE_SORTS, config.contentOrder);
    const [rows, total] = await Promise.all([
      episodeSelect(db).orderBy(col as any, dir).orderBy('episodes.id', dir).limit(limit).offset(offset).execute(),
      count(db.selectFrom('episodes')),
    ]);
    return { items: rows.map(toEpisode), total };
  },
  async existing(db, list) {
    return list.length ? ids(await db.selectFrom('episodes').select('id').where('id', 'in', list).execute()) : new Set();
  },
  async search(db, query, limit) {
    let q = episodeSelect(db);
    if (query) q = whereStartsWith(db, q, 'episodes.name', query);
    return (await q.orderBy('episodes.release_date', 'desc').orderBy('episodes.id').limit(limit).execute()).map(toEpisode);
  },
});

const channelSelect = (db: Db) => db.selectFrom('channels').select(['channels.id', 'channels.name', 'channels.slug', 'channels.description', 'channels.config'])
  .where('channels.type', '=', 'channel');
const toChannelItem = (r: any): ChannelItem => ({ id: Number(r.id), model_type: 'channel', name: r.name, slug: r.slug, description: r.description });

registerChannelModel('channels', {
  sortable: { table: 'channels', sorts: CHANNEL_SORTS },
  itemType: 'channel',
  async byIds(db, list) {
    if (!list.length) return new Map();
    const rows = await db.selectFrom('channels').select(['channels.id', 'channels.name', 'channels.slug', 'channels.description']).where('id', 'in', list).execute();
    return new Map(rows.map((r) => [Number(r.id), toChannelItem(r)]));
  },
  async page(db, config, offset, limit, exceptChannelId) {
    const [col, dir] = sortOf(CHANNEL_SORTS, config.contentOrder);
    // Channels that nest channels are left out, so "all channels" can never nest itself; private ones are a 404 to
    // visitors, so they are left out too (the page is cached for everyone alike).
    let scope = db.selectFrom('channels').where('channels.type', '=', 'channel').where('channels.public', '=', true as never)
      .where('channels.config', 'not like', '%"contentModel":"channels"%');
    if (exceptChannelId) scope = scope.where('channels.id', '!=', exceptChannelId);
    const [rows, total] = await Promise.all([
      scope.select(['channels.id', 'channels.name', 'channels.slug', 'channels.description']).orderBy(col as any, dir).orderBy('channels.id', dir).limit(limit).offset(offset).execute(),
      count(scope),
    ]);
    return { items: rows.map(toChannelItem), total };
  },
  async existing(db, list) {
    return list.length ? ids(await db.selectFrom('channels').select('id').where('id', 'in', list).where('type', '=', 'channel').execute()) : new Set();
  },
  async search(db, query, limit) {
    let q = channelSelect(db);
    if (query) q = whereStartsWith(db, q, 'channels.name', query);
    return (await q.orderBy('channels.name').limit(limit).execute()).map(toChannelItem);
  },
});
