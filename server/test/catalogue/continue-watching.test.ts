import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asUser, createTestApp, guest, type Client } from '../helper.ts';
import { playTracker } from '../../src/modules/plays/tracker.ts';

// A built web app's page, so the server renders title pages (with their data) too.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="en"><head><title>StreamSite</title></head><body><div id="root"></div></body></html>');
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));
const t = await createTestApp({}, { webDist });
afterAll(() => t.close());
let admin: Client;
let series: number;
let movie: number;
// Each batch is written, then the clock moves on a millisecond: positions sent after a flush are newer, never the same
// instant (the history and the shelf sort by that time; a fast machine sent two in one millisecond).
const flush = async () => {
  await playTracker(t.ctx).flush();
  const written = Date.now();
  while (Date.now() <= written) await new Promise((resolve) => setTimeout(resolve, 1));
};

let n = 0;
const newVideo = async (title: number, v: Record<string, unknown> = {}) =>
  (await admin.post('/api/v1/videos', { name: `CW${++n}`, title_id: title, type: 'video', src: `/storage/cw${n}.mp4`, category: 'full', approved: true, ...v })).body.video.id as number;
const progress = (c: Client, id: number, body: Record<string, unknown>) => c.post(`/api/v1/videos/${id}/progress`, { seconds: 0, ...body });
const shelf = async (c: Client) => {
  const res = await c.get('/api/v1/videos/continue-watching');
  expect(res.status, res.text).toBe(200);
  return res.body.items as { video: { id: number }; title: { id: number; name: string }; episode_name: string | null; position: number; duration: number | null }[];
};

beforeAll(async () => {
  admin = await asAdmin(t);
  series = (await admin.post('/api/v1/titles', { name: 'Shelf Show', is_series: true })).body.title.id;
  await admin.post(`/api/v1/titles/${series}/seasons`, {});
  await admin.post(`/api/v1/titles/${series}/seasons/1/episodes`, { name: 'Pilot' });
  await admin.post(`/api/v1/titles/${series}/seasons/1/episodes`, { name: 'Second' });
  movie = (await admin.post('/api/v1/titles', { name: 'Shelf Movie' })).body.title.id;
});

