import { PAYMENT_DUE_STATUSES } from '@app/contracts';
import { allCountries } from 'country-region-data';
import type {
  AdminReportResponse, HeaderReportItem, InsightMetric, InsightModelItem, InsightsQuery, InsightsResponse, RankedReport, ReportPoint, ReportQuery, TimeSeriesReport,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { displayName } from '../users/repository.ts';
import type { GoogleAnalyticsClient } from '../../drivers/google-analytics/client.ts';
import { analyticsClient, readGoogleAnalytics, type GaVisitors } from './google-analytics.ts';
import { bucketIndex, buckets, granularityFor, parseRange, type ReportRange } from './time.ts';
import { hourlyTotals, ranked, rawHourly, rawRanked, share, totalOf, visitors, type Kind, type PlaysFilter, type Ranked } from './read.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const TOP = 10;
const GA_CACHE_SECONDS = 300;
const GA_FAILURE_SECONDS = 60;
const GA_FAILED_KEY = 'report:ga:failed';
const VISITS = { kind: 'visit' } as const;
const PLAYS = { kind: 'play' } as const;

export function rangeOf(q: { startDate: string; endDate: string; timezone: string }): ReportRange {
  const { start, end } = parseRange(q.startDate, q.endDate, q.timezone);
  return { start, end, prevStart: start - (end - start), tz: q.timezone };
}

/** Change against the previous period in percent, one decimal; from nothing to something is +100%. */
export function percentageChange(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Counts per hour over time in the caller's timezone, this period and the previous one (aligned by bucket). */
async function timeSeries(hourly: (from: number, to: number) => Promise<{ at: number; n: number }[]>, r: ReportRange, label: string): Promise<TimeSeriesReport> {
  const granularity = granularityFor(r.start, r.end);
  const current = buckets(r.start, r.end, granularity, r.tz);
  const previous = buckets(r.prevStart, r.start, granularity, r.tz);
  const rows = await hourly(Math.min(r.prevStart, previous[0] ?? r.prevStart), r.end);
  const cur = current.map(() => 0);
  const prev = previous.map(() => 0);
  let total = 0;
  for (const { at, n } of rows) {
    if (at >= r.start && at < r.end) {
      total += n;
      const i = bucketIndex(current, at);
      if (i >= 0) cur[i] += n;
    } else if (at >= r.prevStart && at < r.start) {
      const i = bucketIndex(previous, at);
      if (i >= 0) prev[i] += n;
    }
  }
  const points = (starts: number[], values: number[], until: number): ReportPoint[] =>
    starts.map((b, i) => ({ date: iso(b), endDate: iso(Math.min(starts[i + 1] ?? until, until)), value: values[i] }));
  return {
    granularity, total,
    datasets: [{ label, data: points(current, cur, r.end) }, { label: 'Previous period', data: points(previous, prev, r.start) }],
  };
}

/** Ranked values of a breakdown, site-wide (from the rollups) or of one model (from the raw plays). */
type Source = { kind: Kind } | { filter: PlaysFilter };
const rankedOf = (ctx: AppContext, source: Source, dim: string, r: ReportRange, limit = TOP): Promise<Ranked[]> =>
  'filter' in source ? rawRanked(ctx, source.filter, dim, r.start, r.end, limit) : ranked(ctx, source.kind, dim, r.start, r.end, limit);

const dataset = (label: string, data: ReportPoint[]): RankedReport => ({ datasets: [{ label, data }] });

const rankedData = (label: string, list: Ranked[]): RankedReport => dataset(label, list.map((x) => ({ label: x.value, value: x.n, percentage: x.percentage })));

async function rankedReport(ctx: AppContext, source: Source, dim: string, r: ReportRange, label: string): Promise<RankedReport> {
  return rankedData(label, await rankedOf(ctx, source, dim, r));
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Region names by country and ISO 3166-2 subdivision code (the GeoIP data's region), built on first use. */
let regionNames: Map<string, string> | null = null;
/** A region's name where the offline country-region-data has it ('ON' in CA is 'Ontario'); its code otherwise. */
function regionName(country: string, region: string): string {
  if (!regionNames) {
    regionNames = new Map();
    for (const [, code, regions] of allCountries) for (const [name, short] of regions) if (short) regionNames.set(`${code}|${short}`, name);
    // The GeoIP data names the United Kingdom's four countries (ISO 3166-2:GB), which the list has as counties only.
    for (const [short, name] of [['ENG', 'England'], ['SCT', 'Scotland'], ['WLS', 'Wales'], ['NIR', 'Northern Ireland']]) regionNames.set(`GB|${short}`, name);
  }
  return regionNames.get(`${country}|${region}`) ?? region;
}

/** Top countries, each with its top cities (country|region|city|lat,lng in the rollup) for the map's drill-down. */
async function locations(ctx: AppContext, source: Source, r: ReportRange): Promise<RankedReport> {
  return locationsReport(await rankedOf(ctx, source, 'country', r, 50), await rankedOf(ctx, source, 'city', r, 500));
}

function locationsReport(countries: Ranked[], cities: Ranked[]): RankedReport {
  const byCountry = new Map<string, ReportPoint[]>();
  // Regions have no rollup of their own: they are the sums of the country's top cities (all of them on most sites).
  const regions = new Map<string, Map<string, number>>();
  // A drill-down reads one country: a city's or region's share is of that country's count (its row on the map), not
  // of every place in the world. A country past the top list falls back to the sum of its cities.
  const countryTotals = new Map(countries.map((c) => [c.value, c.n]));
  const citySums = new Map<string, number>();
  for (const c of cities) {
    const country = c.value.split('|')[0];
    citySums.set(country, (citySums.get(country) ?? 0) + c.n);
  }
  const totalOf = (country: string) => countryTotals.get(country) ?? citySums.get(country) ?? 0;
  for (const c of cities) {
    const [country, region, city, ll] = c.value.split('|');
    const list = byCountry.get(country) ?? [];
    if (list.length < 25) list.push({ label: city, code: ll || undefined, value: c.n, percentage: share(c.n, totalOf(country)) });
    byCountry.set(country, list);
    if (!region) continue;
    const sums = regions.get(country) ?? new Map<string, number>();
    sums.set(region, (sums.get(region) ?? 0) + c.n);
    regions.set(country, sums);
  }
  const regionPoints = (country: string): ReportPoint[] => [...(regions.get(country) ?? [])].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 25).map(([region, n]) => ({ label: regionName(country, region), value: n, percentage: share(n, totalOf(country)) }));
  return dataset('Locations', countries.map((c) => ({
    label: countryName(c.value), code: c.value, value: c.n, percentage: c.percentage, cities: byCountry.get(c.value) ?? [], regions: regionPoints(c.value),
  })));
}

/** Titles, videos or users named for a top list. */
async function models(ctx: AppContext, type: 'title' | 'video' | 'user', ids: number[]): Promise<Map<number, InsightModelItem>> {
  const out = new Map<number, InsightModelItem>();
  if (!ids.length) return out;
  if (type === 'title') {
    for (const t of await ctx.db.selectFrom('titles').select(['id', 'name', 'year', 'poster']).where('id', 'in', ids).execute()) {
      out.set(t.id, { model_type: 'title', id: t.id, name: t.name, year: t.year, thumbnail: t.poster });
    }
  } else if (type === 'video') {
    for (const v of await ctx.db.selectFrom('videos').select(['id', 'name', 'title_id', 'season_num', 'episode_num', 'thumbnail']).where('id', 'in', ids).execute()) {
      out.set(v.id, { model_type: 'video', id: v.id, name: v.name, title_id: v.title_id, season_number: v.season_num, episode_number: v.episode_num, thumbnail: v.thumbnail });
    }
  } else {
    for (const u of await ctx.db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'avatar']).where('id', 'in', ids).execute()) {
      out.set(u.id, { model_type: 'user', id: u.id, name: displayName(u), display_name: displayName(u), thumbnail: u.avatar });
    }
  }
  return out;
}

async function topModels(ctx: AppContext, dim: 'series' | 'movie' | 'video' | 'user', r: ReportRange, label: string): Promise<RankedReport> {
  const top = await ranked(ctx, 'play', dim, r.start, r.end, TOP);
  const named = await models(ctx, dim === 'series' || dim === 'movie' ? 'title' : dim, top.map((x) => Number(x.value)));
  return dataset(label, top.flatMap((x) => {
    const model = named.get(Number(x.value));
    // A deleted title, video or user leaves the list.
    return model ? [{ label: model.name, value: x.n, percentage: x.percentage, model }] : [];
  }));
}

/** The header strip; the visitors and page views come from Google Analytics when it was read. */
async function header(ctx: AppContext, r: ReportRange, ga: GaVisitors | null): Promise<HeaderReportItem[]> {
  // A period still running (today, the last 7 days) is compared with the same stretch of the previous one: today so far
  // against yesterday until this time of day, not against the whole of yesterday (every morning would read as a fall).
  const prevEnd = r.prevStart + Math.max(0, Math.min(r.end, Date.now()) - r.start);
  const both = async (f: (from: number, to: number) => Promise<number>) => [await f(r.start, r.end), await f(r.prevStart, prevEnd)] as const;
  const item = (name: string, icon: string, [cur, prev]: readonly [number, number], type: HeaderReportItem['type'] = 'number'): HeaderReportItem =>
    ({ name, icon, type, currentValue: cur, percentageChange: percentageChange(cur, prev) });
  const newUsers = (from: number, to: number) => ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', iso(from)).where('created_at', '<', iso(to)).executeTakeFirst().then((x) => Number(x?.n ?? 0));
  // Storage used at the end of each period: every stored file uploaded by then, the transcoded ladders (renditions,
  // poster, sprite, subtitles) the site keeps, finished by then, and the public disk's other files (posters, photos,
  // branding...: files/storage-meter.ts) stored by then. A removed file, or a replaced ladder, counts no more.
  const storage = async (_from: number, to: number) => {
    const uploads = await ctx.db.selectFrom('file_entries').select((eb) => eb.fn.sum<number>('file_size').as('n'))
      .where('created_at', '<', iso(to)).executeTakeFirst();
    const pictures = await ctx.db.selectFrom('stored_objects').select((eb) => eb.fn.sum<number>('size').as('n'))
      .where('created_at', '<', iso(to)).executeTakeFirst();
    const ladders = await ctx.db.selectFrom('transcodes').select((eb) => eb.fn.sum<number>('output_size').as('n'))
      .where('state', '=', 'done').where('output_size', 'is not', null).where('finished_at', '<', iso(to)).executeTakeFirst();
    return Number(uploads?.n ?? 0) + Number(ladders?.n ?? 0) + Number(pictures?.n ?? 0);
  };
  // Active subscriptions at the end of each period: started by then, not ended by then (ends_at empty or later), and
  // no payment owed (past due, Stripe's unpaid, PayPal's suspended: the subscriptions list's "Past due"). The gateway's
  // flag is a present state with no history, so it applies to both periods.
  const subscriptions = (_from: number, to: number) => ctx.db.selectFrom('subscriptions').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '<', iso(to)).where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', iso(to))]))
    .where((eb) => eb.or([eb('gateway_status', 'is', null), eb('gateway_status', 'not in', [...PAYMENT_DUE_STATUSES])]))
    .executeTakeFirst().then((x) => Number(x?.n ?? 0));
  return [
    item('Plays', 'play', await both((a, b) => totalOf(ctx, 'play', a, b))),
    item('Visitors', 'visitors', ga?.visitors ?? await both((a, b) => visitors(ctx, a, b))),
    item('Page views', 'pageviews', ga?.pageViews ?? await both((a, b) => totalOf(ctx, 'visit', a, b))),
    item('New users', 'users', await both(newUsers)),
    item('Active subscriptions', 'subscriptions', await both(subscriptions)),
    item('Storage used', 'storage', await both(storage), 'fileSize'),
  ];
}

