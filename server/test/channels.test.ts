import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GUEST_PERMISSIONS, DEFAULT_USER_PERMISSIONS } from '@app/contracts';
import { syncGrants } from '../src/modules/roles/permissions.ts';
import { nowIso } from '../src/db/index.ts';
import { Client, asAdmin, asUser, createTestApp, guest } from './helper.ts';
import { rollup } from '../src/modules/reports/rollup.ts';
import { dateIn } from '../src/modules/reports/time.ts';

const t = await createTestApp();
let admin: Client;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const titleIds: number[] = [];
let dramaId = 0;

async function insertTitle(i: number, over: Record<string, unknown> = {}) {
  const now = nowIso();
  const row = await t.ctx.db.insertInto('titles').values({
    name: `Title ${String(i).padStart(2, '0')}`, is_series: i % 2 === 0, original_title: null, poster: null, backdrop: null,
    release_date: day(-i * 10), year: 2020, tagline: null, description: `About ${i}`, runtime: 100, certification: null, budget: null,
    revenue: null, language: 'en', popularity: 100 - i, rating: (i % 10) + 0.5, tmdb_id: null, imdb_id: null, created_at: now, updated_at: now, ...over,
  } as any).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

const manual = (over: Record<string, unknown> = {}) => ({ contentType: 'manual', contentModel: 'titles', contentOrder: 'manual', layout: 'grid', ...over });

beforeAll(async () => {
  admin = await asAdmin(t);
  for (let i = 1; i <= 30; i++) titleIds.push(await insertTitle(i));
  titleIds.push(await insertTitle(31, { name: 'Future film', release_date: day(30), is_series: false }));
  const now = nowIso();
  dramaId = Number((await t.ctx.db.insertInto('title_tags').values({ type: 'genre', name: 'drama', display_name: 'Drama', tmdb_id: null, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow()).id);
  await t.ctx.db.insertInto('title_tag').values(titleIds.slice(0, 5).map((title_id) => ({ title_id, tag_id: dramaId }))).execute();
});

describe('POST channel/reset-to-default', () => {
  it('creates the home channel nesting its rows, and the movies, series and people channels ("Channels reset to default")', async () => {
    const res = await admin.post('/api/v1/channel/reset-to-default');
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('Channels reset to default');
    const home = (await admin.get('/api/v1/channel/home')).body.channel;
    expect(home.config).toMatchObject({ contentModel: 'channels', contentType: 'manual' });
    const rows = home.content.data.map((c: any) => c.slug);
    expect(rows.slice(0, 8)).toEqual(['featured', 'most-watched', 'popular-movies', 'popular-series', 'top-rated', 'upcoming', 'now-playing', 'new-episodes']);
    // Nothing played yet: the row is there, empty (the site leaves an empty row out).
    expect(home.content.data.find((c: any) => c.slug === 'most-watched').content.data).toEqual([]);
    expect(rows).toContain('genre-drama');
    const popularMovies = home.content.data.find((c: any) => c.slug === 'popular-movies');
    expect(popularMovies.content.data.length).toBeGreaterThan(0);
    expect(popularMovies.content.data.every((x: any) => x.model_type === 'title' && x.is_series === false)).toBe(true);
    const upcoming = home.content.data.find((c: any) => c.slug === 'upcoming');
    expect(upcoming.content.data.map((x: any) => x.name)).toEqual(['Future film']);
    const drama = home.content.data.find((c: any) => c.slug === 'genre-drama');
    expect(drama.content.total).toBe(5);
    for (const slug of ['movies', 'series', 'people']) expect((await admin.get(`/api/v1/channel/${slug}`)).status).toBe(200);
    // Running it again replaces the channels rather than adding to them.
    await admin.post('/api/v1/channel/reset-to-default');
    const count = await t.ctx.db.selectFrom('channels').select((eb) => eb.fn.countAll().as('n')).where('slug', '=', 'home').executeTakeFirst();
    expect(Number(count?.n)).toBe(1);
  });

  it('is for channel managers only', async () => {
    const user = await asUser(t);
    expect((await user.post('/api/v1/channel/reset-to-default')).status).toBe(403);
    expect((await new Client(t).post('/api/v1/channel/reset-to-default')).status).toBe(401);
  });
});

describe('POST channel and PUT channel/{id}', () => {
  let id = 0;
  it('creates a manual channel with its items in order ("Channel created")', async () => {
    const items = [titleIds[3], titleIds[0], titleIds[7]].map((x) => ({ id: x, model_type: 'title' }));
    const res = await admin.post('/api/v1/channel', { name: 'Staff picks', slug: 'staff_picks', config: manual(), items });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('Channel created');
    expect(res.body.channel).toMatchObject({ name: 'Staff picks', slug: 'staff_picks', items_count: 3, type: 'channel' });
    id = res.body.channel.id;
    const show = (await admin.get(`/api/v1/channel/${id}`)).body.channel;
    expect(show.content.data.map((x: any) => x.id)).toEqual([titleIds[3], titleIds[0], titleIds[7]]);
  });

  it('updates it ("Channel updated") and the next read shows the change (cache keyed by version)', async () => {
    const res = await admin.put(`/api/v1/channel/${id}`, { name: 'Staff picks!', slug: 'staff_picks', config: manual({ layout: 'carousel' }), items: [{ id: titleIds[9], model_type: 'title' }] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('Channel updated');
    const show = (await admin.get('/api/v1/channel/staff_picks')).body.channel;
    expect(show.name).toBe('Staff picks!');
    expect(show.config.layout).toBe('carousel');
    expect(show.content.data.map((x: any) => x.id)).toEqual([titleIds[9]]);
  });

  it('validates name, slug and auto update method with clear messages', async () => {
    const before = await t.ctx.db.selectFrom('channels').select('id').execute();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', config: manual() }, 'name'],
      [{ name: 'X', slug: 'ab', config: manual() }, 'slug'],
      [{ name: 'X', slug: 'has space', config: manual() }, 'slug'],
      [{ name: 'X', slug: 'a'.repeat(21), config: manual() }, 'slug'],
      [{ name: 'X', slug: 'ünïcode', config: manual() }, 'slug'],
      [{ name: 'X', config: { contentType: 'autoUpdate', contentModel: 'titles' } }, 'config.autoUpdateMethod'],
      [{ name: 'X', config: { contentType: 'autoUpdate', autoUpdateProvider: 'tmdb', autoUpdateMethod: 'most_popular' } }, 'config.autoUpdateMethod'],
      [{ name: 'X', config: { layout: 'constructor' } }, 'config.layout'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('/api/v1/channel', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    expect((await admin.post('/api/v1/channel', { name: 'X', config: { contentType: 'autoUpdate' } })).body.errors['config.autoUpdateMethod']).toEqual(['The auto update method is required.']);
    expect((await admin.post('/api/v1/channel', { name: 'X', slug: 'ab', config: manual() })).body.errors.slug)
      .toEqual(['The slug may only contain letters, numbers, underscores and hyphens, 3 to 20 characters.']);
    const taken = await admin.post('/api/v1/channel', { name: 'Again', slug: 'staff_picks', config: manual() });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.slug).toEqual(['This slug is already in use.']);
    expect((await t.ctx.db.selectFrom('channels').select('id').execute()).length).toBe(before.length);
  });

  it('refuses a manual item that does not exist, or of another model, and writes nothing', async () => {
    const missing = await admin.post('/api/v1/channel', { name: 'Missing', slug: 'missing', config: manual(), items: [{ id: 999_999, model_type: 'title' }] });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.items).toEqual(['The item 999999 does not exist.']);
    const wrong = await admin.post('/api/v1/channel', { name: 'Wrong', slug: 'wrong', config: manual(), items: [{ id: titleIds[0], model_type: 'person' }] });
    expect(wrong.status).toBe(422);
    expect((await admin.get('/api/v1/channel/missing')).status).toBe(404);
    const update = await admin.put(`/api/v1/channel/${id}`, { name: 'Staff picks!', slug: 'staff_picks', config: manual(), items: [{ id: 999_999, model_type: 'title' }] });
    expect(update.status).toBe(422);
    expect((await admin.get(`/api/v1/channel/${id}`)).body.channel.items_count).toBe(1);
  });

  it('refuses a channel that nests itself, directly or through another channel', async () => {
    const a = (await admin.post('/api/v1/channel', { name: 'A', slug: 'nest-a', config: manual({ contentModel: 'channels' }) })).body.channel;
    const b = (await admin.post('/api/v1/channel', { name: 'B', slug: 'nest-b', config: manual({ contentModel: 'channels' }), items: [{ id: a.id, model_type: 'channel' }] })).body.channel;
    const direct = await admin.put(`/api/v1/channel/${a.id}`, { name: 'A', slug: 'nest-a', config: manual({ contentModel: 'channels' }), items: [{ id: a.id, model_type: 'channel' }] });
    expect(direct.status).toBe(422);
    expect(direct.body.errors.items).toEqual(['A channel cannot nest itself, directly or through another channel.']);
    const through = await admin.put(`/api/v1/channel/${a.id}`, { name: 'A', slug: 'nest-a', config: manual({ contentModel: 'channels' }), items: [{ id: b.id, model_type: 'channel' }] });
    expect(through.status).toBe(422);
    expect((await admin.post(`/api/v1/channel/${a.id}/items`, { items: [{ id: b.id, model_type: 'channel' }] })).status).toBe(422);
  });

  it('keeps a locked slug', async () => {
    const res = await admin.put('/api/v1/channel/home', { name: 'Home', slug: 'home2', config: { contentType: 'manual', contentModel: 'channels', lockSlug: true } });
    expect(res.status).toBe(422); // PUT takes an id
    const home = (await admin.get('/api/v1/channel/home')).body.channel;
    const locked = await admin.put(`/api/v1/channel/${home.id}`, { name: 'Home', slug: 'home2', config: home.config });
    expect(locked.status).toBe(422);
    expect(locked.body.errors.slug).toEqual(['The slug of this channel is locked.']);
  });
});

describe('content editor calls', () => {
  let id = 0;
  it('adds, reorders and removes items of a manual channel, each bumping the version', async () => {
    id = (await admin.post('/api/v1/channel', { name: 'Editor', slug: 'editor', config: manual() })).body.channel.id;
    const search = await admin.get('/api/v1/channel/search-items?model=titles&query=Title%201');
    expect(search.status).toBe(200);
    expect(search.body.items.length).toBeGreaterThan(0);
    expect(search.body.items.every((x: any) => x.name.startsWith('Title 1'))).toBe(true);
    // Typed in another case, on either database (PostgreSQL's LIKE minds case).
    const lower = await admin.get('/api/v1/channel/search-items?model=titles&query=title%201');
    expect(lower.body.items.map((x: any) => x.id)).toEqual(search.body.items.map((x: any) => x.id));
    const channels = await admin.get('/api/v1/channel?type=channel&query=EDIT');
    expect(channels.body.pagination.data.map((c: any) => c.name)).toContain('Editor');
    const v0 = (await admin.get(`/api/v1/channel/${id}`)).body.channel.version;
    const added = await admin.post(`/api/v1/channel/${id}/items`, { items: titleIds.slice(0, 3).map((x) => ({ id: x, model_type: 'title' })) });
    expect(added.body.channel.items_count).toBe(3);
    expect(added.body.channel.version).toBeGreaterThan(v0);
    await admin.post(`/api/v1/channel/${id}/reorder`, { ids: [titleIds[2], titleIds[0], titleIds[1]] });
    expect((await admin.get(`/api/v1/channel/${id}`)).body.channel.content.data.map((x: any) => x.id)).toEqual([titleIds[2], titleIds[0], titleIds[1]]);
    await admin.request('DELETE', `/api/v1/channel/${id}/items`, { items: [{ id: titleIds[0], model_type: 'title' }] });
    const after = (await admin.get(`/api/v1/channel/${id}`)).body.channel;
    expect(after.content.data.map((x: any) => x.id)).toEqual([titleIds[2], titleIds[1]]);
    expect(after.items_count).toBe(2);
    expect((await admin.post(`/api/v1/channel/${id}/items`, { items: [{ id: 123_456, model_type: 'title' }] })).status).toBe(422);
  });

  it('pages a channel\'s items', async () => {
    const all = await admin.post('/api/v1/channel', { name: 'All titles', slug: 'all-titles', config: { contentType: 'listAll', contentModel: 'titles', contentOrder: 'name' } });
    const p2 = (await admin.get(`/api/v1/channel/${all.body.channel.id}?page=2&perPage=10`)).body.channel.content;
    expect(p2).toMatchObject({ current_page: 2, per_page: 10, total: 31, last_page: 4 });
    expect(p2.data[0].name).toBe('Title 10');
    const restricted = await admin.post('/api/v1/channel', { name: 'Dramas', slug: 'dramas', config: { contentType: 'listAll', restriction: 'genre', restrictionModelId: dramaId } });
    expect((await admin.get('/api/v1/channel/dramas')).body.channel.content.total).toBe(5);
    expect(restricted.status).toBe(200);
  });

  it('shows a manual channel\'s items in its content order: by name or rating when set so, as placed for "Manual order"', async () => {
    const placed = [titleIds[4], titleIds[0], titleIds[2], titleIds[1], titleIds[3]];
    const body = (contentOrder: string) => ({ name: 'Sorted picks', slug: 'sorted-picks', config: manual({ contentOrder }), items: placed.map((id) => ({ id, model_type: 'title' })) });
    const id = (await admin.post('/api/v1/channel', body('name'))).body.channel.id;
    const ids = async (query = '') => (await admin.get(`/api/v1/channel/${id}${query}`)).body.channel.content.data.map((x: any) => x.id);
    expect(await ids()).toEqual(titleIds.slice(0, 5));
    // Paged in that order too.
    expect(await ids('?page=2&perPage=2')).toEqual([titleIds[2], titleIds[3]]);
    expect((await admin.put(`/api/v1/channel/${id}`, body('rating'))).status).toBe(200);
    expect(await ids()).toEqual([titleIds[4], titleIds[3], titleIds[2], titleIds[1], titleIds[0]]);
    expect((await admin.put(`/api/v1/channel/${id}`, body('manual'))).status).toBe(200);
    expect(await ids()).toEqual(placed);
  });
});

describe('hero slider', () => {
  it('gives each title the approved full video its Play starts: its own, else its first episode\'s; other layouts carry none', async () => {
    const [movie, series, bare] = [titleIds[10], titleIds[11], titleIds[12]];
    const video = async (title: number, v: Record<string, unknown>) =>
      (await admin.post('/api/v1/videos', { name: `Hero ${title}`, title_id: title, type: 'video', src: '/storage/hero.mp4', category: 'full', approved: true, ...v })).body.video.id as number;
    const film = await video(movie, {});
    await video(movie, { category: 'trailer' });
    await video(bare, { approved: false });
    for (const n of [1, 2]) {
      await admin.post(`/api/v1/titles/${series}/seasons`, {});
      await admin.post(`/api/v1/titles/${series}/seasons/${n}/episodes`, { name: `Opener ${n}` });
    }
    await video(series, { season_num: 2, episode_num: 1 });
    const pilot = await video(series, { season_num: 1, episode_num: 1 });
    const items = [movie, series, bare].map((x) => ({ id: x, model_type: 'title' }));
    const hero = await admin.post('/api/v1/channel', { name: 'Hero', slug: 'hero-row', config: manual({ layout: 'heroSlider' }), items });
    expect(hero.status, hero.text).toBe(200);
    const data = (await asUser(t).then((u) => u.get('/api/v1/channel/hero-row'))).body.channel.content.data;
    expect(data.map((x: any) => [x.play_video_id, x.play_episode])).toEqual([[film, null], [pilot, { season: 1, episode: 1 }], [null, null]]);

    // The page is cached, but an editor's change to what a card shows is on the next read: a title renamed, the video
    // a slide plays deleted, another approved.
    expect((await admin.put(`/api/v1/titles/${movie}`, { name: 'Renamed film' })).status).toBe(200);
    expect((await admin.delete(`/api/v1/videos/${film}`)).status).toBe(200);
    const [pending] = (await t.ctx.db.selectFrom('videos').select('id').where('title_id', '=', bare).execute()).map((r) => Number(r.id));
    expect((await admin.put(`/api/v1/videos/${pending}`, { approved: true })).status).toBe(200);
    const fresh = (await asUser(t).then((u) => u.get('/api/v1/channel/hero-row'))).body.channel.content.data;
    expect(fresh.map((x: any) => [x.name, x.play_video_id])).toEqual([['Renamed film', null], [data[1].name, pilot], [data[2].name, pending]]);
    await admin.post('/api/v1/channel', { name: 'Plain', slug: 'plain-row', config: manual(), items });
    expect((await admin.get('/api/v1/channel/plain-row')).body.channel.content.data[0]).not.toHaveProperty('play_video_id');
  });
});

describe('auto update', () => {
  it('most watched this week ranks titles by the plays report over seven days, within the kind of title and restriction', async () => {
    const [a, b, c] = [titleIds[0], titleIds[1], titleIds[6]]; // a movie and a series (both drama), a movie
    const video = (await admin.post('/api/v1/videos', { name: 'Watched', title_id: a, type: 'video', src: '/storage/w.mp4', category: 'full', approved: true })).body.video.id as number;
    const play = (title: number, daysAgo: number, times: number) => t.ctx.db.insertInto('plays').values(Array.from({ length: times }, () => {
      const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
      return { video_id: video, title_id: title, season_num: null, episode_num: null, user_id: null, visitor_id: 'w', seconds_watched: 30, position: 30,
        device: 'desktop', browser: 'Firefox', platform: 'Linux', country: null, city: null, created_at: at, updated_at: at };
    })).execute();
    await play(a, 1, 3);
    await play(b, 2, 5);
    await play(c, 1, 1);
    await play(c, 9, 10); // before the week
    await rollup(t.ctx, 'play');
    const watched = async (slug: string, config: Record<string, unknown>) => {
      const res = await admin.post('/api/v1/channel', { name: slug, slug, config: { contentType: 'autoUpdate', autoUpdateProvider: 'local', autoUpdateMethod: 'most_watched', ...config } });
      expect(res.status, res.text).toBe(200);
      return (await admin.get(`/api/v1/channel/${slug}`)).body.channel.content.data.map((x: any) => x.id);
    };
    expect(await watched('watched-all', {})).toEqual([b, a, c]);
    expect(await watched('watched-movies', { titleType: 'movie' })).toEqual([a, c]);
    expect(await watched('watched-drama', { restriction: 'genre', restrictionModelId: dramaId })).toEqual([b, a]);
  });

  it("'upcoming' turns at midnight in the site's timezone, not in UTC", async () => {
    // Kiritimati (UTC+14) is always a calendar day ahead of Pago Pago (UTC-11): its today is Pago Pago's tomorrow.
    const edge = await insertTitle(40, { name: 'Edge of day', release_date: dateIn(Date.now(), 'Pacific/Kiritimati'), is_series: false });
    const upcoming = async (zone: string) => {
      await t.ctx.settings.set({ 'client.dates.default_timezone': zone });
      const slug = `upcoming-${zone.split('/')[1].toLowerCase()}`;
      const res = await admin.post('/api/v1/channel', { name: slug, slug, config: { contentType: 'autoUpdate', autoUpdateProvider: 'local', autoUpdateMethod: 'upcoming' } });
      expect(res.status, res.text).toBe(200);
      const names = (await admin.get(`/api/v1/channel/${slug}`)).body.channel.content.data.map((x: any) => x.name);
      expect((await admin.delete(`/api/v1/channel/${res.body.channel.id}`)).status).toBe(200);
      return names;
    };
    try {
      expect(await upcoming('Pacific/Kiritimati')).not.toContain('Edge of day');
      expect(await upcoming('Pacific/Pago_Pago')).toContain('Edge of day');
    } finally {
      await t.ctx.settings.set({ 'client.dates.default_timezone': 'auto' });
      await t.ctx.db.deleteFrom('titles').where('id', '=', edge).execute();
    }
  });

  it('a local channel computes on save; a failed run keeps the items and records the error', async () => {
    const res = await admin.post('/api/v1/channel', { name: 'Top', slug: 'top-local', config: { contentType: 'autoUpdate', autoUpdateProvider: 'local', autoUpdateMethod: 'top_rated' } });
    expect(res.status, res.text).toBe(200);
    const top = (await admin.get('/api/v1/channel/top-local')).body.channel;
    expect(top.content.data[0].rating).toBe(9.5);
    expect(top.auto_updated_at).toBeTruthy();
    // TMDb is not set up here: the run fails, the items stay and the message is kept for the admin.
    await t.ctx.db.updateTable('channels').set({ config: JSON.stringify({ ...top.config, autoUpdateProvider: 'tmdb', autoUpdateMethod: 'movie:popular' }) }).where('id', '=', top.id).execute();
    const run = await admin.post(`/api/v1/channel/${top.id}/auto-update`);
    expect(run.status).toBe(422);
    const after = (await admin.get(`/api/v1/channel/${top.id}`)).body.channel;
    expect(after.auto_update_error).toBe('The movie database is not set up: add its API key in the settings.');
    expect(after.items_count).toBe(top.items_count);
  });
});

describe('GET channel', () => {
  it('lists channels paged; type=list with=user hideInternal=true lists users\' lists with their owners', async () => {
    const list = await admin.get('/api/v1/channel?perPage=10&orderBy=name&orderDir=asc');
    expect(list.status).toBe(200);
    expect(list.body.pagination.per_page).toBe(10);
    expect(list.body.pagination.total).toBeGreaterThan(10);
    const user = await asUser(t, { first_name: 'Lisa', last_name: 'Lister' });
    const mine = await user.post('/api/v1/channel', { name: 'My list', slug: 'my-list', type: 'list', public: false, config: manual() });
    expect(mine.status, mine.text).toBe(200);
    const now = nowIso();
    await t.ctx.db.insertInto('channels').values({ name: 'Watchlist', slug: 'watchlist-x', type: 'list', user_id: user.user.id, public: false, internal: true, config: '{}', items_count: 0, version: 1, auto_updated_at: null, auto_update_error: null, created_at: now, updated_at: now } as any).execute();
    const lists = await admin.get('/api/v1/channel?type=list&with=user&hideInternal=true&loadItemsCount=true');
    expect(lists.status).toBe(200);
    expect(lists.body.pagination.data.map((l: any) => l.name)).toEqual(['My list']);
    expect(lists.body.pagination.data[0].user).toMatchObject({ display_name: 'Lisa Lister', email: user.user.email });
    expect(lists.body.pagination.data[0].items_count).toBe(0);
    // A private list is a 404 to somebody else, not a 403.
    const other = await asUser(t);
    expect((await other.get('/api/v1/channel/my-list')).status).toBe(404);
    expect((await user.get('/api/v1/channel/my-list')).status).toBe(200);
    expect((await admin.get('/api/v1/channel?orderBy=constructor')).status).toBe(422);
  });

  it('deletes channels by ids and drops them from parents', async () => {
    const home = (await admin.get('/api/v1/channel/home')).body.channel;
    const first = home.content.data[0].id;
    const res = await admin.delete(`/api/v1/channel/${first}`);
    expect(res.body.deleted).toBe(1);
    const after = (await admin.get('/api/v1/channel/home')).body.channel;
    expect(after.content.data.map((c: any) => c.id)).not.toContain(first);
    const user = await asUser(t);
    expect((await user.delete(`/api/v1/channel/${home.id}`)).status).toBe(403);
  });
});

describe("the home page's channel", () => {
  it('stays the home page when its slug is changed; another channel renamed leaves the setting alone', async () => {
    const home = (await admin.post('/api/v1/channel', { name: 'My picks', slug: 'my-picks', type: 'channel', public: true, config: manual() })).body.channel;
    const other = (await admin.post('/api/v1/channel', { name: 'Other', slug: 'other-picks', type: 'channel', public: true, config: manual() })).body.channel;
    await t.ctx.settings.set({ 'client.homepage.type': 'channel', 'client.homepage.channel': 'my-picks' });
    try {
      expect((await admin.put(`/api/v1/channel/${home.id}`, { name: 'My picks', slug: 'picks-renamed', type: 'channel', public: true, config: manual() })).status).toBe(200);
      expect(await t.ctx.settings.get('client.homepage.channel')).toBe('picks-renamed');
      expect((await admin.put(`/api/v1/channel/${other.id}`, { name: 'Other', slug: 'other-renamed', type: 'channel', public: true, config: manual() })).status).toBe(200);
      expect(await t.ctx.settings.get('client.homepage.channel')).toBe('picks-renamed');
    } finally {
      await t.ctx.settings.set({ 'client.homepage.channel': 'home' });
    }
  });

  it('cannot be deleted while it is the home page, alone or among others; once another is chosen it can', async () => {
    const picks = (await admin.post('/api/v1/channel', { name: 'Front picks', slug: 'front-picks', type: 'channel', public: true, config: manual() })).body.channel;
    const other = (await admin.post('/api/v1/channel', { name: 'Side picks', slug: 'side-picks', type: 'channel', public: true, config: manual() })).body.channel;
    await t.ctx.settings.set({ 'client.homepage.type': 'channel', 'client.homepage.channel': 'front-picks' });
    try {
      for (const ids of [`${picks.id}`, `${other.id},${picks.id}`]) {
        const res = await admin.delete(`/api/v1/channel/${ids}`);
        expect(res.status, res.text).toBe(422);
        expect(res.body.message).toBe('"Front picks" is the site\'s home page. Choose another home page before deleting it.');
      }
      // Nothing was deleted.
      expect((await admin.get('/api/v1/channel/side-picks')).status).toBe(200);
      await t.ctx.settings.set({ 'client.homepage.type': 'landing' });
      expect((await admin.delete(`/api/v1/channel/${picks.id},${other.id}`)).body.deleted).toBe(2);
    } finally {
      await t.ctx.settings.set({ 'client.homepage.type': 'channel', 'client.homepage.channel': 'home' });
    }
  });
});

describe('private channels inside other channels', () => {
  it('a private row of a public channel, and a private channel in "all channels", are shown to channel managers only', async () => {
    const hidden = (await admin.post('/api/v1/channel', {
      name: 'Hidden row', slug: 'hidden-row', public: false, config: manual(), items: [{ id: titleIds[0], model_type: 'title' }],
    })).body.channel;
    const shown = (await admin.post('/api/v1/channel', {
      name: 'Shown row', slug: 'shown-row', public: true, config: manual(), items: [{ id: titleIds[1], model_type: 'title' }],
    })).body.channel;
    await admin.post('/api/v1/channel', {
      name: 'Parent', slug: 'parent-rows', public: true, config: manual({ contentModel: 'channels' }),
      items: [{ id: hidden.id, model_type: 'channel' }, { id: shown.id, model_type: 'channel' }],
    });
    await admin.post('/api/v1/channel', { name: 'Every channel', slug: 'every-chan', public: true, config: { contentType: 'listAll', contentModel: 'channels', contentOrder: 'name', layout: 'grid' } });
    const visitor = await asUser(t);
    const rows = async (c: Client, slug: string) => (await c.get(`/api/v1/channel/${slug}?perPage=100`)).body.channel.content.data.map((x: any) => x.slug);

    expect(await rows(visitor, 'parent-rows')).toEqual(['shown-row']);
    expect(await rows(visitor, 'every-chan')).not.toContain('hidden-row');
    expect(await rows(visitor, 'every-chan')).toContain('shown-row');
    // The manager's editor still lists (and so keeps on save) the private row.
    expect(await rows(admin, 'parent-rows')).toEqual(['hidden-row', 'shown-row']);
  });
});

describe('items a role may not view', () => {
  const titlesChannel = { contentType: 'listAll', contentModel: 'titles', contentOrder: 'name', layout: 'grid' };
  it('are left out of channels, nested rows and the home page for guests and members whose role lacks the permission', async () => {
    const person = Number((await t.ctx.db.insertInto('people').values({ name: 'Perm Person', popularity: 1, created_at: nowIso(), updated_at: nowIso() } as any)
      .returning('id').executeTakeFirstOrThrow()).id);
    const all = (await admin.post('/api/v1/channel', { name: 'All titles', slug: 'perm-titles', public: true, config: titlesChannel })).body.channel;
    const people = (await admin.post('/api/v1/channel', {
      name: 'Some people', slug: 'perm-people', public: true, config: manual({ contentModel: 'people' }), items: [{ id: person, model_type: 'person' }],
    })).body.channel;
    await admin.post('/api/v1/channel', {
      name: 'Perm rows', slug: 'perm-rows', public: true, config: manual({ contentModel: 'channels' }),
      items: [{ id: all.id, model_type: 'channel' }, { id: people.id, model_type: 'channel' }],
    });
    const member = await asUser(t);
    const show = async (c: Client, slug: string) => (await c.get(`/api/v1/channel/${slug}?perPage=5`)).body.channel;
    const rowTotals = async (c: Client) => (await show(c, 'perm-rows')).content.data.map((r: any) => [r.slug, r.content.total, r.content.data.length]);
    const allowed = [['perm-titles', 31, 24], ['perm-people', 1, 1]];
    for (const c of [guest(t), member]) {
      expect((await show(c, 'perm-titles')).content).toMatchObject({ total: 31, last_page: 7 });
      expect((await rowTotals(c)).map(([s, n]: any) => [s, n])).toEqual(allowed.map(([s, n]) => [s, n]));
    }

    for (const [role, defaults] of [[t.roles.guests, DEFAULT_GUEST_PERMISSIONS], [t.roles.users, DEFAULT_USER_PERMISSIONS]] as const) {
      await syncGrants(t.ctx.db, 'role', role, defaults.filter((p) => p !== 'titles.view' && p !== 'people.view').map((name) => ({ name })));
    }
    try {
      for (const c of [guest(t), member]) {
        const page = await show(c, 'perm-titles');
        expect(page.name).toBe('All titles');
        expect(page.content).toMatchObject({ total: 0, last_page: 1, data: [] });
        expect(await rowTotals(c)).toEqual([['perm-titles', 0, 0], ['perm-people', 0, 0]]);
        expect((await show(c, 'perm-people')).content.data).toEqual([]);
      }
      // The channel manager still sees (and keeps on save) every item.
      expect((await show(admin, 'perm-titles')).content.total).toBe(31);
    } finally {
      await syncGrants(t.ctx.db, 'role', t.roles.guests, DEFAULT_GUEST_PERMISSIONS.map((name) => ({ name })));
      await syncGrants(t.ctx.db, 'role', t.roles.users, DEFAULT_USER_PERMISSIONS.map((name) => ({ name })));
    }
    expect((await show(guest(t), 'perm-titles')).content.total).toBe(31);
  });
});

describe('menus and landing buttons leading to a channel', () => {
  it('follow the channel to its new slug and leave with it (buttons hide) when it is deleted; plain links stay as typed', async () => {
    const channel = (await admin.post('/api/v1/channel', { name: 'Menu picks', slug: 'menu-picks', public: true, config: manual() })).body.channel;
    // A custom page of the same slug, which a menu item may lead to and which the channel's moves leave alone.
    await admin.post('/api/v1/custom-pages', { title: 'Menu picks', slug: 'menu-picks', body: '<p>Picks</p>' });
    const menus = await t.ctx.settings.get('client.menus');
    const landing = await t.ctx.settings.get('client.homepage.appearance');
    const item = (id: string, type: string, action: string) => ({ id, label: id, icon: null, type, action, target: '_self', roles: [], permissions: [] });
    const menu = { id: 'chanmenu01', name: 'Picks', positions: ['footer'], items: [item('chan01', 'channel', 'menu-picks'), item('link01', 'link', '/channel/menu-picks'), item('page01', 'custom_page', 'menu-picks')] };
    const button = { label: 'Browse picks', type: 'channel', action: 'menu-picks', target: '_self' as const };
    const changes = { 'client.menus': [...menus, menu], 'client.homepage.appearance': { ...landing, actions: { ...landing.actions, cta2: button } } };
    expect((await admin.post('/api/v1/admin/appearance', { changes })).status).toBe(200);
    const actions = async () => [
      (await t.ctx.settings.get('client.menus')).find((m) => m.id === 'chanmenu01')!.items.map((i) => i.action),
      (await t.ctx.settings.get('client.homepage.appearance')).actions.cta2.action,
    ];
    try {
      expect((await admin.put(`/api/v1/channel/${channel.id}`, { name: 'Menu picks', slug: 'picks-moved', public: true, config: manual() })).status).toBe(200);
      expect(await actions()).toEqual([['picks-moved', '/channel/menu-picks', 'menu-picks'], 'picks-moved']);
      expect((await admin.delete(`/api/v1/channel/${channel.id}`)).status).toBe(200);
      expect(await actions()).toEqual([['/channel/menu-picks', 'menu-picks'], '']);
    } finally {
      await t.ctx.settings.set({ 'client.menus': menus, 'client.homepage.appearance': landing });
    }
  });
});
