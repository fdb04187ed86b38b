import { beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asUser, createTestApp, guest, listUrl, type Client } from './helper.ts';
import { rollup, runReportRollups } from '../src/modules/reports/rollup.ts';
import { visitTracker } from '../src/modules/reports/visits.ts';

const t = await createTestApp();
let admin: Client;
let showId: number;
let filmId: number;
let showVideo: number;
let filmVideo: number;
let viewerId: number;
const NOW = new Date('2026-04-01T12:00:00Z');
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

/** A play row as the tracker writes it, at a chosen instant. */
async function play(videoId: number, at: string, extra: { user_id?: number | null; device?: string; country?: string; city?: string | null } = {}) {
  const v = await t.ctx.db.selectFrom('videos').select(['title_id', 'season_num', 'episode_num']).where('id', '=', videoId).executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('plays').values({
    video_id: videoId, title_id: v.title_id, season_num: v.season_num, episode_num: v.episode_num, user_id: extra.user_id ?? null, visitor_id: extra.user_id ? null : 'v1',
    seconds_watched: 30, position: 30, device: extra.device ?? 'desktop', browser: 'Firefox', platform: 'Windows', country: extra.country ?? 'DE', city: extra.city === undefined ? 'Berlin' : extra.city,
    created_at: at, updated_at: at,
  }).execute();
}

async function view(visitor: string, at: string, device = 'desktop', country = 'DE', city = 'Berlin') {
  await t.ctx.db.insertInto('page_views').values({
    visitor_id: visitor, user_id: null, path: '/', model_type: null, model_id: null, referrer: null, device, browser: 'Firefox', platform: 'Windows',
    country, region: null, city, latitude: 52.52, longitude: 13.4, created_at: at,
  }).execute();
}

const report = (q: Record<string, string>) => admin.get(listUrl('/api/v1/admin/reports', q));
const insights = (q: Record<string, string | number>) => admin.get(listUrl('/api/v1/reports/insights', q));
const berlin = { startDate: '2026-03-28', endDate: '2026-03-30', timezone: 'Europe/Berlin' };

beforeAll(async () => {
  admin = await asAdmin(t);
  viewerId = (await asUser(t)).user.id;
  showId = (await admin.post('/api/v1/titles', { name: 'Report Show', is_series: true })).body.title.id;
  await admin.post(`/api/v1/titles/${showId}/seasons`, {});
  await admin.post(`/api/v1/titles/${showId}/seasons/1/episodes`, { name: 'Pilot' });
  filmId = (await admin.post('/api/v1/titles', { name: 'Report Film', is_series: false })).body.title.id;
  showVideo = (await admin.post('/api/v1/videos', { name: 'Pilot full', title_id: showId, type: 'video', src: '/storage/demo/a.mp4', category: 'full', season_num: 1, episode_num: 1, approved: true })).body.video.id;
  filmVideo = (await admin.post('/api/v1/videos', { name: 'Film full', title_id: filmId, type: 'video', src: '/storage/demo/b.mp4', category: 'full', approved: true })).body.video.id;

  // Berlin moves from CET (+1) to CEST (+2) at 2026-03-29 01:00 UTC: that local day has 23 hours.
  await play(showVideo, '2026-03-27T22:30:00.000Z'); // 27 March 23:30 local: the previous period
  await play(showVideo, '2026-03-27T23:30:00.000Z', { user_id: viewerId }); // 28 March 00:30 local
  await play(showVideo, '2026-03-28T22:59:00.000Z', { user_id: viewerId, device: 'mobile' }); // 28 March 23:59
  await play(filmVideo, '2026-03-28T23:30:00.000Z', { country: 'US', city: 'Boston' }); // 29 March 00:30
  await play(showVideo, '2026-03-29T21:30:00.000Z'); // 29 March 23:30 (CEST)
  await play(filmVideo, '2026-03-29T22:30:00.000Z', { city: null }); // 30 March 00:30 (a fixed +1 offset would say the 29th)
  await play(filmVideo, '2026-03-30T22:30:00.000Z'); // 31 March 00:30: after the range

  await view('a', '2026-03-28T10:00:00.000Z');
  await view('a', '2026-03-28T10:20:00.000Z'); // same visitor, same hour: one visitor
  await view('b', '2026-03-28T10:40:00.000Z', 'mobile', 'US', 'Boston');
  await view('a', '2026-03-28T12:00:00.000Z');
  await view('c', '2026-03-26T10:00:00.000Z'); // previous period
  await rollup(t.ctx, 'visit', NOW);
  await rollup(t.ctx, 'play', NOW);
});

