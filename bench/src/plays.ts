/**
 * Play tracking under load: play events per second the API accepts on SQLite, and the title page data call's p99
 * while they pour in, against its p99 when idle (the events are buffered and written in batches off the request path).
 *
 *   BENCH_PLAYS_TITLES=2000   titles (each with one video) in the scratch database
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { seedDefaultRoles } from '../../server/src/db/seed/roles.ts';
import { Server } from './harness.ts';
import '../../server/src/modules/plays/schema.ts';

type Report = (figure: string, value: string, target: string, pass: boolean | null) => void;
const TITLES = Number(process.env.BENCH_PLAYS_TITLES ?? 2000);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);

async function prepare(db: string, storage: string) {
  const app = await buildApp(loadConfig({ DATABASE_URL: db, STORAGE_PATH: storage, LOG_LEVEL: 'silent', NODE_ENV: 'production' }));
  await seedDefaultRoles(app.ctx.db);
  const now = new Date().toISOString();
  for (let i = 0; i < TITLES; i += 500) {
    const rows = await app.ctx.db.insertInto('titles').values(Array.from({ length: Math.min(500, TITLES - i) }, (_, k) => ({
      name: `Bench title ${i + k}`, is_series: false, description: 'A title for the plays bench.', year: 2000 + ((i + k) % 25), created_at: now, updated_at: now,
    }))).returning('id').execute();
    await app.ctx.db.insertInto('videos').values(rows.map((r) => ({
      name: `Bench video ${r.id}`, title_id: r.id, season_num: null, episode_num: null, thumbnail: null, type: 'video' as const, src: '/storage/bench.mp4',
      quality: 'hd', language: 'en', category: 'full' as const, approved: true, user_id: null, created_at: now, updated_at: now,
    }))).execute();
  }
  await app.close();
}

interface Run { ok: number; failed: number; p99: number }

/**
 * A closed-loop load: `connections` loops each sending the next request as soon as the last answered, for `seconds`, over one keep-alive pool. Latencies are kept whole so the p99 is exact.
 */
export async function load(base: string, connections: number, seconds: number, next: () => { path: string; method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string }): Promise<Run> {
  const pool = new Pool(base, { connections });
  const until = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      try {
        const res = await pool.request(next());
        await res.body.dump();
        if (res.statusCode < 300) ok++;
        else failed++;
      } catch {
        failed++;
      }
      latencies.push(performance.now() - t0);
    }
  }));
  await pool.close();
  latencies.sort((a, b) => a - b);
  return { ok, failed, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

/** Title page data calls, spread over the titles. */
const titleLoad = (base: string, connections: number) => load(base, connections, DURATION, () => ({ method: 'GET', path: `/api/v1/titles/${1 + Math.floor(Math.random() * TITLES)}` }));

// A guest's CSRF token is derived from its csrf_id cookie (server/src/http/csrf.ts): one guest id, its token in the header.
export const CSRF_ID = 'bench-guest-csrf-id-0123456789';
export const CSRF = crypto.createHash('sha256').update(`csrf-guest:${CSRF_ID}`).digest('base64url');
export const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
/** Play events from ever-new anonymous visitors (each one a new play), spread over the videos. */
const playLoad = (base: string, connections: number) => load(base, connections, DURATION, () => ({
  method: 'POST',
  path: `/api/v1/videos/${1 + Math.floor(Math.random() * TITLES)}/plays`,
  headers: {
    'content-type': 'application/json', 'x-xsrf-token': CSRF, 'user-agent': UA, 'x-forwarded-for': '81.2.69.142',
    cookie: `XSRF-TOKEN=${CSRF}; csrf_id=${CSRF_ID}; visitor_id=${crypto.randomBytes(16).toString('hex')}`,
  },
  body: JSON.stringify({ seconds: 6, position: 6 }),
}));

export async function playsBench(report: Report, section: (title: string) => void) {
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-plays-'));
  const db = path.join(storage, 'plays.sqlite');
  section(`Play tracking on SQLite: ${TITLES.toLocaleString('en')} titles and videos, ${DURATION} s per run; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  let server: Server | null = null;
  try {
    await prepare(db, storage);
    server = await Server.start(db, storage);
    await titleLoad(server.base, 4); // warm-up
    const idle = await titleLoad(server.base, 4);
    report('   title page data call p99, idle', `${idle.p99.toFixed(2)} ms`, '(baseline)', null);
    // What this machine serves of the plain read, to read the play rate against (a busy shared machine serves far less).
    report('   title page data calls served, idle', `${(idle.ok / DURATION).toFixed(0)} calls/s`, '(info)', null);

    await playLoad(server.base, 4); // warm-up: loads the GeoIP data once
    const [plays, busy] = await Promise.all([playLoad(server.base, 16), titleLoad(server.base, 4)]);
    const rate = plays.ok / DURATION;
    report('   play events accepted', `${rate.toFixed(0)} events/s`, '>= 2,000 events/s', rate >= 2000 && plays.failed === 0);
    report('   play event p99', `${plays.p99.toFixed(2)} ms`, '(info)', null);
    const limit = Math.max(2 * idle.p99, 1);
    report('   title page data call p99 under play load', `${busy.p99.toFixed(2)} ms`, `<= 2x idle (${limit.toFixed(2)} ms)`, busy.p99 <= limit);

    // Every accepted event is written (after the last batch) and counted once per visitor.
    await new Promise((r) => setTimeout(r, 1500));
    const check = await buildApp(loadConfig({ DATABASE_URL: db, STORAGE_PATH: storage, LOG_LEVEL: 'silent', NODE_ENV: 'production' }));
    const written = Number((await check.ctx.db.selectFrom('plays').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const counted = Number((await check.ctx.db.selectFrom('videos').select((eb) => eb.fn.sum<number>('plays_count').as('n')).executeTakeFirstOrThrow()).n);
    await check.close();
    const accepted = plays.ok;
    report('   plays written / counted on videos', `${written} / ${counted}`, `>= ${accepted} accepted in the measured run`, written >= accepted && counted === written);
  } finally {
    await server?.stop();
    fs.rmSync(storage, { recursive: true, force: true });
  }
}
