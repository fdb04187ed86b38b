/**
 * "Admin initial JS" as a browser sees it (issue 16 item 2): every script Chromium fetches to show /admin/users for a
 * signed-in admin on a first visit (nothing cached), counted in the bytes it actually receives (compressed on the
 * wire, headers left out), against the built app served by the bench's server.
 */
import type { Page } from 'playwright-core';

type Report = (figure: string, value: string, target: string, pass: boolean | null) => void;
interface Fetched { name: string; bytes: number }

/** Chromium with the bench's signed-in session (its cookies, on the server's origin); null without playwright-core. */
async function signedInPage<T>(base: string, headers: Record<string, string>, run: (page: Page) => Promise<T>): Promise<T | null> {
  let chromium: typeof import('playwright-core').chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    return null;
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const { hostname } = new URL(base);
    await context.addCookies(headers.cookie.split('; ').map((pair) => {
      const i = pair.indexOf('=');
      return { name: pair.slice(0, i), value: pair.slice(i + 1), domain: hostname, path: '/' };
    }));
    const out = await run(await context.newPage());
    await context.close();
    return out;
  } finally {
    await browser.close();
  }
}

/** Records every script the page fetches from now on; `take()` answers them (sizes as received) and starts afresh. */
function scriptRecorder(page: Page) {
  let pending: Promise<Fetched>[] = [];
  page.on('requestfinished', (req) => {
    if (req.resourceType() !== 'script') return;
    pending.push(req.sizes().then((s) => ({ name: req.url().split('/').pop()!, bytes: s.responseBodySize })));
  });
  return async () => {
    const got = await Promise.all(pending);
    pending = [];
    return got;
  };
}

export async function adminInitialJs(base: string, headers: Record<string, string>, report: Report): Promise<void> {
  const fetched = await signedInPage(base, headers, async (page) => {
    const take = scriptRecorder(page);
    await page.goto(`${base}/admin/users`);
    // The users table is there when its first row is; then every chunk the page asked for has arrived.
    await page.locator('table tbody tr').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    return take();
  });
  if (!fetched) {
    report('   admin initial JS in Chromium', 'no playwright-core', '< 250 KB', null);
    return;
  }
  const bytes = fetched.reduce((a, b) => a + b.bytes, 0);
  console.log(`  scripts fetched for /admin/users (${fetched.length}): ${fetched.map((f) => f.name).join(', ')}`);
  report(`   admin initial JS: every script fetched for /admin/users, as received (${fetched.length} files)`, `${(bytes / 1024).toFixed(1)} KB`, '< 250 KB', bytes < 250 * 1024);
}

/**
 * What one route costs in JS: the scripts a first visit of `from` fetches (`first`), then the ones a client-side
 * navigation to `to` adds (`added`: the route's own lazy chunks). `ready` is a selector present once `to` has
 * rendered its data.
 */
export async function routeScripts(base: string, headers: Record<string, string>, from: string, to: string, ready: string) {
  return signedInPage(base, headers, async (page) => {
    const take = scriptRecorder(page);
    await page.goto(`${base}${from}`);
    await page.waitForLoadState('networkidle');
    const first = (await take()).map((f) => f.name);
    // A client-side navigation, as a click in the admin menu makes: the router loads only the route's chunks.
    await page.evaluate((url) => {
      window.history.pushState({}, '', url);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, to);
    await page.locator(ready).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const added = await take();
    return { first, added };
  });
}
