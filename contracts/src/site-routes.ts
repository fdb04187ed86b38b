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
  'password/reset',
  'email/verify',
  'email/change',
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
  'notifications',
  'history',
  'unsubscribe',
  'watch/:videoId',
  'users/:id',
  'movies',
  'series',
  'people',
  'search',
  'pricing',
  'billing/pricing',
] as const;

/**
 * The pages a mailed link lands on (a password reset, an email confirmation or change, a notification mail's
 * unsubscribe). Their addresses carry a secret until the page takes it off: the server moves it into the fragment
 * (server/src/modules/seo/mailed-links.ts) and the site keeps trackers off them (web/src/site/analytics.ts).
 */
export const MAILED_LINK_PAGES = ['password/reset', 'email/verify', 'email/change', 'unsubscribe'] as const;
const mailed = MAILED_LINK_PAGES.join('|');
/** One of those pages itself (the address a mailed link is redirected to). */
export const MAILED_LINK_PAGE = new RegExp(`^/(${mailed})/?$`, 'i');
/** One of those pages or an address under one (`/password/reset/<token>`, as mailed). */
export const MAILED_LINK_ADDRESS = new RegExp(`^/(${mailed})(/|$)`, 'i');

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

/**
 * The words of a catalogue page's URL, from its name: lower case, accents dropped, letters, marks and digits of any
 * script kept (a Japanese, Hindi or Russian name keeps its words), everything else one dash. Only a decoration:
 * pages are found by id, so an old or edited slug still opens the page.
 */
export function nameSlug(name: string): string {
  const slug = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').normalize('NFC').toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
  // By code point, so a character outside the BMP is never cut in half.
  return Array.from(slug).slice(0, 80).join('').replace(/-+$/, '');
}

/** A name with nothing to put in a slug ("!!!") gets the path without one, never an empty segment ("/titles/7//season/1"). */
const withSlug = (path: string, name: string) => {
  const slug = nameSlug(name);
  return slug ? `${path}/${slug}` : path;
};

/** Paths of the catalogue pages: one place, so links, canonical URLs and the sitemap agree. */
export const titlePath = (t: { id: number; name: string }) => withSlug(`/titles/${t.id}`, t.name);
export const seasonPath = (t: { id: number; name: string }, season: number) => `${titlePath(t)}/season/${season}`;
export const episodePath = (t: { id: number; name: string }, season: number, episode: number) => `${seasonPath(t, season)}/episode/${episode}`;
export const personPath = (p: { id: number; name: string }) => withSlug(`/people/${p.id}`, p.name);

/** The address fragment that opens a page on one comment (`#comment-77`), and the comment id it names (null if none). */
export const commentAnchor = (id: number) => `comment-${id}`;
export const anchoredCommentId = (hash: string): number | null => {
  const m = /^#comment-([1-9]\d{0,15})$/.exec(hash);
  return m ? Number(m[1]) : null;
};