describe('GET admin/reports', () => {
  it('counts plays per local day across a daylight-saving change, against the previous period', async () => {
    const res = await report({ ...berlin, types: 'plays' });
    expect(res.status).toBe(200);
    const series = res.body.playsReport.plays;
    expect(series.granularity).toBe('day');
    expect(series.total).toBe(5);
    expect(series.datasets[0].data).toEqual([
      { date: '2026-03-27T23:00:00.000Z', endDate: '2026-03-28T23:00:00.000Z', value: 2 },
      { date: '2026-03-28T23:00:00.000Z', endDate: '2026-03-29T22:00:00.000Z', value: 2 },
      { date: '2026-03-29T22:00:00.000Z', endDate: '2026-03-30T22:00:00.000Z', value: 1 },
    ]);
    // The previous period is as long (71 hours) and ends where this one starts.
    expect(series.datasets[1].data.reduce((s: number, p: { value: number }) => s + p.value, 0)).toBe(1);

    const p = res.body.playsReport;
    expect(p.topSeries.datasets[0].data).toEqual([expect.objectContaining({ label: 'Report Show', value: 3, percentage: 100, model: expect.objectContaining({ model_type: 'title', id: showId }) })]);
    expect(p.topMovies.datasets[0].data).toEqual([expect.objectContaining({ label: 'Report Film', value: 2 })]);
    expect(p.topVideos.datasets[0].data.map((x: { value: number }) => x.value)).toEqual([3, 2]);
    expect(p.topUsers.datasets[0].data).toEqual([expect.objectContaining({ value: 2, model: expect.objectContaining({ model_type: 'user', id: viewerId }) })]);
    expect(p.devices.datasets[0].data).toEqual([{ label: 'desktop', value: 4, percentage: 80 }, { label: 'mobile', value: 1, percentage: 20 }]);
    expect(p.locations.datasets[0].data).toEqual([
      { label: 'Germany', code: 'DE', value: 4, percentage: 80, cities: [{ label: 'Berlin', value: 3, percentage: 75 }], regions: [] },
      { label: 'United States', code: 'US', value: 1, percentage: 20, cities: [{ label: 'Boston', value: 1, percentage: 100 }], regions: [] },
    ]);
  });

  it('answers the header strip and the visitors report with their changes', async () => {
    const res = await report({ ...berlin, types: 'header,visitors' });
    expect(res.status).toBe(200);
    expect(res.body.playsReport).toBeUndefined();
    const header = new Map(res.body.headerReport.map((i: { name: string }) => [i.name, i]));
    expect(header.get('Plays')).toMatchObject({ currentValue: 5, percentageChange: 400 });
    // Visitors are distinct over the whole range: a at 10h, b at 10h, a again at 12h are two visitors (c before).
    expect(header.get('Visitors')).toMatchObject({ currentValue: 2, percentageChange: 100 });
    expect(header.get('Page views')).toMatchObject({ currentValue: 4, percentageChange: 300 });
    expect(header.get('Storage used')).toMatchObject({ type: 'fileSize', currentValue: 0 });
    const v = res.body.visitorsReport;
    expect(v.pageViews.total).toBe(4);
    expect(v.pageViews.datasets[0].data.map((p: { value: number }) => p.value)).toEqual([4, 0, 0]);
    expect(v.devices.datasets[0].data).toEqual([{ label: 'desktop', value: 3, percentage: 75 }, { label: 'mobile', value: 1, percentage: 25 }]);
    expect(v.browsers.datasets[0].data).toEqual([{ label: 'Firefox', value: 4, percentage: 100 }]);
    expect(v.locations.datasets[0].data[0]).toEqual({ label: 'Germany', code: 'DE', value: 3, percentage: 75, cities: [{ label: 'Berlin', code: '52.52,13.40', value: 3, percentage: 100 }], regions: [] });
  });

  it('picks hours for a day and weeks for a year, in the caller\'s timezone', async () => {
    const day = await report({ startDate: '2026-03-29', endDate: '2026-03-29', timezone: 'Europe/Berlin', types: 'plays' });
    expect(day.body.playsReport.plays.granularity).toBe('hour');
    expect(day.body.playsReport.plays.datasets[0].data).toHaveLength(23);
    expect(day.body.playsReport.plays.total).toBe(2);
    const utc = await report({ startDate: '2026-03-29', endDate: '2026-03-29', timezone: 'UTC', types: 'plays' });
    expect(utc.body.playsReport.plays.total).toBe(2); // 21:30 and 22:30 UTC
    const year = await report({ startDate: '2026-01-01', endDate: '2026-12-31', timezone: 'UTC', types: 'plays' });
    expect(year.body.playsReport.plays.granularity).toBe('week');
    expect(year.body.playsReport.plays.total).toBe(7);
  });

  it('starts hourly buckets on the local hour in a timezone half an hour off UTC, each UTC hour counted where it starts', async () => {
    // Kolkata is +5:30: 29 March there is 28 March 18:30 to 29 March 18:30 UTC.
    const q = { startDate: '2026-03-29', endDate: '2026-03-29', timezone: 'Asia/Kolkata' };
    const hours = (await report({ ...q, types: 'plays' })).body.playsReport.plays;
    expect(hours.granularity).toBe('hour');
    expect(hours.datasets[0].data).toHaveLength(24);
    // Every bucket starts at a local hour (:30 UTC), never at a local half hour.
    expect(hours.datasets[0].data.every((p: { date: string; endDate: string }) => p.date.endsWith(':30:00.000Z') && p.endDate.endsWith(':30:00.000Z'))).toBe(true);
    expect(hours.datasets[0].data[0].date).toBe('2026-03-28T18:30:00.000Z');
    // 22:59 UTC is in the UTC hour starting 03:30 local, counted at 03:00; 23:30 UTC in the one starting 04:30, at 04:00.
    expect(hours.total).toBe(2);
    expect(hours.datasets[0].data.filter((p: { value: number }) => p.value).map((p: { date: string }) => p.date)).toEqual(['2026-03-28T21:30:00.000Z', '2026-03-28T22:30:00.000Z']);
    // The raw plays an insight reads are bucketed the same way.
    const insight = (await insights({ ...q, model: 'title', id: showId, metrics: 'plays' })).body.report.plays;
    expect(insight.datasets[0].data[0].date).toBe('2026-03-28T18:30:00.000Z');
    expect(insight.datasets[0].data.filter((p: { value: number }) => p.value).map((p: { date: string }) => p.date)).toEqual(['2026-03-28T21:30:00.000Z']);
  });

  it('refuses bad dates, reversed and over-long ranges, unknown types and timezones with 422', async () => {
    // A date that is not one says so once, and is not also compared with the other day (Date reads 30 February as 2 March).
    for (const startDate of ['2026-02-30', 'yesterday']) {
      const bad = await report({ ...berlin, startDate, endDate: '2026-03-01' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ startDate: ['Enter a valid date.'] });
    }
    // Short strings the pattern refuses must not reach the calendar check as an invalid Date (it used to answer 500).
    for (const startDate of ['0', '-1', '100000', '2026-1']) expect((await report({ ...berlin, startDate })).status).toBe(422);
    const reversed = await report({ startDate: '2026-03-05', endDate: '2026-03-01', timezone: 'UTC' });
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors).toEqual({ startDate: ['Enter a date before 2026-03-01'], endDate: ['Enter a date after 2026-03-05'] });
    expect((await report({ startDate: '2020-01-01', endDate: '2025-01-02', timezone: 'UTC' })).status).toBe(422);
    expect((await report({ startDate: '2020-01-01', endDate: '2024-12-31', timezone: 'UTC', types: 'header' })).status).toBe(200);
    const types = await report({ ...berlin, types: 'plays,constructor' });
    expect(types.status).toBe(422);
    expect(types.body.errors.types).toEqual(['Unknown report type: constructor']);
    // An empty list names what to choose (it used to read "Choose at least NaN.").
    const none = await report({ ...berlin, types: ',' });
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ message: 'Choose at least one report type.', errors: { types: ['Choose at least one report type.'] } });
    const noMetric = await insights({ ...berlin, model: 'title', id: showId, metrics: ',' });
    expect(noMetric.status).toBe(422);
    expect(noMetric.body.errors).toEqual({ metrics: ['Choose at least one metric.'] });
    expect((await report({ ...berlin, timezone: 'Mars/Olympus' })).status).toBe(422);
    // Years PostgreSQL could not read once the range and its previous period are worked out: the field says why.
    for (const [startDate, endDate] of [['9999-01-01', '9999-12-31'], ['0001-01-01', '0005-12-31']]) {
      const res = await report({ startDate, endDate, timezone: 'UTC' });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ startDate: ['Enter a valid date.'], endDate: ['Enter a valid date.'] });
      expect((await insights({ startDate, endDate, timezone: 'UTC', model: 'title', id: 1 })).body.errors.startDate).toEqual(['Enter a valid date.']);
    }
    expect((await guest(t).get(listUrl('/api/v1/admin/reports', berlin))).status).toBe(401);
    const user = await asUser(t);
    expect((await user.get(listUrl('/api/v1/admin/reports', berlin))).status).toBe(403);
  });
});

