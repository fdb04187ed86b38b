import { Readable } from 'node:stream';
import { isTitleLanguage, type ImportedItem, type TmdbImport } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { TmdbClient, TmdbError } from '../../drivers/tmdb/client.ts';
import { HttpError } from '../../http/errors.ts';
import { creditRemoval, refreshCounts, removedImports, tagRemoval } from '../titles/repository.ts';
import { keepEdits } from '../../lib/edited-fields.ts';
import { showRatings } from '../reviews/shown-ratings.ts';
import { needsSync, syncSearch } from '../search/sync.ts';
import { catalogueChanged } from '../channels/catalogue-changed.ts';
import { announceIfOut } from '../notifications/new-episodes.ts';

/** How many titles of one page import at once; each also fetches seasons and images. */
const TITLE_CONCURRENCY = 4;
const IMAGE_CONCURRENCY = 6;
const CAST_LIMIT = 20;
const CREW_JOBS = new Set(['Director', 'Screenplay', 'Writer', 'Producer', 'Original Music Composer', 'Director of Photography', 'Creator', 'Novel', 'Editor']);
const BACKDROP_LIMIT = 6;

/** Runs `fn` over `items` with at most `n` in flight. */
export async function mapLimit<T, R>(items: T[], n: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  });
  await Promise.all(workers);
  return out;
}

/** One client per configuration, so its rate limit holds across calls (each import page is its own request). */
const clients = new Map<string, TmdbClient>();

export async function tmdbClient(ctx: AppContext): Promise<TmdbClient> {
  const apiKey = await ctx.settings.get('server.tmdb_api_key');
  if (!apiKey) throw new HttpError(422, 'The movie database is not set up: add its API key in the settings.');
  const opts = {
    apiKey,
    baseUrl: `${ctx.config.tmdbApiUrl.replace(/\/+$/, '')}/3`,
    imageUrl: ctx.config.tmdbImageUrl,
    language: await ctx.settings.get('client.tmdb.language'),
    includeAdult: await ctx.settings.get('client.tmdb.includeAdult'),
  };
  const key = JSON.stringify(opts);
  let client = clients.get(key);
  if (!client) {
    if (clients.size > 10) clients.clear();
    client = new TmdbClient(opts);
    clients.set(key, client);
  }
  return client;
}

/** TMDb failures as answers the admin can read. */
export function asHttpError(e: unknown): unknown {
  if (e instanceof TmdbError) return new HttpError(e.status === 404 ? 404 : e.status === 401 ? 422 : 502, e.message);
  return e;
}

const SAFE_PATH = /^\/[\w-]+\.(jpg|jpeg|png|webp)$/;

/**
 * Brings one TMDb image into the storage driver (streamed, once: the same TMDb path maps to the same key),
 * answering its public URL, or null when there is none or it cannot be fetched.
 */
async function storeImage(ctx: AppContext, client: TmdbClient, path: string | null | undefined, size: string): Promise<string | null> {
  if (!path || !SAFE_PATH.test(path)) return null;
  const key = `tmdb/${size}${path}`;
  if (!(await ctx.storage.exists(`public/${key}`))) {
    try {
      const body = await client.image(path, size);
      await ctx.storage.put(`public/${key}`, Readable.fromWeb(body as any));
    } catch {
      await ctx.storage.delete(`public/${key}`).catch(() => undefined);
      return null;
    }
  }
  return `/storage/${key}`;
}

const yearOf = (d: string | null | undefined) => (d ? Number(d.slice(0, 4)) || null : null);
const orNull = <T>(v: T | '' | 0 | undefined | null): T | null => (v === '' || v === 0 || v === undefined ? null : v);
/**
 * TMDb's text cut to its column's width (in characters, as PostgreSQL counts them): a long character list or episode
 * name must not fail the whole import there, while SQLite would have stored it whole.
 */
