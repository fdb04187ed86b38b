import { z } from '../zod.ts';
import type { AdminReportResponse, InsightModelItem, InsightsResponse, RankedReport, ReportPoint, TimeSeriesReport } from '../reports.ts';
import { INSIGHT_METRICS, INSIGHT_MODELS } from '../reports.ts';
import { entity, recordId } from './common.ts';

const nullableInt = z.number().int().nullable().optional();
const insightModel = entity({
  model_type: z.enum(INSIGHT_MODELS), id: recordId, name: z.string(), year: nullableInt, number: nullableInt, title_id: nullableInt,
  season_number: nullableInt, episode_number: nullableInt, thumbnail: z.string().nullable().optional(), display_name: z.string().optional(),
  is_series: z.boolean().optional(),
}) satisfies z.ZodType<InsightModelItem>;

/** A time bucket (date, endDate) or a named item (label, code) with its share; countries carry their cities and regions. */
const reportPoint: z.ZodType<ReportPoint> = entity({
  label: z.string().optional(),
  date: z.string().optional(),
  endDate: z.string().optional(),
  value: z.number(),
  code: z.string().optional(),
  model: insightModel.optional(),
  percentage: z.number().optional(),
  get cities(): z.ZodOptional<z.ZodArray<z.ZodType<ReportPoint>>> { return z.array(reportPoint).optional(); },
  get regions(): z.ZodOptional<z.ZodArray<z.ZodType<ReportPoint>>> { return z.array(reportPoint).optional(); },
});

const datasets = z.array(entity({ label: z.string(), data: z.array(reportPoint) }));
const timeSeries = entity({ granularity: z.enum(['minute', 'hour', 'day', 'week', 'month', 'year']), total: z.number(), datasets }) satisfies z.ZodType<TimeSeriesReport>;
const ranked = entity({ datasets }) satisfies z.ZodType<RankedReport>;

const example = {
  headerReport: [{ name: 'Page views', icon: 'visibility', type: 'number', currentValue: 1520, percentageChange: 12.5 }],
  visitorsReport: {
    pageViews: { granularity: 'day', total: 1520, datasets: [{ label: 'Page views', data: [{ date: '2026-01-30', endDate: '2026-01-31', value: 740 }, { date: '2026-01-31', endDate: '2026-02-01', value: 780 }] }] },
    devices: { datasets: [{ label: 'Devices', data: [{ label: 'desktop', value: 900, percentage: 59.2 }, { label: 'mobile', value: 620, percentage: 40.8 }] }] },
    browsers: { datasets: [{ label: 'Browsers', data: [{ label: 'Chrome', value: 1520, percentage: 100 }] }] },
    platforms: { datasets: [{ label: 'Platforms', data: [{ label: 'Windows', value: 1520, percentage: 100 }] }] },
    locations: { datasets: [{ label: 'Locations', data: [{ label: 'France', code: 'FR', value: 1520, percentage: 100, cities: [{ label: 'Paris', value: 1520, percentage: 100 }] }] }] },
  },
};

/** `GET admin/reports`: the sections asked for (`types`), each a time series or ranked lists. */
export const adminReportResponse = entity({
  headerReport: z.array(entity({ name: z.string(), icon: z.string(), type: z.enum(['number', 'fileSize']), currentValue: z.number(), percentageChange: z.number() })).optional(),
  visitorsReport: entity({ pageViews: timeSeries, devices: ranked, browsers: ranked, platforms: ranked, locations: ranked }).optional(),
  playsReport: entity({
    plays: timeSeries, devices: ranked, platforms: ranked, locations: ranked, topSeries: ranked, topMovies: ranked, topVideos: ranked, topUsers: ranked,
  }).optional(),
  visitorsSource: z.enum(['site', 'googleAnalytics']).optional(),
  googleAnalyticsError: z.string().optional(),
}).meta({ id: 'AdminReport', examples: [example] }) satisfies z.ZodType<AdminReportResponse>;

/** `GET reports/insights`: the metrics asked for, of one title, season, episode, video or user. */
export const insightsResponse = entity({ model: insightModel, report: z.partialRecord(z.enum(INSIGHT_METRICS), z.union([timeSeries, ranked])) }) satisfies z.ZodType<InsightsResponse>;
