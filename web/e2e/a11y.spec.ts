import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers.ts';

/**
 * The accessibility sweep (issue 16, item 5): every route of the site and the admin, in light and dark, must have
 * no serious or critical axe finding, a <main>, one <h1> and a skip link to the main content.
 *
 * ROUTES is the one list to extend when a screen is added; a last test fails when a link of the admin sidebar or of
 * the settings and appearance menus is missing from it, so a new admin section cannot go unswept.
 * `:custom-page` is replaced by the slug of a page the sweep creates (the demo seed has none).
 */
interface SweepRoute {
  path: string;
  /** Who opens it: a signed-out visitor, or the seeded admin. */
  as: 'guest' | 'admin';
}

const site = (...paths: string[]): SweepRoute[] => paths.map((path) => ({ path, as: 'guest' }));
const admin = (...paths: string[]): SweepRoute[] => paths.map((path) => ({ path, as: 'admin' }));

// The demo seed is deterministic: title 1 is a movie, title 2 a series with episodes, video 1 belongs to title 1, title 7
// has nothing to play ('Not streaming here yet.');
// member 3 wrote reviews and a public list (seed/community.ts), the admin (1) nothing.
export const ROUTES: SweepRoute[] = [
  ...site(
    '/', '/login', '/register', '/forgot-password', '/password/reset/not-a-token', '/email/verify/not-a-token', '/email/change/not-a-token',
    '/contact', '/movies', '/series', '/people', '/search?query=harbor', '/titles/1', '/titles/7', '/titles/2/season/1',
    '/titles/2/season/1/episode/1', '/people/1', '/watch/1', '/pages/:custom-page', '/no/such/page',
    '/news', '/news/1', '/channel/home', '/channel/movies', '/pricing', '/billing/success', '/billing/cancelled',
    '/unsubscribe?token=not-a-real-token-123456&type=new_episode',
  ),
  ...admin(
    // The signed-in side of the site: the landing page's account menu and the account settings.
    '/', '/titles/1', '/account-settings', '/notifications', '/history',
    '/admin', '/admin/users', '/admin/users/new', '/admin/users/2/edit', '/admin/roles', '/admin/roles/new', '/admin/roles/1/edit',
    '/admin/titles', '/admin/titles/new', '/admin/titles/1/edit/primary-facts', '/admin/titles/1/edit/images',
    '/admin/titles/1/edit/genres', '/admin/titles/1/edit/cast', '/admin/titles/1/edit/crew', '/admin/titles/1/edit/videos',
    '/admin/titles/1/edit/videos/new', '/admin/titles/1/edit/videos/edit/1', '/admin/titles/1/edit/reviews',
    '/admin/titles/2/edit/seasons', '/admin/titles/2/edit/seasons/1/episodes', '/admin/titles/2/edit/seasons/1/episodes/1/primary-facts',
    '/admin/people', '/admin/people/new', '/admin/people/1/edit/primary-facts', '/admin/people/1/edit/credits',
    '/admin/videos', '/admin/videos/new', '/admin/videos/1/edit', '/admin/genres', '/admin/keywords', '/admin/tags',
    '/admin/custom-pages', '/admin/custom-pages/new', '/admin/custom-pages/:custom-page-id/edit',
    '/admin/localizations', '/admin/localizations/1/translate', '/admin/files', '/admin/ads',
    '/admin/appearance', '/admin/appearance/landing-page', '/admin/appearance/landing-page/action-buttons',
    '/admin/appearance/menus', '/admin/appearance/menus/0', '/admin/appearance/menus/0/items/0', '/admin/appearance/themes',
    '/admin/appearance/themes/0', '/admin/appearance/general', '/admin/appearance/custom-code', '/admin/appearance/seo-settings',
    // The sidebar's Settings link (it opens the first settings page).
    '/admin/settings',
    ...['general', 'search', 'content', 'videos', 'subscriptions', 'localization', 'authentication', 'uploading', 'mail', 'cache',
      'analytics', 'logging', 'queue', 'recaptcha', 'gdpr'].map((p) => `/admin/settings/${p}`),
    '/admin/subscriptions', '/admin/plans', '/admin/news', '/admin/news/add', '/admin/news/1/edit',
    '/admin/channels', '/admin/channels/new', '/admin/channels/home/edit', '/admin/lists', '/admin/lists/new',
    '/admin/comments', '/admin/reviews', '/admin/audit-log', '/admin/csv/download/not-an-export', '/watchlist', '/lists', '/users/1', '/users/3',
    '/admin/plays', '/admin/visitors', '/admin/titles/1/insights', '/admin/titles/2/insights/seasons/1',
    '/admin/titles/2/insights/seasons/1/episodes/1', '/admin/videos/1/insights', '/admin/plans/new',
    '/admin/titles/1/edit/keywords', '/admin/titles/1/edit/countries', '/admin/titles/1/edit/tags', '/admin/titles/1/edit/comments',
    '/admin/appearance/landing-page/primary-features', '/admin/appearance/landing-page/secondary-features',
  ),
];

