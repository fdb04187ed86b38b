import { beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asUser, createTestApp, guest, listUrl, type Client } from '../helper.ts';
import '../../src/modules/plays/schema.ts';
import { PNG, multipart } from './helpers.ts';

const t = await createTestApp();
let admin: Client;

beforeAll(async () => {
  admin = await asAdmin(t);
});

const create = async (body: Record<string, unknown>) => {
  const res = await admin.post('/api/v1/titles', body);
  expect(res.status, res.text).toBe(200);
  return res.body.title;
};

describe('titles', () => {
  it('creates a movie and a series; answers numbers and booleans', async () => {
    const movie = await create({ name: 'Zebra Crossing', release_date: '2001-05-04', runtime: 101, popularity: 12.5, budget: 1000, revenue: 5000, language: 'en' });
    expect(movie).toMatchObject({ name: 'Zebra Crossing', is_series: false, year: 2001, runtime: 101, popularity: 12.5, seasons_count: 0, genres: [], images: [] });
    const series = await create({ name: 'Yellow Harbour', is_series: true, release_date: '2015-01-01' });
    expect(series.is_series).toBe(true);
    const got = await admin.get(`/api/v1/titles/${movie.id}`);
    expect(got.body.title.name).toBe('Zebra Crossing');
  });

  it('rejects each invalid field with its message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'name', 'Name is required.'],
      [{ name: '  ' }, 'name', 'Name is required.'],
      [{ name: 'x', runtime: 0 }, 'runtime', 'Runtime must be at least 1.'],
      [{ name: 'x', budget: 0 }, 'budget', 'Budget must be at least 1.'],
      [{ name: 'x', revenue: -5 }, 'revenue', 'Revenue must be at least 1.'],
      [{ name: 'x', popularity: 0.5 }, 'popularity', 'Popularity must be at least 1.'],
      [{ name: 'x', release_date: 'yesterday' }, 'release_date', 'Enter a valid date.'],
      [{ name: 'x', release_date: '0000-99-99' }, 'release_date', 'Enter a valid date.'],
      [{ name: 'x', release_date: '2024-02-31' }, 'release_date', 'Enter a valid date.'],
      [{ name: 'x', runtime: 99999999999999 }, 'runtime', 'Runtime may not be greater than 10,000.'],
      [{ name: 'x', budget: 1e13 }, 'budget', 'Budget may not be greater than 1,000,000,000,000.'],
      [{ name: 'x', revenue: 1e13 }, 'revenue', 'Revenue may not be greater than 1,000,000,000,000.'],
      [{ name: 'x', popularity: 1e9 }, 'popularity', 'Popularity may not be greater than 1,000,000.'],
      ...['english', 'zz', 'en-US', 'e1', '<b>'].map((language): [Record<string, unknown>, string, string] => [{ name: 'x', language }, 'language', 'The language must be a two-letter ISO 639-1 code, such as "en".']),
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post('/api/v1/titles', body);
      expect(res.status).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    }
    expect((await admin.put('/api/v1/titles/999999', { name: 'x' })).status).toBe(404);
    // Known codes pass, in any case; the movie database's "xx" (no language) too; empty clears it.
    const titled = (await admin.post('/api/v1/titles', { name: 'Spoken', language: 'TA' })).body.title;
    expect(titled.language).toBe('ta');
    expect((await admin.put(`/api/v1/titles/${titled.id}`, { language: 'xx' })).body.title.language).toBe('xx');
    expect((await admin.put(`/api/v1/titles/${titled.id}`, { language: '' })).body.title.language).toBeNull();
  });

  it('updates only the fields sent', async () => {
    const title = await create({ name: 'Partial Update', tagline: 'keep me' });
    const res = await admin.put(`/api/v1/titles/${title.id}`, { runtime: 90, release_date: '1999-02-02' });
    expect(res.body.title).toMatchObject({ name: 'Partial Update', tagline: 'keep me', runtime: 90, year: 1999 });
    expect((await admin.put(`/api/v1/titles/${title.id}`, { runtime: 0 })).body.errors.runtime).toEqual(['Runtime must be at least 1.']);
  });

  it('takes poster and backdrop addresses only as a stored file or an http(s) URL, on titles, seasons, episodes and people', async () => {
    const series = await create({ name: 'Pictured Series', is_series: true, poster: '/storage/title-images/p.png', backdrop: 'https://img.example.com/b.jpg' });
    expect(series).toMatchObject({ poster: '/storage/title-images/p.png', backdrop: 'https://img.example.com/b.jpg' });
    for (const bad of ['not a url at all', 'javascript:alert(1)', 'poster.jpg', 'ftp://example.com/p.png', '/etc/passwd']) {
      for (const [url, body, field] of [
        ['/api/v1/titles', { name: 'x', poster: bad }, 'poster'],
        [`/api/v1/titles/${series.id}`, { backdrop: bad }, 'backdrop'],
        [`/api/v1/titles/${series.id}/seasons`, { poster: bad }, 'poster'],
        ['/api/v1/people', { name: 'x', poster: bad }, 'poster'],
      ] as const) {
        const res = url.endsWith(`/${series.id}`) ? await admin.put(url, body) : await admin.post(url, body);
        expect(res.status, `${url} ${bad}`).toBe(422);
        expect(res.body.errors[field]).toEqual(['Enter a valid image URL.']);
      }
    }
    await admin.post(`/api/v1/titles/${series.id}/seasons`, {});
    const episode = await admin.post(`/api/v1/titles/${series.id}/seasons/1/episodes`, { name: 'Still', poster: 'javascript:alert(1)' });
    expect(episode.body.errors.poster).toEqual(['Enter a valid image URL.']);
    // Nothing was half-written; an empty address still clears the picture.
    expect((await admin.get(`/api/v1/titles/${series.id}`)).body.title).toMatchObject({ backdrop: 'https://img.example.com/b.jpg', seasons_count: 1, episodes_count: 0 });
    expect((await admin.put(`/api/v1/titles/${series.id}`, { poster: '' })).body.title.poster).toBeNull();
  });

  it('takes a video thumbnail only as a stored file or an http(s) URL, like the other image addresses', async () => {
    const movie = await create({ name: 'Thumbnailed Movie' });
    const clip = { name: 'Clip', title_id: movie.id, type: 'external', src: 'https://example.com/v.mp4', category: 'trailer' };
    for (const bad of ['not a url at all', 'javascript:alert(1)', 'thumb.jpg', '/etc/passwd']) {
      const res = await admin.post('/api/v1/videos', { ...clip, thumbnail: bad });
      expect(res.status, bad).toBe(422);
      expect(res.body.errors.thumbnail).toEqual(['Enter a valid image URL.']);
    }
    const video = (await admin.post('/api/v1/videos', { ...clip, thumbnail: '/storage/demo/t.png' })).body.video;
    expect(video.thumbnail).toBe('/storage/demo/t.png');
    expect((await admin.put(`/api/v1/videos/${video.id}`, { thumbnail: 'javascript:alert(1)' })).body.errors.thumbnail).toEqual(['Enter a valid image URL.']);
    expect((await admin.put(`/api/v1/videos/${video.id}`, { thumbnail: 'https://img.example.com/t.jpg' })).body.video.thumbnail).toBe('https://img.example.com/t.jpg');
    expect((await admin.put(`/api/v1/videos/${video.id}`, { thumbnail: '' })).body.video.thumbnail).toBeNull();
  });

  it('lists with filters, sorts and a ranked search', async () => {
    await create({ name: 'Searchable Alpha', popularity: 5, release_date: '2010-01-01' });
    await create({ name: 'Searchable Alphabet Soup', popularity: 50, release_date: '2012-01-01' });
    await create({ name: 'Other Searchable', popularity: 20, release_date: '2011-01-01', is_series: true });
    const list = (p: Record<string, unknown>) => admin.get(listUrl('/api/v1/titles', { perPage: 100, ...p }));
    const res = await list({ query: 'searchable', orderBy: 'popularity', orderDir: 'desc' });
    expect(res.status).toBe(200);
    expect(res.body.pagination.data.map((x: any) => x.name)).toEqual(['Searchable Alphabet Soup', 'Other Searchable', 'Searchable Alpha']);
    const ranked = await list({ query: 'alphabet' });
    expect(ranked.body.pagination.data.map((x: any) => x.name)).toEqual(['Searchable Alphabet Soup']);
    const series = await list({ query: 'searchable', filters: [{ key: 'type', value: 'series' }] });
    expect(series.body.pagination.data.map((x: any) => x.name)).toEqual(['Other Searchable']);
    const dated = await list({ query: 'searchable', filters: [{ key: 'release_date', value: { start: '2011-06-01T00:00:00Z', end: '2013-01-01T00:00:00Z' }, operator: 'between' }] });
    expect(dated.body.pagination.data.map((x: any) => x.name)).toEqual(['Searchable Alphabet Soup']);
    expect((await list({ orderBy: 'password' })).status).toBe(422);
    expect((await list({ filters: [{ key: 'nope', value: 1 }] })).status).toBe(422);
    // Short queries use the name prefix.
    expect((await list({ query: 'Se' })).body.pagination.data.length).toBeGreaterThanOrEqual(2);
  });

  it('filters by genre and answers autocomplete', async () => {
    const a = await create({ name: 'Genre Movie One', popularity: 3 });
    await create({ name: 'Genre Movie Two', popularity: 4 });
    const attached = await admin.post(`/api/v1/titles/${a.id}/tags/genre`, { tag_name: 'Drama' });
    expect(attached.status).toBe(200);
    expect(attached.body.title.genres.map((g: any) => g.display_name)).toEqual(['Drama']);
    const genreId = attached.body.title.genres[0].id;
    const res = await admin.get(listUrl('/api/v1/titles', { filters: [{ key: 'genres', value: genreId }] }));
    expect(res.body.pagination.data.map((x: any) => x.name)).toEqual(['Genre Movie One']);
    const auto = await admin.get('/api/v1/titles/autocomplete?query=genre%20movie');
    expect(auto.body.results.map((x: any) => x.name)).toEqual(['Genre Movie Two', 'Genre Movie One']);
    expect(auto.body.results[0]).toEqual({ id: expect.any(Number), name: 'Genre Movie Two', year: null, poster: null, is_series: false });
  });

  it('attaches a tag once, detaches it, and rejects an empty name', async () => {
    const title = await create({ name: 'Tagged' });
    await admin.post(`/api/v1/titles/${title.id}/tags/keyword`, { tag_name: 'heist' });
    const again = await admin.post(`/api/v1/titles/${title.id}/tags/keyword`, { tag_name: 'Heist' });
    expect(again.body.title.keywords).toHaveLength(1);
    const tagId = again.body.title.keywords[0].id;
    expect((await admin.post(`/api/v1/titles/${title.id}/tags/keyword`, { tag_name: '' })).body.errors.tag_name).toEqual(['Name is required.']);
    expect((await admin.post(`/api/v1/titles/${title.id}/tags/mood`, { tag_name: 'x' })).status).toBe(404);
    const detached = await admin.delete(`/api/v1/titles/${title.id}/tags/keyword/${tagId}`);
    expect(detached.body.title.keywords).toEqual([]);
  });

  it('creates a tag while attaching only for those who may create tags; countries must be real ones', async () => {
    const title = await create({ name: 'Tag Rights' });
    await admin.post(`/api/v1/titles/${title.id}/tags/keyword`, { tag_name: 'Existing Word' });
    const editor = await asUser(t, { permissions: ['titles.view', 'titles.update', 'title_tags.view'] });
    const known = await editor.post(`/api/v1/titles/${title.id}/tags/keyword`, { tag_name: 'existing word' });
    expect(known.status, known.text).toBe(200);
    const fresh = await editor.post(`/api/v1/titles/${title.id}/tags/keyword`, { tag_name: 'Never Seen Before' });
    expect(fresh.status).toBe(422);
    expect(fresh.body.errors.tag_name).toEqual(['There is no tag with this name, and you may not create tags.']);
    expect(await t.ctx.db.selectFrom('title_tags').select('id').where('name', '=', 'never seen before').execute()).toEqual([]);
    expect((await editor.post('/api/v1/title-tags/keyword', { name: 'Never Seen Before' })).status).toBe(403);

    const atlantis = await admin.post(`/api/v1/titles/${title.id}/tags/production_country`, { tag_name: 'Atlantis' });
    expect(atlantis.body.errors.tag_name).toEqual(['Enter the name of a real country.']);
    const germany = await admin.post(`/api/v1/titles/${title.id}/tags/production_country`, { tag_name: 'germany' });
    expect(germany.status, germany.text).toBe(200);
    expect(germany.body.title.production_countries.map((c: any) => [c.name, c.display_name])).toEqual([['de', 'Germany']]);
    const byCode = await admin.post(`/api/v1/titles/${title.id}/tags/production_country`, { tag_name: 'FR' });
    expect(byCode.status, byCode.text).toBe(200);
    expect(byCode.body.title.production_countries.map((c: any) => c.name)).toEqual(['de', 'fr']);
  });

  it('uploads and deletes images; refuses big or non-image files', async () => {
    const title = await create({ name: 'Pictured' });
    const up = multipart({ titleId: String(title.id) }, { name: 'a.png', type: 'image/png', content: PNG });
    const res = await admin.request('POST', '/api/v1/images', up.body, up.headers);
    expect(res.status, res.text).toBe(200);
    expect(res.body.image.url).toMatch(/^\/storage\/title-images\/.+\.png$/);
    expect((await admin.get(res.body.image.url)).status).toBe(200);
    expect((await admin.get(`/api/v1/titles/${title.id}`)).body.title.images).toHaveLength(1);

    const big = multipart({ titleId: String(title.id) }, { name: 'b.png', type: 'image/png', content: Buffer.concat([PNG, Buffer.alloc(5_000_001)]) });
    const tooBig = await admin.request('POST', '/api/v1/images', big.body, big.headers);
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors.file).toEqual(['The image may not be greater than 5 MB.']);
    const txt = multipart({ titleId: String(title.id) }, { name: 'c.png', type: 'image/png', content: Buffer.from('hello') });
    expect((await admin.request('POST', '/api/v1/images', txt.body, txt.headers)).body.errors.file).toEqual(['The file must be an image (png, jpeg, gif or webp).']);
    // A title that is not there is not found; one left out is required.
    const gone = multipart({ titleId: '999999' }, { name: 'd.png', type: 'image/png', content: PNG });
    const missing = await admin.request('POST', '/api/v1/images', gone.body, gone.headers);
    expect([missing.status, missing.body.message]).toEqual([404, 'Title not found']);
    const blank = multipart({}, { name: 'e.png', type: 'image/png', content: PNG });
    expect((await admin.request('POST', '/api/v1/images', blank.body, blank.headers)).body.errors.titleId).toEqual(['Title is required.']);
    const none = multipart({ titleId: String(title.id) });
    expect((await admin.request('POST', '/api/v1/images', none.body, none.headers)).body.errors.file).toEqual(['Please select a file.']);
    expect((await admin.get(`/api/v1/titles/${title.id}`)).body.title.images).toHaveLength(1);

    // Chosen as poster and backdrop, then deleted: the title shows no picture rather than a broken one.
    expect((await admin.put(`/api/v1/titles/${title.id}`, { poster: res.body.image.url, backdrop: res.body.image.url })).status).toBe(200);
    expect((await admin.delete(`/api/v1/images/${res.body.image.id}`)).status).toBe(200);
    expect((await admin.get(res.body.image.url)).status).toBe(404);
    expect((await admin.get(`/api/v1/titles/${title.id}`)).body.title).toMatchObject({ poster: null, backdrop: null });
  });

  it('deletes titles with their seasons, credits and images', async () => {
    const title = await create({ name: 'Doomed', is_series: true });
    await admin.post(`/api/v1/titles/${title.id}/seasons`, {});
    expect((await admin.delete(`/api/v1/titles/${title.id}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/titles/${title.id}`)).status).toBe(404);
    expect(await t.ctx.db.selectFrom('seasons').select('id').where('title_id', '=', title.id).execute()).toEqual([]);
  });

  it('guards writes by permission', async () => {
    const user = await asUser(t);
    expect((await user.post('/api/v1/titles', { name: 'Nope' })).status).toBe(403);
    expect((await guest(t).post('/api/v1/titles', { name: 'Nope' })).status).toBe(401);
    expect((await user.get('/api/v1/titles')).status).toBe(200);
  });
});

