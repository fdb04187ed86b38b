import type { Insertable } from 'kysely';
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

/** Page-view rows from beacons: user agent and place resolved here (both cached per value), before any transaction. */
export async function visitRows(events: VisitEvent[]): Promise<Insertable<PageViewsTable>[]> {
  const rows: Insertable<PageViewsTable>[] = [];
  for (const e of events) {
    const place = await locate(e.ip);
    const device = parseUserAgent(e.userAgent);
    rows.push({
      visitor_id: e.visitorId, user_id: e.userId, path: e.path, model_type: e.modelType, model_id: e.modelId, referrer: e.referrer,
      device: device.device, browser: device.browser, platform: device.platform, country: place.country, region: place.region, city: place.city,
      latitude: place.latitude, longitude: place.longitude, created_at: e.at,
    });
  }
  return rows;
}
