import { sql, type Insertable } from 'kysely';
import type { AppContext } from '../../context.ts';
import { EVERY_TICK, registerRecurring } from '../scheduler/index.ts';
import type { ReportDaysTable, ReportHoursTable } from './schema.ts';
import { DAY, floorHour } from './time.ts';
import { sqliteChunkWriter, type ChunkWrite } from './sqlite-writer.ts';
import { VISITOR_DAYS, VISITOR_HOURS, dayNumber, hourNumber, visitorChanges, writeVisitorRows } from './visitors.ts';

type Kind = 'visit' | 'play';
/** Raw rows rolled up per transaction (keyset by id). */
const CHUNK = 10_000;
/**
 * Chunks per scheduled run: a backlog of millions (a first run after an upgrade) is rolled up over several ticks, each
 * well inside the scheduler's 30-minute lease, so two processes never roll up the same rows at once.
 */
const MAX_CHUNKS = 200;
/** Hourly breakdowns are kept for the last days only (a range starting earlier reads days or raw rows); hourly totals for ever. */
export const HOURLY_DAYS = 14;
/** Day blocks: a count is added to its day and to the aligned 8- and 64-day blocks holding it. */
export const SPANS = [64, 8, 1] as const;

/** Counts of one chunk, keyed by hour (ISO) or span/day, dimension and value. */
class Counts {
  readonly hours = new Map<string, number>();
  readonly days = new Map<string, number>();
  readonly visitorHours = new Map<string, Set<number>>();
  readonly visitorDays = new Map<string, Set<number>>();
  constructor(private readonly hoursFrom: number) {}

  /** One event at `ms` with its breakdown values; `total` is always counted per hour, the rest only in recent hours. */
  add(ms: number, values: [dim: string, value: string | number | null | undefined][]): void {
    const hour = floorHour(ms);
    const recent = hour >= this.hoursFrom;
    const hourIso = this.isoOf(hour);
    const day = dayNumber(ms);
    for (const [dim, raw] of values) {
      if (raw === null || raw === undefined || raw === '') continue;
      const value = String(raw).slice(0, 160);
      if (recent) bump(this.hours, `${hourIso}\t${dim}\t${value}`);
      // Days only here: the 8- and 64-day blocks are summed from them when the rows are made.
      bump(this.days, `${day}\t${dim}\t${value}`);
    }
    if (!recent) bump(this.hours, `${hourIso}\ttotal\tall`);
  }

  /** Events come in time order mostly: the hour's ISO string is made once per hour, not once per event. */
  private lastHour = NaN;
  private lastIso = '';
  private isoOf(hour: number): string {
    if (hour !== this.lastHour) [this.lastHour, this.lastIso] = [hour, new Date(hour).toISOString()];
    return this.lastIso;
  }

  visitor(id: string, ms: number): void {
    if (floorHour(ms) >= this.hoursFrom) remember(this.visitorHours, id, hourNumber(ms));
    remember(this.visitorDays, id, dayNumber(ms));
  }

  hourRows(kind: Kind): Insertable<ReportHoursTable>[] {
    return [...this.hours].map(([key, count]) => {
      const [hour, dim, value] = key.split('\t');
      return { hour, kind, subject: '', dim, value, count };
    });
  }

  dayRows(kind: Kind): Insertable<ReportDaysTable>[] {
    const blocks = new Map<string, number>();
    for (const [key, count] of this.days) {
      const [day, rest] = [Number(key.slice(0, key.indexOf('\t'))), key.slice(key.indexOf('\t'))];
      for (const span of SPANS) {
        const k = `${span}\t${day - (day % span)}${rest}`;
        blocks.set(k, (blocks.get(k) ?? 0) + count);
      }
    }
    return [...blocks].map(([key, count]) => {
      const [span, day, dim, value] = key.split('\t');
      return { kind, dim, span: Number(span), day: Number(day), value, count };
    });
  }
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}
function remember(map: Map<string, Set<number>>, id: string, unit: number): void {
  let set = map.get(id);
  if (!set) map.set(id, (set = new Set()));
  set.add(unit);
}

/** A place: country|region|city, with the coordinates the map's markers need when they are known. */
export const place = (r: { country: string | null; region?: string | null; city: string | null; latitude?: number | null; longitude?: number | null }) =>
  r.country && r.city ? [r.country, r.region ?? '', r.city, r.latitude != null ? `${r.latitude.toFixed(2)},${r.longitude!.toFixed(2)}` : ''].join('|') : null;

async function visitChunk(ctx: AppContext, after: number, counts: Counts): Promise<number | null> {
  const rows = await ctx.db.selectFrom('page_views').select(['id', 'visitor_id', 'device', 'browser', 'platform', 'country', 'region', 'city', 'latitude', 'longitude', 'referrer', 'created_at'])
    .where('id', '>', after).orderBy('id').limit(CHUNK).execute();
  for (const r of rows) {
    const ms = Date.parse(r.created_at);
    counts.add(ms, [['total', 'all'], ['device', r.device], ['browser', r.browser], ['platform', r.platform], ['country', r.country], ['referrer', r.referrer], ['city', place(r)]]);
    counts.visitor(r.visitor_id, ms);
  }
  return rows.length ? rows[rows.length - 1].id : null;
}

