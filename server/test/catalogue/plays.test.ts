import { beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asUser, createTestApp, guest, type Client } from '../helper.ts';
import { playTracker } from '../../src/modules/plays/tracker.ts';

const t = await createTestApp();
let admin: Client;
let titleId: number;
let videoId: number;
let hiddenId: number;
const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

const flush = () => playTracker(t.ctx).flush();
const playsOf = (id: number) => t.ctx.db.selectFrom('plays').selectAll().where('video_id', '=', id).orderBy('id').execute();
const counters = async (id: number) => {
  const v = await t.ctx.db.selectFrom('videos').select(['plays_count', 'title_id']).where('id', '=', id).executeTakeFirstOrThrow();
  const title = await t.ctx.db.selectFrom('titles').select('views').where('id', '=', v.title_id).executeTakeFirstOrThrow();
  return { plays: v.plays_count, views: title.views };
};
/** Sends a play or progress report from a given address and browser. */
const report = (c: Client, kind: 'plays' | 'progress', id: number, body: Record<string, unknown>, ip = '81.2.69.142', ua = FIREFOX_WINDOWS) =>
  c.request('POST', `/api/v1/videos/${id}/${kind}`, body, { 'x-forwarded-for': ip, 'user-agent': ua });

let n = 0;
async function newVideo(approved = true): Promise<number> {
  const res = await admin.post('/api/v1/videos', { name: `V${++n}`, title_id: titleId, type: 'video', src: `/storage/demo/v${n}.mp4`, category: 'full', season_num: 1, episode_num: 1, approved });
  return res.body.video.id;
}

beforeAll(async () => {
  admin = await asAdmin(t);
  titleId = (await admin.post('/api/v1/titles', { name: 'Played Show', is_series: true })).body.title.id;
  await admin.post(`/api/v1/titles/${titleId}/seasons`, {});
  await admin.post(`/api/v1/titles/${titleId}/seasons/1/episodes`, { name: 'One' });
  videoId = await newVideo();
  hiddenId = await newVideo(false);
});

