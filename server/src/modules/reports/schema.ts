import type { Generated } from 'kysely';

type Timestamp = string;

/** Visit and rollup tables (migration 0033), merged into the shared Database type from this module. */
export interface PageViewsTable {
  id: Generated<number>;
  visitor_id: string;
  user_id: number | null;
  path: string;
  model_type: string | null;
  model_id: number | null;
  referrer: string | null;
  device: string | null;
  browser: string | null;
  platform: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  created_at: Timestamp;
}

/** Per-hour counts: kind visit|play; subject '' (site-wide: since migration 0038 the only one written). */
export interface ReportHoursTable {
  hour: Timestamp;
  kind: 'visit' | 'play';
  subject: string;
  dim: string;
  value: string;
  count: number;
}

export interface ReportRollupStateTable {
  kind: 'visit' | 'play';
  rolled_until: Timestamp;
  /** The last raw row (by id) rolled up. */
  last_id: Generated<number>;
  /** Hourly rows (other than totals) are complete from here on; older hours were pruned. */
  hours_from: Timestamp | null;
}

/** Site-wide counts per block of `span` (1, 8 or 64) UTC days starting at `day` (days since the epoch, a multiple of span). */
export interface ReportDaysTable {
  kind: 'visit' | 'play';
  dim: string;
  span: number;
  day: number;
  value: string;
  count: number;
}

/** One row per visitor and UTC day (days since the epoch) with a page view, and their previous such day (-1: none). */
export interface ReportVisitorDaysTable {
  visitor_id: string;
  day: number;
  prev_day: number;
}

/** One row per visitor and UTC hour (hours since the epoch) with a page view, and their previous such hour (-1: none). */
export interface ReportVisitorHoursTable {
  visitor_id: string;
  hour: number;
  prev_hour: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    page_views: PageViewsTable;
    report_hours: ReportHoursTable;
    report_rollup_state: ReportRollupStateTable;
    report_visitor_hours: ReportVisitorHoursTable;
    report_days: ReportDaysTable;
    report_visitor_days: ReportVisitorDaysTable;
  }
}
