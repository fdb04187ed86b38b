import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { DAY, HOUR } from './time.ts';
import { place } from './rollup.ts';
import { VISITOR_DAYS, VISITOR_HOURS, distinctVisitors } from './visitors.ts';

/**
 * Where a report reads its counts. Hourly totals are kept for ever, so every time series is exact in any timezone.
 * Breakdowns (devices, places, top lists) read the hourly rows when the range starts within the hourly horizon, the
 * raw plays for a short range (two days or less: the hour granularity) before it, and otherwise the day blocks over
 * the UTC days nearest the range's ends (a local day starting at 23:00 UTC reads the UTC day after).
 */
export type Kind = 'visit' | 'play';
export interface Ranked { value: string; n: number; percentage: number }
const iso = (ms: number) => new Date(ms).toISOString();
/** The hour granularity's longest range (time.ts granularityFor). */
const SHORT = 2 * DAY;

/** Day blocks covering [d0, d1): the largest aligned block (64, 8 or 1 days) at each step, runs of one span merged. */
export function dayBlocks(d0: number, d1: number): { span: number; from: number; to: number }[] {
  const out: { span: number; from: number; to: number }[] = [];
  for (let p = d0; p < d1;) {
    let span = 64;
    while (span > 1 && (p % span !== 0 || p + span > d1)) span /= 8;
    const last = out[out.length - 1];
    if (last && last.span === span && last.to === p) last.to = p + span;
    else out.push({ span, from: p, to: p + span });
    p += span;
  }
  return out;
}

/** The nearest UTC days to a range's ends, at least one day. */
export function nearestDays(from: number, to: number): [number, number] {
  const d0 = Math.round(from / DAY);
  return [d0, Math.max(Math.round(to / DAY), d0 + 1)];
}

/** Where complete hourly breakdowns of `kind` begin (the rollup's horizon); before any rollup, everywhere. */
export async function hoursFrom(ctx: AppContext, kind: Kind): Promise<number> {
  const state = await ctx.db.selectFrom('report_rollup_state').select('hours_from').where('kind', '=', kind).executeTakeFirst();
  return state?.hours_from ? Date.parse(state.hours_from) : -Infinity;
}

