/**
 * Play tracking under load on SQLite: 2,000 play events a second offered for the run, and the title page data call's
 * p99 beside them against its p99 when idle (ingestion-load.ts; the events are written in batches off the request
 * path); then the most play events the server accepts alone.
 *
 *   BENCH_PLAYS_TITLES=2000   titles (each with one video) in the scratch database
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { seedDefaultRoles } from '../../server/src/db/seed/roles.ts';
import { Server } from './harness.ts';
import { closedLoop, ingestionFigures, loadAverage, type Request } from './ingestion-load.ts';
import '../../server/src/modules/plays/schema.ts';

type Report = (figure: string, value: string, target: string, pass: boolean | null) => void;
const TITLES = Number(process.env.BENCH_PLAYS_TITLES ?? 2000);
const DURATION = Math.max(Number(process.env.BENCH_DURATION ?? 5), 10);

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

/** A title page data call, spread over the titles. */
const titleCall = (): Request => ({ method: 'GET', path: `/api/v1/titles/${1 + Math.floor(Math.random() * TITLES)}` });

// A guest's CSRF token is derived from its csrf_id cookie (server/src/http/csrf.ts): one guest id, its token in the header.
export const CSRF_ID = 'bench-guest-csrf-id-0123456789';
export const CSRF = crypto.createHash('sha256').update(`csrf-guest:${CSRF_ID}`).digest('base64url');
export const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
/** A play event from an ever-new anonymous visitor (each one a new play), spread over the videos. */
const playEvent = (): Request => ({
  method: 'POST',
  path: `/api/v1/videos/${1 + Math.floor(Math.random() * TITLES)}/plays`,
  headers: {
    'content-type': 'application/json', 'x-xsrf-token': CSRF, 'user-agent': UA, 'x-forwarded-for': '81.2.69.142',
    cookie: `XSRF-TOKEN=${CSRF}; csrf_id=${CSRF_ID}; visitor_id=${crypto.randomBytes(16).toString('hex')}`,
  },
  body: JSON.stringify({ seconds: 6, position: 6 }),
});

export async function playsBench(report: Report, section: (title: string) => void) {
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-plays-'));
  const db = path.join(storage, 'plays.sqlite');
  section(`Play tracking on SQLite: ${TITLES.toLocaleString('en')} titles and videos, ${DURATION} s per run; load average ${loadAverage()}`);
  let server: Server | null = null;
  try {
    await prepare(db, storage);
    server = await Server.start(db, storage);
    const plays = await ingestionFigures({ base: server.base, seconds: DURATION, target: 2000, label: 'play events', event: playEvent, probe: titleCall, report });
    // What this machine takes at most: events alone, closed-loop (each connection sends again once answered).
    const capacity = await closedLoop(server.base, 16, Math.min(DURATION, 5), playEvent);
    report('   play events accepted at most (closed loop, 16 connections)', `${(capacity.ok / Math.min(DURATION, 5)).toFixed(0)} events/s`, '(info)', null);

    // Every accepted event is written (after the last batch) and counted once per visitor.
    await new Promise((r) => setTimeout(r, 1500));
    const check = await buildApp(loadConfig({ DATABASE_URL: db, STORAGE_PATH: storage, LOG_LEVEL: 'silent', NODE_ENV: 'production' }));
    const written = Number((await check.ctx.db.selectFrom('plays').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const counted = Number((await check.ctx.db.selectFrom('videos').select((eb) => eb.fn.sum<number>('plays_count').as('n')).executeTakeFirstOrThrow()).n);
    await check.close();
    const accepted = plays.ok + capacity.ok;
    report('   plays written / counted on videos', `${written} / ${counted}`, `>= ${accepted} accepted in the measured runs`, written >= accepted && counted === written);
  } finally {
    await server?.stop();
    fs.rmSync(storage, { recursive: true, force: true });
  }
}
