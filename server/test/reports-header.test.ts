import { beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asUser, createTestApp, listUrl, type Client } from './helper.ts';

const t = await createTestApp();
let admin: Client;
// 28 to 30 March in Berlin: 2026-03-27T23:00Z to 2026-03-30T22:00Z (a DST change inside); the previous period ends at the start.
const berlin = { startDate: '2026-03-28', endDate: '2026-03-30', timezone: 'Europe/Berlin' };
const START = '2026-03-27T23:00:00.000Z';
const END = '2026-03-30T22:00:00.000Z';

async function subscription(userId: number, createdAt: string, endsAt: string | null, gatewayStatus: string | null = null) {
  await t.ctx.db.insertInto('subscriptions').values({
    user_id: userId, product_id: null, price_id: null, gateway_name: 'none', gateway_id: null, description: null, renews_at: null,
    ends_at: endsAt, gateway_status: gatewayStatus, created_at: createdAt, updated_at: createdAt,
  }).execute();
}

beforeAll(async () => {
  admin = await asAdmin(t);
  const user = (await asUser(t)).user.id;
  await subscription(user, '2026-03-01T00:00:00.000Z', null); // active at both ends
  await subscription(user, '2026-03-01T00:00:00.000Z', '2026-03-29T00:00:00.000Z'); // ended inside the range: the start only
  await subscription(user, '2026-03-29T00:00:00.000Z', null); // began inside the range: the end only
  await subscription(user, '2026-03-01T00:00:00.000Z', null, 'past_due'); // past due: never counted
  await subscription(user, '2026-03-01T00:00:00.000Z', null, 'unpaid'); // Stripe gave up collecting: a payment is owed, as past due
  await subscription(user, '2026-03-01T00:00:00.000Z', null, 'suspended'); // PayPal suspended it for failed payments: the same
  await subscription(user, '2026-03-01T00:00:00.000Z', '2026-04-15T00:00:00.000Z'); // cancelled, in its grace period: both
  await subscription(user, '2026-03-31T00:00:00.000Z', null); // after the range: neither
  await subscription(user, '2026-03-01T00:00:00.000Z', END); // ends exactly at the range's end: the start only
  await subscription(user, START, null); // begins exactly at the start: the end only
});

describe('GET admin/reports header strip', () => {
  it('counts active subscriptions at the range\'s end against the previous period\'s end', async () => {
    const res = await admin.get(listUrl('/api/v1/admin/reports', { ...berlin, types: 'header' }));
    expect(res.status).toBe(200);
    const names = res.body.headerReport.map((i: { name: string }) => i.name);
    expect(names).toEqual(['Plays', 'Visitors', 'Page views', 'New users', 'Active subscriptions', 'Storage used']);
    const item = res.body.headerReport.find((i: { name: string }) => i.name === 'Active subscriptions');
    // At the end: the open one, the one that began inside, the one in its grace period and the one begun at the start (4).
    // At the start: the open one, the one that ended inside, the grace one and the one ending at the end (4).
    expect(item).toEqual({ name: 'Active subscriptions', icon: 'subscriptions', type: 'number', currentValue: 4, percentageChange: 0 });
  });

  it('answers the change against a period with fewer', async () => {
    // 31 March: at its end (1 April 00:00 local) the one begun on the 31st joins and the one ending on the 30th has gone.
    const res = await admin.get(listUrl('/api/v1/admin/reports', { startDate: '2026-03-31', endDate: '2026-03-31', timezone: 'Europe/Berlin', types: 'header' }));
    const item = res.body.headerReport.find((i: { name: string }) => i.name === 'Active subscriptions');
    // End (2026-03-31T22:00Z): open, began 29th, grace, begun at START, began 31st = 5. Previous end (2026-03-30T22:00Z) = 4.
    expect(item).toMatchObject({ currentValue: 5, percentageChange: 25 });
  });
});

