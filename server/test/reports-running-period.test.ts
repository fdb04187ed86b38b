import { afterAll, expect, it } from 'vitest';
import { asAdmin, createTestApp, listUrl } from './helper.ts';
import { rollup } from '../src/modules/reports/rollup.ts';

// Its own app: the rollups here run at the real time, which moves the hourly horizon past the fixed dates other report tests use.
const t = await createTestApp();
afterAll(() => t.close());

async function view(visitor: string, at: number) {
  await t.ctx.db.insertInto('page_views').values({
    visitor_id: visitor, user_id: null, path: '/', model_type: null, model_id: null, referrer: null, device: 'desktop', browser: 'Firefox',
    platform: 'Windows', country: 'DE', region: null, city: 'Berlin', latitude: null, longitude: null, created_at: new Date(at).toISOString(),
  }).execute();
}

it('compares a period still running with the same stretch of the previous one: today so far against yesterday until this time', async () => {
  const admin = await asAdmin(t);
  // A timezone where it is now between 06:00 and 18:00: a minute ago is today, and yesterday's last hour is after this time yesterday.
  const hourIn = (zone: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
  const tz = ['UTC', 'Asia/Tokyo', 'America/Los_Angeles'].find((zone) => hourIn(zone) >= 6 && hourIn(zone) < 18)!;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());
  const now = Date.now();
  const minute = 60_000;
  const day = 24 * 60 * minute;
  await view('a', now - minute); // today
  await view('b', now - day - minute); // yesterday, before this time of day: compared
  await view('c', now - day + 6 * 60 * minute); // yesterday, six hours after this time of day: not yet reached today
  await rollup(t.ctx, 'visit', new Date(now + minute));
  const res = await admin.get(listUrl('/api/v1/admin/reports', { startDate: today, endDate: today, timezone: tz, types: 'header' }));
  expect(res.status, res.text).toBe(200);
  const pageViews = res.body.headerReport.find((i: { name: string }) => i.name === 'Page views');
  // One page view so far today against one by this time yesterday (not against yesterday's two).
  expect(pageViews).toMatchObject({ currentValue: 1, percentageChange: 0 });
});
