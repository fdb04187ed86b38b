import type { RouteObject } from 'react-router';

/** The public news pages: /news and /news/:id/:slug? (server-rendered tags in server/src/modules/news/seo.ts). */
export const newsSiteRoutes: RouteObject[] = [
  { path: 'news', lazy: () => import('./NewsListPage') },
  { path: 'news/:id/:slug?', lazy: () => import('./ArticlePage') },
];