function clip(v: unknown, max: number): string | null {
  if (typeof v !== 'string' || v === '') return null;
  return v.length <= max ? v : Array.from(v).slice(0, max).join('');
}
const gender = (g: number | undefined) => (g === 1 ? 'female' : g === 2 ? 'male' : null);

/**
 * The values of a row being updated, less the null ones: a refresh whose image download failed, or an answer that
 * leaves a field out, keeps what the row has instead of blanking it.
 */
function filled<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
}

/**
 * One entry per person: a person listed twice (the series' cast and a season's, or a guest star) keeps every field
 * any of the entries has, as season and guest lists often leave out the department, popularity or photo.
 */
function mergePeople(people: TmdbPerson[]): TmdbPerson[] {
  const byId = new Map<number, TmdbPerson>();
  for (const p of people) {
    const seen = byId.get(p.id);
    byId.set(p.id, seen ? { ...p, ...filled(seen) } : p);
  }
  return [...byId.values()];
}

interface TmdbPerson { id: number; name: string; profile_path?: string | null; known_for_department?: string; gender?: number; popularity?: number }

/** Creates or refreshes people by TMDb id (their profile images stored locally), answering tmdb id → local id. */
async function upsertPeople(ctx: AppContext, client: TmdbClient, people: TmdbPerson[]): Promise<Map<number, number>> {
  const unique = mergePeople(people);
  const posters = await mapLimit(unique, IMAGE_CONCURRENCY, (p) => storeImage(ctx, client, p.profile_path, 'w185'));
  const ids = new Map<number, number>();
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    for (const [i, p] of unique.entries()) {
      const values = { name: clip(p.name, 255) ?? `#${p.id}`, poster: posters[i], known_for: clip(p.known_for_department, 50), gender: gender(p.gender), popularity: p.popularity ? Math.max(1, p.popularity) : null };
      const existing = await trx.selectFrom('people').select(['id', 'edited_fields']).where('tmdb_id', '=', p.id).executeTakeFirst();
      if (existing) {
        // What an editor changed on the site stays.
        await trx.updateTable('people').set({ ...keepEdits(filled(values), existing.edited_fields), updated_at: now }).where('id', '=', existing.id).execute();
        ids.set(p.id, existing.id);
      } else {
        // Another import may add the same person meanwhile: then this one updates that row.
        const row = await trx.insertInto('people').values({
          ...values, birth_date: null, death_date: null, birth_place: null, description: null, tmdb_id: p.id, imdb_id: null, created_at: now, updated_at: now,
        }).onConflict((oc) => oc.column('tmdb_id').doUpdateSet({ ...filled(values), updated_at: now })).returning('id').executeTakeFirstOrThrow();
        ids.set(p.id, row.id);
      }
    }
  });
  await syncSearch(ctx, 'people', [...ids.values()]);
  return ids;
}

/**
 * Replaces the imported credits of one creditable with TMDb's cast (first CAST_LIMIT) and key crew; those added on the
 * site stay, and those an editor deleted (or moved to another job) are not added again.
 */
async function replaceCredits(db: Db, type: 'title' | 'season' | 'episode', creditableId: number, titleId: number, credits: any, people: Map<number, number>, removed: Set<string>) {
  const now = nowIso();
  const rows = [
    ...(credits?.cast ?? []).slice(0, CAST_LIMIT).map((c: any, i: number) => ({
      person_id: people.get(c.id)!, character: clip(c.character, 255), department: 'Actors', job: 'Actor', order: i,
    })),
    ...(credits?.crew ?? []).filter((c: any) => CREW_JOBS.has(c.job)).map((c: any, i: number) => ({
      person_id: people.get(c.id)!, character: null, department: clip(c.department, 50) ?? 'Crew', job: c.job, order: 1000 + i,
    })),
  ].filter((r) => r.person_id && !removed.has(creditRemoval(type, creditableId, r.person_id, r.job)));
  await db.deleteFrom('creditables').where('creditable_type', '=', type).where('creditable_id', '=', creditableId).where('origin', '=', 'tmdb').execute();
  // A credit the site has (added, edited or put in order by an editor) stands for the service's same person in the same job.
  const kept = new Set((await db.selectFrom('creditables').select(['person_id', 'job']).where('creditable_type', '=', type).where('creditable_id', '=', creditableId).execute())
    .map((c) => `${c.person_id}:${c.job}`));
  const fresh = rows.filter((r) => !kept.has(`${r.person_id}:${r.job}`));
  if (fresh.length) {
    await db.insertInto('creditables').values(fresh.map((r) => ({ ...r, creditable_type: type, creditable_id: creditableId, title_id: titleId, origin: 'tmdb', created_at: now }))).execute();
  }
}