describe('GET videos/continue-watching', () => {
  it('lists the viewer\'s unfinished full videos, latest first, one per title, with the episode and how far they got', async () => {
    const user = await asUser(t);
    const ep1 = await newVideo(series, { season_num: 1, episode_num: 1 });
    const ep2 = await newVideo(series, { season_num: 1, episode_num: 2 });
    const film = await newVideo(movie);
    const done = await newVideo(movie);
    const trailer = await newVideo(series, { category: 'trailer' });
    expect((await progress(user, ep1, { position: 300, duration: 1200 })).status).toBe(202);
    await flush();
    await progress(user, film, { position: 60, duration: 5400 });
    await flush();
    // Watched to the end (95 % and more): not offered again.
    await progress(user, done, { position: 590, duration: 600 });
    await flush();
    // The viewer moved on to the next episode: the series shows that one, with its length kept from the earlier report.
    await progress(user, ep2, { position: 40, duration: 1300 });
    await flush();
    await progress(user, ep2, { position: 45 });
    await flush();
    // A trailer watched since is not something to get back to: the series still offers the episode.
    await progress(user, trailer, { position: 30, duration: 120 });
    await flush();
    const items = await shelf(user);
    expect(items.map((i) => [i.video.id, i.position, i.duration])).toEqual([[ep2, 45, 1300], [film, 60, 5400]]);
    expect(items[0]).toMatchObject({ title: { id: series, name: 'Shelf Show' }, episode_name: 'Second', video: { season_num: 1, episode_num: 2 } });
    expect(items[1].episode_name).toBeNull();
    // Another viewer sees only their own.
    const stranger = await asUser(t);
    expect(await shelf(stranger)).toEqual([]);

    // The title page resumes the same video (on the API and in the server-rendered page); nobody else's point shows.
    const page = (await user.get(`/api/v1/titles/${series}/page`)).body;
    expect(page.resume).toEqual({ video_id: ep2, season: 1, episode: 2, position: 45, duration: 1300 });
    expect((await user.get(`/api/v1/titles/${movie}/page`)).body.resume).toMatchObject({ video_id: film, season: null, episode: null });
    const html = (await user.get(`/titles/${series}`)).text;
    expect(html).toContain(`"resume":{"video_id":${ep2},`);
    expect((await stranger.get(`/api/v1/titles/${series}/page`)).body.resume).toBeNull();
    expect((await guest(t).get(`/api/v1/titles/${series}/page`)).body.resume).toBeNull();
    // The episode lists show how far the viewer got in each episode (the title page lists the latest season, here 1).
    const bars = [{ episode: 1, position: 300, duration: 1200 }, { episode: 2, position: 45, duration: 1300 }];
    expect(page.episode_progress).toEqual(bars);
    expect((await user.get(`/api/v1/titles/${series}/seasons/1/page`)).body.episode_progress).toEqual(bars);
    expect((await stranger.get(`/api/v1/titles/${series}/seasons/1/page`)).body.episode_progress).toEqual([]);
    expect((await guest(t).get(`/api/v1/titles/${series}/page`)).body.episode_progress).toEqual([]);
    // Each episode page resumes its own video.
    const episodePage = (c: Client, n: number) => c.get(`/api/v1/titles/${series}/seasons/1/episodes/${n}/page`);
    expect((await episodePage(user, 2)).body.resume).toEqual({ video_id: ep2, season: 1, episode: 2, position: 45, duration: 1300 });
    expect((await episodePage(user, 1)).body.resume).toMatchObject({ video_id: ep1, position: 300 });
    expect((await episodePage(stranger, 2)).body.resume).toBeNull();
    expect((await episodePage(guest(t), 2)).body.resume).toBeNull();
  });

  it('opens the title page on the season the viewer is in, and the season page resumes within its season', async () => {
    const show = (await admin.post('/api/v1/titles', { name: 'Two Seasons', is_series: true })).body.title.id as number;
    for (const season of [1, 2]) {
      await admin.post(`/api/v1/titles/${show}/seasons`, {});
      await admin.post(`/api/v1/titles/${show}/seasons/${season}/episodes`, { name: `S${season} pilot` });
    }
    const s1 = await newVideo(show, { season_num: 1, episode_num: 1 });
    await newVideo(show, { season_num: 2, episode_num: 1 });
    const user = await asUser(t);
    await progress(user, s1, { position: 120, duration: 1200 });
    await flush();
    const mine = (await user.get(`/api/v1/titles/${show}/page`)).body;
    expect(mine.episodes.map((e: { name: string }) => e.name)).toEqual(['S1 pilot']);
    expect(mine.episode_progress).toEqual([{ episode: 1, position: 120, duration: 1200 }]);
    // Anyone else starts from the latest season.
    expect((await guest(t).get(`/api/v1/titles/${show}/page`)).body.episodes.map((e: { name: string }) => e.name)).toEqual(['S2 pilot']);
    const seasonPage = (c: Client, n: number) => c.get(`/api/v1/titles/${show}/seasons/${n}/page`);
    expect((await seasonPage(user, 1)).body.resume).toEqual({ video_id: s1, season: 1, episode: 1, position: 120, duration: 1200 });
    expect((await seasonPage(user, 2)).body.resume).toBeNull();
    expect((await seasonPage(guest(t), 1)).body.resume).toBeNull();
  });

  it('leaves out the first seconds, unapproved videos and lengths that make no sense', async () => {
    const user = await asUser(t);
    const early = await newVideo(movie);
    await progress(user, early, { position: 3, duration: 600 });
    const hidden = await newVideo(movie);
    await progress(user, hidden, { position: 100, duration: 600 });
    await flush();
    await admin.put(`/api/v1/videos/${hidden}`, { approved: false });
    expect(await shelf(user)).toEqual([]);
    for (const duration of [-1, 'long', 10 ** 9]) {
      const res = await progress(user, early, { position: 10, duration });
      expect(res.status, String(duration)).toBe(422);
      expect(res.body.errors.duration).toBeTruthy();
    }
  });

  it('asks a guest to sign in', async () => {
    expect((await guest(t).get('/api/v1/videos/continue-watching')).status).toBe(401);
    expect((await guest(t).delete('/api/v1/videos/1/progress')).status).toBe(401);
  });

  it('refuses a signed-in user whose roles do not let them view videos', async () => {
    const noRoles = await asUser(t, { roles: [] });
    const res = await noRoles.get('/api/v1/videos/continue-watching');
    expect(res.status, res.text).toBe(403);
  });

  it('shows no Resume and no episode bars on the pages of a user who may browse titles but not view videos', async () => {
    const role = (await admin.post('/api/v1/roles', { name: 'Browsers only', permissions: ['titles.view', 'seasons.view', 'episodes.view'].map((name) => ({ name })) })).body.role.id;
    const browser = await asUser(t, { roles: [role] });
    const ep1 = await newVideo(series, { season_num: 1, episode_num: 1 });
    // Kept from when the role still allowed watching: the pages must not show it now.
    await t.ctx.db.insertInto('video_progress').values({ user_id: browser.user.id, video_id: ep1, position: 300, duration: 1200, updated_at: new Date().toISOString() }).execute();
    const title = await browser.get(`/api/v1/titles/${series}/page`);
    expect(title.status, title.text).toBe(200);
    expect(title.body.resume).toBeNull();
    expect(title.body.episode_progress).toEqual([]);
    expect((await browser.get(`/api/v1/titles/${series}/seasons/1/page`)).body.episode_progress).toEqual([]);
    const episode = await browser.get(`/api/v1/titles/${series}/seasons/1/episodes/1/page`);
    expect(episode.status, episode.text).toBe(200);
    expect(episode.body.resume).toBeNull();
  });
});

