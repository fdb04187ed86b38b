import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { DAY, HOUR } from './time.ts';

/** Whole UTC hours since the epoch: `report_visitor_hours` keys its rows by these. */
export const hourNumber = (ms: number) => Math.floor(ms / HOUR);
/** Whole UTC days since the epoch: `report_visitor_days` keys its rows by these. */
export const dayNumber = (ms: number) => Math.floor(ms / DAY);
/** Visitor ids per lookup: well under every driver's parameter limit. */
const LOOKUP_CHUNK = 500;

/**
 * One visitor table: a row per visitor and unit (hour or day) they viewed a page in, with their unit before it.
 * The visitors of [a, b) are then exactly the rows in [a, b) whose previous unit is before a: one indexed count.
 */
export interface VisitorTable { table: 'report_visitor_hours' | 'report_visitor_days'; unit: 'hour' | 'day'; prev: 'prev_hour' | 'prev_day' }
export const VISITOR_HOURS: VisitorTable = { table: 'report_visitor_hours', unit: 'hour', prev: 'prev_hour' };
export const VISITOR_DAYS: VisitorTable = { table: 'report_visitor_days', unit: 'day', prev: 'prev_day' };

export interface VisitorRow { visitor_id: string; unit: number; prev: number }

/**
 * The rows to write so the table holds each visitor's new units (`units`, any order, maybe older than rows already
 * there: a late event) with a correct chain: the new rows, and the existing rows after them whose previous unit changed.
 */
export async function visitorChanges(db: Kysely<Database>, t: VisitorTable, units: Map<string, Set<number>>): Promise<VisitorRow[]> {
  const ids = [...units.keys()];
  let min = Infinity;
  for (const set of units.values()) for (const u of set) min = Math.min(min, u);
  const out: VisitorRow[] = [];
  const q = db as unknown as Kysely<Record<string, { visitor_id: string; [k: string]: string | number }>>;
  for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
    const slice = ids.slice(i, i + LOOKUP_CHUNK);
    // Each visitor's rows from the earliest new unit on (usually none: events arrive in order), and their last unit before it.
    const after = await q.selectFrom(t.table).select(['visitor_id', sql<number>`${sql.ref(t.unit)}`.as('u'), sql<number>`${sql.ref(t.prev)}`.as('p')])
      .where('visitor_id', 'in', slice).where(t.unit, '>=', min).execute();
    const before = await q.selectFrom(t.table).select('visitor_id').select(sql<number>`max(${sql.ref(t.unit)})`.as('u'))
      .where('visitor_id', 'in', slice).where(t.unit, '<', min).groupBy('visitor_id').execute();
    const existing = new Map<string, Map<number, number>>();
    for (const r of after) {
      const m = existing.get(r.visitor_id as string) ?? new Map<number, number>();
      m.set(Number(r.u), Number(r.p));
      existing.set(r.visitor_id as string, m);
    }
    const last = new Map(before.map((r) => [r.visitor_id as string, Number(r.u)]));
    for (const visitor of slice) out.push(...mergeChain(visitor, existing.get(visitor) ?? new Map(), units.get(visitor)!, last.get(visitor) ?? -1));
  }
  return out;
}

/**
 * One visitor's rows to write: `have` are their rows from the earliest new unit on (unit -> previous), `before` their
 * last unit before it (-1: none). New units get rows, and rows after them whose previous unit changed are rewritten.
 */
export function mergeChain(visitor: string, have: Map<number, number>, units: Set<number>, before: number): VisitorRow[] {
  const out: VisitorRow[] = [];
  const all = have.size ? [...new Set([...have.keys(), ...units])].sort((a, b) => a - b) : [...units].sort((a, b) => a - b);
  let prev = before;
  for (const u of all) {
    if (have.get(u) !== prev) out.push({ visitor_id: visitor, unit: u, prev });
    prev = u;
  }
  return out;
}

/** Writes the rows `visitorChanges` answered, inside the rollup's transaction. */
export async function writeVisitorRows(trx: Transaction<Database>, t: VisitorTable, rows: VisitorRow[]): Promise<void> {
  const q = trx as unknown as Kysely<Record<string, Record<string, string | number>>>;
  for (let i = 0; i < rows.length; i += 300) {
    await q.insertInto(t.table).values(rows.slice(i, i + 300).map((r) => ({ visitor_id: r.visitor_id, [t.unit]: r.unit, [t.prev]: r.prev })))
      .onConflict((oc) => oc.columns(['visitor_id', t.unit]).doUpdateSet({ [t.prev]: (eb) => eb.ref(`excluded.${t.prev}`) })).execute();
  }
}

/** The gap (in units) past which a visitor-day row is in the long-gaps partial index (migration 0040). */
export const LONG_GAP_DAYS = 64;

/**
 * Exact distinct visitors over the units [from, to): each counted by their first unit inside, whose previous one is
 * before it. Over visitor days, a row more than LONG_GAP_DAYS into the range qualifies only if its gap is long: the
 * short-gap rows are scanned over the range's first LONG_GAP_DAYS days, the long-gap ones through their own index.
 */
export async function distinctVisitors(ctx: AppContext, t: VisitorTable, from: number, to: number): Promise<number> {
  const q = ctx.db as unknown as Kysely<Record<string, Record<string, number>>>;
  const count = async (start: number, end: number, gap?: '<=' | '>') => {
    let qb = q.selectFrom(t.table).select((eb) => eb.fn.countAll<number>().as('n')).where(t.unit, '>=', start).where(t.unit, '<', end).where(t.prev, '<', from);
    // The literal gap (not a parameter) lets both databases match the partial index's predicate.
    if (gap) qb = qb.where(sql`${sql.ref(t.unit)} - ${sql.ref(t.prev)}`, gap, sql.lit(LONG_GAP_DAYS));
    return Number((await qb.executeTakeFirst())?.n ?? 0);
  };
  if (t !== VISITOR_DAYS || to - from <= LONG_GAP_DAYS) return count(from, to);
  return (await count(from, from + LONG_GAP_DAYS, '<=')) + (await count(from, to, '>'));
}
