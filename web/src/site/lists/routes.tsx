import type { RouteObject } from 'react-router';
import { userLoader } from '../../lib/guards';

/** The lists pages: the watchlist and "Your lists" need a signed-in user; a list's own page is shareable. */
export const listRoutes: RouteObject[] = [
  { path: 'watchlist', loader: userLoader, lazy: () => import('./WatchlistPage') },
  { path: 'lists', loader: userLoader, lazy: () => import('./ListsPage') },
  { path: 'lists/:id', lazy: () => import('./ListPage') },
];