describe('seasons and episodes', () => {
  it('numbers seasons and episodes, keeps counts, edits and deletes', async () => {
    const title = await create({ name: 'Counted Series', is_series: true });
    const s1 = await admin.post(`/api/v1/titles/${title.id}/seasons`, {});
    const s2 = await admin.post(`/api/v1/titles/${title.id}/seasons`, { release_date: '2020-01-01' });
    expect([s1.body.season.number, s2.body.season.number]).toEqual([1, 2]);
    // The record of what an editor wrote (kept through imports) is internal.
    expect(s2.body.season).not.toHaveProperty('edited_fields');
    expect((await admin.post(`/api/v1/titles/${title.id}/seasons`, { number: 2 })).body.errors.number).toEqual(['This season already exists.']);

    const e1 = await admin.post(`/api/v1/titles/${title.id}/seasons/1/episodes`, { name: 'Pilot', runtime: 45 });
    expect(e1.status, e1.text).toBe(200);
    expect(e1.body.episode).toMatchObject({ name: 'Pilot', season_number: 1, episode_number: 1, runtime: 45 });
    expect(e1.body.episode).not.toHaveProperty('edited_fields');
    await admin.post(`/api/v1/titles/${title.id}/seasons/1/episodes`, { name: 'Second' });
    expect((await admin.post(`/api/v1/titles/${title.id}/seasons`, { number: 10000 })).body.errors.number).toEqual(['Season number may not be greater than 9,999.']);
    const bad = [
      [{ name: 'x', episode_number: 100000 }, 'episode_number', 'Episode number may not be greater than 99,999.'],
      [{ name: 'x', release_date: '2023-13-01' }, 'release_date', 'Enter a valid date.'],
      [{}, 'name', 'Name is required.'],
      [{ name: 'x', runtime: 0 }, 'runtime', 'Runtime must be at least 1.'],
      [{ name: 'x', popularity: 0 }, 'popularity', 'Popularity must be at least 1.'],
    ] as const;
    for (const [body, field, msg] of bad) {
      expect((await admin.post(`/api/v1/titles/${title.id}/seasons/1/episodes`, body)).body.errors[field]).toEqual([msg]);
    }
    const t1 = (await admin.get(`/api/v1/titles/${title.id}`)).body.title;
    expect([t1.seasons_count, t1.episodes_count]).toEqual([2, 2]);
    const seasons = await admin.get(`/api/v1/titles/${title.id}/seasons`);
    expect(seasons.body.pagination.per_page).toBe(15);
    expect(seasons.body.pagination.data.find((s: any) => s.number === 1).episodes_count).toBe(2);
    // One season by its number (its answer is checked against the Season schema), and an unknown number is a 404.
    const one = await admin.get(`/api/v1/titles/${title.id}/seasons/2`);
    expect(one.status, one.text).toBe(200);
    expect(one.body.season).toMatchObject({ title_id: title.id, number: 2, release_date: '2020-01-01', episodes_count: 0 });
    expect((await admin.get(`/api/v1/titles/${title.id}/seasons/9`)).status).toBe(404);

    const upd = await admin.put(`/api/v1/titles/${title.id}/seasons/1/episodes/1`, { name: 'Pilot (cut)' });
    expect(upd.body.episode.name).toBe('Pilot (cut)');
    expect((await admin.get(`/api/v1/titles/${title.id}/seasons/1/episodes/1`)).body.episode.name).toBe('Pilot (cut)');
    const eps = await admin.get(`/api/v1/titles/${title.id}/seasons/1/episodes`);
    expect(eps.body.pagination.data.map((e: any) => e.name)).toEqual(['Pilot (cut)', 'Second']);
    // Episode names are in the full-text index.
    const found = await admin.get(`/api/v1/titles/${title.id}/seasons/1/episodes?query=cut)`);
    expect(found.body.pagination.data.map((e: any) => e.name)).toEqual(['Pilot (cut)']);

    expect((await admin.delete(`/api/v1/episodes/${e1.body.episode.id}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/titles/${title.id}`)).body.title.episodes_count).toBe(1);
    expect((await admin.delete(`/api/v1/seasons/${s1.body.season.id}`)).status).toBe(200);
    const t2 = (await admin.get(`/api/v1/titles/${title.id}`)).body.title;
    expect([t2.seasons_count, t2.episodes_count]).toEqual([1, 0]);
  });

  it('renumbering an episode takes its videos and plays along; the old number starts empty', async () => {
    const title = await create({ name: 'Renumbered Series', is_series: true });
    await admin.post(`/api/v1/titles/${title.id}/seasons`, {});
    await admin.post(`/api/v1/titles/${title.id}/seasons/1/episodes`, { name: 'Was Two', episode_number: 2 });
    const video = (await admin.post('/api/v1/videos', {
      name: 'Full', title_id: title.id, season_num: 1, episode_num: 2, type: 'embed', src: 'https://www.youtube.com/embed/x', category: 'full',
    })).body.video;
    const now = new Date().toISOString();
    await t.ctx.db.insertInto('plays').values({
      video_id: video.id, title_id: title.id, season_num: 1, episode_num: 2, user_id: null, visitor_id: 'v', seconds_watched: 5, position: 5,
      device: null, browser: null, platform: null, country: null, city: null, created_at: now, updated_at: now,
    }).execute();
    const res = await admin.put(`/api/v1/titles/${title.id}/seasons/1/episodes/2`, { episode_number: 5 });
    expect(res.status, res.text).toBe(200);
    expect((await admin.get(`/api/v1/videos/${video.id}`)).body.video).toMatchObject({ season_num: 1, episode_num: 5 });
    const plays = await t.ctx.db.selectFrom('plays').select('episode_num').where('video_id', '=', video.id).execute();
    expect(plays).toEqual([{ episode_num: 5 }]);
    // A new episode 2 owns nothing: deleting it leaves the renumbered episode's video alone.
    const fresh = (await admin.post(`/api/v1/titles/${title.id}/seasons/1/episodes`, { name: 'New Two', episode_number: 2 })).body.episode;
    expect((await admin.delete(`/api/v1/episodes/${fresh.id}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/videos/${video.id}`)).status).toBe(200);
  });

  it('refuses seasons on a movie', async () => {
    const movie = await create({ name: 'Just A Movie' });
    expect((await admin.post(`/api/v1/titles/${movie.id}/seasons`, {})).body.message).toBe('Only series have seasons.');
  });

  it('refuses making a series with seasons a movie; one without seasons may become one', async () => {
    const series = await create({ name: 'Seasoned Series', is_series: true });
    await admin.post(`/api/v1/titles/${series.id}/seasons`, {});
    const res = await admin.put(`/api/v1/titles/${series.id}`, { is_series: false, tagline: 'lost' });
    expect(res.status).toBe(422);
    expect(res.body.errors.is_series).toEqual(['Delete the seasons of this series before making it a movie.']);
    expect((await admin.get(`/api/v1/titles/${series.id}`)).body.title).toMatchObject({ is_series: true, tagline: null, seasons_count: 1 });
    const bare = await create({ name: 'Bare Series', is_series: true });
    expect((await admin.put(`/api/v1/titles/${bare.id}`, { is_series: false })).body.title.is_series).toBe(false);
  });
});
