import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asUser, createTestApp, guest, type Client } from '../helper.ts';
import { TmdbClient } from '../../src/drivers/tmdb/client.ts';
import { FAILING_ID, LIMITED_ID, OVERSIZED_ID, SLOW_ID, TMDB_KEY, startTmdbServer } from './tmdb-server.ts';

const tmdb = await startTmdbServer();
const t = await createTestApp({ TMDB_API_URL: tmdb.root, TMDB_IMAGE_URL: tmdb.imageUrl });
afterAll(() => tmdb.close());
let admin: Client;

beforeAll(async () => {
  admin = await asAdmin(t);
});

const page = (over: Record<string, unknown> = {}) => ({ type: 'movie', pages_to_import: 3, start_from_page: 1, current_page: 1, ...over });

describe('TMDb imports', () => {
  it('refuses while no API key is set, and says so in the status', async () => {
    expect((await admin.get('/api/v1/tmdb/status')).body).toEqual({ configured: false });
    const res = await admin.post('/api/v1/media/import', { media_type: 'movie', tmdb_id: 550 });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The movie database is not set up: add its API key in the settings.');
  });

  it('validates the import input with its messages', async () => {
    const bad = [
      [{ media_type: 'movie', tmdb_id: 0 }, 'tmdb_id', 'The ID must be at least 1.'],
      [{ media_type: 'movie' }, 'tmdb_id', 'Enter the ID to import.'],
      [{ media_type: 'movie', tmdb_id: 'abc' }, 'tmdb_id', 'The ID must be a number.'],
      [{ media_type: 'song', tmdb_id: 1 }, 'media_type', 'Choose what to import.'],
      [{ media_type: 'movie', tmdb_id: 2_147_483_648 }, 'tmdb_id', 'The ID must be at most 2147483647.'],
    ] as const;
    for (const [body, field, msg] of bad) expect((await admin.post('/api/v1/media/import', body)).body.errors[field]).toEqual([msg]);
    const pages = [
      [page({ start_from_page: 0 }), 'start_from_page', 'Start page must be between 1 and 500.'],
      [page({ pages_to_import: 501 }), 'pages_to_import', 'Page count must be between 1 and 500.'],
      [page({ start_from_page: 400, pages_to_import: 200 }), 'pages_to_import', 'At most 500 pages can be imported.'],
      [page({ min_rating: 0 }), 'min_rating', 'Ratings must be between 1 and 10.'],
      [page({ max_rating: 11 }), 'max_rating', 'Ratings must be between 1 and 10.'],
      [page({ min_rating: 8, max_rating: 2 }), 'max_rating', 'The maximum rating must be at least the minimum.'],
    ] as const;
    for (const [body, field, msg] of pages) expect((await admin.post('/api/v1/tmdb/import', body)).body.errors[field]).toEqual([msg]);
  });

  it('imports a movie with tags, credits, images and videos, and re-importing updates it', async () => {
    await t.ctx.settings.set({ 'server.tmdb_api_key': 'wrong' });
    const wrong = await admin.post('/api/v1/media/import', { media_type: 'movie', tmdb_id: 550 });
    expect(wrong.body.message).toBe('The movie database API key is not valid.');
    await t.ctx.settings.set({ 'server.tmdb_api_key': TMDB_KEY, 'client.tmdb.language': 'de' });
    expect((await admin.get('/api/v1/tmdb/status')).body).toEqual({ configured: true });

    const res = await admin.post('/api/v1/media/import', { media_type: 'movie', tmdb_id: 550 });
    expect(res.status, res.text).toBe(200);
    expect(tmdb.requests.filter((u) => u.pathname === '/3/movie/550').at(-1)!.searchParams.get('language')).toBe('de');
    const title = (await admin.get(`/api/v1/titles/${res.body.id}`)).body.title;
    expect(title).toMatchObject({ name: 'Fight Club', year: 1999, runtime: 139, certification: 'R', tmdb_id: 550, is_series: false, rating: 8.4 });
    expect(title.poster).toMatch(/^\/storage\/tmdb\/w500\/poster550\.png$/);
    expect((await admin.get(title.poster)).status).toBe(200);
    expect(title.genres.map((g: any) => g.display_name)).toEqual(['Drama', 'Thriller']);
    expect(title.keywords).toHaveLength(2);
    expect(title.production_countries.map((c: any) => c.name)).toEqual(['us']);
    expect(title.images).toHaveLength(2);
    const cast = (await admin.get(`/api/v1/titles/${res.body.id}/credits?crewType=cast`)).body.pagination.data;
    expect(cast.map((c: any) => c.pivot.character)).toEqual(['The Narrator', 'Tyler Durden', 'Marla Singer']);
    const crew = (await admin.get(`/api/v1/titles/${res.body.id}/credits?crewType=crew`)).body.pagination.data;
    expect(crew.map((c: any) => c.pivot.job)).toEqual(['Director']);
    const videos = (await admin.get(`/api/v1/videos?filters=${encodeURIComponent(JSON.stringify([{ key: 'title_id', value: res.body.id }]))}`)).body.pagination.data;
    expect(videos[0]).toMatchObject({ type: 'embed', category: 'trailer', src: 'https://www.youtube.com/embed/qtRKdVHc-cE', origin: 'tmdb' });

    // The site's own tag stays through a re-import; the service's tags are replaced.
    await admin.post(`/api/v1/titles/${res.body.id}/tags/custom`, { tag_name: 'Staff pick' });
    await t.ctx.db.deleteFrom('title_tag').where('title_id', '=', res.body.id)
      .where('tag_id', 'in', t.ctx.db.selectFrom('title_tags').select('id').where('type', '=', 'genre').where('name', '=', 'thriller')).execute();
    const again = await admin.post('/api/v1/media/import', { media_type: 'movie', tmdb_id: 550 });
    expect(again.body.id).toBe(res.body.id);
    const reimported = (await admin.get(`/api/v1/titles/${res.body.id}`)).body.title;
    expect(reimported.tags.map((g: any) => g.display_name)).toEqual(['Staff pick']);
    expect(reimported.genres.map((g: any) => g.display_name)).toEqual(['Drama', 'Thriller']);
    const count = async (table: 'titles' | 'people' | 'creditables' | 'images' | 'videos') =>
      Number((await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(await count('titles')).toBe(1);
    expect(await count('people')).toBe(4);
    expect(await count('creditables')).toBe(4);
    expect(await count('images')).toBe(2);
    expect(await count('videos')).toBe(1);
  });

  it('imports a movie whose texts are longer than the site keeps, cut to fit (PostgreSQL refused the whole title)', async () => {
    await t.ctx.settings.set({ 'server.tmdb_api_key': TMDB_KEY });
    const res = await admin.post('/api/v1/media/import', { media_type: 'movie', tmdb_id: OVERSIZED_ID });
    expect(res.status, res.text).toBe(200);
    const title = (await admin.get(`/api/v1/titles/${res.body.id}`)).body.title;
    expect([...title.name]).toHaveLength(255);
    expect(title.name.startsWith('Très long titre')).toBe(true);
    expect([...title.original_title]).toHaveLength(255);
    expect([...title.tagline]).toHaveLength(500);
    expect(title.certification).toHaveLength(50);
    expect(title.keywords[0].name).toHaveLength(100);
    const cast = (await admin.get(`/api/v1/titles/${res.body.id}/credits?crewType=cast`)).body.pagination.data;
    expect(cast[0].pivot.character).toHaveLength(255);
    const videos = (await admin.get(`/api/v1/videos?filters=${encodeURIComponent(JSON.stringify([{ key: 'title_id', value: res.body.id }]))}`)).body.pagination.data;
    expect(videos[0].name).toHaveLength(255);
  });

  it('imports a series with seasons, episodes and their credits', async () => {
    const res = await admin.post('/api/v1/media/import', { media_type: 'series', tmdb_id: 1399 });
    expect(res.status, res.text).toBe(200);
    const title = (await admin.get(`/api/v1/titles/${res.body.id}`)).body.title;
    expect(title).toMatchObject({ name: 'Game of Thrones', is_series: true, seasons_count: 1, episodes_count: 2, certification: 'TV-MA' });
    const ep = (await admin.get(`/api/v1/titles/${res.body.id}/seasons/1/episodes/1`)).body.episode;
    expect(ep).toMatchObject({ name: 'Winter Is Coming', runtime: 62 });
    // An episode's still is its image, stored like the posters.
    const second = (await admin.get(`/api/v1/titles/${res.body.id}/seasons/1/episodes/2`)).body.episode;
    expect(second.poster).toBe('/storage/tmdb/w300/still63057.png');
    expect((await admin.get(second.poster)).status).toBe(200);
    const guests = (await admin.get(`/api/v1/titles/${res.body.id}/credits?crewType=cast&season=1&episode=1`)).body.pagination.data;
    expect(guests.map((g: any) => g.name)).toEqual(['Jason Momoa']);
    await admin.post('/api/v1/media/import', { media_type: 'series', tmdb_id: 1399 });
    expect((await admin.get(`/api/v1/titles/${res.body.id}`)).body.title.episodes_count).toBe(2);
  });

  it('re-importing keeps what the site added and what the service did not send this time', async () => {
    const id = (await admin.post('/api/v1/media/import', { media_type: 'series', tmdb_id: 1399 })).body.id;
    const dinklage = await t.ctx.db.selectFrom('people').select(['id']).where('tmdb_id', '=', 22970).executeTakeFirstOrThrow();
    const local = (await admin.post('/api/v1/people', { name: 'Local Extra', known_for: 'Acting', gender: 'female', popularity: 3 })).body.person.id;
    const added = [
      { person_id: local, department: 'Actors', job: 'Actor', character: 'Narrator' },
      { person_id: dinklage.id, department: 'Writing', job: 'Writer', character: null },
      { person_id: local, department: 'Actors', job: 'Actor', character: 'Innkeeper', season: 1 },
      { person_id: local, department: 'Actors', job: 'Actor', character: 'Guard', season: 1, episode: 2 },
    ];
    for (const credit of added) expect((await admin.post(`/api/v1/titles/${id}/credits`, credit)).status).toBe(200);
    await t.ctx.db.updateTable('episodes').set({ poster: '/storage/local/still.png', popularity: 7 }).where('title_id', '=', id).where('episode_number', '=', 1).execute();
    const images = async () => ({
      title: await t.ctx.db.selectFrom('titles').select(['poster']).where('id', '=', id).executeTakeFirstOrThrow(),
      season: await t.ctx.db.selectFrom('seasons').select(['poster']).where('title_id', '=', id).executeTakeFirstOrThrow(),
      people: await t.ctx.db.selectFrom('people').select(['poster']).where('tmdb_id', 'in', [287, 22970]).orderBy('tmdb_id').execute(),
    });
    const credits = async () => (await t.ctx.db.selectFrom('creditables').select(['person_id', 'creditable_type', 'character', 'job'])
      .where('title_id', '=', id).orderBy('id').execute()).map((c) => [c.person_id, c.creditable_type, c.character, c.job].join(' '));
    // Images already stored are not fetched again: clear them so the refresh has to.
    await t.ctx.storage.delete('public/tmdb/w500/poster1399.png');
    await t.ctx.storage.delete('public/tmdb/w500/season1399-1.png');
    const before = { images: await images(), credits: await credits() };
    expect(before.images.title.poster).toBe('/storage/tmdb/w500/poster1399.png');

    tmdb.knobs.imagesDown = true;
    try {
      expect((await admin.post('/api/v1/media/import', { media_type: 'series', tmdb_id: 1399 })).status).toBe(200);
    } finally {
      delete tmdb.knobs.imagesDown;
    }
    expect((await credits()).sort()).toEqual(before.credits.sort());
    expect(await images()).toEqual(before.images);
    const episode = await t.ctx.db.selectFrom('episodes').select(['poster', 'popularity']).where('title_id', '=', id).where('episode_number', '=', 1).executeTakeFirstOrThrow();
    expect(episode).toEqual({ poster: '/storage/local/still.png', popularity: 7 });
  });

  it('re-importing keeps the genres, keywords and countries attached on the site, and replaces the service\'s own', async () => {
    await t.ctx.settings.set({ 'server.tmdb_api_key': TMDB_KEY });
    const id = (await admin.post('/api/v1/media/import', { media_type: 'movie', tmdb_id: 550 })).body.id;
    for (const [type, tag_name] of [['genre', 'Comedy'], ['keyword', 'cult classic'], ['production_country', 'fr'], ['keyword', 'support group']]) {
      expect((await admin.post(`/api/v1/titles/${id}/tags/${type}`, { tag_name })).status).toBe(200);
    }
    // Drama came from the service: detached on the site, it stays off through the next import (it came back).
    const drama = (await admin.get(`/api/v1/titles/${id}`)).body.title.genres.find((g: { name: string }) => g.name === 'drama');
    expect((await admin.delete(`/api/v1/titles/${id}/tags/genre/${drama.id}`)).status).toBe(200);
    expect((await admin.post('/api/v1/media/import', { media_type: 'movie', tmdb_id: 550 })).status).toBe(200);
    const names = (list: { name: string }[]) => list.map((x) => x.name).sort();
    expect(names((await admin.get(`/api/v1/titles/${id}`)).body.title.genres)).toEqual(['comedy', 'thriller']);
    // Attached again by hand, it is on the title again, and imports leave it there.
    expect((await admin.post(`/api/v1/titles/${id}/tags/genre`, { tag_name: 'Drama' })).status).toBe(200);
    expect((await admin.post('/api/v1/media/import', { media_type: 'movie', tmdb_id: 550 })).status).toBe(200);
    const title = (await admin.get(`/api/v1/titles/${id}`)).body.title;
    expect(names(title.genres)).toEqual(['comedy', 'drama', 'thriller']);
    expect(names(title.keywords)).toEqual(['cult classic', 'dual identity', 'support group']);
    expect(names(title.production_countries)).toEqual(['fr', 'us']);
    // Attaching what the service attached already changes nothing: the service's tag is still the service's to replace.
    const origins = await t.ctx.db.selectFrom('title_tag').innerJoin('title_tags', 'title_tags.id', 'title_tag.tag_id')
      .select(['title_tags.name', 'title_tag.origin']).where('title_tag.title_id', '=', id).where('title_tags.type', '=', 'keyword').orderBy('title_tags.name').execute();
    expect(origins).toEqual([{ name: 'cult classic', origin: 'local' }, { name: 'dual identity', origin: 'tmdb' }, { name: 'support group', origin: 'tmdb' }]);
  });

  it('re-importing a series keeps an episode renumbered on the site where it is, without making it again', async () => {
    await t.ctx.settings.set({ 'server.tmdb_api_key': TMDB_KEY });
    const id = (await admin.post('/api/v1/media/import', { media_type: 'series', tmdb_id: 1399 })).body.id;
    expect((await admin.put(`/api/v1/titles/${id}/seasons/1/episodes/2`, { episode_number: 5, name: 'The Kingsroad (renumbered)' })).status).toBe(200);
    expect((await admin.post('/api/v1/media/import', { media_type: 'series', tmdb_id: 1399 })).status).toBe(200);
    const episodes = (await admin.get(`/api/v1/titles/${id}/seasons/1/episodes`)).body.pagination.data;
    expect(episodes.map((e: { episode_number: number; name: string }) => [e.episode_number, e.name])).toEqual([[1, 'Winter Is Coming'], [5, 'The Kingsroad (renumbered)']]);
    expect((await admin.get(`/api/v1/titles/${id}`)).body.title.episodes_count).toBe(2);
    // Put back for the other tests.
    expect((await admin.put(`/api/v1/titles/${id}/seasons/1/episodes/5`, { episode_number: 2 })).status).toBe(200);
    await t.ctx.db.updateTable('episodes').set({ edited_fields: null }).where('title_id', '=', id).execute();
    await admin.post('/api/v1/media/import', { media_type: 'series', tmdb_id: 1399 });
  });

  it('re-importing a series keeps what an editor changed on an episode, and what they wrote on a season or episode they added', async () => {
    await t.ctx.settings.set({ 'server.tmdb_api_key': TMDB_KEY });
    const id = (await admin.post('/api/v1/media/import', { media_type: 'series', tmdb_id: 1399 })).body.id;
    const episode = (n: number) => admin.get(`/api/v1/titles/${id}/seasons/1/episodes/${n}`).then((r) => r.body.episode);
    const first = await episode(1);
    // Sent as it is (the whole form): an unchanged fact stays the service's.
    const edit = { name: 'Winter Is Coming (extended)', description: 'Our own overview.', runtime: 70, release_date: '2011-04-18', poster: '/storage/local/still.png' };
    expect((await admin.put(`/api/v1/titles/${id}/seasons/1/episodes/1`, { ...edit, popularity: first.popularity })).status).toBe(200);
    await t.ctx.db.updateTable('episodes').set({ rating: 1 }).where('id', '=', first.id).execute();
    expect((await admin.post('/api/v1/media/import', { media_type: 'series', tmdb_id: 1399 })).status).toBe(200);
    expect(await episode(1)).toMatchObject({ ...edit, rating: first.rating });
    expect((await episode(2)).name).toBe('The Kingsroad');

    // A season the editor added before the service had it: the import fills in the rest and keeps what they wrote.
    const season = (await admin.get(`/api/v1/titles/${id}/seasons/1`)).body.season;
    expect((await admin.delete(`/api/v1/seasons/${season.id}`)).status).toBe(200);
    const own = { number: 1, description: 'Our season.', poster: '/storage/local/season.png', release_date: '2011-04-01' };
    expect((await admin.post(`/api/v1/titles/${id}/seasons`, own)).status).toBe(200);
    expect((await admin.post(`/api/v1/titles/${id}/seasons/1/episodes`, { name: 'Our pilot', episode_number: 1 })).status).toBe(200);
    expect((await admin.post('/api/v1/media/import', { media_type: 'series', tmdb_id: 1399 })).status).toBe(200);
    expect((await admin.get(`/api/v1/titles/${id}/seasons/1`)).body.season).toMatchObject({ ...own, name: season.name, episodes_count: 2 });
    expect(await episode(1)).toMatchObject({ name: 'Our pilot', runtime: first.runtime, description: first.description });

    // Put back for the other tests.
    await t.ctx.db.updateTable('seasons').set({ edited_fields: null }).where('title_id', '=', id).execute();
    await t.ctx.db.updateTable('episodes').set({ edited_fields: null }).where('title_id', '=', id).execute();
    expect((await admin.post('/api/v1/media/import', { media_type: 'series', tmdb_id: 1399 })).status).toBe(200);
    expect(await episode(1)).toMatchObject({ name: first.name, description: first.description });
  });

  it('re-importing a series does not bring back a season or episode an editor deleted', async () => {
    await t.ctx.settings.set({ 'server.tmdb_api_key': TMDB_KEY });
    const id = (await admin.post('/api/v1/media/import', { media_type: 'series', tmdb_id: 1399 })).body.id;
    const reimport = async () => expect((await admin.post('/api/v1/media/import', { media_type: 'series', tmdb_id: 1399 })).status).toBe(200);
    const numbers = async () => (await t.ctx.db.selectFrom('episodes').select(['season_number', 'episode_number']).where('title_id', '=', id).orderBy('season_number').orderBy('episode_number').execute())
      .map((e) => `${e.season_number}x${e.episode_number}`);
    const counts = async () => (await admin.get(`/api/v1/titles/${id}`)).body.title as { seasons_count: number; episodes_count: number };

    const second = (await admin.get(`/api/v1/titles/${id}/seasons/1/episodes/2`)).body.episode;
    expect((await admin.delete(`/api/v1/episodes/${second.id}`)).status).toBe(200);
    await reimport();
    expect(await numbers()).toEqual(['1x1']);
    expect(await counts()).toMatchObject({ seasons_count: 1, episodes_count: 1 });

    const season = (await admin.get(`/api/v1/titles/${id}/seasons/1`)).body.season;
    expect((await admin.delete(`/api/v1/seasons/${season.id}`)).status).toBe(200);
    await reimport();
    expect((await admin.get(`/api/v1/titles/${id}/seasons/1`)).status).toBe(404);
    expect(await counts()).toMatchObject({ seasons_count: 0, episodes_count: 0 });

    // Added again by hand, the season is the service's again: the import fills it, less the episode still deleted.
    expect((await admin.post(`/api/v1/titles/${id}/seasons`, { number: 1 })).status).toBe(200);
    await reimport();
    expect(await numbers()).toEqual(['1x1']);

    // Put back for the other tests.
    await t.ctx.db.deleteFrom('title_import_removals').where('title_id', '=', id).execute();
    await reimport();
    expect(await numbers()).toEqual(['1x1', '1x2']);
  });

  it('re-importing keeps the facts an editor changed on the site and brings the others up to date', async () => {
    await t.ctx.settings.set({ 'server.tmdb_api_key': TMDB_KEY });
    const id = (await admin.post('/api/v1/media/import', { media_type: 'movie', tmdb_id: 550 })).body.id;
    // Sent as it is (an API client sending the whole form): an unchanged fact stays the service's.
    const edit = { name: 'Fight Club (Director\'s Cut)', description: 'Our own overview.', release_date: '2000-01-01', poster: '/storage/local/poster.png', runtime: 139 };
    expect((await admin.put(`/api/v1/titles/${id}`, edit)).status).toBe(200);
    await t.ctx.db.updateTable('titles').set({ tagline: 'Out of date', runtime: 1 }).where('id', '=', id).execute();
    // The import answers the name the title has, the editor's.
    expect((await admin.post('/api/v1/media/import', { media_type: 'movie', tmdb_id: 550 })).body).toEqual({ id, name: edit.name, media_type: 'movie' });
    const title = (await admin.get(`/api/v1/titles/${id}`)).body.title;
    expect(title).toMatchObject({ ...edit, year: 2000, tagline: 'Mischief. Mayhem. Soap.', runtime: 139 });
    await t.ctx.db.updateTable('titles').set({ name: 'Fight Club', description: null, release_date: '1999-10-15', year: 1999, edited_fields: null }).where('id', '=', id).execute();
  });

  it('re-importing keeps the imported credits an editor changed or put in order, without adding them again', async () => {
    await t.ctx.settings.set({ 'server.tmdb_api_key': TMDB_KEY });
    const id = (await admin.post('/api/v1/media/import', { media_type: 'movie', tmdb_id: 550 })).body.id;
    const credits = async () => (await admin.get(`/api/v1/titles/${id}/credits?perPage=30`)).body.pagination.data
      .map((c: { name: string; pivot: { id: number; character: string | null; job: string } }) => ({ name: c.name, id: c.pivot.id, character: c.pivot.character, job: c.pivot.job }));
    const before = await credits();
    const byName = new Map<string, { id: number }>(before.map((c: { name: string; id: number }) => [c.name, c]));
    const pitt = byName.get('Brad Pitt')!.id;
    expect((await admin.put(`/api/v1/titles/${id}/credits/${pitt}`, { department: 'Actors', job: 'Actor', character: 'Tyler Durden (narrator\'s other self)' })).status).toBe(200);
    const order = ['Helena Bonham Carter', 'Edward Norton', 'Brad Pitt'].map((n) => byName.get(n)!.id);
    expect((await admin.post('/api/v1/titles/credits/reorder', { ids: order })).status).toBe(200);
    expect((await admin.post('/api/v1/media/import', { media_type: 'movie', tmdb_id: 550 })).status).toBe(200);
    const after = await credits();
    expect(after.map((c: { name: string; character: string | null }) => [c.name, c.character])).toEqual([
      ['Helena Bonham Carter', 'Marla Singer'], ['Edward Norton', 'The Narrator'], ['Brad Pitt', 'Tyler Durden (narrator\'s other self)'], ['David Fincher', null],
    ]);
    await t.ctx.db.deleteFrom('creditables').where('title_id', '=', id).where('creditable_type', '=', 'title').execute();
    await admin.post('/api/v1/media/import', { media_type: 'movie', tmdb_id: 550 });
  });

  it('re-importing does not bring back an imported credit an editor deleted, nor one in the job an editor changed', async () => {
    await t.ctx.settings.set({ 'server.tmdb_api_key': TMDB_KEY });
    const id = (await admin.post('/api/v1/media/import', { media_type: 'movie', tmdb_id: 550 })).body.id;
    const credits = async () => (await admin.get(`/api/v1/titles/${id}/credits?perPage=30`)).body.pagination.data
      .map((c: { name: string; pivot: { id: number; job: string } }) => ({ name: c.name, id: c.pivot.id, job: c.pivot.job }));
    const byName = new Map<string, { id: number }>((await credits()).map((c: { name: string; id: number }) => [c.name, c]));
    expect((await admin.delete(`/api/v1/titles/${id}/credits/${byName.get('Helena Bonham Carter')!.id}`)).status).toBe(200);
    expect((await admin.put(`/api/v1/titles/${id}/credits/${byName.get('David Fincher')!.id}`, { department: 'Production', job: 'Producer' })).status).toBe(200);
    expect((await admin.post('/api/v1/media/import', { media_type: 'movie', tmdb_id: 550 })).status).toBe(200);
    // Both came back: Helena Bonham Carter as Marla Singer, and David Fincher as Director beside the Producer.
    expect((await credits()).map((c: { name: string; job: string }) => [c.name, c.job]).sort()).toEqual([
      ['Brad Pitt', 'Actor'], ['David Fincher', 'Producer'], ['Edward Norton', 'Actor'],
    ]);
    await t.ctx.db.deleteFrom('creditables').where('title_id', '=', id).execute();
    await t.ctx.db.deleteFrom('title_import_removals').where('title_id', '=', id).execute();
    await admin.post('/api/v1/media/import', { media_type: 'movie', tmdb_id: 550 });
  });

  it('the same new title imported twice at once is made once, and both imports answer it', async () => {
    await t.ctx.settings.set({ 'server.tmdb_api_key': TMDB_KEY });
    const answers = await Promise.all([1, 2, 3].map(() => admin.post('/api/v1/media/import', { media_type: 'series', tmdb_id: 4711 })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const seasons = await t.ctx.db.selectFrom('seasons').select('id').where('title_id', '=', answers[0].body.id).execute();
    expect(seasons).toHaveLength(1);
    expect((await admin.delete(`/api/v1/titles/${answers[0].body.id}`)).status).toBe(200);
  });

  it('a person listed twice keeps what either listing says', async () => {
    await admin.post('/api/v1/media/import', { media_type: 'series', tmdb_id: 1399 });
    // Peter Dinklage is in the series' cast with his department and popularity, and in the season's without them.
    const dinklage = await t.ctx.db.selectFrom('people').select(['known_for', 'popularity']).where('tmdb_id', '=', 22970).executeTakeFirstOrThrow();
    expect(dinklage).toEqual({ known_for: 'Acting', popularity: 30 });
  });

  it('a refresh that brings an episode out today tells the members following the series at once', async () => {
    const res = await admin.post('/api/v1/media/import', { media_type: 'series', tmdb_id: 1399 });
    const member = await asUser(t);
    expect((await member.post('/api/v1/watchlist', { titleId: res.body.id })).status).toBe(200);
    await t.ctx.queue.drain();
    expect((await member.get('/api/v1/notifications/unread')).body.unread).toBe(0); // the fixture's 2011 episodes are not news
    tmdb.knobs.lastAirDate = new Date().toISOString().slice(0, 10);
    try {
      expect((await admin.post('/api/v1/media/import', { media_type: 'series', tmdb_id: 1399 })).status).toBe(200);
      await t.ctx.queue.drain();
    } finally {
      delete tmdb.knobs.lastAirDate;
    }
    const list = (await member.get('/api/v1/notifications')).body.pagination.data;
    expect(list.map((n: any) => [n.type, n.place, n.episode.episode_number])).toEqual([['new_episode', 'Game of Thrones', 2]]);
  });

  it('keeps the members\' rating on show through a re-import while the service\'s is stored beside it', async () => {
    const id = (await admin.post('/api/v1/media/import', { media_type: 'movie', tmdb_id: 550 })).body.id;
    const member = await asUser(t);
    await member.put(`/api/v1/ratings/title/${id}`, { score: 6 });
    await t.ctx.settings.set({ 'server.rating_column': 'local_vote_average' });
    try {
      expect((await admin.post('/api/v1/media/import', { media_type: 'movie', tmdb_id: 550 })).status).toBe(200);
      expect((await admin.get(`/api/v1/titles/${id}`)).body.title).toMatchObject({ rating: 6, vote_count: 1 });
      const stored = await t.ctx.db.selectFrom('titles').select(['tmdb_rating', 'tmdb_vote_count']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(stored.tmdb_rating).toBe(8.4);
    } finally {
      await t.ctx.settings.set({ 'server.rating_column': 'tmdb_vote_average' });
    }
    expect((await admin.get(`/api/v1/titles/${id}`)).body.title.rating).toBe(8.4);
  });

  it('with the title and people providers on TMDb, a page view of stale imported data queues one refresh', async () => {
    const id = (await admin.post('/api/v1/media/import', { media_type: 'movie', tmdb_id: 550 })).body.id;
    const personId = (await admin.post('/api/v1/media/import', { media_type: 'person', tmdb_id: 287 })).body.id;
    const stale = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const age = async () => {
      await t.ctx.db.updateTable('titles').set({ name: 'Locally renamed', updated_at: stale }).where('id', '=', id).execute();
      await t.ctx.db.updateTable('people').set({ name: 'Someone else', updated_at: stale }).where('id', '=', personId).execute();
    };
    const calls = () => tmdb.requests.filter((u) => u.pathname === '/3/movie/550' || u.pathname === '/3/person/287').length;
    await age();
    const before = calls();
    // Local providers (the default) never call out.
    await admin.get(`/api/v1/titles/${id}/page`);
    await t.ctx.queue.drain();
    expect(calls()).toBe(before);

    await t.ctx.settings.set({ 'client.content.title_provider': 'tmdb', 'client.content.people_provider': 'tmdb' });
    try {
      // The visitor gets the page as it is; the refresh runs after. (The person first: the title's refresh brings its
      // cast up to date too, and may already have run by the next request.)
      expect((await admin.get(`/api/v1/people/${personId}/page`)).body.person.name).toBe('Someone else');
      expect((await admin.get(`/api/v1/titles/${id}/page`)).body.title.name).toBe('Locally renamed');
      await t.ctx.queue.drain();
      expect((await admin.get(`/api/v1/titles/${id}/page`)).body.title.name).toBe('Fight Club');
      expect((await admin.get(`/api/v1/people/${personId}/page`)).body.person.name).toBe('Brad Pitt');
      expect(calls()).toBe(before + 2);
      // Fresh again: more views call out no more.
      await admin.get(`/api/v1/titles/${id}/page`);
      await t.ctx.queue.drain();
      expect(calls()).toBe(before + 2);
    } finally {
      await t.ctx.settings.set({ 'client.content.title_provider': 'local', 'client.content.people_provider': 'local' });
    }
  });

  it('imports a person and answers TMDb 404s', async () => {
    const res = await admin.post('/api/v1/media/import', { media_type: 'person', tmdb_id: 287 });
    expect(res.status, res.text).toBe(200);
    const page = (await admin.get(`/api/v1/people/${res.body.id}`)).body;
    expect(page.person).toMatchObject({ name: 'Brad Pitt', birth_date: '1963-12-18', birth_place: 'Shawnee, Oklahoma, USA', gender: 'male' });
    expect(page.credits.map((c: any) => c.pivot.character)).toEqual(['Tyler Durden']);
    const missing = await admin.post('/api/v1/media/import', { media_type: 'person', tmdb_id: 5 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('The item could not be found on the movie database.');
  });

  it('re-importing a person, or a title crediting them, keeps what an editor changed on the person', async () => {
    await t.ctx.settings.set({ 'server.tmdb_api_key': TMDB_KEY });
    const id = (await admin.post('/api/v1/media/import', { media_type: 'person', tmdb_id: 287 })).body.id;
    const stored = (await admin.get(`/api/v1/people/${id}`)).body.person;
    const edit = { name: 'William Bradley Pitt', description: 'Our own biography.', poster: '/storage/local/pitt.png', gender: 'male', known_for: 'Acting' };
    expect((await admin.put(`/api/v1/people/${id}`, edit)).status).toBe(200);
    await t.ctx.db.updateTable('people').set({ birth_place: 'Out of date', popularity: 1 }).where('id', '=', id).execute();
    expect((await admin.post('/api/v1/media/import', { media_type: 'movie', tmdb_id: 550 })).status).toBe(200);
    expect((await admin.post('/api/v1/media/import', { media_type: 'person', tmdb_id: 287 })).body).toEqual({ id, name: edit.name, media_type: 'person' });
    expect((await admin.get(`/api/v1/people/${id}`)).body.person).toMatchObject({ ...edit, birth_place: stored.birth_place, popularity: stored.popularity });
    await t.ctx.db.updateTable('people').set({ name: stored.name, description: stored.description, poster: stored.poster, edited_fields: null }).where('id', '=', id).execute();
  });

  it('searches the movie database as the search provider says, and opening a hit imports it once', async () => {
    const search = async (q: string) => (await guest(t).get(`/api/v1/search?query=${encodeURIComponent(q)}`)).body.results;
    const searches = () => tmdb.requests.filter((u) => u.pathname === '/3/search/multi').length;
    const before = searches();
    // Local (the default): the catalogue alone, the service is never asked.
    // The default (extended) search mode also finds a description's words, after the names.
    expect((await search('fight')).titles.map((h: any) => h.name)).toEqual(['Fight Club', 'Game of Thrones']);
    expect(searches()).toBe(before);

    await t.ctx.settings.set({ 'client.content.search_provider': 'all' });
    try {
      // Fight Club is imported (its catalogue hit), Game of Thrones is imported above too; Brad Pitt as well.
      let res = await search('game');
      expect(res.titles).toEqual([expect.objectContaining({ name: 'Game of Thrones', is_series: true })]);
      expect(res.titles[0].id).toEqual(expect.any(Number));
      // A hit only the service knows: no id, its TMDb id, the service's poster address.
      await t.ctx.db.deleteFrom('titles').where('tmdb_id', '=', 1399).execute();
      res = await search('game');
      expect(res.titles).toEqual([{ id: null, tmdb_id: 1399, name: 'Game of Thrones', is_series: true, year: 2011, poster: '/api/v1/tmdb/images/w342/poster1399.png', rating: 8.4, description: expect.any(String) }]);
      // Its poster comes through this site (visitors' browsers never contact the service), kept a day by the browser.
      const poster = await t.app.inject({ method: 'GET', url: res.titles[0].poster });
      expect(poster.statusCode).toBe(200);
      expect(poster.headers['content-type']).toBe('image/png');
      expect(poster.headers['cache-control']).toBe('public, max-age=86400');
      expect(poster.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      expect(tmdb.requests.some((u) => u.pathname === '/t/p/w342/poster1399.png')).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/tmdb/images/w342/missing.jpg' })).statusCode).toBe(404);
      for (const bad of ['/api/v1/tmdb/images/w342/evil.svg', '/api/v1/tmdb/images/original/poster1399.png', '/api/v1/tmdb/images/w342/..%2Fsecret.png']) {
        expect((await t.app.inject({ method: 'GET', url: bad })).statusCode, bad).toBe(422);
      }

      // Opening it brings it in; opening it again finds it.
      const opened = await guest(t).get('/api/v1/titles/tmdb/series/1399');
      expect(opened.status, opened.text).toBe(200);
      expect(opened.body.name).toBe('Game of Thrones');
      expect((await guest(t).get('/api/v1/titles/tmdb/series/1399')).body.id).toBe(opened.body.id);
      expect((await search('game')).titles[0].id).toBe(opened.body.id);
      expect((await guest(t).get('/api/v1/people/tmdb/287')).body.name).toBe('Brad Pitt');
      expect((await guest(t).get('/api/v1/titles/tmdb/movie/404')).status).toBe(404);
      expect((await guest(t).get('/api/v1/titles/tmdb/game/1')).status).toBe(422);

      // Asked lately (in any case or spacing): the service's hits come from the cache, mapped to the catalogue anew.
      const asked = searches();
      expect((await search('  GAME ')).titles[0].id).toBe(opened.body.id);
      expect(searches()).toBe(asked);

      // The service not answering in time leaves the catalogue's own hits.
      await t.ctx.settings.set({ 'client.content.search_provider': 'tmdb' });
      expect((await search('fight')).titles.map((h: any) => h.id)).toEqual([expect.any(Number)]);
      const slow = await guest(t).get('/api/v1/search?query=slow%20search');
      expect(slow.status).toBe(200);
    } finally {
      await t.ctx.settings.set({ 'client.content.search_provider': 'local' });
    }
    // Back on Local, a hit the catalogue lacks is not brought in by address, and no poster is passed through.
    expect((await guest(t).get('/api/v1/titles/tmdb/movie/12345')).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/tmdb/images/w342/poster1399.png' })).statusCode).toBe(404);
  });

  it('with the search provider on all, the catalogue\'s hits leave room for the service\'s', async () => {
    const made = [];
    for (const name of ['Game Night', 'Game Over', 'Game Day']) made.push((await admin.post('/api/v1/titles', { name })).body.title.id as number);
    await t.ctx.db.deleteFrom('titles').where('tmdb_id', '=', 1399).execute();
    const search = async (limit: number) => (await guest(t).get(`/api/v1/search?query=game&limit=${limit}`)).body.results.titles as { id: number | null; tmdb_id?: number; name: string }[];
    await t.ctx.settings.set({ 'client.content.search_provider': 'all' });
    try {
      // Three catalogue hits and a limit of two: one of the catalogue's, then the one only the service knows.
      let hits = await search(2);
      expect(hits).toHaveLength(2);
      expect(hits[0].id).toEqual(expect.any(Number));
      expect(hits[1]).toEqual(expect.objectContaining({ id: null, tmdb_id: 1399, name: 'Game of Thrones' }));
      // Room for all: the catalogue's first, the service's after them.
      hits = await search(8);
      expect(hits.map((h) => h.name).slice(0, 3).sort()).toEqual(['Game Day', 'Game Night', 'Game Over']);
      expect(hits.slice(3)).toEqual([expect.objectContaining({ id: null, tmdb_id: 1399 })]);
    } finally {
      await t.ctx.settings.set({ 'client.content.search_provider': 'local' });
      await t.ctx.db.deleteFrom('titles').where('id', 'in', made).execute();
    }
  });

  it('imports a page of 20 titles with the filters passed on, records a failure and goes on', async () => {
    const first = await admin.post('/api/v1/tmdb/import', page({ current_page: 3, country: 'us', language: 'en', min_rating: 6, max_rating: 9, genres: [18, 53], start_date: '2000-01-01' }));
    expect(first.status, first.text).toBe(200);
    expect(first.body.total_pages).toBe(500);
    expect(first.body.items).toHaveLength(20);
    const failed = first.body.items.filter((i: any) => i.status === 'failed');
    expect(failed).toEqual([{ id: null, tmdb_id: FAILING_ID, name: `Discovered ${FAILING_ID}`, status: 'failed', error: 'The movie database answered with an error (500).' }]);
    const discover = tmdb.requests.filter((u) => u.pathname === '/3/discover/movie').at(-1)!;
    expect(Object.fromEntries(discover.searchParams)).toMatchObject({
      page: '3', with_origin_country: 'US', with_original_language: 'en', 'vote_average.gte': '6', 'vote_average.lte': '9', with_genres: '18,53',
      'primary_release_date.gte': '2000-01-01', include_adult: 'false',
    });
    // Idempotent: the same page again updates the same 19 titles.
    const before = Number((await t.ctx.db.selectFrom('titles').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    await admin.post('/api/v1/tmdb/import', page({ current_page: 3 }));
    const after = Number((await t.ctx.db.selectFrom('titles').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(after).toBe(before);
  });

  it('the client times out slow answers and retries after a 429', async () => {
    const client = (timeoutMs: number) => new TmdbClient({ apiKey: TMDB_KEY, baseUrl: tmdb.apiUrl, imageUrl: tmdb.imageUrl, language: 'en', includeAdult: false, timeoutMs });
    await expect(client(200).movie(SLOW_ID)).rejects.toThrow('The movie database did not answer in time.');
    const t0 = Date.now();
    expect((await client(5000).movie(LIMITED_ID)).id).toBe(LIMITED_ID);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    expect(tmdb.requests.filter((u) => u.pathname === `/3/movie/${LIMITED_ID}`)).toHaveLength(2);
  });
});
