import type { Insertable } from 'kysely';
import type { AppContext } from '../../context.ts';
import { registerRecurring } from '../scheduler/index.ts';
import type { ReportHoursTable } from './schema.ts';
import { DAY, HOUR, floorHour } from './time.ts';
import { hourNumber, replaceVisitorHours, visitorHourRows } from './visitors.ts';

type Kind = 'visit' | 'play';
/** Rows read per query while rolling up (keyset by id). */
const READ_CHUNK = 5000;
/** Hours before the last run are rolled up again: events are written up to a few seconds after they happen. */
const OVERLAP_MS = HOUR;

/** Adds one to a count in the hour's group; `subject` '' is the whole site. */
class Counts {
  readonly map = new Map<string, number>();
  add(hour: string, subject: string, dim: string, value: string | number | null | undefined): void {
    if (value === null || value === undefined || value === '') return;
    const key = `${hour}\t${subject}\t${dim}\t${String(value).slice(0, 160)}`;
    this.map.set(key, (this.map.get(key) ?? 0) + 1);
  }
  /** Page views only: the hours (numbers) each visitor viewed a page in, for the exact distinct visitors. */
  readonly visitorHours = new Map<string, Set<number>>();
  rows(kind: Kind): Insertable<ReportHoursTable>[] {
    return [...this.map].map(([key, count]) => {
      const [hour, subject, dim, value] = key.split('\t');
      return { hour, kind, subject, dim, value, count };
    });
  }
}

const hourOf = (createdAt: string) => new Date(floorHour(Date.parse(createdAt))).toISOString();
/** A place: country|region|city, with the coordinates the map's markers need when they are known. */
const place = (r: { country: string | null; region?: string | null; city: string | null; latitude?: number | null; longitude?: number | null }) =>
  r.country && r.city ? [r.country, r.region ?? '', r.city, r.latitude != null ? `${r.latitude.toFixed(2)},${r.longitude!.toFixed(2)}` : ''].join('|') : null;

async function visitCounts(ctx: AppContext, from: string, to: string): Promise<Counts> {
  const counts = new Counts();
  for (let after = 0; ;) {
    const rows = await ctx.db.selectFrom('page_views').select(['id', 'visitor_id', 'device', 'browser', 'platform', 'country', 'region', 'city', 'latitude', 'longitude', 'referrer', 'created_at'])
      .where('created_at', '>=', from).where('created_at', '<', to).where('id', '>', after).orderBy('id').limit(READ_CHUNK).execute();
    for (const r of rows) {
      const hour = hourOf(r.created_at);
      counts.add(hour, '', 'total', 'all');
      for (const dim of ['device', 'browser', 'platform', 'country', 'referrer'] as const) counts.add(hour, '', dim, r[dim]);
      counts.add(hour, '', 'city', place(r));
      let set = counts.visitorHours.get(r.visitor_id);
      if (!set) counts.visitorHours.set(r.visitor_id, (set = new Set()));
      set.add(hourNumber(Date.parse(r.created_at)));
    }
    if (rows.length < READ_CHUNK) break;
    after = rows[rows.length - 1].id;
  }
  return counts;
}

async function playCounts(ctx: AppContext, from: string, to: string): Promise<Counts> {
  const counts = new Counts();
  for (let after = 0; ;) {
    const rows = await ctx.db.selectFrom('plays').innerJoin('titles', 'titles.id', 'plays.title_id')
      .select(['plays.id', 'plays.video_id', 'plays.title_id', 'plays.season_num', 'plays.episode_num', 'plays.user_id', 'plays.device', 'plays.platform', 'plays.browser', 'plays.country', 'plays.city', 'plays.created_at', 'titles.is_series'])
      .where('plays.created_at', '>=', from).where('plays.created_at', '<', to).where('plays.id', '>', after).orderBy('plays.id').limit(READ_CHUNK).execute();
    for (const r of rows) {
      const hour = hourOf(r.created_at);
      const subjects = [`title:${r.title_id}`, `video:${r.video_id}`];
      if (r.user_id) subjects.push(`user:${r.user_id}`);
      if (r.season_num !== null) subjects.push(`season:${r.title_id}:${r.season_num}`);
      if (r.season_num !== null && r.episode_num !== null) subjects.push(`episode:${r.title_id}:${r.season_num}:${r.episode_num}`);
      for (const s of ['', ...subjects]) {
        counts.add(hour, s, 'total', 'all');
        for (const dim of ['device', 'platform', 'country'] as const) counts.add(hour, s, dim, r[dim]);
        counts.add(hour, s, 'city', place(r));
      }
      counts.add(hour, '', 'browser', r.browser);
      counts.add(hour, '', Number(r.is_series) ? 'series' : 'movie', r.title_id);
      counts.add(hour, '', 'video', r.video_id);
      counts.add(hour, '', 'user', r.user_id);
      if (r.season_num !== null) counts.add(hour, `title:${r.title_id}`, 'season', r.season_num);
      if (r.season_num !== null && r.episode_num !== null) counts.add(hour, `title:${r.title_id}`, 'episode', `${r.season_num}:${r.episode_num}`);
    }
    if (rows.length < READ_CHUNK) break;
    after = rows[rows.length - 1].id;
  }
  return counts;
}

