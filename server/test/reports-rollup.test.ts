import { beforeAll, describe, expect, it, vi } from 'vitest';
import { asAdmin, createTestApp, listUrl, type Client } from './helper.ts';
import { purgeVisits, rollup } from '../src/modules/reports/rollup.ts';
import { dayBlocks } from '../src/modules/reports/read.ts';
import { eventWriter } from '../src/modules/plays/event-writer.ts';

/** The rollup redesign (issue 14): day blocks, an hourly horizon, and an id watermark that counts late events once. */
const t = await createTestApp();
let admin: Client;
let filmId: number;
let filmVideo: number;
const NOW = new Date('2026-06-30T12:00:00Z');

async function play(at: string, device = 'desktop') {
  await t.ctx.db.insertInto('plays').values({
    video_id: filmVideo, title_id: filmId, season_num: null, episode_num: null, user_id: null, visitor_id: 'v1', seconds_watched: 30, position: 30,
    device, browser: 'Firefox', platform: 'Windows', country: 'DE', city: 'Berlin', created_at: at, updated_at: at,
  }).execute();
}
async function view(visitor: string, at: string, device = 'desktop') {
  await t.ctx.db.insertInto('page_views').values({
    visitor_id: visitor, user_id: null, path: '/', model_type: null, model_id: null, referrer: null, device, browser: 'Firefox', platform: 'Windows',
    country: 'DE', region: null, city: 'Berlin', latitude: null, longitude: null, created_at: at,
  }).execute();
}
const report = async (startDate: string, endDate: string, types: string) => {
  const res = await admin.get(listUrl('/api/v1/admin/reports', { startDate, endDate, timezone: 'UTC', types }));
  expect(res.status).toBe(200);
  return res.body;
};
const headerValue = (body: { headerReport: { name: string; currentValue: number }[] }, name: string) => body.headerReport.find((i) => i.name === name)!.currentValue;

beforeAll(async () => {
  admin = await asAdmin(t);
  filmId = (await admin.post('/api/v1/titles', { name: 'Rollup Film', is_series: false })).body.title.id;
  filmVideo = (await admin.post('/api/v1/videos', { name: 'Rollup full', title_id: filmId, type: 'video', src: '/storage/demo/r.mp4', category: 'full', approved: true })).body.video.id;
});

describe('day blocks', () => {
  it('cover a range exactly with aligned blocks of 64, 8 and 1 days', () => {
    const blocks = dayBlocks(5, 203);
    let covered = 0;
    let at = 5;
    for (const b of blocks) {
      expect(b.from).toBe(at);
      expect(b.from % b.span).toBe(0);
      expect((b.to - b.from) % b.span).toBe(0);
      covered += b.to - b.from;
      at = b.to;
    }
    expect(covered).toBe(198);
    expect(blocks.map((b) => b.span)).toEqual([1, 8, 64, 8, 1]);
  });
});

