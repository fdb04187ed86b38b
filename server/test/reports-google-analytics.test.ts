import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ENDPOINTS } from '../src/drivers/switch.ts';
import { multipart } from './catalogue/helpers.ts';
import { GA_SCOPE, startFakeGoogleAnalytics, type GaEvent } from './drivers/servers/google-analytics.ts';
import { asAdmin, createTestApp, listUrl, type Client } from './helper.ts';

// A property in New York (daylight saving starts there on 8 March 2026), read by a report asked for in UTC.
const google = await startFakeGoogleAnalytics({ timeZone: 'America/New_York' });
const t = await createTestApp();
const saved = { ...API_ENDPOINTS };
API_ENDPOINTS.googleOauth = google.url;
API_ENDPOINTS.googleAnalyticsData = google.url;
let admin: Client;

const views = (n: number, e: GaEvent): GaEvent[] => Array.from({ length: n }, () => e);
const nyDesktop = { user: 'u1', device: 'desktop', browser: 'Chrome', os: 'Windows', country: 'US', region: 'New York', city: 'New York' };
google.state.events.push(
  ...views(3, { ...nyDesktop, at: '2026-03-02T15:00:00Z' }),
  ...views(2, { at: '2026-03-03T15:00:00Z', user: 'u2', device: 'mobile', browser: 'Safari', os: 'iOS', country: 'FR', region: 'Ile-de-France', city: 'Paris' }),
  { at: '2026-03-05T15:00:00Z', user: 'u3', device: 'smart tv', os: 'Android', country: 'DE', region: 'Berlin', city: 'Berlin' },
  { ...nyDesktop, at: '2026-03-06T15:00:00Z' },
  // The previous week.
  ...views(2, { at: '2026-02-25T15:00:00Z', user: 'u4', device: 'desktop', browser: 'Firefox', os: 'Linux', country: 'GB', region: 'England', city: 'London' }),
  // Outside both periods.
  ...views(5, { ...nyDesktop, at: '2026-03-20T15:00:00Z' }),
);

async function upload(content: Buffer, propertyId = '424242') {
  const form = multipart({ server: JSON.stringify({ 'server.analytics_property_id': propertyId }) }, { name: 'key.json', type: 'application/json', content, field: 'files[certificate]' });
  return admin.request('POST', '/api/v1/settings', form.body, form.headers);
}
const report = (q: Record<string, string>) => admin.get(listUrl('/api/v1/admin/reports', { types: 'header,visitors', timezone: 'UTC', ...q }));
const header = (body: any, name: string) => body.headerReport.find((i: { name: string }) => i.name === name);
const labels = (r: any) => r.datasets[0].data.map((p: { label: string; value: number; percentage: number }) => [p.label, p.value, p.percentage]);

beforeAll(async () => {
  admin = await asAdmin(t);
  google.state.properties.add('424242');
});
afterAll(async () => {
  Object.assign(API_ENDPOINTS, saved);
  await google.close();
});