/** Hours rolled up per pass: a first run over years of events holds one window's counts in memory at a time. */
const WINDOW_MS = 24 * HOUR;

/**
 * Rolls raw events since the last run (less an hour's overlap) into `report_hours`, one day-long window at a time:
 * each window's rows are replaced whole in one transaction, so a run is idempotent and a crashed one resumes
 * from the last window it finished.
 */
export async function rollup(ctx: AppContext, kind: Kind, now = new Date()): Promise<void> {
  const state = await ctx.db.selectFrom('report_rollup_state').select('rolled_until').where('kind', '=', kind).executeTakeFirst();
  let start = state ? floorHour(Date.parse(state.rolled_until) - OVERLAP_MS) : null;
  if (start === null) {
    // First run: from the oldest event there is.
    const table = kind === 'visit' ? 'page_views' : 'plays';
    const first = await ctx.db.selectFrom(table).select((eb) => eb.fn.min<string>('created_at').as('at')).executeTakeFirst();
    start = first?.at ? floorHour(Date.parse(first.at)) : floorHour(now.getTime());
  }
  for (let from = start; ; from += WINDOW_MS) {
    const last = from + WINDOW_MS > now.getTime();
    const fromIso = new Date(from).toISOString();
    // The last window is open-ended: events stamped a little after `now` are counted, not lost.
    const toIso = last ? '9999-12-31T00:00:00.000Z' : new Date(from + WINDOW_MS).toISOString();
    const counts = kind === 'visit' ? await visitCounts(ctx, fromIso, toIso) : await playCounts(ctx, fromIso, toIso);
    const rows = counts.rows(kind);
    // Read before the transaction holds the connection: each visitor's last hour before the window.
    const visitorRows = kind === 'visit' ? await visitorHourRows(ctx.db, counts.visitorHours, hourNumber(from)) : [];
    const until = last ? now.toISOString() : toIso;
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('report_hours').where('kind', '=', kind).where('hour', '>=', fromIso).where('hour', '<', toIso).execute();
      for (let i = 0; i < rows.length; i += 100) await trx.insertInto('report_hours').values(rows.slice(i, i + 100)).execute();
      if (kind === 'visit') await replaceVisitorHours(trx, visitorRows, hourNumber(from), last ? null : hourNumber(from + WINDOW_MS));
      await trx.insertInto('report_rollup_state').values({ kind, rolled_until: until })
        .onConflict((oc) => oc.column('kind').doUpdateSet({ rolled_until: until })).execute();
    });
    if (last) return;
  }
}

/** Raw page views older than the retention period go, once they are rolled up (the rollups stay). */
export async function purgeVisits(ctx: AppContext, now = new Date()): Promise<void> {
  const days = await ctx.settings.get('server.analytics_retention_days');
  const state = await ctx.db.selectFrom('report_rollup_state').select('rolled_until').where('kind', '=', 'visit').executeTakeFirst();
  if (!state) return;
  const cutoff = Math.min(now.getTime() - days * DAY, Date.parse(state.rolled_until) - OVERLAP_MS);
  await ctx.db.deleteFrom('page_views').where('created_at', '<', new Date(cutoff).toISOString()).execute();
}

export async function runReportRollups(ctx: AppContext, now = new Date()): Promise<void> {
  await rollup(ctx, 'visit', now);
  await rollup(ctx, 'play', now);
  await purgeVisits(ctx, now);
}

/** Every scheduler tick (a minute): today's report trails the site by a minute or two. Only the last hour or so is re-read. */
export const ROLLUP_EVERY_MS = 60_000;
registerRecurring('reports:rollup', ROLLUP_EVERY_MS, (ctx) => runReportRollups(ctx));