function creditPeople(credits: any): TmdbPerson[] {
  return [...(credits?.cast ?? []).slice(0, CAST_LIMIT), ...(credits?.crew ?? []).filter((c: any) => CREW_JOBS.has(c.job))];
}

/** Imports (or re-imports, updating in place) one movie or series with its tags, credits, images, videos and seasons. */
export async function importTitle(ctx: AppContext, client: TmdbClient, type: 'movie' | 'series', tmdbId: number): Promise<{ id: number; name: string }> {
  const isSeries = type === 'series';
  const data = isSeries ? await client.series(tmdbId) : await client.movie(tmdbId);
  const seasonsData = isSeries
    ? await mapLimit((data.seasons ?? []).filter((s: any) => s.season_number > 0), 2, (s: any) => client.season(tmdbId, s.season_number))
    : [];
  const people = await upsertPeople(ctx, client, [
    ...creditPeople(data.credits),
    ...seasonsData.flatMap((s: any) => [...creditPeople(s.credits), ...(s.episodes ?? []).flatMap((e: any) => (e.guest_stars ?? []).slice(0, 5))]),
  ]);
  const backdropPaths: string[] = (data.images?.backdrops ?? []).slice(0, BACKDROP_LIMIT).map((b: any) => b.file_path);
  const [poster, backdrop, ...gallery] = await mapLimit([data.poster_path, data.backdrop_path, ...backdropPaths], IMAGE_CONCURRENCY,
    (p, i) => storeImage(ctx, client, p, i === 0 ? 'w500' : 'w1280'));
  const seasonPosters = await mapLimit(seasonsData, IMAGE_CONCURRENCY, (s: any) => storeImage(ctx, client, s.poster_path, 'w500'));
  const episodeStills = await mapLimit(seasonsData, 1, (s: any) => mapLimit(s.episodes ?? [], IMAGE_CONCURRENCY, (e: any) => storeImage(ctx, client, e.still_path, 'w300')));

  const releaseDate = orNull<string>(isSeries ? data.first_air_date : data.release_date);
  const certification = isSeries
    ? (data.content_ratings?.results ?? []).find((r: any) => r.iso_3166_1 === 'US')?.rating
    : (data.release_dates?.results ?? []).find((r: any) => r.iso_3166_1 === 'US')?.release_dates?.find((d: any) => d.certification)?.certification;
  const values = {
    name: clip(isSeries ? data.name : data.title, 255) ?? `#${tmdbId}`,
    is_series: isSeries,
    original_title: clip(isSeries ? data.original_name : data.original_title, 255),
    poster, backdrop,
    release_date: releaseDate,
    year: yearOf(releaseDate),
    tagline: clip(data.tagline, 500),
    description: data.overview || null,
    runtime: orNull<number>(isSeries ? data.episode_run_time?.[0] : data.runtime),
    certification: clip(certification, 50),
    budget: orNull<number>(data.budget),
    revenue: orNull<number>(data.revenue),
    // The rule an editor's save follows: a code that is not ISO 639-1 is no language, not a title that cannot be saved.
    language: titleLanguage(data.original_language),
    popularity: data.popularity ? Math.max(1, data.popularity) : null,
    // Shown as they are unless the members' average is (showRatings below puts it back).
    rating: data.vote_average ?? null,
    vote_count: data.vote_count ?? 0,
    tmdb_rating: data.vote_average ?? null,
    tmdb_vote_count: data.vote_count ?? 0,
    imdb_id: clip(data.imdb_id, 20),
  };
  const tags: { type: 'genre' | 'keyword' | 'production_country'; name: string; display: string | null; tmdb_id: number | null }[] = [
    ...(data.genres ?? []).map((g: any) => ({ type: 'genre' as const, name: clip(String(g.name).toLowerCase(), 100) ?? '', display: clip(g.name, 100), tmdb_id: g.id })),
    ...((isSeries ? data.keywords?.results : data.keywords?.keywords) ?? []).map((k: any) => ({ type: 'keyword' as const, name: clip(String(k.name).toLowerCase(), 100) ?? '', display: clip(k.name, 100), tmdb_id: k.id })),
    ...(data.production_countries ?? []).map((c: any) => ({ type: 'production_country' as const, name: clip(String(c.iso_3166_1).toLowerCase(), 100) ?? '', display: clip(c.name, 100), tmdb_id: null })),
  ];
  const videos = (data.videos?.results ?? []).filter((v: any) => v.site === 'YouTube').slice(0, 10);

  const now = nowIso();
  const ratingColumn = await ctx.settings.get('server.rating_column');
  // One transaction: a title is imported whole or not at all.
  const id = await ctx.db.transaction().execute(async (trx) => {
    const find = () => trx.selectFrom('titles').select(['id', 'edited_fields']).where('tmdb_id', '=', tmdbId).where('is_series', '=', isSeries).executeTakeFirst();
    const existing = await find();
    // Another import of the same new title may be running (two admins, a channel update, a visitor's search): its insert
    // wins, this one waits for it, inserts nothing and updates that row instead of failing on the unique index.
    const created = existing ? undefined : await trx.insertInto('titles').values({ ...values, tmdb_id: tmdbId, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['is_series', 'tmdb_id']).doNothing()).returning('id').executeTakeFirst();
    const current = created ? undefined : existing ?? (await find())!;
    const titleId = created?.id ?? current!.id;
    if (current) {
      // An image that could not be fetched this time keeps the one the title has (undefined leaves a column as it is),
      // and so does every fact an editor changed on the site.
      const update = keepEdits({ ...values, poster: poster ?? undefined, backdrop: backdrop ?? undefined }, current.edited_fields);
      // The year follows the release date, the editor's when they changed it.
      await trx.updateTable('titles').set({ ...update, year: update.release_date === undefined ? undefined : update.year, updated_at: now }).where('id', '=', titleId).execute();
    }

    // What an editor deleted from the title (seasons, episodes, credits, tags) stays deleted.
    const removed = await removedImports(trx, titleId);
    // The service's tags are replaced; those attached on the site (a genre, a keyword, a custom tag) stay on the title.
    await trx.deleteFrom('title_tag').where('title_id', '=', titleId).where('origin', '=', 'tmdb').execute();
    for (const tag of tags) {
      let row = await trx.selectFrom('title_tags').select('id').where('type', '=', tag.type).where('name', '=', tag.name).executeTakeFirst();
      // Imports running side by side may both miss a new tag: the loser takes the winner's row (a no-op update returns it).
      row ??= await trx.insertInto('title_tags').values({ type: tag.type, name: tag.name, display_name: tag.display, tmdb_id: tag.tmdb_id, created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['type', 'name']).doUpdateSet({ name: tag.name })).returning('id').executeTakeFirstOrThrow();
      if (removed.has(tagRemoval(row.id))) continue;
      // One the site attached already stays the site's.
      await trx.insertInto('title_tag').values({ title_id: titleId, tag_id: row.id, origin: 'tmdb' }).onConflict((oc) => oc.columns(['title_id', 'tag_id']).doNothing()).execute();
    }

    await replaceCredits(trx, 'title', titleId, titleId, data.credits, people, removed);

    await trx.deleteFrom('images').where('model_type', '=', 'title').where('model_id', '=', titleId).where('source', '=', 'tmdb').execute();
    const stored = gallery.filter((u): u is string => !!u);
    if (stored.length) {
      await trx.insertInto('images').values(stored.map((url, order) => ({ model_type: 'title' as const, model_id: titleId, url, type: 'backdrop', source: 'tmdb', order, created_at: now }))).execute();
    }

    await trx.deleteFrom('videos').where('title_id', '=', titleId).where('origin', '=', 'tmdb').execute();
    if (videos.length) {
      await trx.insertInto('videos').values(videos.map((v: any, order: number) => ({
        name: clip(v.name, 255) ?? 'Trailer', title_id: titleId, season_num: null, episode_num: null, thumbnail: `https://img.youtube.com/vi/${v.key}/hqdefault.jpg`,
        type: 'embed' as const, src: `https://www.youtube.com/embed/${v.key}`, quality: v.size >= 1080 ? '1080p' : v.size >= 720 ? '720p' : 'sd',
        language: clip(v.iso_639_1, 10), category: (['Trailer', 'Teaser', 'Clip', 'Featurette'].includes(v.type) ? v.type.toLowerCase() : 'clip') as 'trailer',
        approved: true, origin: 'tmdb', order, user_id: null, created_at: now, updated_at: now,
      }))).execute();
    }

    for (const [i, s] of seasonsData.entries()) {
      const seasonValues = { poster: seasonPosters[i], name: clip(s.name, 255), description: s.overview || null, release_date: orNull<string>(s.air_date), updated_at: now };
      const storedSeason = await trx.selectFrom('seasons').select(['id', 'edited_fields']).where('title_id', '=', titleId).where('number', '=', s.season_number).executeTakeFirst();
      if (!storedSeason && removed.has(`season:${s.season_number}`)) continue;
      // What an editor set on the season stays.
      if (storedSeason) await trx.updateTable('seasons').set(keepEdits({ ...seasonValues, poster: seasonValues.poster ?? undefined }, storedSeason.edited_fields)).where('id', '=', storedSeason.id).execute();
      const season = storedSeason ?? await trx.insertInto('seasons').values({ ...seasonValues, title_id: titleId, number: s.season_number, created_at: now }).returning('id').executeTakeFirstOrThrow();
      await replaceCredits(trx, 'season', season.id, titleId, s.credits, people, removed);
      for (const [j, e] of (s.episodes ?? []).entries()) {
        const still = episodeStills[i][j];
        const epValues = {
          name: clip(e.name, 255) ?? `Episode ${e.episode_number}`, description: e.overview || null, release_date: orNull<string>(e.air_date), runtime: orNull<number>(e.runtime),
          rating: e.vote_average ?? null, tmdb_rating: e.vote_average ?? null, tmdb_id: e.id ?? null, updated_at: now,
        };
        const inSeason = trx.selectFrom('episodes').select(['id', 'edited_fields']).where('title_id', '=', titleId).where('season_number', '=', s.season_number);
        // An episode renumbered on the site is still the service's episode: it is updated where it is, not made again.
        const storedEp = (e.id ? await inSeason.where('tmdb_id', '=', e.id).executeTakeFirst() : undefined)
          ?? await inSeason.where('episode_number', '=', e.episode_number).executeTakeFirst();
        if (!storedEp && removed.has(`episode:${e.id}`)) continue;
        // The service gives no popularity, a still that could not be fetched this time keeps the episode's image, and
        // what an editor changed on the episode stays.
        if (storedEp) await trx.updateTable('episodes').set(keepEdits({ ...epValues, poster: still ?? undefined }, storedEp.edited_fields)).where('id', '=', storedEp.id).execute();
        const ep = storedEp ?? await trx.insertInto('episodes').values({ ...epValues, popularity: null, poster: still, title_id: titleId, season_id: season.id, season_number: s.season_number, episode_number: e.episode_number, created_at: now })
          .returning('id').executeTakeFirstOrThrow();
        await replaceCredits(trx, 'episode', ep.id, titleId, { cast: (e.guest_stars ?? []).slice(0, 5), crew: [] }, people, removed);
      }
      await refreshCounts(trx, titleId, season.id);
    }
    await refreshCounts(trx, titleId);
    if (ratingColumn === 'local_vote_average') await showRatings(trx, ratingColumn, { titleWithEpisodes: titleId });
    return titleId;
  });
  // The name the title has: the editor's when they changed it.
  const { name } = await ctx.db.selectFrom('titles').select('name').where('id', '=', id).executeTakeFirstOrThrow();
  await syncSearch(ctx, 'titles', [id]);
  await catalogueChanged(ctx);
  if (await needsSync(ctx, 'episodes')) {
    await syncSearch(ctx, 'episodes', (await ctx.db.selectFrom('episodes').select('id').where('title_id', '=', id).execute()).map((e) => e.id));
  }
  // A refresh that brought an episode out today tells its followers now, not at the next hourly pass.
  await announceIfOut(ctx, seasonsData.flatMap((s: any) => (s.episodes ?? []).map((e: any) => orNull<string>(e.air_date))));
  return { id, name };
}