async function playChunk(ctx: AppContext, after: number, counts: Counts): Promise<number | null> {
  const rows = await ctx.db.selectFrom('plays').innerJoin('titles', 'titles.id', 'plays.title_id')
    .select(['plays.id', 'plays.video_id', 'plays.title_id', 'plays.user_id', 'plays.device', 'plays.platform', 'plays.browser', 'plays.country', 'plays.city', 'plays.created_at', 'titles.is_series'])
    .where('plays.id', '>', after).orderBy('plays.id').limit(CHUNK).execute();
  for (const r of rows) {
    counts.add(Date.parse(r.created_at), [
      ['total', 'all'], ['device', r.device], ['platform', r.platform], ['browser', r.browser], ['country', r.country], ['city', place(r)],
      [Number(r.is_series) ? 'series' : 'movie', r.title_id], ['video', r.video_id], ['user', r.user_id],
    ]);
  }
  return rows.length ? rows[rows.length - 1].id : null;
}

/** Where complete hourly breakdowns begin: the start of the UTC day HOURLY_DAYS before `now`. */
export const hoursFromFor = (now: Date) => dayNumber(now.getTime() - HOURLY_DAYS * DAY) * DAY;

/**
 * Rolls the raw rows written since the last run (by id, whatever their time: a late event lands in its own hour and
 * day) into `report_hours` and `report_days`, CHUNK rows a transaction that also moves the watermark: a run that
 * stops half way resumes after its last chunk, and a rerun finds nothing new (counts are added, never replaced).
 */
export async function rollup(ctx: AppContext, kind: Kind, now = new Date(), maxChunks = MAX_CHUNKS): Promise<void> {
  const state = await ctx.db.selectFrom('report_rollup_state').select(['last_id', 'hours_from']).where('kind', '=', kind).executeTakeFirst();
  // The hourly horizon only moves forward; it is saved before any row is counted against it.
  const hoursFrom = Math.max(hoursFromFor(now), state?.hours_from ? Date.parse(state.hours_from) : 0);
  const hoursFromIso = new Date(hoursFrom).toISOString();
  await ctx.db.insertInto('report_rollup_state').values({ kind, rolled_until: now.toISOString(), last_id: state?.last_id ?? 0, hours_from: hoursFromIso })
    .onConflict((oc) => oc.column('kind').doUpdateSet({ hours_from: hoursFromIso })).execute();
  // Hourly breakdowns and visitor hours before the horizon go (the days hold them); hourly totals stay.
  await ctx.db.deleteFrom('report_hours').where('kind', '=', kind).where('hour', '<', hoursFromIso).where('dim', '!=', 'total').execute();
  if (kind === 'visit') await ctx.db.deleteFrom('report_visitor_hours').where('hour', '<', hourNumber(hoursFrom)).execute();

  const fast = sqliteChunkWriter(ctx);
  for (let after = state?.last_id ?? 0, chunks = 0; chunks < maxChunks; chunks++) {
    const counts = new Counts(hoursFrom);
    const last = kind === 'visit' ? await visitChunk(ctx, after, counts) : await playChunk(ctx, after, counts);
    if (last === null) break;
    const write = { kind, hourRows: counts.hourRows(kind), dayRows: counts.dayRows(kind), visitorHours: counts.visitorHours, visitorDays: counts.visitorDays, lastId: last, rolledUntil: now.toISOString() };
    await (fast ? fast(write) : writeChunk(ctx, write));
    after = last;
    // Let requests run between chunks: a first run over millions of rows takes minutes.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A chunk's writes through Kysely (PostgreSQL): multi-row upserts in one transaction with the watermark. */
async function writeChunk(ctx: AppContext, w: ChunkWrite): Promise<void> {
  // Visitor chains are read before the transaction holds a connection (the rollup is the only writer of these tables).
  const visitorHours = await visitorChanges(ctx.db, VISITOR_HOURS, w.visitorHours);
  const visitorDays = await visitorChanges(ctx.db, VISITOR_DAYS, w.visitorDays);
  await ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < w.hourRows.length; i += 100) {
      await trx.insertInto('report_hours').values(w.hourRows.slice(i, i + 100))
        .onConflict((oc) => oc.columns(['kind', 'subject', 'dim', 'hour', 'value']).doUpdateSet({ count: sql`report_hours.count + excluded.count` })).execute();
    }
    for (let i = 0; i < w.dayRows.length; i += 150) {
      await trx.insertInto('report_days').values(w.dayRows.slice(i, i + 150))
        .onConflict((oc) => oc.columns(['kind', 'dim', 'span', 'day', 'value']).doUpdateSet({ count: sql`report_days.count + excluded.count` })).execute();
    }
    await writeVisitorRows(trx, VISITOR_HOURS, visitorHours);
    await writeVisitorRows(trx, VISITOR_DAYS, visitorDays);
    await trx.updateTable('report_rollup_state').set({ last_id: w.lastId, rolled_until: w.rolledUntil }).where('kind', '=', w.kind).execute();
  });
}

/** Raw page views older than the retention period go, once they are rolled up (the rollups stay). */
export async function purgeVisits(ctx: AppContext, now = new Date()): Promise<void> {
  const days = await ctx.settings.get('server.analytics_retention_days');
  const state = await ctx.db.selectFrom('report_rollup_state').select('last_id').where('kind', '=', 'visit').executeTakeFirst();
  if (!state) return;
  await ctx.db.deleteFrom('page_views').where('created_at', '<', new Date(now.getTime() - days * DAY).toISOString()).where('id', '<=', state.last_id).execute();
}

export async function runReportRollups(ctx: AppContext, now = new Date()): Promise<void> {
  await rollup(ctx, 'visit', now);
  await rollup(ctx, 'play', now);
  await purgeVisits(ctx, now);
}

/** Every scheduler tick (a minute by default): today's report trails the site by a tick or two. Only new raw rows are read. */
registerRecurring('reports:rollup', EVERY_TICK, (ctx) => runReportRollups(ctx));