describe('GET reports/insights', () => {
  it('answers a title\'s plays, devices, locations and most played seasons and episodes', async () => {
    const res = await insights({ ...berlin, model: 'title', id: showId, metrics: 'plays,devices,seasons,episodes' });
    expect(res.status).toBe(200);
    expect(res.body.report.plays.total).toBe(3);
    expect(res.body.report.plays.datasets[0].data.map((p: { value: number }) => p.value)).toEqual([2, 1, 0]);
    expect(res.body.report.devices.datasets[0].data).toEqual([{ label: 'desktop', value: 2, percentage: 66.7 }, { label: 'mobile', value: 1, percentage: 33.3 }]);
    expect(res.body.report.seasons.datasets[0].data).toEqual([expect.objectContaining({ value: 3, model: expect.objectContaining({ model_type: 'season', number: 1, title_id: showId }) })]);
    expect(res.body.report.episodes.datasets[0].data).toEqual([expect.objectContaining({ label: 'Pilot', value: 3, model: expect.objectContaining({ model_type: 'episode', season_number: 1, episode_number: 1 }) })]);
    expect(res.body.report.locations).toBeUndefined();
    // What the insights are about comes with them: staff who only read reports may not open the title.
    expect(res.body.model).toMatchObject({ model_type: 'title', id: showId, name: 'Report Show', is_series: true });
    expect((await insights({ ...berlin, model: 'title', id: filmId, metrics: 'plays' })).body.model).toMatchObject({ name: 'Report Film', is_series: false });
    expect((await insights({ ...berlin, model: 'season', id: showId, season: 1, metrics: 'plays' })).body.model).toMatchObject({ model_type: 'season', number: 1, title_id: showId });
    expect((await insights({ ...berlin, model: 'episode', id: showId, season: 1, episode: 1, metrics: 'plays' })).body.model).toMatchObject({ model_type: 'episode', name: 'Pilot' });
    expect((await insights({ ...berlin, model: 'video', id: filmVideo, metrics: 'plays' })).body.model).toMatchObject({ model_type: 'video', name: 'Film full', title_id: filmId });
  });

  it('answers a season, an episode, a video and a user', async () => {
    const total = async (q: Record<string, string | number>) => (await insights({ ...berlin, metrics: 'plays', ...q })).body.report.plays.total;
    expect(await total({ model: 'season', id: showId, season: 1 })).toBe(3);
    expect(await total({ model: 'episode', id: showId, season: 1, episode: 1 })).toBe(3);
    expect(await total({ model: 'video', id: filmVideo })).toBe(2);
    expect(await total({ model: 'user', id: viewerId })).toBe(2);
  });

  it('refuses unknown models and metrics with 422 and missing models with 404', async () => {
    expect((await insights({ ...berlin, model: 'planet', id: 1 })).status).toBe(422);
    expect((await insights({ ...berlin, model: 'title', id: showId, metrics: 'plays,__proto__' })).status).toBe(422);
    expect((await insights({ ...berlin, model: 'season', id: showId })).status).toBe(422);
    expect((await insights({ ...berlin, model: 'title', id: 999999 })).status).toBe(404);
    expect((await insights({ ...berlin, model: 'season', id: showId, season: 9 })).status).toBe(404);
    expect((await insights({ ...berlin, model: 'title', id: showId, endDate: '2026-03-01' })).status).toBe(422);
    expect((await insights({ ...berlin, model: 'title', id: showId, endDate: '0' })).status).toBe(422);
  });
});