describe('POST videos/:id/plays', () => {
  it('records one play per signed-in user per video per 24 hours, with device, browser, OS and place', async () => {
    const id = await newVideo();
    const before = await counters(id);
    const user = await asUser(t);
    expect((await report(user, 'plays', id, { seconds: 5, position: 5 }, '81.2.69.142', CHROME_ANDROID)).status).toBe(202);
    await flush();
    expect((await report(user, 'plays', id, { seconds: 6, position: 2 })).status).toBe(202);
    await flush();
    const plays = await playsOf(id);
    expect(plays).toHaveLength(1);
    expect(plays[0]).toMatchObject({
      user_id: user.user.id, visitor_id: null, title_id: titleId, season_num: 1, episode_num: 1, seconds_watched: 11,
      device: 'mobile', browser: 'Chrome', platform: 'Android', country: 'GB', city: 'St Albans',
    });
    expect(await counters(id)).toEqual({ plays: before.plays + 1, views: before.views + 1 });

    // A day later the same viewer counts again.
    await t.ctx.db.updateTable('plays').set({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() }).where('id', '=', plays[0].id).execute();
    await report(user, 'plays', id, { seconds: 5, position: 5 });
    await flush();
    expect(await playsOf(id)).toHaveLength(2);
    expect(await counters(id)).toEqual({ plays: before.plays + 2, views: before.views + 2 });
  });

  it('tells anonymous visitors apart by their visitor id cookie', async () => {
    const id = await newVideo();
    const a = guest(t);
    const b = guest(t);
    await report(a, 'plays', id, { seconds: 5, position: 5 }, '8.8.8.8', FIREFOX_WINDOWS);
    await report(a, 'plays', id, { seconds: 5, position: 10 }, '8.8.8.8', FIREFOX_WINDOWS);
    await report(b, 'plays', id, { seconds: 7, position: 7 }, '8.8.8.8', FIREFOX_WINDOWS);
    await flush();
    const plays = await playsOf(id);
    expect(plays).toHaveLength(2);
    expect(plays[0]).toMatchObject({ user_id: null, visitor_id: a.cookies.get('visitor_id'), seconds_watched: 10, device: 'desktop', browser: 'Firefox', platform: 'Windows', country: 'US' });
    expect(plays[1]).toMatchObject({ user_id: null, visitor_id: b.cookies.get('visitor_id'), seconds_watched: 7 });
    expect(a.cookies.get('visitor_id')).not.toBe(b.cookies.get('visitor_id'));
    expect((await counters(id)).plays).toBe(2);
  });

  it('accumulates seconds watched from progress reports and keeps the latest position', async () => {
    const id = await newVideo();
    const user = await asUser(t);
    await report(user, 'plays', id, { seconds: 5, position: 5 });
    for (let i = 0; i < 4; i++) await report(user, 'progress', id, { seconds: 10, position: 15 + i * 10 });
    await flush();
    await report(user, 'progress', id, { seconds: 9.6, position: 54.9 });
    await flush();
    const [play] = await playsOf(id);
    expect(play).toMatchObject({ seconds_watched: 55, position: 54 });
    expect((await counters(id)).plays).toBe(1);
    const progress = await t.ctx.db.selectFrom('video_progress').selectAll().where('video_id', '=', id).execute();
    expect(progress).toEqual([expect.objectContaining({ user_id: user.user.id, position: 54 })]);
  });

  it('progress before any play records no play', async () => {
    const id = await newVideo();
    await report(guest(t), 'progress', id, { seconds: 3, position: 3 });
    await flush();
    expect(await playsOf(id)).toHaveLength(0);
    expect((await counters(id)).plays).toBe(0);
  });

  it('never stores the raw address', async () => {
    await report(guest(t), 'plays', videoId, { seconds: 5, position: 5 }, '81.2.69.142');
    await flush();
    const rows = await t.ctx.db.selectFrom('plays').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('81.2.69');
    expect(Object.keys(rows[0])).not.toContain('ip');
  });

  it('writes a burst of reports in batches, off the request path', async () => {
    const id = await newVideo();
    const guests = Array.from({ length: 300 }, () => guest(t));
    for (const g of guests) await g.get('/api/v1/auth/me');
    const res = await Promise.all(guests.map((g) => report(g, 'plays', id, { seconds: 5, position: 5 })));
    expect(res.every((r) => r.status === 202)).toBe(true);
    // Answered before anything was written: the buffer holds them until the flush.
    await flush();
    expect(await playsOf(id)).toHaveLength(300);
    expect((await counters(id)).plays).toBe(300);
  });

  it('the buffer is written on its own within a moment', async () => {
    const id = await newVideo();
    await report(guest(t), 'plays', id, { seconds: 5, position: 5 });
    await new Promise((r) => setTimeout(r, 600));
    expect(await playsOf(id)).toHaveLength(1);
  });

  it('refuses bad input with a clear 4xx and records nothing', async () => {
    const id = await newVideo();
    const user = await asUser(t);
    const other = await asUser(t);
    const cases: [string, 'plays' | 'progress', unknown, number, string][] = [
      [String(id), 'plays', { seconds: -5, position: 5 }, 422, 'A play starts after 5 seconds of playback.'],
      [String(id), 'plays', { seconds: 2, position: 2 }, 422, 'A play starts after 5 seconds of playback.'],
      [String(id), 'progress', { seconds: -1, position: 5 }, 422, 'Seconds watched cannot be negative.'],
      [String(id), 'progress', { seconds: 1e9, position: 5 }, 422, 'Report at most 120 seconds at a time.'],
      [String(id), 'progress', { seconds: 5, position: -3 }, 422, 'The position must be a number of seconds.'],
      [String(id), 'progress', { seconds: 5, position: 1e12 }, 422, 'The position is longer than any video.'],
      [String(id), 'plays', { seconds: '5', position: 5 }, 422, 'Seconds watched are required.'],
      [String(id), 'plays', { position: 5 }, 422, 'Seconds watched are required.'],
      [String(id), 'plays', { seconds: 5, position: 5, user_id: other.user.id }, 403, 'You can only record your own plays.'],
      ['999999', 'plays', { seconds: 5, position: 5 }, 404, 'Video not found'],
      ['abc', 'plays', { seconds: 5, position: 5 }, 422, 'Invalid id.'],
      [String(hiddenId), 'plays', { seconds: 5, position: 5 }, 404, 'Video not found'],
      [String(hiddenId), 'progress', { seconds: 5, position: 5 }, 404, 'Video not found'],
    ];
    for (const [vid, kind, body, status, message] of cases) {
      const res = await user.request('POST', `/api/v1/videos/${vid}/${kind}`, body);
      expect(res.status, `${kind} ${JSON.stringify(body)}`).toBe(status);
      expect(res.body.message).toBe(message);
    }
    // An editor's play of an unapproved video does not count either.
    expect((await admin.post(`/api/v1/videos/${hiddenId}/plays`, { seconds: 5, position: 5 })).status).toBe(404);
    // Own user id is fine.
    expect((await user.post(`/api/v1/videos/${id}/plays`, { seconds: 5, position: 5, user_id: user.user.id })).status).toBe(202);
    await flush();
    expect((await playsOf(id)).map((p) => p.user_id)).toEqual([user.user.id]);
    expect(await playsOf(hiddenId)).toHaveLength(0);
    const progress = await t.ctx.db.selectFrom('video_progress').selectAll().where('video_id', 'in', [id, hiddenId]).execute();
    expect(progress.map((p) => p.position)).toEqual([5]);
  });

  it('writes what is still buffered when the app closes', async () => {
    const second = await createTestApp();
    const a = await asAdmin(second);
    const tid = (await a.post('/api/v1/titles', { name: 'Closing', is_series: false })).body.title.id;
    const vid = (await a.post('/api/v1/videos', { name: 'C', title_id: tid, type: 'video', src: '/storage/c.mp4', category: 'full' })).body.video.id;
    await a.post(`/api/v1/videos/${vid}/plays`, { seconds: 5, position: 5 });
    await second.app.close();
    const rows = await second.ctx.db.selectFrom('plays').selectAll().execute();
    expect(rows).toHaveLength(1);
  });
});

