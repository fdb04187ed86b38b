/**
 * Database queue: small jobs per second through the worker, and a restart part-way through
 * (graceful stop, new app on the same database) with every job run exactly once.
 *
 *   BENCH_QUEUE_JOBS=5000   jobs per run
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp, type App } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';

type Report = (figure: string, value: string, target: string, pass: boolean | null) => void;
const JOBS = Number(process.env.BENCH_QUEUE_JOBS ?? 5000);

async function app(database: string, storage: string): Promise<App> {
  const built = await buildApp(loadConfig({ DATABASE_URL: database, STORAGE_PATH: storage, LOG_LEVEL: 'silent', NODE_ENV: 'production' }));
  await built.ctx.settings.set({ 'server.queue_driver': 'database' });
  // A small job: one upsert, so running a job twice shows as a count of 2.
  built.ctx.queue.register('bench.small', async ({ n }: { n: number }) => {
    await sql`INSERT INTO counters (name, value) VALUES (${`bench-job-${n}`}, 1) ON CONFLICT (name) DO UPDATE SET value = counters.value + 1`.execute(built.ctx.db);
  });
  return built;
}

const left = (a: App) => a.ctx.db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n));

async function waitEmpty(a: App) {
  while ((await left(a)) > 0) await new Promise((r) => setTimeout(r, 10));
}

export async function queueBench(report: Report, section: (title: string) => void, database?: string) {
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-queue-'));
  const db = database ?? path.join(storage, 'queue.sqlite');
  section(`Database queue on ${database ? 'PostgreSQL' : 'SQLite'}: ${JOBS.toLocaleString('en')} small jobs`);
  try {
    let a = await app(db, storage);
    await a.ctx.queue.database.stopWorker();
    // Dispatch without a worker running, then time the worker alone.
    const d0 = performance.now();
    for (let n = 0; n < JOBS; n++) await a.ctx.queue.database.dispatch('bench.small', { n });
    const dispatchMs = performance.now() - d0;
    report('   dispatch rate', `${(JOBS / (dispatchMs / 1000)).toFixed(0)} jobs/s`, '(info)', null);
    const t0 = performance.now();
    a.ctx.queue.start();
    await waitEmpty(a);
    const rate = JOBS / ((performance.now() - t0) / 1000);
    report('   worker throughput', `${rate.toFixed(0)} jobs/s`, '>= 500 jobs/s', rate >= 500);

    // Restart part-way: stop the server gracefully while jobs remain, start a new one on the same database.
    await a.ctx.db.deleteFrom('counters').where('name', 'like', 'bench-job-%').execute();
    await a.ctx.queue.close();
    for (let n = 0; n < JOBS; n++) await a.ctx.queue.database.dispatch('bench.small', { n });
    a.ctx.queue.start();
    while ((await left(a)) > JOBS / 2) await new Promise((r) => setTimeout(r, 5));
    await a.ctx.queue.close();
    await a.close();
    const remaining = await (async () => { a = await app(db, storage); return left(a); })();
    a.ctx.queue.start();
    await waitEmpty(a);
    const runs = await a.ctx.db.selectFrom('counters').select(['value']).where('name', 'like', 'bench-job-%').execute();
    const once = runs.filter((r) => Number(r.value) === 1).length;
    const twice = runs.filter((r) => Number(r.value) > 1).length;
    report(`   restart with ${remaining.toLocaleString('en')} jobs left: jobs run exactly once`, `${once}/${JOBS}`, `${JOBS}/${JOBS}, none lost or twice`, once === JOBS && twice === 0);
    await a.ctx.db.deleteFrom('counters').where('name', 'like', 'bench-job-%').execute();
    await a.close();
  } finally {
    fs.rmSync(storage, { recursive: true, force: true });
  }
}