/**
 * Google Analytics' figures for the range, or why not. Figures are kept five minutes (each read costs the property's
 * API quota); a failure one minute, so a Google that does not answer slows one report a minute, not every one.
 */
async function googleVisitors(ctx: AppContext, r: ReportRange): Promise<{ ga: GaVisitors | null; error?: string }> {
  // Errors are shown on the report (settings to fix, not faults of the server): not sent to the error log each view.
  const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
  let client: GoogleAnalyticsClient | null;
  try {
    client = await analyticsClient(ctx);
  } catch (err) {
    return { ga: null, error: messageOf(err) };
  }
  if (!client) return { ga: null };
  // A new property or key is tried at once.
  const failed = await ctx.cache.get<{ signature: string; error: string }>(GA_FAILED_KEY);
  if (failed?.signature === client.signature) return { ga: null, error: failed.error };
  try {
    const key = `report:ga:${client.propertyId}:${r.start}:${r.end}:${r.tz}`;
    return { ga: await ctx.cache.remember(key, GA_CACHE_SECONDS, () => readGoogleAnalytics(client, r)) };
  } catch (err) {
    const error = messageOf(err);
    await ctx.cache.set(GA_FAILED_KEY, { signature: client.signature, error }, GA_FAILURE_SECONDS).catch(() => undefined);
    return { ga: null, error };
  }
}

