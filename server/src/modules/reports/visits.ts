import type { Insertable } from 'kysely';
import type { AppContext } from '../../context.ts';
import { EventBatcher } from '../plays/batcher.ts';
import { locate, parseUserAgent } from '../plays/device.ts';
import type { PageViewsTable } from './schema.ts';

/** One beacon, held in memory until the next flush. The address is only used to look up the place. */
export interface VisitEvent {
  visitorId: string;
  userId: number | null;
  path: string;
  modelType: string | null;
  modelId: number | null;
  referrer: string | null;
  at: string;
  ip: string;
  userAgent: string;
}

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

async function writeVisits(ctx: AppContext, events: VisitEvent[]): Promise<void> {
  const rows: Insertable<PageViewsTable>[] = [];
  // User agent and place are parsed before the transaction holds the connection (both are cached per value).
  for (const e of events) {
    const place = await locate(e.ip);
    const device = parseUserAgent(e.userAgent);
    rows.push({
      visitor_id: e.visitorId, user_id: e.userId, path: e.path, model_type: e.modelType, model_id: e.modelId, referrer: e.referrer,
      device: device.device, browser: device.browser, platform: device.platform, country: place.country, region: place.region, city: place.city,
      latitude: place.latitude, longitude: place.longitude, created_at: e.at,
    });
  }
  const fast = sqliteInsert(ctx);
  if (fast) return fast(rows);
  // 50 rows x 14 columns per statement stays under every driver's parameter limit.
  await ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 50) await trx.insertInto('page_views').values(rows.slice(i, i + 50)).execute();
  });
}

const COLUMNS = ['visitor_id', 'user_id', 'path', 'model_type', 'model_id', 'referrer', 'device', 'browser', 'platform', 'country', 'region', 'city', 'latitude', 'longitude', 'created_at'] as const;
const inserts = new WeakMap<object, (rows: Insertable<PageViewsTable>[]) => void>();

/**
 * On SQLite, a batch is one statement prepared once and run per row in one transaction, holding Kysely's connection
 * (no other query interleaves): building a 700-parameter statement for every 50 rows cost more than writing them.
 */
function sqliteInsert(ctx: AppContext): ((rows: Insertable<PageViewsTable>[]) => Promise<void>) | null {
  const raw = ctx.handle.sqlite;
  if (!raw) return null;
  let write = inserts.get(raw);
  if (!write) {
    const stmt = raw.prepare(`INSERT INTO page_views (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`);
    write = raw.transaction((rows: Insertable<PageViewsTable>[]) => {
      for (const r of rows) stmt.run(COLUMNS.map((c) => r[c] ?? null));
    }) as (rows: Insertable<PageViewsTable>[]) => void;
    inserts.set(raw, write);
  }
  const run = write;
  return (rows) => ctx.db.connection().execute(async () => run(rows));
}

const trackers = new WeakMap<AppContext, EventBatcher<VisitEvent>>();

/** The app's one page-view batcher (tests reach it to flush before they look). */
export function visitTracker(ctx: AppContext): EventBatcher<VisitEvent> {
  let t = trackers.get(ctx);
  if (!t) {
    t = new EventBatcher<VisitEvent>({
      write: (chunk) => writeVisits(ctx, chunk),
      onError: (err) => void ctx.errors.capture(err as Error, { message: 'Writing page views failed', tags: { source: 'reports' } }),
    });
    trackers.set(ctx, t);
  }
  return t;
}