describe('GET admin/reports distinct visitors', () => {
  async function view(visitor: string, at: string, region: string | null = null, city = 'Berlin', country = 'DE') {
    await t.ctx.db.insertInto('page_views').values({
      visitor_id: visitor, user_id: null, path: '/', model_type: null, model_id: null, referrer: null, device: 'desktop', browser: 'Firefox',
      platform: 'Windows', country, region, city, latitude: null, longitude: null, created_at: at,
    }).execute();
  }
  const visitors = async (q: Record<string, string>) => {
    const res = await admin.get(listUrl('/api/v1/admin/reports', { ...q, types: 'header' }));
    expect(res.status).toBe(200);
    return res.body.headerReport.find((i: { name: string }) => i.name === 'Visitors');
  };

  it('counts each visitor once over the range, across hours, days, rollup windows and runs', async () => {
    const { rollup } = await import('../src/modules/reports/rollup.ts');
    // Rolled up in two runs, the second a day later: the second window looks up the visitors' hours before it.
    await view('y', '2026-03-27T22:30:00.000Z'); // 27 March 23:30 in Berlin: the previous period
    await view('x', '2026-03-28T09:10:00.000Z');
    await view('x', '2026-03-28T09:50:00.000Z');
    await view('y', '2026-03-28T09:30:00.000Z');
    await view('x', '2026-03-28T15:00:00.000Z'); // x again, another hour
    await rollup(t.ctx, 'visit', new Date('2026-03-28T20:00:00.000Z'));
    await view('x', '2026-03-29T11:00:00.000Z'); // x again, the next day (CEST), another window and run
    await view('z', '2026-03-30T21:30:00.000Z'); // 30 March 23:30 in Berlin: the range's last local hour
    await view('w', '2026-03-30T22:00:00.000Z'); // 31 March 00:00 in Berlin: after the range
    await rollup(t.ctx, 'visit', new Date('2026-04-01T12:00:00.000Z'));
    await rollup(t.ctx, 'visit', new Date('2026-04-01T12:30:00.000Z')); // a second tick re-reads the last hour: no change

    // 28 to 30 March (Berlin): x, y, z = 3 (a sum of hourly uniques says 6). The previous period (25 to 27 March): y = 1.
    expect(await visitors(berlin)).toMatchObject({ currentValue: 3, percentageChange: 200 });
    // 29 to 31 March: x, z, w = 3; the previous period (26 to 28 March): x and y = 2.
    expect(await visitors({ startDate: '2026-03-29', endDate: '2026-03-31', timezone: 'Europe/Berlin' })).toMatchObject({ currentValue: 3, percentageChange: 50 });
    // One UTC hour, 09:00 to 10:00 on the 28th: x and y, whatever came before or after.
    expect(await visitors({ startDate: '2026-03-28T09:00:00Z', endDate: '2026-03-28T10:00:00Z', timezone: 'UTC' })).toMatchObject({ currentValue: 2 });
  });

  it('answers a country\'s regions, summed from its cities, for the map\'s drill-down', async () => {
    const { rollup } = await import('../src/modules/reports/rollup.ts');
    await view('r1', '2026-05-10T10:00:00.000Z', 'Bavaria', 'Munich');
    await view('r2', '2026-05-10T11:00:00.000Z', 'Bavaria', 'Munich');
    await view('r3', '2026-05-10T12:00:00.000Z', 'Bavaria', 'Nuremberg');
    await view('r4', '2026-05-10T13:00:00.000Z', 'Berlin', 'Berlin');
    // Elsewhere in the world: a country's cities and regions are shares of that country, not of these too.
    for (const v of ['r5', 'r6', 'r7', 'r8']) await view(v, '2026-05-10T14:00:00.000Z', 'Ile-de-France', 'Paris', 'FR');
    await rollup(t.ctx, 'visit', new Date('2026-05-11T12:00:00.000Z'));
    const res = await admin.get(listUrl('/api/v1/admin/reports', { startDate: '2026-05-10', endDate: '2026-05-10', timezone: 'UTC', types: 'visitors' }));
    const [germany, france] = res.body.visitorsReport.locations.datasets[0].data;
    expect(germany).toMatchObject({ code: 'DE', value: 4, percentage: 50 });
    expect(germany.regions).toEqual([{ label: 'Bavaria', value: 3, percentage: 75 }, { label: 'Berlin', value: 1, percentage: 25 }]);
    expect(germany.cities.map((c: { label: string; value: number; percentage: number }) => [c.label, c.value, c.percentage])).toEqual([['Munich', 2, 50], ['Nuremberg', 1, 25], ['Berlin', 1, 25]]);
    expect(france).toMatchObject({ code: 'FR', value: 4, percentage: 50, cities: [{ label: 'Paris', value: 4, percentage: 100 }], regions: [{ label: 'Ile-de-France', value: 4, percentage: 100 }] });
  });

  it('names a region the GeoIP data gives by its code, and keeps a code no name is known for', async () => {
    const { rollup } = await import('../src/modules/reports/rollup.ts');
    // The offline GeoIP data's regions are ISO 3166-2 codes: Ontario and British Columbia, and one no list names.
    await view('n1', '2026-06-10T10:00:00.000Z', 'ON', 'Toronto', 'CA');
    await view('n2', '2026-06-10T11:00:00.000Z', 'ON', 'Ottawa', 'CA');
    await view('n3', '2026-06-10T12:00:00.000Z', 'BC', 'Vancouver', 'CA');
    await view('n4', '2026-06-10T13:00:00.000Z', 'ZZ9', 'Nowhere', 'CA');
    await rollup(t.ctx, 'visit', new Date('2026-06-11T12:00:00.000Z'));
    const res = await admin.get(listUrl('/api/v1/admin/reports', { startDate: '2026-06-10', endDate: '2026-06-10', timezone: 'UTC', types: 'visitors' }));
    const [canada] = res.body.visitorsReport.locations.datasets[0].data;
    expect(canada.regions.map((r: { label: string; value: number }) => [r.label, r.value])).toEqual([['Ontario', 2], ['British Columbia', 1], ['ZZ9', 1]]);
  });
});

