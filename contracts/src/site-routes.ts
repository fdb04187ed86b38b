/**
 * The public site's page paths, as the web app's router declares them (React Router syntax: `:name` a segment,
 * `:name?` an optional one). The server answers any other path with 404 (the app still renders its not-found page),
 * so search engines and link checkers see a real miss instead of a page. A web unit test (web/src/routes.test.ts)
 * keeps this list and the router's public routes the same.
 */
export const SITE_ROUTES = [
  '',
  'channel/:slug',
  'login',
  'login/two-factor',
  'register',
  'forgot-password',
  'password/reset/:token',
  'email/verify/:token',
  'email/change/:token',
  'pages/:slug',
  'contact',
  'titles/:id/:slug?',
  'titles/:id/:slug?/season/:season',
  'titles/:id/:slug?/season/:season/episode/:episode',
  'people/:id/:slug?',
  'titles/tmdb/:type/:tmdbId',
  'people/tmdb/:tmdbId',
  'news',
  'news/:id/:slug?',
  'watchlist',
  'lists',
  'lists/:id',
  'billing/success',
  'billing/cancelled',
  'account-settings',
  'watch/:videoId',
  'users/:id',
  'movies',
  'series',
  'people',
  'search',
  'pricing',
  'billing/pricing',
] as const;

/** The admin area's own router shows its not-found page; the server leaves its paths to it. */
const ADMIN = /^\/admin(\/|$)/i;

function compile(pattern: string): RegExp {
  const source = pattern.split('/').filter(Boolean).map((part) => {
    if (part.startsWith(':')) return part.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    return `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  }).join('');
  // Like the router: case-insensitive, one trailing slash allowed.
  return new RegExp(`^${source}/?$`, 'i');
}

const compiled = SITE_ROUTES.map(compile);

/** Whether the web app has a page at `pathname` (a URL's path, without query or hash). */
export function isSitePath(pathname: string): boolean {
  return ADMIN.test(pathname) || compiled.some((re) => re.test(pathname));
}
