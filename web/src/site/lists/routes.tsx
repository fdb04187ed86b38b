import type { RouteObject } from 'react-router';
import { userLoader } from '../../lib/guards';
import { memberPage } from '../../lib/member-page';

/** The lists pages: the watchlist and "Your lists" need a signed-in user; a list's own page is shareable. */
export const listRoutes: RouteObject[] = [
  { path: 'watchlist', loader: userLoader, lazy: memberPage(() => import('./WatchlistPage')) },
  { path: 'lists', loader: userLoader, lazy: memberPage(() => import('./ListsPage')) },
  { path: 'lists/:id', lazy: () => import('./ListPage') },
];
