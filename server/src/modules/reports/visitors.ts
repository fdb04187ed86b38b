import type { Insertable, Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import type { ReportVisitorHoursTable } from './schema.ts';
import { HOUR } from './time.ts';

/** Whole UTC hours since the epoch: `report_visitor_hours` keys its rows by these. */
export const hourNumber = (ms: number) => Math.floor(ms / HOUR);
/** Visitor ids per lookup: well under every driver's parameter limit. */
const LOOKUP_CHUNK = 500;

/**
 * The rows of one rollup window: for each visitor, each hour they viewed a page in, with their hour before it. The
 * first hour's "before" is their last hour already rolled up before the window (`from`, an hour number), or -1.
 */
export async function visitorHourRows(db: Kysely<Database>, hoursByVisitor: Map<string, Set<number>>, from: number): Promise<Insertable<ReportVisitorHoursTable>[]> {
  const ids = [...hoursByVisitor.keys()];
  const before = new Map<string, number>();
  for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
    const rows = await db.selectFrom('report_visitor_hours').select('visitor_id').select((eb) => eb.fn.max<number>('hour').as('h'))
      .where('visitor_id', 'in', ids.slice(i, i + LOOKUP_CHUNK)).where('hour', '<', from).groupBy('visitor_id').execute();
    for (const r of rows) before.set(r.visitor_id, Number(r.h));
  }
  const out: Insertable<ReportVisitorHoursTable>[] = [];
  for (const [visitor, set] of hoursByVisitor) {
    let prev = before.get(visitor) ?? -1;
    for (const hour of [...set].sort((a, b) => a - b)) {
      out.push({ visitor_id: visitor, hour, prev_hour: prev });
      prev = hour;
    }
  }
  return out;
}

/** Replaces the window's rows (hours from `from`, up to `to` if given) inside the rollup's transaction. */
export async function replaceVisitorHours(trx: Transaction<Database>, rows: Insertable<ReportVisitorHoursTable>[], from: number, to: number | null): Promise<void> {
  let del = trx.deleteFrom('report_visitor_hours').where('hour', '>=', from);
  if (to !== null) del = del.where('hour', '<', to);
  await del.execute();
  for (let i = 0; i < rows.length; i += 300) await trx.insertInto('report_visitor_hours').values(rows.slice(i, i + 300)).execute();
}

/**
 * Exact distinct visitors from `fromMs` to `toMs`: each visitor is counted by the first of their hours inside, the one
 * whose previous visit is before the start. Hours are whole UTC hours, as the rest of the report's rollups.
 */
export async function distinctVisitors(ctx: AppContext, fromMs: number, toMs: number): Promise<number> {
  const from = Math.ceil(fromMs / HOUR);
  const row = await ctx.db.selectFrom('report_visitor_hours').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('hour', '>=', from).where('hour', '<', Math.ceil(toMs / HOUR)).where('prev_hour', '<', from).executeTakeFirst();
  return Number(row?.n ?? 0);
}
