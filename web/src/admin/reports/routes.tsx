import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { fetchBootstrap, userCan } from '../../lib/auth';
import { requirePermission } from '../../lib/guards';
import { ADMIN_MENU } from '../admin-menu';

const report = () => import('./ReportPage');
const insights = () => import('./InsightsPage');

/**
 * The analytics report at /admin, /admin/plays and /admin/visitors, and the insights pages under titles and
 * videos (spec Part C), all lazy and guarded by reports.view.
 */
/** /admin is where staff land after signing in: without reports.view, the first section they can open. */
async function dashboardLoader(args: LoaderFunctionArgs) {
  const { user } = await fetchBootstrap();
  const first = user && !userCan(user, 'reports.view') ? ADMIN_MENU.find((i) => i.permission && userCan(user, i.permission)) : undefined;
  if (first) throw redirect(first.path);
  return requirePermission('reports.view')(args);
}

export const reportsAdminRoutes: RouteObject[] = [
  { index: true, loader: dashboardLoader, lazy: report },
  { path: 'plays', loader: requirePermission('reports.view'), lazy: report },
  { path: 'visitors', loader: requirePermission('reports.view'), lazy: report },
  ...['titles/:titleId/insights', 'titles/:titleId/insights/seasons/:season', 'titles/:titleId/insights/seasons/:season/episodes/:episode', 'videos/:videoId/insights']
    .map((path) => ({ path, loader: requirePermission('reports.view'), lazy: insights })),
];
