/**
 * "Admin initial JS" as a browser sees it (issue 16 item 2): every script Chromium fetches to show /admin/users for a
 * signed-in admin on a first visit (nothing cached), counted in the bytes it actually receives (compressed on the
 * wire, headers left out), against the built app served by the bench's server.
 */
type Report = (figure: string, value: string, target: string, pass: boolean | null) => void;

export async function adminInitialJs(base: string, headers: Record<string, string>, report: Report): Promise<void> {
  let chromium: typeof import('playwright-core').chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    report('   admin initial JS in Chromium', 'no playwright-core', '< 250 KB', null);
    return;
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    // The bench's signed-in session, as cookies of the server's origin.
    const { hostname } = new URL(base);
    await context.addCookies(headers.cookie.split('; ').map((pair) => {
      const i = pair.indexOf('=');
      return { name: pair.slice(0, i), value: pair.slice(i + 1), domain: hostname, path: '/' };
    }));
    const page = await context.newPage();
    const sizes: Promise<number>[] = [];
    const files: string[] = [];
    page.on('requestfinished', (req) => {
      if (req.resourceType() !== 'script') return;
      files.push(req.url().split('/').pop()!);
      sizes.push(req.sizes().then((s) => s.responseBodySize));
    });
    await page.goto(`${base}/admin/users`);
    // The users table is there when its first row is; then every chunk the page asked for has arrived.
    await page.locator('table tbody tr').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    console.log(`  scripts fetched for /admin/users (${files.length}): ${files.join(', ')}`);
    report(`   admin initial JS: every script fetched for /admin/users, as received (${files.length} files)`, `${(bytes / 1024).toFixed(1)} KB`, '< 250 KB', bytes < 250 * 1024);
    await context.close();
  } finally {
    await browser.close();
  }
}
