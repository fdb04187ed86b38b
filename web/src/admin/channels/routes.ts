import type { RouteObject } from 'react-router';
import { requirePermission } from '../../lib/guards';

const pages = () => import('./ChannelEditPages');

/** Admin routes of channels and lists (one entity, one form). */
export const channelAdminRoutes: RouteObject[] = [
  {
    path: 'channels',
    loader: requirePermission('channels.update'),
    children: [
      { index: true, lazy: () => import('./ChannelsPage') },
      { path: 'new', lazy: () => pages().then((m) => ({ Component: m.NewChannelPage })) },
      { path: ':slugOrId/edit', lazy: () => pages().then((m) => ({ Component: m.EditChannelPage })) },
    ],
  },
  {
    path: 'lists',
    loader: requirePermission('lists.update'),
    children: [
      { index: true, lazy: () => import('./ListsPage') },
      { path: 'new', lazy: () => pages().then((m) => ({ Component: m.NewListPage })) },
      { path: ':slugOrId/edit', lazy: () => pages().then((m) => ({ Component: m.EditListPage })) },
    ],
  },
];

/** The public channel page. */
export const channelSiteRoutes: RouteObject[] = [
  { path: 'channel/:slug', lazy: () => import('../../site/channels/ChannelPage') },
];