describe('The visitors report from Google Analytics', () => {
  it("uses the site's own visits while no property and certificate are set", async () => {
    const res = await report({ startDate: '2026-03-01', endDate: '2026-03-07' });
    expect(res.status).toBe(200);
    expect(res.body.visitorsSource).toBe('site');
    expect(res.body.googleAnalyticsError).toBeUndefined();
    expect(google.requests).toHaveLength(0);
  });

  it('refuses a certificate that is not a service account key and a property ID that is not one, saving nothing', async () => {
    const notKey = await upload(Buffer.from(JSON.stringify({ type: 'service_account', client_email: 'a@b.example', private_key: 'not a key' })));
    expect(notKey.status).toBe(422);
    expect(notKey.body.errors['files.certificate']).toEqual(['The certificate must be the key file of a Google service account, with its client_email and private_key.']);
    const badId = await upload(Buffer.from(JSON.stringify(google.account)), 'UA-1234-1');
    expect(badId.status).toBe(422);
    expect(badId.body.errors['server.analytics_property_id']).toEqual(['The property ID is the number Google Analytics shows for the property.']);
    // The certificate is read from its one place: a path sent as the setting's value is refused.
    const path = await admin.post('/api/v1/settings', { server: { 'server.analytics_certificate': 'private/uploads/someone-else.json' } });
    expect([path.status, path.body.errors?.['server.analytics_certificate']]).toEqual([422, ['Upload the certificate as a file.']]);
    expect(await t.ctx.settings.get('server.analytics_certificate')).toBe('');
    expect(await t.ctx.settings.get('server.analytics_property_id')).toBe('');
  });

  it('reads visitors, page views and their breakdowns from the property once it is set', async () => {
    expect((await upload(Buffer.from(JSON.stringify(google.account)), 'properties/424242')).status).toBe(200);
    const res = await report({ startDate: '2026-03-01', endDate: '2026-03-07' });
    expect(res.status).toBe(200);
    expect(res.body.visitorsSource).toBe('googleAnalytics');
    // Signed in as the service account, for read-only analytics, at the token endpoint it was sent to.
    expect(google.state.grants[0]).toMatchObject({ iss: google.account.client_email, scope: GA_SCOPE, aud: `${google.url}/token` });

    // This week: 7 views by u1, u2, u3; the week before: 2 views by u4.
    expect(header(res.body, 'Visitors')).toMatchObject({ currentValue: 3, percentageChange: 200 });
    expect(header(res.body, 'Page views')).toMatchObject({ currentValue: 7, percentageChange: 250 });
    const v = res.body.visitorsReport;
    expect(labels(v.devices)).toEqual([['desktop', 4, 57.1], ['mobile', 2, 28.6], ['smarttv', 1, 14.3]]);
    expect(labels(v.browsers)).toEqual([['Chrome', 4, 57.1], ['Safari', 2, 28.6]]);
    expect(labels(v.platforms)).toEqual([['Windows', 4, 57.1], ['iOS', 2, 28.6], ['Android', 1, 14.3]]);
    const countries = v.locations.datasets[0].data;
    expect(countries.map((c: { code: string; value: number }) => [c.code, c.value])).toEqual([['US', 4], ['FR', 2], ['DE', 1]]);
    expect(countries[0].cities).toEqual([{ label: 'New York', value: 4, percentage: 100 }]);
    expect(countries[1].regions).toEqual([{ label: 'Ile-de-France', value: 2, percentage: 100 }]);

    // Day by day in UTC: the New York hours land on the UTC days they belong to.
    expect(v.pageViews.granularity).toBe('day');
    expect(v.pageViews.total).toBe(7);
    const [current, previous] = v.pageViews.datasets;
    expect(current.data.map((p: { value: number }) => p.value)).toEqual([0, 3, 2, 0, 1, 1, 0]);
    expect(previous.data.map((p: { date: string; value: number }) => [p.date.slice(0, 10), p.value]).filter(([, n]: [string, number]) => n))
      .toEqual([['2026-02-25', 2]]);
  });

  it('places hours across the daylight saving change where they happened, and keeps the access token', async () => {
    const grants = google.state.grants.length;
    google.state.events.push(
      { ...nyDesktop, at: '2026-03-08T06:30:00Z' }, // 01:30 EST
      { ...nyDesktop, at: '2026-03-08T07:30:00Z' }, // 03:30 EDT: 02:00 never happened
    );
    const res = await report({ startDate: '2026-03-08', endDate: '2026-03-08' });
    expect(res.body.visitorsSource).toBe('googleAnalytics');
    const points = res.body.visitorsReport.pageViews.datasets[0].data.filter((p: { value: number }) => p.value);
    expect(points.map((p: { date: string; value: number }) => [p.date, p.value])).toEqual([['2026-03-08T06:00:00.000Z', 1], ['2026-03-08T07:00:00.000Z', 1]]);
    expect(google.state.grants.length).toBe(grants);
  });

  it("says why when the property cannot be read, and shows the site's own visits", async () => {
    await t.ctx.settings.set({ 'server.analytics_property_id': '999' });
    const res = await report({ startDate: '2026-03-01', endDate: '2026-03-07' });
    expect(res.status).toBe(200);
    expect(res.body.visitorsSource).toBe('site');
    expect(res.body.googleAnalyticsError).toBe('User does not have sufficient permissions for this property.');
    expect(header(res.body, 'Page views').currentValue).toBe(0);
    // Remembered for a minute: the next report does not wait on Google again.
    const asked = google.requests.length;
    const again = await report({ startDate: '2026-03-02', endDate: '2026-03-07' });
    expect(again.body.googleAnalyticsError).toBe('User does not have sufficient permissions for this property.');
    expect(google.requests.length).toBe(asked);
    // The plays report alone does not ask Google.
    const before = google.requests.length;
    const plays = await report({ startDate: '2026-03-01', endDate: '2026-03-07', types: 'plays' });
    expect(plays.body.visitorsSource).toBeUndefined();
    expect(google.requests.length).toBe(before);
  });
});
