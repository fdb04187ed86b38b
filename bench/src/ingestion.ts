/**
 * Event ingestion through real HTTP on SQLite (issues 10 and 14), runnable alone (`BENCH_ONLY=ingestion`, a minute or
 * so) without the reports bench's generation of millions of events: play events with the title page's p99 beside them
 * (plays.ts), then page-view beacons offered at 5,000 a second with the public pages' p99 beside them
 * (ingestion-load.ts), and the report route's JS in Chromium. Each figure under load is read against the idle one
 * measured in the same run; the load average is printed with them, since on a shared machine other processes move both.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { seedDefaultRoles } from '../../server/src/db/seed/roles.ts';
import { hashPassword } from '../../server/src/lib/crypto.ts';
import { Server, login } from './harness.ts';
import type { Report } from './inprocess.ts';
import { playsBench } from './plays.ts';
import { eventRequest } from './ingestion-events.ts';
import { closedLoop, ingestionFigures, loadAverage } from './ingestion-load.ts';
import { routeScripts } from './admin-js.ts';

type Section = (t: string) => void;
const DURATION = Math.max(Number(process.env.BENCH_DURATION ?? 5), 10);

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

export async function ingestionAndJs(report: Report, section: Section): Promise<void> {
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
    section(`Visit beacons through HTTP (SQLite, real server, ${DURATION} s per run; load average ${loadAverage()})`);
    const base = server.base;
    const before = count(db);
    const sent = await ingestionFigures({ base, serverPid: server.child.pid, seconds: DURATION, target: 5000, label: 'beacon events', kind: 'beacon', titles: 200, report });
    const capacity = await closedLoop(base, 16, 5, () => eventRequest('beacon', 200));
    report('   beacon events accepted at most (closed loop, 16 connections)', `${(capacity.ok / 5).toFixed(0)} events/s`, '(info)', null);
    await new Promise((r) => setTimeout(r, 1500));
    const written = count(db) - before;
    const accepted = sent.ok + capacity.ok;
    report('   page views written from the measured runs', written.toLocaleString('en'), `>= ${accepted.toLocaleString('en')} accepted`, written >= accepted);

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

/** `BENCH_ONLY=ingestion`: the play figures, then the beacon figures and the report route's JS. */
export async function ingestionBench(report: Report, section: Section): Promise<void> {
  await playsBench(report, section);
  await ingestionAndJs(report, section);
}
