/**
 * Reports and insights (issue 14): play events and page views spread over two years, written straight into the raw
 * tables, rolled up by the real job, then the report calls the admin screens make, timed cold (every call asks a
 * different window or title, and the server keeps no report cache: each answer is computed from the rollups).
 * Then beacon ingestion through real HTTP with the public pages' p99 beside it, and the report route's JS in Chromium.
 *
 *   BENCH_REPORT_EVENTS=10000000   play events, and as many page views (scale down for a quick run)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { seedDefaultRoles } from '../../server/src/db/seed/roles.ts';
import { hashPassword } from '../../server/src/lib/crypto.ts';
import { purgeVisits, rollup } from '../../server/src/modules/reports/rollup.ts';
import { median } from './catalogue.ts';
import { Server, login } from './harness.ts';
import { openBenchApp, type BenchApp, type Report } from './inprocess.ts';
import { CSRF, CSRF_ID, UA, load } from './plays.ts';
import { routeScripts } from './admin-js.ts';

type Section = (t: string) => void;
const EVENTS = Number(process.env.BENCH_REPORT_EVENTS ?? 10_000_000);
const DURATION = Math.max(Number(process.env.BENCH_DURATION ?? 5), 10);
const DAY = 86_400_000;
const SPAN = 730 * DAY;
const TITLES = 2000;
const EPISODES = 10;
const USERS = 1000;
const VISITORS = 200_000;
const SAMPLES = 30;

const DEVICES = ['desktop', 'mobile', 'tablet', 'tv'];
const BROWSERS = ['Chrome', 'Firefox', 'Safari', 'Edge'];
const PLATFORMS = ['Windows', 'macOS', 'Android', 'iOS', 'Linux'];
const PLACES: [string, string, string, number, number][] = [
  ['DE', 'Berlin', 'Berlin', 52.52, 13.4], ['DE', 'Bavaria', 'Munich', 48.14, 11.58], ['US', 'California', 'Los Angeles', 34.05, -118.24],
  ['US', 'New York', 'New York', 40.71, -74.01], ['FR', 'Île-de-France', 'Paris', 48.86, 2.35], ['GB', 'England', 'London', 51.51, -0.13],
  ['BR', 'São Paulo', 'São Paulo', -23.55, -46.63], ['JP', 'Tokyo', 'Tokyo', 35.68, 139.69], ['IN', 'Maharashtra', 'Mumbai', 19.08, 72.88],
  ['CA', 'Ontario', 'Toronto', 43.65, -79.38],
];
const pick = <T>(xs: T[], n: number) => xs[n % xs.length];

/** Titles (every fourth a series of one season with EPISODES episodes), their videos and USERS users; answers the videos. */
function catalogue(bench: BenchApp): { id: number; title: number; season: number | null; episode: number | null }[] {
  const { raw, now } = bench;
  bench.insertTitles(TITLES);
  const videos: { id: number; title: number; season: number | null; episode: number | null }[] = [];
  const season = raw.prepare('INSERT INTO seasons (title_id, number, name, episodes_count, created_at, updated_at) VALUES (?, 1, ?, ?, ?, ?)');
  const episode = raw.prepare('INSERT INTO episodes (title_id, season_id, season_number, episode_number, name, created_at, updated_at) VALUES (?, ?, 1, ?, ?, ?, ?)');
  const video = raw.prepare("INSERT INTO videos (name, title_id, season_num, episode_num, type, src, quality, language, category, approved, created_at, updated_at) VALUES (?, ?, ?, ?, 'video', '/storage/bench.mp4', 'hd', 'en', 'full', 1, ?, ?)");
  const user = raw.prepare('INSERT INTO users (email, password, created_at, updated_at) VALUES (?, ?, ?, ?)');
  raw.transaction(() => {
    for (let t = 1; t <= TITLES; t++) {
      if (t % 4 !== 0) {
        videos.push({ id: Number(video.run(`Video ${t}`, t, null, null, now, now).lastInsertRowid), title: t, season: null, episode: null });
        continue;
      }
      const s = Number(season.run(t, 'Season 1', EPISODES, now, now).lastInsertRowid);
      for (let e = 1; e <= EPISODES; e++) {
        episode.run(t, s, e, `Episode ${e}`, now, now);
        videos.push({ id: Number(video.run(`Video ${t} E${e}`, t, 1, e, now, now).lastInsertRowid), title: t, season: 1, episode: e });
      }
    }
    for (let u = 1; u <= USERS; u++) user.run(`viewer${u}@bench.local`, 'x', new Date(Date.now() - ((u * 7919) % 730) * DAY).toISOString(), now);
  })();
  return videos;
}