describe('GET admin/reports storage used', () => {
  it('counts the uploaded files and the transcoded ladders the site keeps, at each period\'s end', async () => {
    const title = (await admin.post('/api/v1/titles', { name: 'Stored bytes', is_series: false })).body.title;
    const video = await t.ctx.db.insertInto('videos').values({
      name: 'Stored bytes (full)', title_id: title.id, season_num: null, episode_num: null, thumbnail: null, type: 'stream', src: '/storage/videos/1/hls/a/master.m3u8',
      quality: '720p', language: 'en', category: 'full', approved: true, order: 0, user_id: null, created_at: START, updated_at: START,
    } as never).returning('id').executeTakeFirstOrThrow();
    const upload = async (size: number, at: string) => t.ctx.db.insertInto('file_entries').values({
      name: `f${size}.bin`, file_name: `file-entries/f${size}.bin`, mime: 'application/octet-stream', type: 'file', extension: 'bin', file_size: size,
      hash: `hash-${size}`, content_hash: 'x', user_id: null, public: false, disk: 'local', thumbnail: null, parent_id: null, created_at: at, updated_at: at,
    }).execute();
    const ladder = async (state: string, size: number | null, finishedAt: string | null) => t.ctx.db.insertInto('transcodes').values({
      video_id: video.id, user_id: null, state, percent: state === 'done' ? 100 : 40, source_key: 'uploads/x.mp4', source_name: 'x.mp4', renditions: '[]',
      output_prefix: `public/videos/${video.id}/hls/${state}${size}`, output_size: size, attempts: 1, finished_at: finishedAt, created_at: START, updated_at: START,
    } as never).execute();
    await upload(1_000, '2026-03-01T00:00:00.000Z'); // before the range: both ends
    await upload(200, '2026-03-29T00:00:00.000Z'); // inside: the end only
    await upload(7, '2026-04-02T00:00:00.000Z'); // after: neither
    await ladder('done', 50_000, '2026-03-20T00:00:00.000Z'); // the video's ladder, finished before the range: both ends
    await ladder('done', 3_000, '2026-03-29T12:00:00.000Z'); // a second ladder finished inside: the end only
    await ladder('done', null, '2026-03-10T00:00:00.000Z'); // a replaced ladder, removed: neither
    await ladder('running', null, null); // still transcoding: nothing stored yet
    const res = await admin.get(listUrl('/api/v1/admin/reports', { ...berlin, types: 'header' }));
    const item = res.body.headerReport.find((i: { name: string }) => i.name === 'Storage used');
    // End: 1,000 + 200 + 50,000 + 3,000 = 54,200 bytes; previous end (the start): 1,000 + 50,000 = 51,000.
    expect(item).toEqual({ name: 'Storage used', icon: 'storage', type: 'fileSize', currentValue: 54_200, percentageChange: 6.3 });
  });
});
