import type { AppContext } from '../../context.ts';
import { EventBatcher } from '../plays/batcher.ts';
import { eventWriter, writeThrough, type EventWriter } from '../plays/event-writer.ts';
import { visitRows, type VisitEvent } from './visit-rows.ts';

export type { VisitEvent } from './visit-rows.ts';

/** The referring site's host name only (never its path or query, which may carry someone's data). */
export function referrerDomain(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const host = new URL(referrer).hostname.toLowerCase();
    return host && host !== ownHost ? host.slice(0, 255) : null;
  } catch {
    return null;
  }
}

/** The Kysely form (PostgreSQL, or an in-memory SQLite database no other thread can open). */
async function writeVisits(ctx: AppContext, events: VisitEvent[]): Promise<void> {
  const rows = await visitRows(events);
  // 50 rows x 15 columns per statement stays under every driver's parameter limit.
  await ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 50) await trx.insertInto('page_views').values(rows.slice(i, i + 50)).execute();
  });
}

/** Page views in batches: pushed by the beacon route, written every ~250 ms (or at 1000 waiting) and on shutdown. */
export class VisitTracker {
  private batcher: EventBatcher<VisitEvent>;
  private writer: EventWriter | null;

  constructor(ctx: AppContext) {
    // On a SQLite file the writer thread writes them (plays/event-writer.ts), so no batch blocks a request.
    this.writer = eventWriter(ctx)?.acquire() ?? null;
    const writer = this.writer;
    this.batcher = new EventBatcher<VisitEvent>({
      write: (chunk) => writeThrough(writer, 'visits', chunk, () => writeVisits(ctx, chunk)),
      chunk: writer ? 1000 : 200,
      onError: (err) => void ctx.errors.capture(err as Error, { message: 'Writing page views failed', tags: { source: 'reports' } }),
    });
  }

  push(event: VisitEvent): boolean {
    return this.batcher.push(event);
  }

  /** Writes everything buffered so far; resolves when it is in the database. Never rejects (errors are reported). */
  flush(): Promise<void> {
    return this.batcher.flush();
  }

  async close(): Promise<void> {
    await this.batcher.close();
    await this.writer?.release();
  }
}

const trackers = new WeakMap<AppContext, VisitTracker>();

/** The app's one page-view tracker (tests reach it to flush before they look). */
export function visitTracker(ctx: AppContext): VisitTracker {
  let t = trackers.get(ctx);
  if (!t) {
    t = new VisitTracker(ctx);
    trackers.set(ctx, t);
  }
  return t;
}