describe('rollup by id watermark', () => {
  it('counts a late event in its own day and hour after the next run, and a rerun adds nothing', async () => {
    await play('2026-06-29T10:00:00.000Z');
    await play('2026-01-10T10:00:00.000Z', 'tv'); // older than the hourly horizon: days only (and the hourly total)
    await rollup(t.ctx, 'play', NOW);
    expect(headerValue(await report('2026-06-29', '2026-06-29', 'header'), 'Plays')).toBe(1);

    // Written after the run, stamped before it: a wall-clock window that had moved on would never count them.
    await play('2026-06-28T23:30:00.000Z', 'mobile');
    await play('2026-01-10T11:00:00.000Z', 'tv');
    await rollup(t.ctx, 'play', new Date(NOW.getTime() + 60_000));
    await rollup(t.ctx, 'play', new Date(NOW.getTime() + 120_000)); // a rerun: nothing new, nothing doubled
    const recent = await report('2026-06-28', '2026-06-29', 'header,plays');
    expect(headerValue(recent, 'Plays')).toBe(2);
    expect(recent.playsReport.plays.granularity).toBe('hour');
    expect(recent.playsReport.devices.datasets[0].data).toEqual([{ label: 'desktop', value: 1, percentage: 50 }, { label: 'mobile', value: 1, percentage: 50 }]);

    // A month in January reads the day blocks: both January plays, once each.
    const january = await report('2026-01-01', '2026-01-31', 'header,plays');
    expect(january.playsReport.plays.granularity).toBe('day');
    expect(january.playsReport.plays.total).toBe(2);
    expect(headerValue(january, 'Plays')).toBe(2);
    expect(january.playsReport.devices.datasets[0].data).toEqual([{ label: 'tv', value: 2, percentage: 100 }]);
    expect(january.playsReport.topMovies.datasets[0].data).toEqual([expect.objectContaining({ label: 'Rollup Film', value: 2 })]);
    // A single old day (hour granularity) reads the raw plays.
    const day = await report('2026-01-10', '2026-01-10', 'plays');
    expect(day.playsReport.devices.datasets[0].data).toEqual([{ label: 'tv', value: 2, percentage: 100 }]);
    // The year: every play once.
    expect((await report('2026-01-01', '2026-12-31', 'plays')).playsReport.plays.total).toBe(4);
  });

  it('counts distinct visitors over days exactly, late visits included, and purges only what is rolled up', async () => {
    // March is before the hourly horizon: visitors come from the per-day visitor rows.
    await view('a', '2026-03-02T10:00:00.000Z');
    await view('a', '2026-03-05T10:00:00.000Z');
    await view('b', '2026-03-05T11:00:00.000Z', 'mobile');
    await view('c', '2026-02-20T10:00:00.000Z'); // the previous period
    await rollup(t.ctx, 'visit', NOW);
    const march = async () => report('2026-03-01', '2026-03-10', 'header,visitors');
    expect(headerValue(await march(), 'Visitors')).toBe(2);

    // Late: c also came on 3 March and a on 1 March (before a's first day: the chain after it is rewritten).
    await view('c', '2026-03-03T09:00:00.000Z');
    await view('a', '2026-03-01T09:00:00.000Z');
    // Past the 90-day retention: the four rolled up go, the two not rolled up yet stay whatever their age.
    await purgeVisits(t.ctx, NOW);
    expect((await t.ctx.db.selectFrom('page_views').select('created_at').orderBy('id').execute()).map((r) => r.created_at))
      .toEqual(['2026-03-03T09:00:00.000Z', '2026-03-01T09:00:00.000Z']);
    await rollup(t.ctx, 'visit', new Date(NOW.getTime() + 60_000));
    await rollup(t.ctx, 'visit', new Date(NOW.getTime() + 120_000));
    const body = await march();
    expect(headerValue(body, 'Visitors')).toBe(3);
    expect(headerValue(body, 'Page views')).toBe(5);
    expect(body.visitorsReport.devices.datasets[0].data).toEqual([{ label: 'desktop', value: 4, percentage: 80 }, { label: 'mobile', value: 1, percentage: 20 }]);
    // 2 to 10 March: a (2nd and 5th), b, c (3rd) = 3; 3 to 4 March... just c.
    expect(headerValue(await report('2026-03-02', '2026-03-10', 'header'), 'Visitors')).toBe(3);
    expect(headerValue(await report('2026-03-03', '2026-03-04', 'header'), 'Visitors')).toBe(1);

    // Now rolled up, they go too; the report keeps them.
    await purgeVisits(t.ctx, NOW);
    expect(await t.ctx.db.selectFrom('page_views').select('id').execute()).toHaveLength(0);
    expect(headerValue(await march(), 'Visitors')).toBe(3);
  });
  it('counts distinct visitors over a long range exactly, through short and long gaps between their days', async () => {
    // 1 July 2025 to 31 January 2026 (215 days): rows far inside it count only when their gap is long (over 64 days).
    await view('d', '2025-06-20T10:00:00.000Z');
    await view('d', '2025-07-10T10:00:00.000Z'); // a short gap, early in the range
    await view('e', '2025-05-01T10:00:00.000Z');
    await view('e', '2025-12-01T10:00:00.000Z'); // a long gap, far inside
    await view('f', '2025-07-05T10:00:00.000Z'); // a first visit, then twice more inside: counted once
    await view('f', '2025-07-20T10:00:00.000Z');
    await view('f', '2025-11-01T10:00:00.000Z');
    await view('g', '2025-06-01T10:00:00.000Z');
    await view('g', '2026-03-20T10:00:00.000Z'); // around the range, never in it
    await view('h', '2025-10-01T10:00:00.000Z'); // a first visit far inside
    await rollup(t.ctx, 'visit', new Date(NOW.getTime() + 180_000));
    expect(headerValue(await report('2025-07-01', '2026-01-31', 'header'), 'Visitors')).toBe(4);
    // Starting after d's and f's early days: e (1 December), f (1 November), h (1 October).
    expect(headerValue(await report('2025-09-15', '2026-01-31', 'header'), 'Visitors')).toBe(3);
  });
});

describe('rollup off the request thread', () => {
  const sqliteFile = t.ctx.config.database.kind === 'sqlite';

  it.runIf(sqliteFile)('runs each SQLite chunk on the event writer thread; a chunk sent again after the thread died counts nothing twice', async () => {
    const writer = eventWriter(t.ctx)!;
    const sent = vi.spyOn(writer, 'rollup');
    const at = new Date(NOW.getTime() + 600_000);
    await play('2026-06-30T09:00:00.000Z', 'console');
    await rollup(t.ctx, 'play', at);
    expect(sent).toHaveBeenCalled();
    const consoles = async () => (await report('2026-06-30', '2026-06-30', 'plays')).playsReport.devices.datasets[0].data
      .find((d: { label: string }) => d.label === 'console')?.value;
    expect(await consoles()).toBe(1);
    // The same chunk again (as after a crash between commit and answer): its watermark moved, so it finds nothing.
    expect(await writer.rollup({ kind: 'play', hoursFrom: at.getTime() - 14 * 86_400_000, rolledUntil: at.toISOString() })).toBeNull();
    expect(await consoles()).toBe(1);
    sent.mockRestore();
  });
});

describe('retention purge', () => {
  it('deletes rolled-up page views past retention in short statements, a backlog over several runs, oldest first', async () => {
    const later = new Date(NOW.getTime() + 900_000);
    for (let d = 1; d <= 5; d++) await view(`old${d}`, `2025-01-0${d}T10:00:00.000Z`);
    await view('recent', '2026-06-29T10:00:00.000Z');
    await rollup(t.ctx, 'visit', later);
    // Earlier tests' visits from 2025 are past retention too, but newer than these.
    const left = async () => (await t.ctx.db.selectFrom('page_views').select('visitor_id').orderBy('id').execute()).map((r) => r.visitor_id);
    const before = (await left()).length;
    // Two statements of two rows a run: the four oldest go, the fifth waits for the next run; the recent one stays.
    await purgeVisits(t.ctx, later, 2, 2);
    expect((await left()).filter((v) => v.startsWith('old'))).toEqual(['old5']);
    expect(await left()).toHaveLength(before - 4);
    await purgeVisits(t.ctx, later);
    expect(await left()).toEqual(['recent']);
    // The report still counts them: the rollups stay.
    expect(headerValue(await report('2025-01-01', '2025-01-05', 'header'), 'Page views')).toBe(5);
  });
});
