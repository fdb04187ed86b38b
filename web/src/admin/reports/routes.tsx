import type { RouteObject } from 'react-router';
import { requirePermission } from '../../lib/guards';

const report = () => import('./ReportPage');
const insights = () => import('./InsightsPage');

/**
 * The analytics report at /admin, /admin/plays and /admin/visitors, and the insights pages under titles and
 * videos (spec Part C), all lazy and guarded by reports.view.
 */
export const reportsAdminRoutes: RouteObject[] = [
  { index: true, loader: requirePermission('reports.view'), lazy: report },
  { path: 'plays', loader: requirePermission('reports.view'), lazy: report },
  { path: 'visitors', loader: requirePermission('reports.view'), lazy: report },
  ...['titles/:titleId/insights', 'titles/:titleId/insights/seasons/:season', 'titles/:titleId/insights/seasons/:season/episodes/:episode', 'videos/:videoId/insights']
    .map((path) => ({ path, loader: requirePermission('reports.view'), lazy: insights })),
];
