/**
 * Event ingestion through real HTTP on SQLite (issues 10 and 14), runnable alone (`BENCH_ONLY=ingestion`, a minute or
 * so) without the reports bench's generation of millions of events: play events with the title page's p99 beside them
 * (plays.ts), then page-view beacons with the public pages' p99 beside them, and the report route's JS in Chromium.
 * Each figure under load is read against the idle one measured in the same run; the load average is printed with them,
 * since on a shared machine the other processes move both.
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
import { Server, login } from './harness.ts';
import type { Report } from './inprocess.ts';
import { CSRF, CSRF_ID, UA, load, playsBench } from './plays.ts';
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

/** `BENCH_ONLY=ingestion`: the play figures, then the beacon figures and the report route's JS. */
export async function ingestionBench(report: Report, section: Section): Promise<void> {
  await playsBench(report, section);
  await ingestionAndJs(report, section);
}
