/**
 * Play tracking under load on SQLite: 2,000 play events a second offered for the run, and the title page data call's
 * p99 beside them against its p99 when idle (ingestion-load.ts; the events are written in batches off the request
 * path); then the most play events the server accepts alone.
 *
 *   BENCH_PLAYS_TITLES=2000   titles (each with one video) in the scratch database
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { seedDefaultRoles } from '../../server/src/db/seed/roles.ts';
import { Server } from './harness.ts';
import { eventRequest } from './ingestion-events.ts';
import { closedLoop, ingestionFigures, loadAverage } from './ingestion-load.ts';
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

export async function playsBench(report: Report, section: (title: string) => void) {
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-plays-'));
  const db = path.join(storage, 'plays.sqlite');
  section(`Play tracking on SQLite: ${TITLES.toLocaleString('en')} titles and videos, ${DURATION} s per run; load average ${loadAverage()}`);
  let server: Server | null = null;
  try {
    await prepare(db, storage);
    server = await Server.start(db, storage);
    const plays = await ingestionFigures({ base: server.base, serverPid: server.child.pid, seconds: DURATION, target: 2000, label: 'play events', kind: 'play', titles: TITLES, report });
    // What this machine takes at most: events alone, closed-loop (each connection sends again once answered).
    const capacity = await closedLoop(server.base, 16, Math.min(DURATION, 5), () => eventRequest('play', TITLES));
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