/** EVENTS plays and EVENTS page views in time order over the last two years, 100,000 rows a transaction. */
function events(bench: BenchApp, videos: ReturnType<typeof catalogue>, end: number): void {
  const { raw } = bench;
  const play = raw.prepare('INSERT INTO plays (video_id, title_id, season_num, episode_num, user_id, visitor_id, seconds_watched, position, device, browser, platform, country, city, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 30, 30, ?, ?, ?, ?, ?, ?, ?)');
  const view = raw.prepare('INSERT INTO page_views (visitor_id, user_id, path, model_type, model_id, referrer, device, browser, platform, country, region, city, latitude, longitude, created_at) VALUES (?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const start = end - SPAN;
  const step = SPAN / EVENTS;
  const users = (() => { const first = Number((raw.prepare("SELECT min(id) AS id FROM users WHERE email LIKE 'viewer%'").get() as { id: number }).id); return (i: number) => first + (i % USERS); })();
  for (let from = 0; from < EVENTS; from += 100_000) {
    raw.transaction(() => {
      for (let i = from; i < Math.min(EVENTS, from + 100_000); i++) {
        const at = new Date(start + i * step).toISOString();
        // A spread that is not uniform: a few titles get most plays, as on a real site.
        const k = (i * 2654435761) >>> 0;
        const v = videos[(k % 7 === 0 ? k % 50 : k) % videos.length];
        const [country, region, city, lat, lng] = pick(PLACES, k >>> 3);
        const userId = k % 3 === 0 ? users(k >>> 5) : null;
        play.run(v.id, v.title, v.season, v.episode, userId, userId ? null : `v${k % VISITORS}`, pick(DEVICES, k >>> 7), pick(BROWSERS, k >>> 9), pick(PLATFORMS, k >>> 11), country, city, at, at);
        const m = (k >>> 13) % TITLES;
        view.run(`v${(k >>> 2) % VISITORS}`, m ? `/titles/${m}` : '/', m ? 'title' : null, m || null, k % 5 === 0 ? 'www.google.com' : null,
          pick(DEVICES, k >>> 4), pick(BROWSERS, k >>> 6), pick(PLATFORMS, k >>> 8), country, region, city, lat, lng, at);
      }
    })();
  }
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function queries(report: Report, section: Section): Promise<void> {
  section(`Reports: ${EVENTS.toLocaleString('en')} play events and ${EVENTS.toLocaleString('en')} page views over two years (SQLite, in-process, admin)`);
  const bench = await openBenchApp('reports');
  try {
    const videos = catalogue(bench);
    const now = Date.now();
    const g0 = performance.now();
    events(bench, videos, now);
    console.log(`  (events written straight to the raw tables in ${((performance.now() - g0) / 1000).toFixed(1)} s)`);

    // The real job, as the scheduler runs it: visits, then plays, then the raw page views past retention go.
    const at = new Date(now);
    const timed = async (label: string, run: () => Promise<void>) => {
      const t0 = performance.now();
      await run();
      const s = (performance.now() - t0) / 1000;
      report(`   rollup job, first run: ${label}`, `${s.toFixed(1)} s`, '(info)', null);
    };
    await timed(`page views (${(EVENTS / (SPAN / DAY)).toFixed(0)} a day)`, () => rollup(bench.ctx, 'visit', at));
    await timed('plays', () => rollup(bench.ctx, 'play', at));
    await timed('purge of raw page views past retention', () => purgeVisits(bench.ctx, at));
    const rows = Number((bench.raw.prepare('SELECT count(*) AS n FROM report_hours').get() as { n: number }).n);
    console.log(`  (report_hours: ${rows.toLocaleString('en')} rows)`);
    const t1 = performance.now();
    await rollup(bench.ctx, 'visit', new Date(now + 60_000));
    await rollup(bench.ctx, 'play', new Date(now + 60_000));
    report('   rollup job, a scheduler tick after (re-reads the last hour)', `${(performance.now() - t1).toFixed(0)} ms`, '(info)', null);

    const { token } = bench.signIn('reports@bench.local', 'admin');
    const cpu = bench.cpuNote;
    const today = now - (now % DAY);
    const timeReports = async (days: number, types: string) => {
      const samples: number[] = [];
      // Each call ends a day earlier than the last: a different window each time, nothing answered from a cache.
      for (let i = 0; i < SAMPLES; i++) {
        const end = today - i * DAY;
        const { took, body } = await bench.call(token, 'GET', `/api/v1/admin/reports?types=${types}&startDate=${day(end - (days - 1) * DAY)}&endDate=${day(end)}&timezone=Europe/Berlin`);
        if (!body.headerReport?.length) throw new Error('the report came back empty');
        samples.push(took);
      }
      return median(samples);
    };
    await bench.timeCalls(25, () => bench.call(token, 'GET', '/api/v1/auth/me'));
    console.log(`  (for scale: GET auth/me ${cpu()}, on this machine now; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`);
    for (const types of ['header,plays', 'header,visitors']) {
      const m30 = await timeReports(30, types);
      report(`   GET admin/reports ${types}, last 30 days (median of ${SAMPLES} cold windows; ${cpu()})`, `${m30.toFixed(1)} ms`, '< 200 ms', m30 < 200);
      const m365 = await timeReports(365, types);
      report(`   GET admin/reports ${types}, a whole year (median of ${SAMPLES} cold windows; ${cpu()})`, `${m365.toFixed(1)} ms`, '< 500 ms', m365 < 500);
    }

    // Insights of a different series each call (every metric, seasons and episodes included), the last 30 days.
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const title = 4 * (1 + ((i * 37) % (TITLES / 4)));
      const { took } = await bench.call(token, 'GET', `/api/v1/reports/insights?model=title&id=${title}&metrics=plays,devices,locations,platforms,seasons,episodes&startDate=${day(today - 29 * DAY)}&endDate=${day(today)}&timezone=Europe/Berlin`);
      samples.push(took);
    }
    const mi = median(samples);
    report(`   GET reports/insights, a series, every metric, last 30 days (median of ${SAMPLES} titles; ${cpu()})`, `${mi.toFixed(1)} ms`, '< 100 ms', mi < 100);
  } finally {
    await bench.close();
  }
}

/** A fresh database with a few titles for the public pages and an admin who can sign in. */
async function prepareServerDb(db: string, storage: string, admin: { email: string; password: string }): Promise<void> {
  const app = await buildApp(loadConfig({ DATABASE_URL: db, STORAGE_PATH: storage, LOG_LEVEL: 'silent', NODE_ENV: 'production' }));
  const roles = await seedDefaultRoles(app.ctx.db);
  const now = new Date().toISOString();
  await app.ctx.db.insertInto('titles').values(Array.from({ length: 200 }, (_, i) => ({ name: `Bench title ${i}`, is_series: false, description: 'A title.', year: 2000 + (i % 25), created_at: now, updated_at: now }))).execute();
  const user = await app.ctx.db.insertInto('users').values({ email: admin.email, password: await hashPassword(admin.password), created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  await app.ctx.db.insertInto('user_role').values({ user_id: user.id, role_id: roles.admin, created_at: now }).execute();
  await app.close();
}

async function ingestionAndJs(report: Report, section: Section): Promise<void> {
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-reports-http-'));
  const db = path.join(storage, 'db.sqlite');
  const admin = { email: 'reports-admin@bench.local', password: 'reports-admin-password' };
  await prepareServerDb(db, storage, admin);
  // The beacon limits each address; the bench's visitors come from many addresses, named in X-Forwarded-For.
  const trust = process.env.TRUST_PROXY;
  process.env.TRUST_PROXY = 'true';
  let server: Server | null = null;
  try {
    server = await Server.start(db, storage);
    section(`Visit beacons through HTTP (SQLite, real server, ${DURATION} s per run; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`);
    const base = server.base;
    const pages = (connections: number) => load(base, connections, DURATION, () => ({ method: 'GET', path: `/api/v1/titles/${1 + Math.floor(Math.random() * 200)}` }));
    const beacons = (connections: number) => load(base, connections, DURATION, () => {
      const title = 1 + Math.floor(Math.random() * 200);
      return {
        method: 'POST', path: '/api/v1/reports/visits',
        headers: {
          'content-type': 'application/json', 'x-xsrf-token': CSRF, 'user-agent': UA, 'x-forwarded-for': `81.2.${Math.floor(Math.random() * 64)}.${1 + Math.floor(Math.random() * 250)}`,
          cookie: `XSRF-TOKEN=${CSRF}; csrf_id=${CSRF_ID}; visitor_id=${crypto.randomBytes(16).toString('hex')}`,
        },
        body: JSON.stringify({ path: `/titles/${title}`, model_type: 'title', model_id: title, referrer: 'https://www.example.org/page' }),
      };
    });
    await pages(4); // warm-up
    const idle = await pages(4);
    report('   public title page data call p99, idle', `${idle.p99.toFixed(2)} ms`, '(baseline)', null);
    await beacons(4); // warm-up: the GeoIP data loads once
    const before = count(db);
    const [sent, busy] = await Promise.all([beacons(16), pages(4)]);
    const rate = sent.ok / DURATION;
    report('   beacon events accepted, sustained', `${rate.toFixed(0)} events/s`, '>= 5,000 events/s', rate >= 5000 && sent.failed === 0);
    if (sent.failed) console.log(`        (${sent.failed} beacons failed)`);
    const limit = Math.max(2 * idle.p99, 1);
    report('   public title page data call p99 during ingestion', `${busy.p99.toFixed(2)} ms`, `<= 2x idle (${limit.toFixed(2)} ms)`, busy.p99 <= limit);
    await new Promise((r) => setTimeout(r, 1500));
    const written = count(db) - before;
    report('   page views written from the measured run', written.toLocaleString('en'), `>= ${sent.ok.toLocaleString('en')} accepted`, written >= sent.ok);

    section('Report route JavaScript in Chromium (built web/dist; bytes as received, gzip on the wire)');
    if (!fs.existsSync(new URL('../../web/dist/index.html', import.meta.url))) {
      report('   report route JS', 'no web/dist', '< 150 KB', false);
      return;
    }
    const headers = await login(base, admin);
    const js = await routeScripts(base, headers, '/admin/users', '/admin/plays', '[data-testid="world-map"]');
    if (!js) {
      report('   report route JS', 'no playwright-core', '< 150 KB', null);
      return;
    }
    console.log(`  chunks the report route adds (${js.added.length}): ${js.added.map((f) => f.name).join(', ')}`);
    const added = js.added.reduce((s, f) => s + f.bytes, 0);
    report(`   JS the report route loads after another admin page (${js.added.length} files)`, `${(added / 1024).toFixed(1)} KB`, '< 150 KB', added < 150 * 1024);
    // The report's own chunks are not on other admin pages: none of them was fetched for /admin/users.
    const leaked = js.added.filter((f) => js.first.includes(f.name));
    report('   report chunks fetched on /admin/users too', String(leaked.length), '0', leaked.length === 0);
  } finally {
    await server?.stop();
    if (trust === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = trust;
    fs.rmSync(storage, { recursive: true, force: true });
  }
}

function count(file: string): number {
  const db = new SQLite(file, { readonly: true });
  try {
    return Number((db.prepare('SELECT count(*) AS n FROM page_views').get() as { n: number }).n);
  } finally {
    db.close();
  }
}

export async function reportsBench(report: Report, section: Section): Promise<void> {
  await queries(report, section);
  await ingestionAndJs(report, section);
}
