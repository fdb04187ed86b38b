import type { Insertable } from 'kysely';
import type { ReportDaysTable, ReportHoursTable } from './schema.ts';
import { DAY, floorHour } from './time.ts';
import { dayNumber, hourNumber } from './visitors.ts';

/**
 * Counting raw events into rollup rows, shared by the two rollup paths: Kysely (PostgreSQL) in rollup.ts and raw
 * statements in the event writer thread (sqlite-rollup.ts). Pure: no database here.
 */
export type Kind = 'visit' | 'play';
/** Raw rows rolled up per transaction (keyset by id). */
export const CHUNK = 10_000;
/** Hourly breakdowns are kept for the last days only (a range starting earlier reads days or raw rows); hourly totals for ever. */
export const HOURLY_DAYS = 14;
/** Day blocks: a count is added to its day and to the aligned 8- and 64-day blocks holding it. */
export const SPANS = [64, 8, 1] as const;

/** Counts of one chunk, keyed by hour (ISO) or span/day, dimension and value. */
export class Counts {
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

/** The columns a page view is counted by. */
export interface VisitRow {
  id: number; visitor_id: string; device: string | null; browser: string | null; platform: string | null; country: string | null; region: string | null;
  city: string | null; latitude: number | null; longitude: number | null; referrer: string | null; created_at: string;
}
/** The columns a play is counted by, with its title's kind. */
export interface PlayRow {
  id: number; video_id: number; title_id: number; user_id: number | null; device: string | null; platform: string | null; browser: string | null;
  country: string | null; region: string | null; city: string | null; latitude: number | null; longitude: number | null; created_at: string; is_series: unknown;
}

export function countVisit(counts: Counts, r: VisitRow): void {
  const ms = Date.parse(r.created_at);
  counts.add(ms, [['total', 'all'], ['device', r.device], ['browser', r.browser], ['platform', r.platform], ['country', r.country], ['referrer', r.referrer], ['city', place(r)]]);
  counts.visitor(r.visitor_id, ms);
}

export function countPlay(counts: Counts, r: PlayRow): void {
  counts.add(Date.parse(r.created_at), [
    ['total', 'all'], ['device', r.device], ['platform', r.platform], ['browser', r.browser], ['country', r.country], ['city', place(r)],
    [Number(r.is_series) ? 'series' : 'movie', r.title_id], ['video', r.video_id], ['user', r.user_id],
  ]);
}

/** Where complete hourly breakdowns begin: the start of the UTC day HOURLY_DAYS before `now`. */
export const hoursFromFor = (now: Date) => dayNumber(now.getTime() - HOURLY_DAYS * DAY) * DAY;

/** One rollup chunk's writes: counts to add, the visitors' new units, and the watermark to move. */
export interface ChunkWrite {
  kind: Kind;
  hourRows: Insertable<ReportHoursTable>[];
  dayRows: Insertable<ReportDaysTable>[];
  visitorHours: Map<string, Set<number>>;
  visitorDays: Map<string, Set<number>>;
  lastId: number;
  rolledUntil: string;
}