/** Imports (or refreshes) one person by TMDb id. */
export async function importPerson(ctx: AppContext, client: TmdbClient, tmdbId: number): Promise<{ id: number; name: string }> {
  const p = await client.person(tmdbId);
  const ids = await upsertPeople(ctx, client, [p]);
  const id = ids.get(p.id)!;
  const { edited_fields, name } = await ctx.db.selectFrom('people').select(['edited_fields', 'name']).where('id', '=', id).executeTakeFirstOrThrow();
  await ctx.db.updateTable('people').set({
    ...keepEdits({
      birth_date: orNull<string>(p.birthday), death_date: orNull<string>(p.deathday), birth_place: clip(p.place_of_birth, 255),
      description: p.biography || null, imdb_id: clip(p.imdb_id, 20),
    }, edited_fields),
    updated_at: nowIso(),
  }).where('id', '=', id).execute();
  // The name the person has: the editor's when they changed it.
  return { id, name };
}

/** One page of the multi-title import: 20 titles from TMDb's discover call, each imported or recorded as failed. */
export async function importPage(ctx: AppContext, input: TmdbImport): Promise<{ items: ImportedItem[]; total_pages: number }> {
  const client = await tmdbClient(ctx);
  const dateKey = input.type === 'movie' ? 'primary_release_date' : 'first_air_date';
  const page = await client.discover(input.type, {
    page: input.current_page,
    sort_by: 'popularity.desc',
    with_origin_country: input.country?.toUpperCase(),
    with_original_language: input.language,
    'vote_average.gte': input.min_rating,
    'vote_average.lte': input.max_rating,
    with_genres: input.genres.join(',') || undefined,
    with_keywords: input.keywords.join(',') || undefined,
    [`${dateKey}.gte`]: input.start_date,
    [`${dateKey}.lte`]: input.end_date,
  });
  const items = await mapLimit(page.results ?? [], TITLE_CONCURRENCY, async (r): Promise<ImportedItem> => {
    const name = r.title ?? r.name ?? `#${r.id}`;
    try {
      const done = await importTitle(ctx, client, input.type, r.id);
      return { id: done.id, tmdb_id: r.id, name: done.name, status: 'imported' };
    } catch (e) {
      // One failure is recorded and the page goes on.
      return { id: null, tmdb_id: r.id, name, status: 'failed', error: e instanceof Error ? e.message : 'Unknown error' };
    }
  });
  return { items, total_pages: Math.min(500, page.total_pages ?? 0) };
}

function titleLanguage(code: string | null | undefined): string | null {
  const lower = code?.trim().toLowerCase();
  return lower && isTitleLanguage(lower) ? lower : null;
}