describe('DELETE videos/:id/progress', () => {
  it('forgets only the caller\'s resume point: the card leaves and the video starts from the beginning', async () => {
    const user = await asUser(t);
    const other = await asUser(t);
    const id = await newVideo(movie);
    await progress(user, id, { position: 120, duration: 600 });
    await progress(other, id, { position: 200, duration: 600 });
    await flush();
    expect((await user.delete(`/api/v1/videos/${id}/progress`)).status).toBe(200);
    expect(await shelf(user)).toEqual([]);
    expect((await user.get(`/api/v1/videos/${id}/watch`)).body.position ?? null).toBeNull();
    expect((await shelf(other)).map((i) => i.position)).toEqual([200]);
    // Nothing to forget is not an error.
    expect((await user.delete(`/api/v1/videos/${id}/progress`)).status).toBe(200);
  });
});

describe('GET and DELETE watch-history', () => {
  const history = async (c: Client, query = '') => {
    const res = await c.get(`/api/v1/watch-history${query}`);
    expect(res.status, res.text).toBe(200);
    return res.body.pagination as { total: number; current_page: number; data: { video: { id: number; category: string }; title: { name: string }; episode_name: string | null; position: number; duration: number | null }[] };
  };

  it('lists every video the member started, newest first, finished ones and trailers too, paged; others see only their own', async () => {
    const user = await asUser(t);
    const other = await asUser(t);
    const ep1 = await newVideo(series, { season_num: 1, episode_num: 1 });
    const film = await newVideo(movie);
    const trailer = await newVideo(movie, { category: 'trailer' });
    const hidden = await newVideo(movie);
    await progress(user, ep1, { position: 1190, duration: 1200 }); // finished: gone from Continue watching, still in the history
    await flush();
    await progress(user, trailer, { position: 30, duration: 120 });
    await flush();
    await progress(user, film, { position: 60, duration: 5400 });
    await progress(user, hidden, { position: 60, duration: 600 });
    await progress(other, film, { position: 10, duration: 5400 });
    await flush();
    await admin.put(`/api/v1/videos/${hidden}`, { approved: false });

    const all = await history(user);
    expect(all.total).toBe(3);
    expect(all.data.map((i) => [i.video.id, i.position, i.duration])).toEqual([[film, 60, 5400], [trailer, 30, 120], [ep1, 1190, 1200]]);
    expect(all.data[2]).toMatchObject({ title: { name: 'Shelf Show' }, episode_name: 'Pilot', video: { category: 'full' } });
    expect(all.data[1].video.category).toBe('trailer');
    const second = await history(user, '?perPage=10&page=2');
    expect([second.current_page, second.data]).toEqual([2, []]);
    expect((await history(other)).data.map((i) => [i.video.id, i.position])).toEqual([[film, 10]]);
  });

  it('clears only the caller\'s history: Continue watching and resume points go with it, the play counts stay', async () => {
    const user = await asUser(t);
    const other = await asUser(t);
    const film = await newVideo(movie);
    expect((await user.post(`/api/v1/videos/${film}/plays`, { seconds: 5, position: 5 })).status).toBe(202);
    await progress(user, film, { position: 120, duration: 600 });
    await progress(other, film, { position: 200, duration: 600 });
    await flush();
    // A position still waiting in the tracker's batch must not bring the history back after the clear.
    await progress(user, film, { position: 130, duration: 600 });
    expect((await user.delete('/api/v1/watch-history')).status).toBe(200);
    await flush();
    expect((await history(user)).total).toBe(0);
    expect(await shelf(user)).toEqual([]);
    expect((await user.get(`/api/v1/videos/${film}/watch`)).body.position ?? null).toBeNull();
    expect((await history(other)).data.map((i) => i.position)).toEqual([200]);
    const plays = await t.ctx.db.selectFrom('plays').select('id').where('video_id', '=', film).where('user_id', '=', user.user.id).execute();
    expect(plays).toHaveLength(1);
    // Nothing to clear is not an error.
    expect((await user.delete('/api/v1/watch-history')).status).toBe(200);
  });

  it('asks a guest to sign in and refuses a bad page', async () => {
    expect((await guest(t).get('/api/v1/watch-history')).status).toBe(401);
    expect((await guest(t).delete('/api/v1/watch-history')).status).toBe(401);
    const user = await asUser(t);
    for (const query of ['?page=0', '?perPage=1000', '?orderBy=password']) expect((await user.get(`/api/v1/watch-history${query}`)).status, query).toBe(422);
  });
});
