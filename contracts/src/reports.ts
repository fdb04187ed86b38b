import { z } from './zod.ts';
import { ID_MAX } from './list.ts';
import { refineDateRange } from './date-range.ts';
import { isCalendarDate } from './calendar-date.ts';
import { translate } from './i18n.ts';

/** Report kinds `GET admin/reports` answers (its `types`), and the metrics `GET reports/insights` answers. */
export const REPORT_TYPES = ['header', 'visitors', 'plays'] as const;
export const INSIGHT_METRICS = ['plays', 'devices', 'locations', 'platforms', 'seasons', 'episodes'] as const;
export const INSIGHT_MODELS = ['title', 'season', 'episode', 'video', 'user'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export type InsightMetric = (typeof INSIGHT_METRICS)[number];
export type InsightModel = (typeof INSIGHT_MODELS)[number];
export type Granularity = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

/** The longest range a report covers. */
export const REPORT_MAX_YEARS = 5;
/** The date-range picker's presets in order; the spec's default is the third. */
export const REPORT_PRESETS = ['today', 'yesterday', 'last7', 'last30', 'last90', 'last365'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];
export const DEFAULT_REPORT_PRESET: ReportPreset = REPORT_PRESETS[2];
/** The charts' 6-colour palette (section 9). */
export const CHART_PALETTE = ['#2563eb', '#16a34a', '#f59e0b', '#dc2626', '#9333ea', '#0891b2'] as const;

/** The beacon: sizes bound what one forged request may store. */
export const BEACON_MAX_BYTES = 2048;
export const pageViewBeaconSchema = z.object({
  path: z.string().min(1).max(255).regex(/^\//, 'The path must start with /.'),
  referrer: z.string().max(500).optional(),
  model_type: z.enum(['title', 'season', 'episode', 'person', 'video', 'news', 'channel', 'list', 'page']).optional(),
  model_id: z.number().int().min(1).max(ID_MAX).optional(),
}).strict();
export type PageViewBeacon = z.infer<typeof pageViewBeaconSchema>;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** An ISO date (`2026-03-29`) or an ISO timestamp with its offset; a plain date is read in the report's timezone. */
const reportDate = z.string().max(40).regex(DATE_PATTERN, 'Enter a valid date.')
  .refine(realDate, 'Enter a valid date.');

/** Reports start at 1900: a range and its previous period before it reach years PostgreSQL cannot read. */
const REPORT_MIN_YEAR = 1900;

/**
 * A real calendar day (the catalogue's one check: no 2026-02-30) and instant. The refinement also runs on what the
 * pattern refused: that value already has its one message.
 */
function realDate(v: string): boolean {
  if (!DATE_PATTERN.test(v)) return true;
  return isCalendarDate(v.slice(0, 10)) && Number(v.slice(0, 4)) >= REPORT_MIN_YEAR
    && !Number.isNaN(Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v));
}

/** What a comma-joined list says when an entry is unknown (`:value`) or none is given: translation keys, one per list. */
interface ListMessages { unknown: (value: string) => string; none: () => string }

/** A comma-joined list whose every entry is one of `values`; an unknown one is named in the message. */
function commaList<T extends string>(values: readonly T[], messages: ListMessages) {
  const allowed = new Set<string>(values);
  return z.string().max(200).transform((v, ctx) => {
    const items = [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))];
    const unknown = items.find((i) => !allowed.has(i));
    if (unknown !== undefined || !items.length) {
      ctx.addIssue({ code: 'custom', message: unknown !== undefined ? messages.unknown(unknown.slice(0, 50)) : messages.none() });
      return z.NEVER;
    }
    return items as T[];
  });
}

function validTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** End before start (the shared date-range texts) and ranges over REPORT_MAX_YEARS years are refused. */
function checkRange(q: { startDate: string; endDate: string; timezone?: string }, ctx: z.RefinementCtx): void {
  // A date that is not one (2026-02-30, which Date reads as 2 March) has its own message: no range is compared.
  const valid = (v: unknown) => typeof v === 'string' && DATE_PATTERN.test(v) && realDate(v);
  if (!valid(q.startDate) || !valid(q.endDate)) return;
  refineDateRange<typeof q>('startDate', 'endDate', 'timezone')(q, ctx);
  const start = Date.parse(q.startDate.slice(0, 10));
  const limit = new Date(start);
  limit.setUTCFullYear(limit.getUTCFullYear() + REPORT_MAX_YEARS);
  if (Date.parse(q.endDate.slice(0, 10)) > limit.getTime()) ctx.addIssue({ code: 'custom', path: ['endDate'], message: translate(undefined, 'The range can be at most :count years.', { count: REPORT_MAX_YEARS }) });
}