export async function adminReport(ctx: AppContext, q: ReportQuery): Promise<AdminReportResponse> {
  const r = rangeOf(q);
  const out: AdminReportResponse = {};
  let ga: GaVisitors | null = null;
  if (q.types.includes('header') || q.types.includes('visitors')) {
    const read = await googleVisitors(ctx, r);
    ga = read.ga;
    out.visitorsSource = ga ? 'googleAnalytics' : 'site';
    if (read.error) out.googleAnalyticsError = read.error;
  }
  if (q.types.includes('header')) out.headerReport = await header(ctx, r, ga);
  if (q.types.includes('visitors') && ga) {
    out.visitorsReport = {
      pageViews: await timeSeries(async () => ga.hourly, r, 'Page views'),
      devices: rankedData('Devices', ga.devices),
      browsers: rankedData('Browsers', ga.browsers),
      platforms: rankedData('Platforms', ga.platforms),
      locations: locationsReport(ga.countries, ga.cities),
    };
  } else if (q.types.includes('visitors')) {
    out.visitorsReport = {
      pageViews: await timeSeries((a, b) => hourlyTotals(ctx, 'visit', a, b), r, 'Page views'),
      devices: await rankedReport(ctx, VISITS, 'device', r, 'Devices'),
      browsers: await rankedReport(ctx, VISITS, 'browser', r, 'Browsers'),
      platforms: await rankedReport(ctx, VISITS, 'platform', r, 'Platforms'),
      locations: await locations(ctx, VISITS, r),
    };
  }
  if (q.types.includes('plays')) {
    out.playsReport = {
      plays: await timeSeries((a, b) => hourlyTotals(ctx, 'play', a, b), r, 'Plays'),
      devices: await rankedReport(ctx, PLAYS, 'device', r, 'Devices'),
      platforms: await rankedReport(ctx, PLAYS, 'platform', r, 'Platforms'),
      locations: await locations(ctx, PLAYS, r),
      topSeries: await topModels(ctx, 'series', r, 'Most played series'),
      topMovies: await topModels(ctx, 'movie', r, 'Most played movies'),
      topVideos: await topModels(ctx, 'video', r, 'Most played videos'),
      topUsers: await topModels(ctx, 'user', r, 'Top users'),
    };
  }
  return out;
}

