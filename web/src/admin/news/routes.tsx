import type { RouteObject } from 'react-router';
import { requirePermission } from '../../lib/guards';

/** /admin/news, news/add and news/{articleId}/edit, all guarded by news.update (Part C route table). */
export const newsAdminRoute: RouteObject = {
  path: 'news',
  loader: requirePermission('news.update'),
  children: [
    { index: true, lazy: () => import('./NewsPage') },
    { path: 'add', lazy: () => import('./NewArticle') },
    { path: ':articleId/edit', lazy: () => import('./EditArticle') },
  ],
};