describe('POST reports/visits', () => {
  const beacon = (c: Client, body: unknown, ip: string, ua = FIREFOX_WINDOWS) => c.request('POST', '/api/v1/reports/visits', body, { 'x-forwarded-for': ip, 'user-agent': ua });
  const flush = () => visitTracker(t.ctx).flush();

  it('records a page view in a batch with device, browser, platform, place and referrer domain', async () => {
    const c = guest(t);
    const res = await beacon(c, { path: `/titles/${showId}`, model_type: 'title', model_id: showId, referrer: 'https://news.example.org/story?id=1' }, '81.2.69.142');
    expect(res.status).toBe(202);
    await flush();
    const row = await t.ctx.db.selectFrom('page_views').selectAll().where('path', '=', `/titles/${showId}`).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ model_type: 'title', model_id: showId, referrer: 'news.example.org', device: 'desktop', browser: 'Firefox', platform: 'Windows', country: 'GB', city: 'St Albans', user_id: null });
    expect(row.visitor_id).toMatch(/^[a-f0-9]{32}$/);
  });

  it('drops crawlers and refuses forged beacons, recording nothing', async () => {
    const before = (await t.ctx.db.selectFrom('page_views').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const c = guest(t);
    expect((await beacon(c, { path: '/bot' }, '10.0.0.2', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).status).toBe(202);
    expect((await beacon(c, { path: 5 }, '10.0.0.2')).status).toBe(422);
    expect((await beacon(c, { path: 'no-slash' }, '10.0.0.2')).status).toBe(422);
    expect((await beacon(c, { path: '/x', extra: 1 }, '10.0.0.2')).status).toBe(422);
    expect((await beacon(c, { path: `/${'x'.repeat(3000)}` }, '10.0.0.2')).status).toBe(413);
    await flush();
    const after = (await t.ctx.db.selectFrom('page_views').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(Number(after)).toBe(Number(before));
  });

  it('rate-limits a flood from one address', async () => {
    const c = guest(t);
    let last = 0;
    for (let i = 0; i < 121; i++) last = (await beacon(c, { path: '/flood' }, '10.0.0.3')).status;
    expect(last).toBe(429);
    expect((await beacon(c, { path: '/flood' }, '10.0.0.4')).status).toBe(202);
  });
});

describe('rollup job', () => {
  it('is idempotent, and drops raw page views after the retention period while the report keeps them', async () => {
    await rollup(t.ctx, 'play', NOW);
    expect((await report({ ...berlin, types: 'plays' })).body.playsReport.plays.total).toBe(5);
    await t.ctx.settings.set({ 'server.analytics_retention_days': 1 });
    await runReportRollups(t.ctx, new Date());
    const old = await t.ctx.db.selectFrom('page_views').select('id').where('created_at', '<', '2026-04-01').execute();
    expect(old).toHaveLength(0);
    expect((await report({ ...berlin, types: 'visitors' })).body.visitorsReport.pageViews.total).toBe(4);
  });
});
