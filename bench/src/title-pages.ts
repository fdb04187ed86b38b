/**
 * Title pages (issue 10), at the catalogue bench's size (BENCH_TITLES etc., see catalogue.ts):
 * the title page call, the server-rendered HTML of /titles/:id, the person page with 300 credits (in-process,
 * as a visitor), then the built site in headless Chromium: public JS of a title page's first load as the
 * browser receives it, and its largest contentful paint. Run alone with BENCH_ONLY=title-pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { workingCopy } from './cached-db.ts';
import { catalogueSizes, ensureCatalogue } from './catalogue.ts';

type Report = (figure: string, value: string, target: string, pass: boolean | null) => void;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CREDITS = 300;

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** A person with exactly 300 credits on as many titles (the generated people have about 10), and the series and movie to open. */
function personWith300Credits(file: string, middle: number): { person: number; series: number; movie: number } {
  const db = new SQLite(file);
  try {
    const now = new Date().toISOString();
    const person = Number(db.prepare(`INSERT INTO people (name, known_for, gender, popularity, views, created_at, updated_at) VALUES ('Bench Prolific', 'Acting', 'female', 50, 0, ?, ?)`).run(now, now).lastInsertRowid);
    const titles = db.prepare('SELECT id FROM titles ORDER BY id LIMIT ?').all(CREDITS) as { id: number }[];
    const ins = db.prepare(`INSERT INTO creditables (person_id, creditable_type, creditable_id, title_id, character, department, job, "order", created_at) VALUES (?, 'title', ?, ?, ?, ?, ?, 99, ?)`);
    db.transaction(() => titles.forEach((t, i) => ins.run(person, t.id, t.id, i % 3 ? 'Someone' : null, i % 3 ? 'Actors' : 'Directing', i % 3 ? 'Actor' : 'Director', now)))();
    const series = db.prepare('SELECT title_id AS id FROM seasons GROUP BY title_id HAVING count(*) > 1 ORDER BY title_id LIMIT 1 OFFSET 100').get() as { id: number } | undefined;
    // A movie from the middle of the table (ids there alternate between movies and series).
    const movie = (db.prepare('SELECT id FROM titles WHERE is_series = 0 AND id >= ? ORDER BY id LIMIT 1').get(middle) as { id: number } | undefined)?.id ?? middle;
    return { person, series: series?.id ?? Math.floor(titles.length / 2), movie };
  } finally {
    db.close();
  }
}

export async function titlePagesBench(benchDir: string, report: Report, section: (t: string) => void): Promise<void> {
  const sizes = catalogueSizes();
  section(`Title pages: ${sizes.titles.toLocaleString('en')} titles, ${sizes.episodes.toLocaleString('en')} episodes, ${sizes.people.toLocaleString('en')} people, ${sizes.credits.toLocaleString('en')} credits (SQLite, as a visitor)`);
  const file = await ensureCatalogue(benchDir, sizes);
  // A migrated copy: imports and page views never change the cached file.
  const { dir: storage, db, remove } = await workingCopy(file, 'title-pages');
  const { person, series, movie } = personWith300Credits(db, Math.floor(sizes.titles / 2) + 1);
  const webDist = path.join(ROOT, 'web', 'dist');
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  const app = await buildApp(loadConfig({ DATABASE_URL: db, STORAGE_PATH: storage, LOG_LEVEL: 'silent', NODE_ENV: 'production', APP_URL: 'http://127.0.0.1' }, hasWeb ? { webDist } : {}));
  try {
    const time = async (url: string, runs = 100, status = 200) => {
      const samples: number[] = [];
      for (let i = 0; i < runs + 10; i++) {
        const t0 = performance.now();
        const res = await app.app.inject({ method: 'GET', url });
        if (res.statusCode !== status) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        if (i >= 10) samples.push(performance.now() - t0);
      }
      return median(samples);
    };
    // Different titles each run would measure the page cache; the same mid-table ids as a visitor would open them.
    for (const [label, id] of [['movie', movie], ['series', series]] as const) {
      const call = await time(`/api/v1/titles/${id}/page`);
      report(`   title page data call, ${label} ${id} (median)`, `${call.toFixed(2)} ms`, '< 10 ms', call < 10);
    }
    const credits = (await app.app.inject({ method: 'GET', url: `/api/v1/people/${person}/page` })).json().credits.length;
    const personCall = await time(`/api/v1/people/${person}/page`);
    report(`   person page data call, ${credits} credits (median)`, `${personCall.toFixed(2)} ms`, '< 10 ms', personCall < 10 && credits === CREDITS);
    if (!hasWeb) {
      report('   server-rendered HTML of /titles/:id', 'no web/dist', '< 15 ms', false);
      return;
    }
    for (const [label, id] of [['movie', movie], ['series', series]] as const) {
      const html = await time(`/titles/${id}/bench`);
      report(`   HTML of /titles/:id with tags, ld+json and page data, ${label} (median)`, `${html.toFixed(2)} ms`, '< 15 ms', html < 15);
    }
    const missing = await time(`/titles/${sizes.titles * 10}/none`, 50, 404);
    report('   HTML of an unknown title (404, median)', `${missing.toFixed(2)} ms`, '(info)', null);

    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await browserFigures(base, `/titles/${series}/bench`, report);
  } finally {
    await app.close();
    remove();
  }
}

/** Chromium against the listening app: JS bytes as received (compressed) on a cold first load, and LCP (median of 5). */
async function browserFigures(base: string, url: string, report: Report) {
  let chromium: typeof import('playwright-core').chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    report('   title page in Chromium', 'no playwright-core', '', null);
    return;
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const lcps: number[] = [];
    let js = 0;
    const files: string[] = [];
    for (let run = 0; run < 6; run++) {
      // A fresh context: a first visit, nothing cached.
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      const sizes: Promise<number>[] = [];
      if (run === 0) {
        page.on('requestfinished', (req) => {
          if (req.resourceType() !== 'script') return;
          files.push(req.url().split('/').pop()!);
          sizes.push(req.sizes().then((s) => s.responseBodySize));
        });
      }
      await page.goto(base + url);
      // The page is there when its heading is; then every chunk and image it asked for has arrived.
      await page.locator('article h1').first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const lcp = await page.evaluate(() => new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? 0);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(-1), 3000);
      }));
      if (run === 0) js = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
      else lcps.push(lcp);
      await context.close();
    }
    const player = files.filter((f) => /hls|vidstack|player/i.test(f));
    console.log(`  scripts on first load (${files.length}): ${files.join(', ')}`);
    report(`   public JS on first load of a title page, as received (${files.length} files)`, `${(js / 1024).toFixed(1)} KB`, '<= 150 KB', js <= 150 * 1024);
    report('   player or hls.js chunks on a title page', String(player.length), '0', player.length === 0);
    const lcp = median(lcps);
    report('   largest contentful paint of a title page (median of 5)', `${lcp.toFixed(0)} ms`, '< 1500 ms', lcp > 0 && lcp < 1500);
  } finally {
    await browser.close();
  }
}
