/**
 * Issue 17 items 18 and "done when": hostile requests against the real server over HTTP, and a soak.
 *
 *   fuzz: every registered route (and the site's pages) as guest, plain user and admin, with the cases of
 *         server/test/fuzz-cases.ts (prototype keys, NUL, full-text syntax, huge and invalid input, odd
 *         headers); prints the request count, the 5xx count and whether the process stayed up.
 *   soak: autocannon, 50 connections on a few public and admin GETs; prints errors, p99 and RSS growth.
 *
 * The server is the built one (server/dist/main.js, after `npm run build`) when present, else server/src/main.ts,
 * over a fresh SQLite database with the demo data, on loopback.
 *
 *   BENCH_FUZZ_REQUESTS=12000   fuzz requests (a seeded share of every case; at least 10,000 for the figure)
 *   BENCH_FUZZ_CONCURRENCY=8    requests in flight
 *   BENCH_SOAK_SECONDS=60       soak duration
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannonUntyped, { type Options, type Result } from 'autocannon';
import { request } from 'undici';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { registeredRoutes } from '../../server/src/http/input-guard.ts';
import { casesFor, PAGE_ROUTES, rng, SKIP, type FuzzCase, type FuzzRoute } from '../../server/test/fuzz-cases.ts';
import { children, login, stopChild } from './harness.ts';

// Each connection cycles through `requests` (path and headers per request); the shared typings leave it out.
type Cycled = Options & { requests: { method: 'GET'; path: string; headers?: Record<string, string> }[] };
const autocannon = autocannonUntyped as unknown as (opts: Cycled) => Promise<Result>;

type Report = (figure: string, value: string, target: string, pass: boolean | null) => void;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN = { email: 'fuzz-admin@bench.local', password: 'fuzz-admin-password' };
const USER = { email: 'fuzz-user@bench.local', password: 'fuzz-user-password' };
const REQUESTS = Number(process.env.BENCH_FUZZ_REQUESTS ?? 12_000);
const CONCURRENCY = Number(process.env.BENCH_FUZZ_CONCURRENCY ?? 8);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);

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

/** Every route the app registers, read from an app built over a throwaway database. */
async function routeTable(): Promise<FuzzRoute[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fuzz-routes-'));
  try {
    const built = await buildApp(loadConfig({ DATABASE_URL: path.join(dir, 'db.sqlite'), STORAGE_PATH: dir, LOG_LEVEL: 'silent', NODE_ENV: 'test', APP_URL: 'http://127.0.0.1' }));
    const routes = registeredRoutes(built.app).map((r) => ({ method: r.method, url: r.url }));
    await built.close();
    return [...routes, ...PAGE_ROUTES].filter((r) => !SKIP.has(`${r.method} ${r.url}`));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

async function startServer(storage: string, port: number): Promise<ChildProcess> {
  const built = path.join(ROOT, 'server/dist/main.js');
  const entry = fs.existsSync(built) ? built : path.join(ROOT, 'server/src/main.ts');
  const base = `http://127.0.0.1:${port}`;
  const child = fork(entry, [], {
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', STORAGE_PATH: storage, DATABASE_URL: path.join(storage, 'db.sqlite'),
      APP_URL: base, LOG_LEVEL: 'fatal', SEED_DEMO: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering`);
    if (await fetch(`${base}/api/v1/auth/me`).then((r) => r.ok, () => false)) break;
    if (i > 600) throw new Error('server did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(`  server: ${path.relative(ROOT, entry)} on ${base} (pid ${child.pid})`);
  return child;
}

interface Tally { sent: number; byClass: Map<string, number>; fiveXx: string[]; clientErrors: number }

async function sendCase(base: string, identity: Record<string, string>, c: FuzzCase, tally: Tally): Promise<void> {
  try {
    const res = await request(`${base}${c.url}`, {
      method: c.method as 'GET',
      headers: { ...identity, ...c.headers },
      body: c.body,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    await res.body.dump();
    const cls = `${Math.floor(res.statusCode / 100)}xx`;
    tally.byClass.set(cls, (tally.byClass.get(cls) ?? 0) + 1);
    if (res.statusCode >= 500) tally.fiveXx.push(`${res.statusCode} ${c.kind} ${c.method} ${c.url.slice(0, 160)}`);
  } catch {
    // A header the client itself refuses to send, or a connection the server closed on an oversized
    // request: not a server error; whether the process survived is checked separately.
    tally.clientErrors++;
  } finally {
    tally.sent++;
  }
}

async function fuzz(base: string, child: ChildProcess, report: Report) {
  const routes = await routeTable();
  const adminHeaders = await login(base, ADMIN);
  const made = await request(`${base}/api/v1/users`, {
    method: 'POST', headers: { ...adminHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ email: USER.email, password: USER.password, email_verified_at: true }),
  });
  await made.body.dump();
  if (made.statusCode !== 200) throw new Error(`could not create the plain user: ${made.statusCode}`);
  const identities: [string, Record<string, string>][] = [['guest', {}], ['user', await login(base, USER)], ['admin', adminHeaders]];
  const all = routes.reduce((n, r) => n + casesFor(r).length, 0) * identities.length;
  const share = Math.min(1, REQUESTS / all);
  const random = rng(17);
  const queue: [Record<string, string>, FuzzCase][] = [];
  for (const route of routes) for (const [, h] of identities) for (const c of casesFor(route, share, random)) queue.push([h, c]);
  console.log(`  ${routes.length} routes x ${identities.length} identities; ${all.toLocaleString('en')} cases in all, sending ${queue.length.toLocaleString('en')} (seeded share)`);
  const tally: Tally = { sent: 0, byClass: new Map(), fiveXx: [], clientErrors: 0 };
  const t0 = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < queue.length && child.exitCode === null) {
      const [h, c] = queue[next++];
      await sendCase(base, h, c, tally);
    }
  }));
  const seconds = (performance.now() - t0) / 1000;
  const alive = child.exitCode === null && await fetch(`${base}/api/v1/auth/me`).then((r) => r.ok, () => false);
  console.log(`  ${tally.sent.toLocaleString('en')} requests in ${seconds.toFixed(1)} s: ${[...tally.byClass].sort().map(([k, v]) => `${k} ${v}`).join(', ')}; ${tally.clientErrors} not sent or cut by the server`);
  for (const line of tally.fiveXx.slice(0, 15)) console.log(`    5xx: ${line}`);
  report('   fuzz requests sent', tally.sent.toLocaleString('en'), '>= 10,000', tally.sent >= 10_000);
  report('   fuzz answers 5xx', String(tally.fiveXx.length), '0', tally.fiveXx.length === 0);
  report('   server process up after fuzzing', alive ? 'yes' : `no (exit ${child.exitCode})`, 'yes', alive);
}

async function soak(base: string, child: ChildProcess, report: Report) {
  const admin = await login(base, ADMIN);
  const pub = ['/api/v1/titles', '/api/v1/people', '/api/v1/titles?query=the&perPage=20', '/api/v1/people?orderBy=popularity&orderDir=desc'];
  // The landing page's server-rendered HTML, when the web app is built.
  if (fs.existsSync(path.join(ROOT, 'web/dist/index.html'))) pub.push('/');
  const staff = ['/api/v1/users', '/api/v1/roles', '/api/v1/users?query=user&orderBy=email&orderDir=asc'];
  const requests = [...pub.map((p) => ({ method: 'GET' as const, path: p })), ...staff.map((p) => ({ method: 'GET' as const, path: p, headers: admin }))];
  // A short warm-up, so the RSS figure measures growth under load rather than first-use caches.
  await autocannon({ url: base, connections: 10, duration: 3, requests });
  (await fetch(`${base}/api/v1/auth/me`)).body?.cancel();
  const before = rssOf(child.pid!);
  const r = await autocannon({ url: base, connections: 50, duration: SOAK_SECONDS, requests, timeout: 30 });
  const after = child.exitCode === null ? rssOf(child.pid!) : 0;
  const errors = r.non2xx + r.errors + r.timeouts;
  const growth = (after - before) / 1048576;
  const codes = Object.entries((r as Result & { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {}).map(([code, v]) => `${code}: ${v.count}`).join(', ');
  console.log(`  ${r.requests.total.toLocaleString('en')} requests in ${r.duration} s (${(r.requests.total / r.duration).toFixed(0)} req/s), status ${codes}; ${r.errors} socket errors, ${r.timeouts} timeouts; RSS ${(before / 1048576).toFixed(0)} -> ${(after / 1048576).toFixed(0)} MB`);
  report('   soak errors (non-2xx, socket errors, timeouts)', String(errors), '0', errors === 0);
  report('   soak p99 latency', `${r.latency.p99} ms`, '(info)', null);
  report('   soak RSS growth', `${growth.toFixed(1)} MB`, '< 100 MB', growth < 100 && child.exitCode === null);
}

export async function fuzzBench(report: Report, section: (title: string) => void): Promise<void> {
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fuzz-'));
  const port = await freePort();
  section(`Fuzz: hostile requests to every route over HTTP (${REQUESTS.toLocaleString('en')} asked, ${CONCURRENCY} in flight)`);
  const child = await startServer(storage, port);
  const base = `http://127.0.0.1:${port}`;
  try {
    await fuzz(base, child, report);
    if (child.exitCode !== null) return;
    section(`Soak: 50 connections for ${SOAK_SECONDS} s on public and admin GETs`);
    await soak(base, child, report);
  } finally {
    await stopChild(child);
    fs.rmSync(storage, { recursive: true, force: true });
  }
}