const seasonItem = (titleId: number, s: { id: number; number: number; name: string | null; poster: string | null }): InsightModelItem =>
  ({ model_type: 'season', id: s.id, name: s.name ?? `Season ${s.number}`, number: s.number, title_id: titleId, thumbnail: s.poster });
const episodeItem = (titleId: number, e: { id: number; name: string; season_number: number; episode_number: number; poster: string | null }): InsightModelItem =>
  ({ model_type: 'episode', id: e.id, name: e.name, title_id: titleId, season_number: e.season_number, episode_number: e.episode_number, thumbnail: e.poster });

/**
 * The raw plays of an insights model (read through the plays' indexes by model and time) and the model itself, named,
 * so the page needs no other call (reports-only staff may not read titles or videos); a model that does not exist is a 404.
 */
async function subjectOf(ctx: AppContext, q: InsightsQuery): Promise<{ filter: PlaysFilter; model: InsightModelItem }> {
  const found = <T>(row: T | undefined): T => {
    if (!row) throw notFound();
    return row;
  };
  if (q.model === 'video' || q.model === 'user') {
    const model = found((await models(ctx, q.model, [q.id])).get(q.id));
    return { filter: q.model === 'video' ? (eb) => eb('video_id', '=', q.id) : (eb) => eb('user_id', '=', q.id), model };
  }
  const t = found(await ctx.db.selectFrom('titles').select(['id', 'name', 'year', 'poster', 'is_series']).where('id', '=', q.id).executeTakeFirst());
  const title: InsightModelItem = { model_type: 'title', id: t.id, name: t.name, year: t.year, thumbnail: t.poster, is_series: Boolean(t.is_series) };
  if (q.model === 'title') return { filter: (eb) => eb('title_id', '=', q.id), model: title };
  if (q.model === 'season') {
    const s = found(await ctx.db.selectFrom('seasons').select(['id', 'number', 'name', 'poster']).where('title_id', '=', q.id).where('number', '=', q.season!).executeTakeFirst());
    return {
      filter: (eb) => eb.and([eb('title_id', '=', q.id), eb('season_num', '=', q.season!)]),
      model: seasonItem(t.id, s),
    };
  }
  const e = found(await ctx.db.selectFrom('episodes').select(['id', 'name', 'season_number', 'episode_number', 'poster']).where('title_id', '=', q.id)
    .where('season_number', '=', q.season!).where('episode_number', '=', q.episode!).executeTakeFirst());
  return {
    filter: (eb) => eb.and([eb('title_id', '=', q.id), eb('season_num', '=', q.season!), eb('episode_num', '=', q.episode!)]),
    model: episodeItem(t.id, e),
  };
}