/** The admin's own menus: a test below fails when one of their links is missing from ROUTES. */
const MENU_LINKS = '#admin-sidebar a[href^="/admin"], main nav a[href^="/admin/settings/"], main a[href^="/admin/appearance/"]';

/** Dark differs from light only in colours, so the dark pass runs the colour rules alone (the sweep stays fast). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

interface Finding { route: string; theme: string; text: string }

/** One line per rule with its first offending elements, so a failure reads without opening a trace. */
async function audit(page: Page, route: string, theme: 'light' | 'dark'): Promise<Finding[]> {
  const findings: Finding[] = [];
  const add = (text: string) => findings.push({ route, theme, text });
  let axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (theme === 'light') {
    // Every page (error pages included) has a <main>, a heading to land on and a skip link to the main content.
    if (await page.locator('main').count() !== 1) add('page-structure: expected exactly one <main>');
    if (await page.locator('h1').count() < 1) add('page-structure: no <h1>');
    if (await page.locator('a[href="#main-content"]').count() < 1) add('page-structure: no skip link to #main-content');
    axe = axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  } else {
    axe = axe.withRules(COLOUR_RULES);
  }
  const result = await axe.analyze();
  for (const v of result.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    const nodes = v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.split('\n').slice(1).join('; ').trim()})` : ''}`);
    add(`${v.id} [${v.impact}] ${v.help}: ${v.nodes.length} element(s): ${nodes.join(' | ')}`);
  }
  return findings;
}

/** A page is ready when its lazy chunk has loaded, its data has arrived and nothing shows a spinner. */
async function open(page: Page, path: string) {
  await page.goto(path);
  // Not 'networkidle': the watch page keeps streaming its video.
  // A page without a heading is a finding, not a hang: wait a bounded time and let audit() report it.
  await page.locator('main h1').first().waitFor({ timeout: 8_000 }).catch(() => undefined);
  // Skeletons too: a lazy editor (the custom-code page's CodeMirror) still loading left an empty scroll region behind.
  await expect(page.locator('[role="status"][aria-label="Loading"], .animate-spin, main .skeleton')).toHaveCount(0, { timeout: 8_000 }).catch(() => undefined);
  await page.waitForTimeout(150);
}

// Two full axe passes on a busy machine take 20-50 s a page; the suite's 30 s would fail pages for load, not findings.
test.describe.configure({ timeout: 90_000 });

const adminState = 'test-results/a11y-admin-state.json';
let customPage = { id: 0, slug: '' };

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await login(page);
  const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value);
  const res = await page.request.post('/api/v1/custom-pages', {
    headers: { 'x-xsrf-token': xsrf },
    data: { title: 'Accessibility sweep', slug: `a11y-sweep-${Date.now()}`, body: '<h2>About</h2><p>A page with <a href="/movies">a link</a> in its text.</p>' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { page: created } = await res.json() as { page: { id: number; slug: string } };
  customPage = { id: created.id, slug: created.slug };
  // Admin pages reuse this session instead of signing in once per page.
  await page.context().storageState({ path: adminState });
  await page.close();
});

const resolve = (path: string) => path.replace(':custom-page-id', String(customPage.id)).replace(':custom-page', customPage.slug);

/** Light first, then the same page switched to the dark scheme (the theme follows prefers-color-scheme live). */
async function auditBothThemes(page: Page, path: string): Promise<Finding[]> {
  await page.emulateMedia({ colorScheme: 'light' });
  const findings = await audit(page, path, 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(100);
  findings.push(...await audit(page, path, 'dark'));
  return findings;
}

// One test per route, so a report names each failing page and one slow page cannot starve the others.
for (const route of ROUTES) {
  test(`${route.as} ${route.path}: no serious or critical axe findings in light and dark`, async ({ browser }) => {
    const context = await browser.newContext(route.as === 'admin' ? { storageState: adminState } : {});
    const page = await context.newPage();
    try {
      const path = resolve(route.path);
      await open(page, path);
      const findings = await auditBothThemes(page, path);
      const summary = findings.map((f) => `  ${f.theme}: ${f.text}`).join('\n');
      expect(findings.length, `${findings.length} finding(s) on ${path}:\n${summary}`).toBe(0);
    } finally {
      await context.close();
    }
  });
}

/** The admin's own menus must all be in ROUTES: a new section fails here until it is added to the sweep. */
test('every link of the admin menus is in the sweep', async ({ browser }) => {
  const context = await browser.newContext({ storageState: adminState });
  const page = await context.newPage();
  const listed = new Set(ROUTES.filter((r) => r.as === 'admin').map((r) => resolve(r.path)));
  const missing = new Set<string>();
  for (const path of ['/admin', '/admin/settings/general', '/admin/appearance']) {
    await open(page, path);
    for (const href of await page.locator(MENU_LINKS).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))) {
      if (href && !listed.has(href)) missing.add(href);
    }
  }
  await context.close();
  expect([...missing], 'add these to ROUTES in web/e2e/a11y.spec.ts').toEqual([]);
});
