import type { Granularity } from '@app/contracts';

/**
 * Calendar arithmetic in the caller's timezone with Intl only. Rollups are per UTC hour, so a report groups
 * hours into the caller's local hours, days, weeks, months or years; a day across a DST change has 23 or 25 hours.
 */
const HOUR = 3600_000;
const DAY = 24 * HOUR;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    formatters.set(tz, f);
  }
  return f;
}

/** The wall clock in `tz` at instant `ms`, as a UTC timestamp with the same fields (a "wall" time). */
export function toWall(ms: number, tz: string): number {
  const p = new Map(formatter(tz).formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.get('year')!, p.get('month')! - 1, p.get('day')!, p.get('hour')!, p.get('minute')!);
}

/** The calendar date (YYYY-MM-DD) of an instant in a timezone. */
export const dateIn = (ms: number, tz: string): string => new Date(toWall(ms, tz)).toISOString().slice(0, 10);

/** The instant whose wall clock in `tz` reads `wall`; in a DST gap, the first instant after it. */
export function fromWall(wall: number, tz: string): number {
  let guess = wall - (toWall(wall, tz) - wall);
  const second = wall - (toWall(guess, tz) - guess);
  if (second !== guess) guess = Math.min(guess, second);
  return guess;
}

/** The range's instants: a plain date is the local midnight starting it (the end date is included whole). */
export function parseRange(startDate: string, endDate: string, tz: string): { start: number; end: number } {
  const at = (v: string, nextDay: boolean) => {
    if (v.length > 10) return Date.parse(v);
    return fromWall(Date.parse(`${v}T00:00:00Z`) + (nextDay ? DAY : 0), tz);
  };
  const start = at(startDate, false);
  return { start, end: Math.max(at(endDate, true), start + HOUR) };
}

/** The period asked for [start, end) and the one of the same length before it (from prevStart), in `tz`. */
export interface ReportRange { start: number; end: number; prevStart: number; tz: string }

/** Finer buckets for shorter ranges, so a chart has a readable number of points. */
export function granularityFor(start: number, end: number): Granularity {
  const days = (end - start) / DAY;
  if (days <= 2) return 'hour';
  if (days <= 92) return 'day';
  if (days <= 366) return 'week';
  if (days <= 3 * 366) return 'month';
  return 'year';
}

/**
 * The local start of the bucket holding `ms` (weeks start on Monday). Hours start on the local hour too: in a timezone
 * whose offset is not whole hours (Asia/Kolkata, +5:30) they start half way through a UTC hour. The counts are kept
 * per UTC hour, so there each UTC hour is counted in the local hour it starts in (in Kolkata the 00:00 bucket holds
 * 00:30 to 01:30), as a range counts the hours that start within it.
 */
function bucketStart(ms: number, g: Granularity, tz: string): number {
  const wall = toWall(ms, tz);
  if (g === 'hour' || g === 'minute') return fromWall(Math.floor(wall / HOUR) * HOUR, tz);
  const w = new Date(wall);
  const y = w.getUTCFullYear();
  const m = w.getUTCMonth();
  const d = w.getUTCDate();
  if (g === 'day') return fromWall(Date.UTC(y, m, d), tz);
  if (g === 'week') return fromWall(Date.UTC(y, m, d - ((w.getUTCDay() + 6) % 7)), tz);
  if (g === 'month') return fromWall(Date.UTC(y, m, 1), tz);
  return fromWall(Date.UTC(y, 0, 1), tz);
}

function nextBucket(ms: number, g: Granularity, tz: string): number {
  if (g === 'hour' || g === 'minute') {
    // Next local hour; a half-hour daylight-saving change (Lord Howe Island) makes one bucket half an hour long or short.
    const next = bucketStart(ms + HOUR, g, tz);
    return next > ms ? next : ms + HOUR;
  }
  const w = new Date(toWall(ms, tz));
  const [y, m, d] = [w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate()];
  if (g === 'day') return fromWall(Date.UTC(y, m, d + 1), tz);
  if (g === 'week') return fromWall(Date.UTC(y, m, d + 7), tz);
  if (g === 'month') return fromWall(Date.UTC(y, m + 1, 1), tz);
  return fromWall(Date.UTC(y + 1, 0, 1), tz);
}

/** Bucket starts covering [start, end): the first one may begin before `start` (a week starting on Monday). */
export function buckets(start: number, end: number, g: Granularity, tz: string): number[] {
  const out: number[] = [];
  for (let b = bucketStart(start, g, tz); b < end && out.length < 20_000; b = nextBucket(b, g, tz)) out.push(b);
  return out;
}

/** Index of the bucket holding `ms` (binary search over sorted starts), or -1 before the first. */
export function bucketIndex(starts: number[], ms: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export const floorHour = (ms: number) => Math.floor(ms / HOUR) * HOUR;
export { HOUR, DAY };
