/**
 * Appearance figures: the landing page's initial JavaScript and first contentful paint, the server-rendered
 * HTML with SEO tags (median latency), and how fast a change in the appearance form reaches the preview.
 * Runs the real server (server/src/main.ts) over a fresh SQLite database and the built web/dist, on loopback.
 *
 *   BENCH_APPEARANCE_REQUESTS=500   sequential HTML requests for the median
 *   BENCH_APPEARANCE_EDITS=20       form changes timed in the preview
 *   CHROMIUM_PATH=/usr/bin/chromium
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

type Report = (figure: string, value: string, target: string, pass: boolean | null) => void;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REQUESTS = Number(process.env.BENCH_APPEARANCE_REQUESTS ?? 500);
const EDITS = Number(process.env.BENCH_APPEARANCE_EDITS ?? 20);
const ADMIN = { email: 'appearance-bench@bench.local', password: 'appearance-bench-password' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function appearanceBench(report: Report, section: (title: string) => void): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'web/dist/index.html'))) {
    report('   appearance', 'no web/dist', 'build the web app first', false);
    return;
  }
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-appearance-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = fork(path.join(ROOT, 'server/src/main.ts'), [], {
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', STORAGE_PATH: storage, DATABASE_URL: path.join(storage, 'db.sqlite'),
      APP_URL: base, LOG_LEVEL: 'warn', SEED_DEMO: '0', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  try {
    for (let i = 0; ; i++) {
      if (await fetch(`${base}/api/v1/auth/me`).then((r) => r.ok, () => false)) break;
      if (i > 100) throw new Error('appearance bench: server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }

    section(`Public HTML with SEO tags (GET /, ${REQUESTS} sequential requests)`);
    for (let i = 0; i < 30; i++) await (await fetch(`${base}/`)).text();
    const times: number[] = [];
    let html = '';
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      html = await (await fetch(`${base}/`)).text();
      times.push(performance.now() - t0);
    }
    const tagged = html.includes('<meta property="og:title"') && html.includes('application/ld+json');
    report('   median latency (tags present)', `${median(times).toFixed(2)} ms`, '< 10 ms', tagged && median(times) < 10);

    section('Landing page in headless Chromium (fresh context, production build)');
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await visitor.newPage();
    const scripts: string[] = [];
    page.on('response', (res) => { if (res.request().resourceType() === 'script' && res.url().startsWith(base)) scripts.push(res.url()); });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.locator('h1').waitFor();
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
    let gz = 0;
    for (const url of new Set(scripts)) {
      const file = path.join(ROOT, 'web/dist', new URL(url).pathname);
      gz += zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    }
    report(`   landing JS loaded until network idle, ${new Set(scripts).size} files`, `${(gz / 1024).toFixed(1)} KB gzip`, '< 150 KB', gz < 150 * 1024);
    report('   first contentful paint', `${fcp.toFixed(0)} ms`, '< 1000 ms', fcp < 1000);
    await visitor.close();

    section(`Appearance editor: a form change reaching the preview (${EDITS} edits)`);
    const admin = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const editor = await admin.newPage();
    await editor.goto(`${base}/login`);
    await editor.getByLabel('Email').fill(ADMIN.email);
    await editor.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await editor.getByRole('button', { name: 'Continue' }).click();
    await editor.waitForURL((u) => !u.pathname.startsWith('/login'));
    await editor.goto(`${base}/admin/appearance/landing-page`);
    await editor.frameLocator('iframe[title="Preview"]').locator('h1').waitFor();
    const delays: number[] = [];
    for (let i = 0; i < EDITS; i++) {
      // Types into the header title and waits, inside the page, for the preview's h1 to show the text.
      // (A string, not a function: tsx would wrap a function's inner helpers in a __name the page lacks.)
      const ms = await editor.evaluate<number>(`(async (text) => {
        const input = document.querySelector('input[name="client.homepage.appearance.headerTitle"]');
        const doc = document.querySelector('iframe[title="Preview"]').contentDocument;
        const done = new Promise((resolve) => {
          const obs = new MutationObserver(() => {
            if (doc.querySelector('h1')?.textContent === text) { obs.disconnect(); resolve(performance.now()); }
          });
          obs.observe(doc.body, { subtree: true, childList: true, characterData: true });
        });
        const t0 = performance.now();
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        return (await done) - t0;
      })(${JSON.stringify(`Bench title ${i}`)})`);
      delays.push(ms);
    }
    report('   median form change -> preview', `${median(delays).toFixed(1)} ms`, '< 100 ms', median(delays) < 100);
    report('   slowest form change -> preview', `${Math.max(...delays).toFixed(1)} ms`, '(info)', null);
    await admin.close();
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(storage, { recursive: true, force: true });
  }
}

// `npx tsx bench/src/appearance.ts` runs this scenario alone.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const report: Report = (figure, value, target, pass) => {
    const mark = pass === null ? '    ' : pass ? 'PASS' : 'MISS';
    console.log(`  ${mark}  ${figure.padEnd(58)} ${value.padStart(14)}   target ${target}`);
  };
  appearanceBench(report, (t) => console.log(`\n== ${t}`)).then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
}
