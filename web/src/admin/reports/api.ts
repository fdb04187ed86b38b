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

/** One metric of one model's insights; `enabled` waits until its card is on screen. Never stale (spec). */
export function useInsight(target: InsightsTarget, metric: InsightMetric, range: ReportRange, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'insights', { ...target, metric, ...range }],
    queryFn: () => api.get<InsightsResponse>('reports/insights', { ...range, ...target, metrics: metric }).then((r) => r.report[metric]),
    enabled,
    staleTime: Infinity,
  });
}
