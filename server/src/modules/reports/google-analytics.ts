import { buffer } from 'node:stream/consumers';
import { ANALYTICS_CERTIFICATE_KEY } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { GoogleAnalyticsClient, parseServiceAccount, type GaRequest, type GaRow } from '../../drivers/google-analytics/client.ts';
import { share, type Ranked } from './read.ts';
import { DAY, dateIn, fromWall, type ReportRange } from './time.ts';

/**
 * The visitors' figures read from Google Analytics, when the analytics settings name a property and hold a service
 * account's certificate (spec Part B "Analytics"); the report then shows what the property measured instead of the
 * visits this site recorded. Breakdowns count page views, as the site's own report does.
 */

/** The property's client, or null while the property ID or the certificate is missing. */
export async function analyticsClient(ctx: AppContext): Promise<GoogleAnalyticsClient | null> {
  const property = (await ctx.settings.get('server.analytics_property_id')).trim();
  if (!property || !(await ctx.settings.get('server.analytics_certificate'))) return null;
  let json: unknown = null;
  try {
    json = JSON.parse((await buffer(ctx.storage.read(ANALYTICS_CERTIFICATE_KEY))).toString('utf8'));
  } catch {
    // Missing or unreadable: said below, as a key that is not a service account's.
  }
  const account = parseServiceAccount(json);
  if (!account) throw new Error('The analytics certificate is not a service account key.');
  return new GoogleAnalyticsClient(account, property);
}

export interface GaVisitors {
  /** Page views at the start of each hour (each day over long ranges), this period and the previous one. */
  hourly: { at: number; n: number }[];
  visitors: [number, number];
  pageViews: [number, number];
  devices: Ranked[];
  browsers: Ranked[];
  platforms: Ranked[];
  countries: Ranked[];
  /** `country|region|city|` as the site's own city rollup keys them (Google gives no coordinates). */
  cities: Ranked[];
}

/** Hourly rows while both periods fit in 93 days each (at most 4,464 rows), daily ones beyond. */
const HOURLY_SPAN = 2 * 93 * DAY;
const NOT_SET = '(not set)';
const PAGE_VIEWS = { name: 'screenPageViews' };

/** A `date` (YYYYMMDD) or `dateHour` (YYYYMMDDHH) value in the property's timezone, as an instant. */
function instantOf(value: string, tz: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})?$/.exec(value);
  if (!m) return null;
  return fromWall(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0)), tz);
}

/** Device categories as the site's own report names them (ua-parser-js types). */
const deviceOf = (v: string) => (v === NOT_SET || !v ? 'unknown' : v.toLowerCase().replace(/\s+/g, ''));

export async function readGoogleAnalytics(client: GoogleAnalyticsClient, r: ReportRange): Promise<GaVisitors> {
  const current = [{ startDate: dateIn(r.start, r.tz), endDate: dateIn(r.end - 1, r.tz) }];
  const previous = [{ startDate: dateIn(r.prevStart, r.tz), endDate: dateIn(r.start - 1, r.tz) }];
  const hourly = r.end - r.prevStart <= HOURLY_SPAN;
  // A day more on each side: the property's days need not start when the caller's do; the chart keeps what falls inside.
  const series: GaRequest = {
    dateRanges: [{ startDate: dateIn(r.prevStart - DAY, 'UTC'), endDate: dateIn(r.end + DAY, 'UTC') }],
    dimensions: [{ name: hourly ? 'dateHour' : 'date' }], metrics: [PAGE_VIEWS], limit: 100_000,
  };
  const top = (dimensions: string[], limit: number): GaRequest => ({
    dateRanges: current, dimensions: dimensions.map((name) => ({ name })), metrics: [PAGE_VIEWS],
    orderBys: [{ metric: { metricName: PAGE_VIEWS.name }, desc: true }], limit,
  });
  const totals = (dateRanges: GaRequest['dateRanges']): GaRequest => ({ dateRanges, metrics: [{ name: 'activeUsers' }, PAGE_VIEWS] });
  const [seriesReport, cur, prev, devices, browsers, platforms, countries, cities] = await client.reports([
    series, totals(current), totals(previous),
    top(['deviceCategory'], 10), top(['browser'], 10), top(['operatingSystem'], 10), top(['countryId'], 50), top(['countryId', 'region', 'city'], 500),
  ]);
  const total = (rows: GaRow[], i: number) => rows.reduce((s, row) => s + (row.metrics[i] ?? 0), 0);
  const views = total(cur.rows, 1);
  const ranked = (rows: GaRow[], key: (row: GaRow) => string | null): Ranked[] => rows.flatMap((row) => {
    const value = key(row);
    return value === null ? [] : [{ value, n: row.metrics[0] ?? 0, percentage: share(row.metrics[0] ?? 0, views) }];
  });
  const named = (row: GaRow) => (row.dimensions[0] && row.dimensions[0] !== NOT_SET ? row.dimensions[0] : null);
  return {
    hourly: seriesReport.rows.flatMap((row) => {
      const at = instantOf(row.dimensions[0] ?? '', seriesReport.timeZone);
      return at === null ? [] : [{ at, n: row.metrics[0] ?? 0 }];
    }),
    visitors: [total(cur.rows, 0), total(prev.rows, 0)],
    pageViews: [views, total(prev.rows, 1)],
    devices: ranked(devices.rows, (row) => deviceOf(row.dimensions[0] ?? '')),
    browsers: ranked(browsers.rows, named),
    platforms: ranked(platforms.rows, named),
    countries: ranked(countries.rows, (row) => (/^[A-Z]{2}$/.test(row.dimensions[0] ?? '') ? row.dimensions[0] : null)),
    cities: ranked(cities.rows, (row) => {
      const [country = '', region = '', city = ''] = row.dimensions;
      if (!/^[A-Z]{2}$/.test(country) || !city || city === NOT_SET) return null;
      return `${country}|${region === NOT_SET ? '' : region}|${city}|`;
    }),
  };
}
