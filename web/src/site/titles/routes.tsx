import type { RouteObject } from 'react-router';

/** The catalogue's public pages (one lazy chunk each); the slug is optional and only for people and search engines. */
export const titlePageRoutes: RouteObject[] = [
  { path: 'titles/:id/:slug?', lazy: () => import('./TitlePage') },
  { path: 'titles/:id/:slug?/season/:season', lazy: () => import('./SeasonPage') },
  { path: 'titles/:id/:slug?/season/:season/episode/:episode', lazy: () => import('./EpisodePage') },
  { path: 'people/:id/:slug?', lazy: () => import('../people/PersonPage') },
  // A search hit from the movie database: brought into the catalogue, then its page.
  { path: 'titles/tmdb/:type/:tmdbId', lazy: () => import('../search/TmdbOpenPage') },
  { path: 'people/tmdb/:tmdbId', lazy: () => import('../search/TmdbOpenPage') },
];
