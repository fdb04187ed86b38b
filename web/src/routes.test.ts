import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import { MENU_ROUTES, SITE_ROUTES, episodePath, isSitePath, nameSlug, personPath, seasonPath, titlePath } from '@app/contracts';
import { routes } from './routes';

/** Every page path under `list`, parents joined, index routes as their parent's path, the catch-all left out. */
function pagePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    if (route.path === '*') return [];
    const path = [parent, route.path ?? ''].filter(Boolean).join('/');
    const own = route.index || (route.path !== undefined && !route.children) ? [path] : [];
    return [...own, ...pagePaths(route.children ?? [], path)];
  });
}

describe('menu item targets', () => {
  it('every route the menu editor offers is a page (or leads to one), never the not-found page', () => {
    // The API reference is a page the server serves itself (openapi tests).
    for (const path of MENU_ROUTES.filter((p) => p !== '/api-docs')) {
      const matched = matchRoutes(routes, path) ?? [];
      expect(matched.at(-1)?.route.path, path).not.toBe('*');
    }
  });
});

describe('the public route table the server answers 404 outside of', () => {
  const [root] = routes;
  const site = root.children!.filter((r) => r.path !== 'admin');

  it('lists exactly the router\'s public pages', () => {
    expect(new Set(pagePaths(site))).toEqual(new Set(SITE_ROUTES));
  });

  it('matches real paths like the router, and nothing else', () => {
    for (const path of ['/', '/movies', '/Movies/', '/titles/12', '/titles/12/the-matrix', '/titles/12/the-matrix/season/1/episode/3',
      '/titles/12/season/2', '/people/4', '/news/3/a-story', '/pages/about-us', '/admin', '/admin/anything/at/all', '/channel/popular']) {
      expect(isSitePath(path), path).toBe(true);
    }
    for (const path of ['/nope', '/titles', '/titles/12/slug/extra', '/movies/1', '/administrator', '/channel', '/pages', '//', '/login/other']) {
      expect(isSitePath(path), path).toBe(false);
    }
  });
});

describe('catalogue page paths', () => {
  it('slug the name: lower case, accents dropped, words of any script kept, the rest one dash', () => {
    expect(titlePath({ id: 7, name: 'Amélie: Le Fabuleux Destin!' })).toBe('/titles/7/amelie-le-fabuleux-destin');
    expect(titlePath({ id: 7, name: '千と千尋の神隠し' })).toBe('/titles/7/千と千尋の神隠し');
    expect(titlePath({ id: 7, name: 'Брат 2' })).toBe('/titles/7/брат-2');
    // Hindi vowel signs are marks, Korean stays composed syllables.
    expect(titlePath({ id: 7, name: 'दंगल' })).toBe('/titles/7/दंगल');
    expect(titlePath({ id: 7, name: '기생충' })).toBe('/titles/7/기생충');
  });

  it('never leave an empty segment when a name has nothing to slug', () => {
    expect(titlePath({ id: 7, name: '!!!' })).toBe('/titles/7');
    expect(seasonPath({ id: 7, name: '...' }, 2)).toBe('/titles/7/season/2');
    expect(episodePath({ id: 7, name: '' }, 2, 3)).toBe('/titles/7/season/2/episode/3');
    expect(personPath({ id: 9, name: '★' })).toBe('/people/9');
    for (const p of [titlePath({ id: 7, name: '!!!' }), seasonPath({ id: 7, name: '?' }, 1)]) expect(isSitePath(p), p).toBe(true);
  });

  it('cut long names at 80 characters without splitting a character or ending on a dash', () => {
    expect(nameSlug('a'.repeat(79) + ' b')).toBe('a'.repeat(79));
    expect(Array.from(nameSlug('𠀀'.repeat(100)))).toHaveLength(80);
  });
});
