import type SQLite from 'better-sqlite3';
import { CHUNK, Counts, countPlay, countVisit, type ChunkWrite, type Kind, type PlayRow, type VisitRow } from './rollup-counts.ts';
import { VISITOR_DAYS, VISITOR_HOURS, mergeChain } from './visitors.ts';

/** One rollup chunk to run: which events, the hourly horizon (ms) and the instant the run rolls up to. */
export interface RollupJob { kind: Kind; hoursFrom: number; rolledUntil: string }

const rollups = new WeakMap<SQLite.Database, (job: RollupJob) => number | null>();

/**
 * The SQLite form of a rollup chunk on a connection: statements prepared once; the watermark and CHUNK raw rows after
 * it read and counted, then their counts, visitor rows and new watermark written in one IMMEDIATE transaction that
 * first checks the watermark did not move. It runs in the event writer thread (or, without one, on the request
 * thread); a chunk sent again after a thread crash resumes after what was committed and never counts twice.
 * Answers the last id rolled up, or null when nothing was new.
 */
export function sqliteRollup(raw: SQLite.Database): (job: RollupJob) => number | null {
  let run = rollups.get(raw);
  if (run) return run;
  const watermark = raw.prepare('SELECT last_id FROM report_rollup_state WHERE kind = ?').pluck();
  const visits = raw.prepare(`SELECT id, visitor_id, device, browser, platform, country, region, city, latitude, longitude, referrer, created_at
    FROM page_views WHERE id > ? ORDER BY id LIMIT ${CHUNK}`);
  const plays = raw.prepare(`SELECT plays.id, plays.video_id, plays.title_id, plays.user_id, plays.device, plays.platform, plays.browser, plays.country,
    plays.region, plays.city, plays.latitude, plays.longitude, plays.created_at, titles.is_series FROM plays JOIN titles ON titles.id = plays.title_id WHERE plays.id > ? ORDER BY plays.id LIMIT ${CHUNK}`);
  const write = chunkWriter(raw);
  // Only the writes hold the file's write lock: reading and counting 10,000 rows under it held every other writer
  // (a request thread's write waits synchronously) for 150 ms and more. The watermark is checked again under the lock.
  const commit = raw.transaction((after: number, w: ChunkWrite): boolean => {
    if (Number(watermark.get(w.kind) ?? 0) !== after) return false;
    write(w);
    return true;
  });
  run = (job) => {
    for (;;) {
      const after = Number(watermark.get(job.kind) ?? 0);
      const counts = new Counts(job.hoursFrom);
      let last: number | null = null;
      if (job.kind === 'visit') {
        for (const r of visits.all(after) as VisitRow[]) { countVisit(counts, r); last = r.id; }
      } else {
        for (const r of plays.all(after) as PlayRow[]) { countPlay(counts, r); last = r.id; }
      }
      if (last === null) return null;
      const w: ChunkWrite = {
        kind: job.kind, hourRows: counts.hourRows(job.kind), dayRows: counts.dayRows(job.kind), visitorHours: counts.visitorHours, visitorDays: counts.visitorDays,
        lastId: last, rolledUntil: job.rolledUntil,
      };
      // IMMEDIATE: the write lock is taken before the watermark is checked. Moved meanwhile (another process's rollup
      // committed these rows): count again from where it stands now, so nothing is counted twice.
      if (commit.immediate(after, w)) return last;
    }
  };
  rollups.set(raw, run);
  return run;
}

/**
 * A chunk's writes as statements run row by row (inside the caller's transaction). Query building (a thousand
 * parameters per multi-row statement) was most of a rollup's time, and per-visitor lookups here are single index
 * seeks (the previous unit as `max(...)` on the primary key) instead of a scan of each visitor's rows.
 */
function chunkWriter(raw: SQLite.Database): (w: ChunkWrite) => void {
  const hour = raw.prepare('INSERT INTO report_hours (hour, kind, subject, dim, value, count) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (kind, subject, dim, hour, value) DO UPDATE SET count = count + excluded.count');
  const day = raw.prepare('INSERT INTO report_days (kind, dim, span, day, value, count) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (kind, dim, span, day, value) DO UPDATE SET count = count + excluded.count');
  const [hours, days] = [VISITOR_HOURS, VISITOR_DAYS].map((t) => ({
    after: raw.prepare(`SELECT ${t.unit} AS u, ${t.prev} AS p FROM ${t.table} WHERE visitor_id = ? AND ${t.unit} >= ?`),
    before: raw.prepare(`SELECT max(${t.unit}) AS u FROM ${t.table} WHERE visitor_id = ? AND ${t.unit} < ?`),
    upsert: raw.prepare(`INSERT INTO ${t.table} (visitor_id, ${t.unit}, ${t.prev}) VALUES (?, ?, ?) ON CONFLICT (visitor_id, ${t.unit}) DO UPDATE SET ${t.prev} = excluded.${t.prev}`),
  }));
  const state = raw.prepare('UPDATE report_rollup_state SET last_id = ?, rolled_until = ? WHERE kind = ?');
  const visitors = (s: typeof hours, units: Map<string, Set<number>>) => {
    for (const [visitor, set] of units) {
      let min = Infinity;
      for (const u of set) min = Math.min(min, u);
      const have = new Map((s.after.all(visitor, min) as { u: number; p: number }[]).map((r) => [r.u, r.p]));
      const before = (s.before.get(visitor, min) as { u: number | null }).u ?? -1;
      for (const r of mergeChain(visitor, have, set, before)) s.upsert.run(r.visitor_id, r.unit, r.prev);
    }
  };
  return (w) => {
    for (const r of w.hourRows) hour.run(r.hour, r.kind, r.subject, r.dim, r.value, r.count);
    for (const r of w.dayRows) day.run(r.kind, r.dim, r.span, r.day, r.value, r.count);
    visitors(hours, w.visitorHours);
    visitors(days, w.visitorDays);
    state.run(w.lastId, w.rolledUntil, w.kind);
  };
}
