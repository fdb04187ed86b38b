/**
 * Audit log figures (issue 18): the admin screen's filtered list over BENCH_AUDIT_ROWS rows (default 10,000,000,
 * spread over a year, 1,000 users, every write route), each filter asked with values that differ from one call to
 * the next (nothing answered from a warm repeat), through the real app in-process (Fastify inject) as an admin.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { createDb } from '../../server/src/db/index.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { seedDefaultRoles } from '../../server/src/db/seed/roles.ts';
import { hashPassword } from '../../server/src/lib/crypto.ts';
import { cachedDataFile, injectSession } from './harness.ts';
import { median } from './catalogue.ts';

type Report = (figure: string, value: string, target: string, pass: boolean | null) => void;
const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 10_000_000);
const USERS = 1000;
const ADMIN = { email: 'audit-admin@bench.local', password: 'audit-admin-password' };
const ACTIONS = ['/api/v1/users/:id', '/api/v1/settings', '/api/v1/roles/:id', '/api/v1/titles/:id', '/api/v1/people/:id', '/api/v1/videos/:id', '/api/v1/tags', '/api/v1/custom-pages/:id', '/api/v1/files', '/api/v1/localizations/:id'];
const YEAR_MS = 365 * 86400_000;

async function ensureAuditData(dir: string): Promise<{ file: string; start: number }> {
  const file = path.join(dir, `audit-${ROWS}-v1.sqlite`);
  const start = Date.UTC(2025, 0, 1);
  const cache = cachedDataFile(file);
  if (cache.cached) return { file, start };
  const t0 = performance.now();
  const handle = createDb({ kind: 'sqlite', file });
  await migrate(handle);
  const roles = await seedDefaultRoles(handle.db);
  const now = new Date().toISOString();
  const password = await hashPassword(ADMIN.password);
  const admin = await handle.db.insertInto('users').values({ email: ADMIN.email, password, first_name: 'Audit', last_name: 'Admin', avatar: null, available_space: null, email_verified_at: now, banned_at: null, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  await handle.db.insertInto('user_role').values({ user_id: admin.id, role_id: roles.admin, created_at: now }).execute();
  const raw = handle.sqlite!;
  raw.pragma('synchronous = OFF');
  const addUser = raw.prepare('INSERT INTO users (email, first_name, last_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
  raw.transaction(() => { for (let i = 0; i < USERS; i++) addUser.run(`editor${i}@bench.local`, 'Editor', String(i), now, now); })();
  // Rows go in without indexes or the count trigger (both rebuilt after), in time order as a live log grows.
  const indexes = raw.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'audit_log' AND sql IS NOT NULL`).all() as { name: string; sql: string }[];
  const triggers = raw.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit_log'`).all() as { name: string; sql: string }[];
  for (const i of indexes) raw.exec(`DROP INDEX ${i.name}`);
  for (const t of triggers) raw.exec(`DROP TRIGGER ${t.name}`);
  const insert = raw.prepare('INSERT INTO audit_log (user_id, via, ip, method, action, record_type, record_id, status, changes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 200, ?, ?)');
  const step = YEAR_MS / ROWS;
  const BATCH = 200_000;
  for (let from = 0; from < ROWS; from += BATCH) {
    raw.transaction(() => {
      for (let n = from; n < Math.min(ROWS, from + BATCH); n++) {
        const action = ACTIONS[n % ACTIONS.length];
        const type = action.split('/')[3];
        insert.run(2 + (n * 7919) % USERS, n % 13 === 0 ? 'token' : 'session', `10.0.${n % 250}.${n % 200}`, n % 5 === 0 ? 'DELETE' : 'PUT', action, type, action.includes(':id') ? String(n % 50_000) : null,
          n % 4 === 0 ? '{"name":["Old","New"]}' : null, new Date(start + n * step).toISOString());
      }
    })();
  }
  for (const i of indexes) raw.exec(i.sql);
  for (const t of triggers) raw.exec(t.sql);
  raw.exec(`UPDATE counters SET value = ${ROWS} WHERE name = 'rows:audit_log'`);
  raw.exec('ANALYZE');
  await handle.destroy();
  cache.done();
  console.log(`  generated ${ROWS.toLocaleString('en')} audit rows in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return { file, start };
}

export async function auditBench(benchDir: string, report: Report, section: (t: string) => void): Promise<void> {
  section(`Audit log: ${ROWS.toLocaleString('en')} rows over a year (SQLite, in-process, as an admin)`);
  const { file, start } = await ensureAuditData(benchDir);
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-audit-'));
  const db = path.join(storage, 'db.sqlite');
  fs.copyFileSync(file, db);
  const app = await buildApp(loadConfig({ DATABASE_URL: db, STORAGE_PATH: storage, LOG_LEVEL: 'silent', NODE_ENV: 'production', APP_URL: 'http://127.0.0.1' }));
  try {
    const headers = await injectSession(app.app, ADMIN);
    const list = (filters: unknown[], page = 1) => `/api/v1/audit-log?perPage=15&page=${page}&filters=${encodeURIComponent(JSON.stringify(filters))}`;
    const day = (d: number) => new Date(start + d * 86400_000).toISOString();
    const cases: [string, (i: number) => string][] = [
      ['unfiltered, page 1', () => list([])],
      ['one user (different each call)', (i) => list([{ key: 'user_id', value: 2 + i * 37 }])],
      ['one user, page 50', (i) => list([{ key: 'user_id', value: 2 + i * 41 }], 50)],
      ['one action', (i) => list([{ key: 'action', value: ACTIONS[i % ACTIONS.length] }])],
      ['one record', (i) => list([{ key: 'record_type', value: 'users' }, { key: 'record_id', value: String(i * 10) }])],
      ['a week (different each call)', (i) => list([{ key: 'created_at', value: { start: day(i * 7), end: day(i * 7 + 7) }, operator: 'between' }])],
      ['one user in a month', (i) => list([{ key: 'user_id', value: 2 + i * 43 }, { key: 'created_at', value: { start: day(i * 10), end: day(i * 10 + 30) }, operator: 'between' }])],
    ];
    for (const [label, url] of cases) {
      const samples: number[] = [];
      for (let i = 0; i < 25; i++) {
        const t0 = performance.now();
        const res = await app.app.inject({ method: 'GET', url: url(i), headers });
        samples.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`${url(i)}: ${res.statusCode} ${res.body}`);
      }
      const m = median(samples);
      report(`   audit log list, ${label} (median of 25, count and page)`, `${m.toFixed(2)} ms`, '< 20 ms', m < 20);
    }
  } finally {
    await app.close();
    fs.rmSync(storage, { recursive: true, force: true });
  }
}