describe('the plays map', () => {
  it('drills a country into its regions and city markers, like the visitors map', async () => {
    const { rollup } = await import('../../src/modules/reports/rollup.ts');
    const { listUrl } = await import('../helper.ts');
    const id = await newVideo();
    // 81.2.69.142 is St Albans, England, in the offline GeoIP data.
    expect((await report(guest(t), 'plays', id, { seconds: 5, position: 5 }, '81.2.69.142')).status).toBe(202);
    await flush();
    const [row] = await playsOf(id);
    expect(row).toMatchObject({ country: 'GB', region: 'ENG', city: 'St Albans' });
    expect(row.latitude).toBeCloseTo(51.75, 1);
    expect(row.longitude).toBeCloseTo(-0.33, 1);

    const day = new Date().toISOString().slice(0, 10);
    const range = { startDate: day, endDate: day, timezone: 'UTC' };
    const gbOf = (locations: { datasets: { data: { code: string }[] }[] }) => locations.datasets[0].data.find((c) => c.code === 'GB');
    // The site-wide report reads the rollup; an insight reads the raw plays.
    await rollup(t.ctx, 'play', new Date());
    const site = gbOf((await admin.get(listUrl('/api/v1/admin/reports', { ...range, types: 'plays' }))).body.playsReport.locations);
    const video = gbOf((await admin.get(listUrl('/api/v1/reports/insights', { ...range, model: 'video', id, metrics: 'locations' }))).body.report.locations);
    for (const gb of [site, video]) {
      expect(gb).toMatchObject({ regions: [expect.objectContaining({ label: 'England' })], cities: [expect.objectContaining({ label: 'St Albans', code: '51.75,-0.33' })] });
    }
  });
});