/** Sum of the hourly totals in [from, to). */
export async function totalOf(ctx: AppContext, kind: Kind, from: number, to: number): Promise<number> {
  const row = await ctx.db.selectFrom('report_hours').select((eb) => eb.fn.sum<number>('count').as('n'))
    .where('kind', '=', kind).where('subject', '=', '').where('dim', '=', 'total').where('hour', '>=', iso(from)).where('hour', '<', iso(to)).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Hourly totals in [from, to), one row an hour. */
export async function hourlyTotals(ctx: AppContext, kind: Kind, from: number, to: number): Promise<{ at: number; n: number }[]> {
  const rows = await ctx.db.selectFrom('report_hours').select(['hour', 'count']).where('kind', '=', kind).where('subject', '=', '').where('dim', '=', 'total')
    .where('hour', '>=', iso(from)).where('hour', '<', iso(to)).execute();
  return rows.map((r) => ({ at: Date.parse(r.hour), n: Number(r.count) }));
}

/** `n` as a percentage of `all`, one decimal (0 of nothing). */
export const share = (n: number, all: number) => (all ? Math.round((n / all) * 1000) / 10 : 0);
const rankedRows = (rows: { value: string; n: number | string; all: number | string }[]): Ranked[] => {
  const all = Number(rows[0]?.all ?? 0);
  return rows.map((r) => ({ value: String(r.value), n: Number(r.n), percentage: share(Number(r.n), all) }));
};

/** The top values of a site-wide breakdown with their share of all counted (the whole comes with the top rows: one scan). */
export async function ranked(ctx: AppContext, kind: Kind, dim: string, from: number, to: number, limit: number): Promise<Ranked[]> {
  if (from >= (await hoursFrom(ctx, kind))) {
    return rankedRows(await ctx.db.selectFrom('report_hours').select(['value']).select((eb) => eb.fn.sum<number>('count').as('n'))
      .select(sql<number>`sum(sum("count")) over ()`.as('all'))
      .where('kind', '=', kind).where('subject', '=', '').where('dim', '=', dim).where('hour', '>=', iso(from)).where('hour', '<', iso(to))
      .groupBy('value').orderBy('n', 'desc').orderBy('value').limit(limit).execute());
  }
  if (kind === 'play' && to - from <= SHORT) return rawRanked(ctx, () => sql<SqlBool>`1 = 1`, dim, from, to, limit);
  const [d0, d1] = nearestDays(from, to);
  // One index range per run of blocks (kind, dim, span, day), joined by UNION ALL: an OR of the runs is not one range.
  const runs = dayBlocks(d0, d1).map((b) => ctx.db.selectFrom('report_days').select(['value', 'count'])
    .where('kind', '=', kind).where('dim', '=', dim).where('span', '=', b.span).where('day', '>=', b.from).where('day', '<', b.to));
  const union = runs.slice(1).reduce((q, run) => q.unionAll(run), runs[0]);
  return rankedRows(await ctx.db.selectFrom(union.as('b')).select(['value']).select((eb) => eb.fn.sum<number>('count').as('n'))
    .select(sql<number>`sum(sum("count")) over ()`.as('all'))
    .groupBy('value').orderBy('n', 'desc').orderBy('value').limit(limit).execute());
}

/** Exact distinct visitors in [from, to): visitor hours within the horizon, visitor days (nearest UTC days) before it. */
export async function visitors(ctx: AppContext, from: number, to: number): Promise<number> {
  if (from >= (await hoursFrom(ctx, 'visit'))) return distinctVisitors(ctx, VISITOR_HOURS, Math.ceil(from / HOUR), Math.ceil(to / HOUR));
  const [d0, d1] = nearestDays(from, to);
  return distinctVisitors(ctx, VISITOR_DAYS, d0, d1);
}

/** A filter on the raw plays (the model an insight is about, or all). */
export type PlaysFilter = (eb: ExpressionBuilder<Database, 'plays'>) => Expression<SqlBool>;

/** The breakdowns the raw plays answer: one column, or two joined as the rollup's value is. */
const RAW_DIMS = new Map<string, (r: Record<string, unknown>) => string | null>([
  ['device', (r) => r.device as string | null],
  ['platform', (r) => r.platform as string | null],
  ['browser', (r) => r.browser as string | null],
  ['country', (r) => r.country as string | null],
  ['city', (r) => place(r as Parameters<typeof place>[0])],
  ['video', (r) => String(r.video_id)],
  ['user', (r) => (r.user_id == null ? null : String(r.user_id))],
  ['series', (r) => String(r.title_id)],
  ['movie', (r) => String(r.title_id)],
  ['season', (r) => (r.season_num == null ? null : String(r.season_num))],
  ['episode', (r) => (r.season_num == null || r.episode_num == null ? null : `${r.season_num}:${r.episode_num}`)],
]);
type RawColumn = 'device' | 'platform' | 'browser' | 'country' | 'region' | 'city' | 'latitude' | 'longitude' | 'video_id' | 'user_id' | 'title_id' | 'season_num' | 'episode_num';
const RAW_COLUMNS = new Map<string, RawColumn[]>([
  ['device', ['device']], ['platform', ['platform']], ['browser', ['browser']], ['country', ['country']],
  ['city', ['country', 'region', 'city', 'latitude', 'longitude']],
  ['video', ['video_id']], ['user', ['user_id']], ['series', ['title_id']], ['movie', ['title_id']], ['season', ['season_num']], ['episode', ['season_num', 'episode_num']],
]);

const OPTIONAL_COLUMNS = new Set<RawColumn>(['region', 'latitude', 'longitude']);

/** The top values of a breakdown of the raw plays in [from, to) that `filter` keeps (through the plays' indexes by model and time). */
export async function rawRanked(ctx: AppContext, filter: PlaysFilter, dim: string, from: number, to: number, limit: number): Promise<Ranked[]> {
  const columns = RAW_COLUMNS.get(dim)!;
  const valueOf = RAW_DIMS.get(dim)!;
  let q = ctx.db.selectFrom('plays').select(columns).select((eb) => eb.fn.countAll<number>().as('n')).select(sql<number>`sum(count(*)) over ()`.as('all'))
    .where(filter).where('created_at', '>=', iso(from)).where('created_at', '<', iso(to));
  // A place needs its country and city; its region and coordinates are kept when known (plays before 0093 have none).
  for (const c of columns) if (!OPTIONAL_COLUMNS.has(c)) q = q.where(c, 'is not', null);
  if (dim === 'series' || dim === 'movie') q = q.where('title_id', 'in', (eb) => eb.selectFrom('titles').select('id').where('is_series', '=', dim === 'series'));
  q = q.groupBy(columns).orderBy('n', 'desc');
  for (const c of columns) q = q.orderBy(c);
  const rows = await q.limit(limit).execute();
  const all = Number(rows[0]?.all ?? 0);
  return rows.flatMap((r) => {
    const value = valueOf(r as Record<string, unknown>);
    return value === null ? [] : [{ value, n: Number(r.n), percentage: share(Number(r.n), all) }];
  });
}

/** Plays an hour in [from, to) that `filter` keeps, from the raw plays. */
export async function rawHourly(ctx: AppContext, filter: PlaysFilter, from: number, to: number): Promise<{ at: number; n: number }[]> {
  const hour = ctx.dialect === 'postgres' ? sql<string>`date_trunc('hour', created_at)` : sql<string>`substr(created_at, 1, 13) || ':00:00.000Z'`;
  const rows = await ctx.db.selectFrom('plays').select(hour.as('hour')).select((eb) => eb.fn.countAll<number>().as('n'))
    .where(filter).where('created_at', '>=', iso(from)).where('created_at', '<', iso(to)).groupBy(sql`1`).execute();
  return rows.map((r) => ({ at: Date.parse(r.hour), n: Number(r.n) }));
}