/** A title's most played seasons or episodes, named. */
async function titleParts(ctx: AppContext, titleId: number, dim: 'season' | 'episode', r: ReportRange): Promise<RankedReport> {
  const top = await rawRanked(ctx, (eb) => eb('title_id', '=', titleId), dim, r.start, r.end, TOP);
  const data: ReportPoint[] = [];
  for (const x of top) {
    const [season, episode] = x.value.split(':').map(Number);
    if (dim === 'season') {
      const s = await ctx.db.selectFrom('seasons').select(['id', 'number', 'name', 'poster']).where('title_id', '=', titleId).where('number', '=', season).executeTakeFirst();
      if (s) data.push({ label: s.name ?? `Season ${s.number}`, value: x.n, percentage: x.percentage, model: seasonItem(titleId, s) });
    } else {
      const e = await ctx.db.selectFrom('episodes').select(['id', 'name', 'season_number', 'episode_number', 'poster']).where('title_id', '=', titleId)
        .where('season_number', '=', season).where('episode_number', '=', episode).executeTakeFirst();
      if (e) data.push({ label: e.name, value: x.n, percentage: x.percentage, model: episodeItem(titleId, e) });
    }
  }
  return dataset(dim === 'season' ? 'Most played seasons' : 'Most played episodes', data);
}

export async function insights(ctx: AppContext, q: InsightsQuery): Promise<InsightsResponse> {
  const r = rangeOf(q);
  const { filter, model } = await subjectOf(ctx, q);
  const source: Source = { filter };
  const report: InsightsResponse['report'] = {};
  const build = new Map<InsightMetric, () => Promise<TimeSeriesReport | RankedReport>>([
    ['plays', () => timeSeries((a, b) => rawHourly(ctx, filter, a, b), r, 'Plays')],
    ['devices', () => rankedReport(ctx, source, 'device', r, 'Devices')],
    ['platforms', () => rankedReport(ctx, source, 'platform', r, 'Platforms')],
    ['locations', () => locations(ctx, source, r)],
    // Seasons and episodes break down a title; for anything else they are empty lists.
    ['seasons', async () => (q.model === 'title' ? titleParts(ctx, q.id, 'season', r) : dataset('Most played seasons', []))],
    ['episodes', async () => (q.model === 'title' ? titleParts(ctx, q.id, 'episode', r) : dataset('Most played episodes', []))],
  ]);
  for (const m of q.metrics) report[m] = await build.get(m)!();
  return { model, report };
}
