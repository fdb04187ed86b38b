import { useQuery } from '@tanstack/react-query';
import type { AdminReportResponse, InsightMetric, InsightModel, InsightsResponse } from '@app/contracts/reports';
import { api } from '../../lib/api';
import type { ReportRange } from './range';

/** `enabled` is false while a custom range is one the server would refuse. */
export function useAdminReport(range: ReportRange, types: string, enabled = true) {
  return useQuery({
    queryKey: ['reports', 'admin', { ...range, types }],
    queryFn: () => api.get<AdminReportResponse>('admin/reports', { ...range, types }),
    enabled,
    placeholderData: (prev) => prev,
  });
}

export interface InsightsTarget { model: InsightModel; id: number; season?: number; episode?: number }

const insightQuery = (target: InsightsTarget, metric: InsightMetric, range: ReportRange) => ({
  queryKey: ['reports', 'insights', { ...target, metric, ...range }],
  queryFn: () => api.get<InsightsResponse>('reports/insights', { ...range, ...target, metrics: metric }),
  staleTime: Infinity,
});

/** One metric of one model's insights; `enabled` waits until its card is on screen. Never stale (spec). */
export function useInsight(target: InsightsTarget, metric: InsightMetric, range: ReportRange, enabled: boolean) {
  return useQuery({ ...insightQuery(target, metric, range), enabled, select: (r: InsightsResponse) => r.report[metric] });
}

/**
 * The title, season, episode or video the insights are about (its name, and whether a title is a series), from the
 * insights call itself: staff who only read reports may not open the title or video. The same call as the plays
 * card at the top of the page, so it is asked once.
 */
export function useInsightSubject(target: InsightsTarget, range: ReportRange, enabled: boolean) {
  return useQuery({ ...insightQuery(target, 'plays', range), enabled, select: (r: InsightsResponse) => r.model });
}