const rangeFields = {
  startDate: reportDate,
  endDate: reportDate,
  timezone: z.string().max(64).refine(validTimezone, 'The timezone does not exist.').default('UTC'),
};

export const reportQuerySchema = z.object({
  ...rangeFields,
  types: commaList(REPORT_TYPES, {
    unknown: (value) => translate(undefined, 'Unknown report type: :value', { value }), none: () => translate(undefined, 'Choose at least one report type.'),
  }).default(['header', 'visitors', 'plays']),
}).superRefine(checkRange);
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const insightsQuerySchema = z.object({
  ...rangeFields,
  model: z.enum(INSIGHT_MODELS, { error: 'Unknown model.' }),
  id: z.coerce.number().int().min(1).max(ID_MAX),
  season: z.coerce.number().int().min(0).max(10_000).optional(),
  episode: z.coerce.number().int().min(0).max(100_000).optional(),
  metrics: commaList(INSIGHT_METRICS, {
    unknown: (value) => translate(undefined, 'Unknown metric: :value', { value }), none: () => translate(undefined, 'Choose at least one metric.'),
  }).default(['plays', 'devices', 'locations', 'platforms']),
}).refine((q) => q.model !== 'season' || q.season !== undefined, { path: ['season'], message: 'The season is required.' })
  .refine((q) => q.model !== 'episode' || (q.season !== undefined && q.episode !== undefined), { path: ['episode'], message: 'The season and episode are required.' })
  .superRefine(checkRange);
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

/** One point of a dataset: a time bucket (date, endDate) or a named item (label, code) with its share. */
export interface ReportPoint {
  label?: string;
  date?: string;
  endDate?: string;
  value: number;
  code?: string;
  model?: InsightModelItem;
  percentage?: number;
  cities?: ReportPoint[];
  /** A country's regions (provinces, states), summed from its cities; only where the GeoIP data names them. */
  regions?: ReportPoint[];
}
export interface ReportDataset { label: string; data: ReportPoint[] }
export interface TimeSeriesReport { granularity: Granularity; total: number; datasets: ReportDataset[] }
export interface RankedReport { datasets: ReportDataset[] }
export interface HeaderReportItem { name: string; icon: string; type: 'number' | 'fileSize'; currentValue: number; percentageChange: number }
export interface InsightModelItem {
  model_type: InsightModel;
  id: number;
  name: string;
  year?: number | null;
  number?: number | null;
  title_id?: number | null;
  season_number?: number | null;
  episode_number?: number | null;
  thumbnail?: string | null;
  display_name?: string;
  /** A title's kind, on the title an insights answer is about (its page shows a series' seasons and episodes). */
  is_series?: boolean;
}

export interface VisitorsReport { pageViews: TimeSeriesReport; devices: RankedReport; browsers: RankedReport; platforms: RankedReport; locations: RankedReport }
export interface PlaysReport {
  plays: TimeSeriesReport; devices: RankedReport; platforms: RankedReport; locations: RankedReport;
  topSeries: RankedReport; topMovies: RankedReport; topVideos: RankedReport; topUsers: RankedReport;
}
/** Where the visitors' figures (the report and the header's visitors and page views) come from. */
export type VisitorsSource = 'site' | 'googleAnalytics';
export interface AdminReportResponse {
  headerReport?: HeaderReportItem[];
  visitorsReport?: VisitorsReport;
  playsReport?: PlaysReport;
  /** Present when the visitors' figures were asked for: Google Analytics when its property and certificate are set. */
  visitorsSource?: VisitorsSource;
  /** Why Google Analytics could not be read (its own words); the figures then come from this site's visits. */
  googleAnalyticsError?: string;
}
/** The metrics asked for, and the title, season, episode, video or user they are about (named). */
export interface InsightsResponse { model: InsightModelItem; report: Partial<Record<InsightMetric, TimeSeriesReport | RankedReport>> }
