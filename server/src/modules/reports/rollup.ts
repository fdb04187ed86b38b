import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { EVERY_TICK, registerRecurring } from '../scheduler/index.ts';
import { CHUNK, Counts, countPlay, countVisit, hoursFromFor, type Kind } from './rollup-counts.ts';
import { DAY } from './time.ts';
import { deleteBefore } from '../../db/delete-before.ts';
import { sqliteRollupChunks, type ChunkWrite } from './sqlite-writer.ts';
import { VISITOR_DAYS, VISITOR_HOURS, hourNumber, visitorChanges, writeVisitorRows } from './visitors.ts';

export { HOURLY_DAYS, SPANS, hoursFromFor, place } from './rollup-counts.ts';

/**
 * Chunks per scheduled run: a backlog of millions (a first run after an upgrade) is rolled up over several ticks, each
 * well inside the scheduler's 30-minute lease, so two processes never roll up the same rows at once.
 */
const MAX_CHUNKS = 200;

async function visitChunk(ctx: AppContext, after: number, counts: Counts): Promise<number | null> {
  const rows = await ctx.db.selectFrom('page_views').select(['id', 'visitor_id', 'device', 'browser', 'platform', 'country', 'region', 'city', 'latitude', 'longitude', 'referrer', 'created_at'])
    .where('id', '>', after).orderBy('id').limit(CHUNK).execute();
  for (const r of rows) countVisit(counts, r);
  return rows.length ? rows[rows.length - 1].id : null;
}

async function playChunk(ctx: AppContext, after: number, counts: Counts): Promise<number | null> {
  const rows = await ctx.db.selectFrom('plays').innerJoin('titles', 'titles.id', 'plays.title_id')
    .select(['plays.id', 'plays.video_id', 'plays.title_id', 'plays.user_id', 'plays.device', 'plays.platform', 'plays.browser', 'plays.country', 'plays.region',
      'plays.city', 'plays.latitude', 'plays.longitude', 'plays.created_at', 'titles.is_series'])
    .where('plays.id', '>', after).orderBy('plays.id').limit(CHUNK).execute();
  for (const r of rows) countPlay(counts, r);
  return rows.length ? rows[rows.length - 1].id : null;
}

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
  // Only when the horizon moved (about once an hour): most runs write nothing here on the request thread.
  if (!state?.hours_from || Date.parse(state.hours_from) !== hoursFrom) {
    await ctx.db.insertInto('report_rollup_state').values({ kind, rolled_until: now.toISOString(), last_id: state?.last_id ?? 0, hours_from: hoursFromIso })
      .onConflict((oc) => oc.column('kind').doUpdateSet({ hours_from: hoursFromIso })).execute();
    // Hourly breakdowns and visitor hours before the horizon go (the days hold them); hourly totals stay.
    await ctx.db.deleteFrom('report_hours').where('kind', '=', kind).where('hour', '<', hoursFromIso).where('dim', '!=', 'total').execute();
    if (kind === 'visit') await ctx.db.deleteFrom('report_visitor_hours').where('hour', '<', hourNumber(hoursFrom)).execute();
  }

  // On SQLite a chunk is read, counted and written (one short transaction for the writes) by the event writer thread
  // when there is one (a chunk of 10,000 rows held the request thread for 150 ms or more); elsewhere through Kysely here.
  const sqlite = sqliteRollupChunks(ctx);
  for (let after = state?.last_id ?? 0, chunks = 0; chunks < maxChunks; chunks++) {
    let last: number | null;
    if (sqlite) last = await sqlite({ kind, hoursFrom, rolledUntil: now.toISOString() });
    else {
      const counts = new Counts(hoursFrom);
      last = kind === 'visit' ? await visitChunk(ctx, after, counts) : await playChunk(ctx, after, counts);
      if (last !== null) {
        await writeChunk(ctx, {
          kind, hourRows: counts.hourRows(kind), dayRows: counts.dayRows(kind), visitorHours: counts.visitorHours, visitorDays: counts.visitorDays,
          lastId: last, rolledUntil: now.toISOString(),
        });
      }
    }
    if (last === null) break;
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

/** Statements a scheduled purge makes at most (db/delete-before.ts): a backlog goes over several ticks. */
const MAX_PURGE_BATCHES = 250;

/** Raw page views older than the retention period go, once they are rolled up (the rollups stay). */
export async function purgeVisits(ctx: AppContext, now = new Date(), maxBatches = MAX_PURGE_BATCHES, batch?: number): Promise<void> {
  const days = await ctx.settings.get('server.analytics_retention_days');
  const state = await ctx.db.selectFrom('report_rollup_state').select('last_id').where('kind', '=', 'visit').executeTakeFirst();
  if (!state) return;
  // Through the created_at index: a run with nothing to purge reads one index entry and writes nothing.
  await deleteBefore(ctx.db, 'page_views', 'created_at', new Date(now.getTime() - days * DAY).toISOString(), { maxId: state.last_id, maxBatches, batch });
}

export async function runReportRollups(ctx: AppContext, now = new Date()): Promise<void> {
  await rollup(ctx, 'visit', now);
  await rollup(ctx, 'play', now);
  await purgeVisits(ctx, now);
}

/** Every scheduler tick (a minute by default): today's report trails the site by a tick or two. Only new raw rows are read. */
registerRecurring('reports:rollup', EVERY_TICK, (ctx) => runReportRollups(ctx));
