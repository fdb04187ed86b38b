import type SQLite from 'better-sqlite3';
import type { Insertable } from 'kysely';
import type { AppContext } from '../../context.ts';
import { counterSnapshots } from '../../db/index.ts';
import type { ReportDaysTable, ReportHoursTable } from './schema.ts';
import { VISITOR_DAYS, VISITOR_HOURS, mergeChain } from './visitors.ts';

/** One rollup chunk's writes: counts to add, the visitors' new units, and the watermark to move. */
export interface ChunkWrite {
  kind: 'visit' | 'play';
  hourRows: Insertable<ReportHoursTable>[];
  dayRows: Insertable<ReportDaysTable>[];
  visitorHours: Map<string, Set<number>>;
  visitorDays: Map<string, Set<number>>;
  lastId: number;
  rolledUntil: string;
}

const writers = new WeakMap<SQLite.Database, (w: ChunkWrite) => void>();

/**
 * The SQLite form of a chunk's writes: statements prepared once and run row by row in one synchronous transaction.
 * Query building (a thousand parameters per multi-row statement) was most of a rollup's time, and per-visitor lookups
 * here are single index seeks (the previous unit as `max(...)` on the primary key) instead of a scan of each visitor's rows.
 */
function writerFor(raw: SQLite.Database): (w: ChunkWrite) => void {
  let writer = writers.get(raw);
  if (writer) return writer;
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
  writer = raw.transaction((w: ChunkWrite) => {
    for (const r of w.hourRows) hour.run(r.hour, r.kind, r.subject, r.dim, r.value, r.count);
    for (const r of w.dayRows) day.run(r.kind, r.dim, r.span, r.day, r.value, r.count);
    visitors(hours, w.visitorHours);
    visitors(days, w.visitorDays);
    state.run(w.lastId, w.rolledUntil, w.kind);
  }) as (w: ChunkWrite) => void;
  writers.set(raw, writer);
  return writer;
}

/** On SQLite, a function that writes a chunk holding Kysely's connection (no other query interleaves); elsewhere null. */
export function sqliteChunkWriter(ctx: AppContext): ((w: ChunkWrite) => Promise<void>) | null {
  const raw = ctx.handle.sqlite;
  if (!raw) return null;
  const write = writerFor(raw);
  // These statements bypass db/index.ts, which tells the counter snapshot of every write on this connection.
  const counters = counterSnapshots.get(ctx.db);
  return (w) => ctx.db.connection().execute(async () => {
    write(w);
    counters?.wrote();
  });
}
