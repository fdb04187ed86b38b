/**
 * `npm run bench`: generates scale data, starts the real server on 127.0.0.1 and prints every
 * performance figure beside its target. Talks only to loopback; stops by itself.
 *
 *   BENCH_USERS=1000000      users to generate (SQLite data is cached under storage/bench/)
 *   BENCH_DURATION=5         seconds per load run
 *   BENCH_DATABASE_URL=...   also measure PostgreSQL (an empty database, or one this bench filled before)
 *   BENCH_SKIP_WEB_BUILD=1   size the existing web/dist instead of building it
 *   BENCH_TRANSLATION_LINES=10000  lines in the translation editor scenario (needs a built web/dist)
 *   BENCH_UPLOAD_MB=1024, BENCH_FILES=500000, BENCH_SKIP_FILES=1   the files scenarios (bench/src/files.ts)
 *   BENCH_ONLY=catalogue     run only the catalogue figures (sizes in bench/src/catalogue.ts)
 *   BENCH_CATALOGUE=0        skip the catalogue figures
 *   BENCH_ONLY=browse        run only the public browse and search figures (bench/src/browse.ts)
 *   BENCH_ONLY=audit         run only the audit log figures (BENCH_AUDIT_ROWS, default 10,000,000; bench/src/audit.ts)
 *   BENCH_ONLY=lists|channels|reviews|plays|ingestion|reports|billing|transcode|title-pages|fuzz|uploads|api   one issue's figures (see each file)
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { ADMIN, LAST, ensurePostgresData, ensureSqliteData } from './data.ts';
import { filesBench } from './files.ts';
import type { Recorded } from './server.ts';
import { Server, children, dataGeneration, login as loginAs } from './harness.ts';
import { translationEditorBench } from './localizations.ts';
import { settingsScenario } from './settings.ts';
import { appearanceBench } from './appearance.ts';
import { runCatalogueBench } from './catalogue.ts';
import { queueBench } from './queue.ts';
import { fuzzBench } from './fuzz.ts';
import { titlePagesBench } from './title-pages.ts';
import { uploadsBench } from './uploads.ts';
import { playsBench } from './plays.ts';
import { ingestionBench } from './ingestion.ts';
import { browseBench } from './browse.ts';
import { auditBench } from './audit.ts';
import { adminInitialJs } from './admin-js.ts';
import { transcodeBench } from './transcode.ts';
import { reviewsBench } from './reviews.ts';
import { listsBench } from './lists.ts';
import { channelsBench } from './channels.ts';
import { reportsBench } from './reports.ts';
import { billingBench } from './billing.ts';
import { apiContractsBench } from './api-contracts.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BENCH_DIR = path.join(ROOT, 'storage', 'bench');
const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 10;
const PG_URL = process.env.BENCH_DATABASE_URL;

// The bench must stop by itself whatever happens: BENCH_LIMIT_MINUTES (20) of measuring, not counting the one-off
// generation of cached data files (harness.ts dataGeneration), which gets a limit of its own.
const LIMIT_MS = Number(process.env.BENCH_LIMIT_MINUTES ?? 20) * 60_000;
const GENERATION_LIMIT_MS = 90 * 60_000;
const benchStart = performance.now();
const deadline = setInterval(() => {
  const generated = dataGeneration.ms();
  const measuring = performance.now() - benchStart - generated;
  if (dataGeneration.running() ? generated < GENERATION_LIMIT_MS : measuring < LIMIT_MS) return;
  console.error(`bench: giving up after ${(measuring / 60_000).toFixed(0)} minutes of measuring (+ ${(generated / 60_000).toFixed(0)} generating data)`);
  for (const c of children) c.kill('SIGKILL');
  process.exit(2);
}, 5_000);
deadline.unref();

type Row = { figure: string; value: string; target: string; pass: boolean | null };
const summary: Row[] = [];
let scope = '';
function report(figure: string, value: string, target: string, pass: boolean | null) {
  summary.push({ figure: `${scope}${figure.trim()}`, value, target, pass });
  const mark = pass === null ? '    ' : pass ? 'PASS' : 'MISS';
  console.log(`  ${mark}  ${figure.padEnd(58)} ${value.padStart(14)}   target ${target}`);
}
const section = (title: string) => console.log(`\n== ${title}`);
const ms = (n: number) => `${n.toFixed(2)} ms`;

// ---- the server child ---------------------------------------------------------------------------

// ---- list scenarios -----------------------------------------------------------------------------

const SEARCH = LAST[4321].toLowerCase();
/** Every last name but the recorded one, shuffled the same way each run: the cold text queries. */
const COLD_QUERIES = LAST.filter((l) => l.toLowerCase() !== SEARCH).map((l, i) => ({ l, k: (i * 7919) % LAST.length })).sort((a, b) => a.k - b.k).map((x) => x.l.toLowerCase());
interface Scenario { name: string; params: Record<string, string>; search: boolean }
function scenarios(): Scenario[] {
  const variants: { label: string; params: Record<string, string>; search: boolean }[] = [
    { label: 'no query/filter', params: {}, search: false },
    { label: `query: ${COLD_QUERIES.length.toLocaleString('en')} different last names, cold`, params: { query: SEARCH }, search: true },
    { label: 'filter banned', params: { filters: JSON.stringify([{ key: 'banned_at', value: true }]) }, search: false },
    { label: 'filter verified (80%)', params: { filters: JSON.stringify([{ key: 'email_verified_at', value: true }]) }, search: false },
    { label: 'query (different each time, cold) + filter verified', params: { query: SEARCH, filters: JSON.stringify([{ key: 'email_verified_at', value: true }]) }, search: true },
  ];
  const sorts = [{ label: 'created_at desc', params: { orderBy: 'created_at', orderDir: 'desc' } }, { label: 'email asc', params: { orderBy: 'email', orderDir: 'asc' } }];
  return sorts.flatMap((s) => variants.map((v) => ({ name: `${s.label}, ${v.label}`, params: { ...s.params, ...v.params }, search: v.search })));
}
const listUrl = (base: string, params: Record<string, string>) => `${base}/api/v1/users?${new URLSearchParams({ page: '1', perPage: '15', ...params })}`;

/**
 * `vary` rewrites each request's URL: the text-search scenarios ask a different last name every time (8,000 of them,
 * more than one run sends), so no answer comes from the server's in-memory caches of counts or matches.
 */
async function load(url: string, headers: Record<string, string>, vary?: (n: number) => string) {
  let n = 0;
  const requests = vary ? [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, path: vary(n++) }) }] : undefined;
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers, timeout: 30, requests });
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad) console.log(`        (${bad} failed requests: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts)`);
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.total / r.duration, ok: bad === 0 };
}

async function warm(url: string, headers: Record<string, string>): Promise<number> {
  let total = 0;
  for (let i = 0; i < 20; i++) {
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    total = ((await res.json()) as any).pagination.total;
  }
  return total;
}

/** Adds the count(*) a request without caches would run beside its page query, when the server skipped it. */
function withCount(statements: Recorded[]): Recorded[] {
  if (statements.some((st) => /count\(/i.test(st.sql))) return statements;
  const page = statements.find((st) => /limit \?/i.test(st.sql));
  const m = page && /^select\s[\s\S]*?\sfrom\s("users"[\s\S]*?)\sorder by\s[\s\S]*$/i.exec(page.sql);
  if (!page || !m) return statements;
  // The page's parameters end with its limit and offset; the rest belong to the where clause the count shares.
  const params = (page.params[0] as unknown[] | undefined) ?? [];
  return [...statements, { sql: `select count(*) as "total" from ${m[1]}`, params: [params.slice(0, -2)] }];
}

/** Runs the recorded count and page statements directly through better-sqlite3 for `seconds`. */
function directLoop(db: SQLite.Database, statements: Recorded[], seconds: number): number {
  const prepared = statements.map((s) => ({ stmt: db.prepare(s.sql), params: s.params }));
  const once = () => { for (const p of prepared) p.stmt.all(...(p.params as any[])); };
  for (let i = 0; i < 20; i++) once();
  let n = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  while (performance.now() < end) { once(); n++; }
  return n / ((performance.now() - t0) / 1000);
}

async function sqliteLists(server: Server, headers: Record<string, string>, file: string) {
  section(`GET /api/v1/users on SQLite, ${USERS.toLocaleString('en')} users, page 1, ${CONNECTIONS} connections, ${DURATION} s each`);
  const direct = new SQLite(file, { readonly: true });
  try {
    for (const s of scenarios()) {
      const url = listUrl(server.base, s.params);
      const total = await warm(url, headers);
      await server.call({ type: 'record-start' });
      await fetch(url, { headers }).then((res) => res.arrayBuffer());
      const { statements } = await server.call<{ statements: Recorded[] }>({ type: 'record-stop' });
      // The count and page queries over users (the session, role and settings lookups are left out).
      const listSql = statements.filter((st) => /from "users"/i.test(st.sql) && (/count\(/i.test(st.sql) || /limit \?/i.test(st.sql)));
      // Direct is what a request would run without the server's caches: the page query and its count, even when the
      // server answered the total from a cached or maintained count.
      const perRequest = withCount(listSql);
      // A text query changes on every request (cold); the direct loop replays the recorded query's statements.
      const varied = s.search ? (n: number) => {
        const u = new URL(listUrl(server.base, { ...s.params, query: COLD_QUERIES[n % COLD_QUERIES.length] }));
        return u.pathname + u.search;
      } : undefined;
      const r = await load(url, headers, varied);
      const directRate = directLoop(direct, perRequest, 2);
      console.log(`  -- ${s.name} (total ${total.toLocaleString('en')})`);
      scope = `SQLite ${s.name}: `;
      report('   median latency', ms(r.p50), '< 15 ms', r.ok && r.p50 < 15);
      report('   p99 latency', ms(r.p99), '< 50 ms', r.ok && r.p99 < 50);
      report('   throughput', `${r.rps.toFixed(0)} req/s`, s.search ? '>= 300 req/s (text query)' : '', s.search ? r.ok && r.rps >= 300 : null);
      const ratio = r.rps / directRate;
      report(`   vs its count + page queries direct, no caches (${directRate.toFixed(0)}/s)`, `${(ratio * 100).toFixed(0)}%`, '>= 60%', ratio >= 0.6);
    }
  } finally {
    direct.close();
  }
}

async function postgresLists(server: Server, headers: Record<string, string>) {
  section(`GET /api/v1/users on PostgreSQL, ${USERS.toLocaleString('en')} users, page 1, ${CONNECTIONS} connections, ${DURATION} s each`);
  for (const s of scenarios()) {
    const url = listUrl(server.base, s.params);
    const total = await warm(url, headers);
    const r = await load(url, headers);
    console.log(`  -- ${s.name} (total ${total.toLocaleString('en')})`);
    scope = `PostgreSQL ${s.name}: `;
    // The PostgreSQL target is for plain page 1; narrowed pages are printed for information.
    const plain = !s.params.query && !s.params.filters;
    report('   throughput', `${r.rps.toFixed(0)} req/s`, plain ? '>= 500 req/s' : '(info; target is for plain page 1)', plain ? r.ok && r.rps >= 500 : null);
    report('   median / p99 latency', `${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} ms`, '(info)', null);
  }
}

// ---- CSV export -----------------------------------------------------------------------------------

async function csvExport(server: Server, headers: Record<string, string>, storage: string) {
  scope = 'CSV export: ';
  section(`CSV export of ${USERS.toLocaleString('en')} users (POST /api/v1/users/csv/export, queued job, waited for)`);
  await server.call({ type: 'mem-start' });
  const res = await fetch(`${server.base}/api/v1/users/csv/export`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
  const body = await res.json() as any;
  if (res.ok && body.downloadPath) {
    await server.call({ type: 'mem-stop' });
    console.log('  skipped: this many users export at once, without a queued job (the figures need more than 10,000 users)');
    return;
  }
  if (!res.ok || body.result !== 'jobQueued') throw new Error(`export did not queue: ${res.status} ${JSON.stringify(body)}`);
  const m = await server.call<{ ms: number; base: number; peak: number }>({ type: 'mem-stop' });
  const dir = path.join(storage, 'exports');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.csv')) : [];
  if (files.length !== 1) throw new Error(`expected one export file in ${dir}, found ${files.length}`);
  const file = path.join(dir, files[0]);
  const size = fs.statSync(file).size;
  const lines = await countLines(file);
  fs.rmSync(file);
  const rows = lines - 1;
  const growth = (m.peak - m.base) / 1024 / 1024;
  const rate = rows / (m.ms / 1000);
  console.log(`  ${rows.toLocaleString('en')} rows, ${(size / 1024 / 1024).toFixed(0)} MB in ${(m.ms / 1000).toFixed(2)} s; server RSS ${(m.base / 1048576).toFixed(0)} -> peak ${(m.peak / 1048576).toFixed(0)} MB`);
  report('   server memory growth (peak RSS - RSS before)', `${growth.toFixed(1)} MB`, '< 100 MB', growth < 100);
  report('   rows per second', `${rate.toFixed(0)} rows/s`, '>= 100,000 rows/s', rate >= 100_000 && rows >= USERS);
}

async function countLines(file: string): Promise<number> {
  let n = 0;
  for await (const chunk of fs.createReadStream(file)) for (const b of chunk as Buffer) if (b === 10) n++;
  return n;
}

// ---- web bundle -------------------------------------------------------------------------------------

/** Builds web/dist first, so the servers the bench starts serve the current app (the admin page in Chromium). */
function buildWeb() {
  if (process.env.BENCH_SKIP_WEB_BUILD !== '1') {
    console.log('  building web (npm run build -w web) ...');
    const b = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, encoding: 'utf8', timeout: 5 * 60_000 });
    if (b.status !== 0) {
      console.log(`  web build failed (status ${b.status}); sizing the existing web/dist if any.\n${(b.stdout + b.stderr).split('\n').slice(-15).map((l) => `    ${l}`).join('\n')}`);
    }
  }
}

function webBundle() {
  scope = 'web: ';
  section('Entry JavaScript (web/dist/index.html script + modulepreload tags, gzip -9; for information)');
  const dist = path.join(ROOT, 'web', 'dist');
  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    report('   entry JS (gzip)', 'no web/dist', '(info)', null);
    return;
  }
  const html = fs.readFileSync(indexFile, 'utf8');
  const srcs = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g)].map((m) => m[1]),
  ];
  let raw = 0;
  let gz = 0;
  for (const src of new Set(srcs)) {
    const buf = fs.readFileSync(path.join(dist, src.replace(/^\//, '')));
    const g = zlib.gzipSync(buf, { level: 9 }).length;
    raw += buf.length;
    gz += g;
    console.log(`  ${src.padEnd(50)} ${(buf.length / 1024).toFixed(1).padStart(8)} KB  gzip ${(g / 1024).toFixed(1).padStart(7)} KB`);
  }
  report(`   entry JS in index.html, ${new Set(srcs).size} files (${(raw / 1024).toFixed(0)} KB raw)`, `${(gz / 1024).toFixed(1)} KB gzip`, '(info; the target is the Chromium figure)', null);
}

// ---- main ---------------------------------------------------------------------------------------------

async function main() {
  const started = performance.now();
  if (process.env.BENCH_ONLY === 'fuzz') return fuzzBench(report, section).then(() => printSummary(started));
  if (process.env.BENCH_ONLY === 'uploads') {
    scope = 'uploads: ';
    await uploadsBench(report, section);
    return printSummary(started);
  }
  if (process.env.BENCH_ONLY === 'audit') return (scope = 'audit log: ', await auditBench(BENCH_DIR, report, section), printSummary(started));
  if (process.env.BENCH_ONLY === 'plays') return playsBench(report, section).then(() => printSummary(started));
  if (process.env.BENCH_ONLY === 'ingestion') return (scope = 'ingestion: ', await ingestionBench(report, section), printSummary(started));
  if (process.env.BENCH_ONLY === 'transcode') return transcodeBench(report, section).then(() => printSummary(started));
  if (process.env.BENCH_ONLY === 'browse') {
    scope = 'browse: ';
    await browseBench(BENCH_DIR, report, section);
    return printSummary(started);
  }
  if (process.env.BENCH_ONLY === 'catalogue') {
    scope = 'catalogue: ';
    await runCatalogueBench(BENCH_DIR, report, section);
    return printSummary(started);
  }
  if (process.env.BENCH_ONLY === 'reviews') return (scope = 'reviews: ', await reviewsBench(BENCH_DIR, report, section), printSummary(started));
  if (process.env.BENCH_ONLY === 'lists') return (scope = 'lists: ', await listsBench(report, section), printSummary(started));
  if (process.env.BENCH_ONLY === 'api') return (scope = 'api: ', await apiContractsBench(report, section), printSummary(started));
  if (process.env.BENCH_ONLY === 'channels') return (scope = 'channels: ', await channelsBench(report, section), printSummary(started));
  if (process.env.BENCH_ONLY === 'billing') return (scope = 'billing: ', await billingBench(report, section), printSummary(started));
  if (process.env.BENCH_ONLY === 'reports') return (scope = 'reports: ', await reportsBench(BENCH_DIR, report, section), printSummary(started));
  if (process.env.BENCH_ONLY === 'title-pages') return (scope = 'title pages: ', await titlePagesBench(BENCH_DIR, report, section), printSummary(started));
  console.log(`bench: ${USERS.toLocaleString('en')} users, ${CONNECTIONS} connections, ${DURATION} s per load run, loopback only`);
  section('Data');
  buildWeb();
  const file = await ensureSqliteData(BENCH_DIR, USERS);
  const storage = path.join(BENCH_DIR, `run-${process.pid}`);
  try {
    const server = await Server.start(file, storage);
    try {
      const headers = await loginAs(server.base, ADMIN);
      await sqliteLists(server, headers, file);
      scope = 'web: ';
      section('Admin initial JavaScript in Chromium (first visit to /admin/users, signed in)');
      if (fs.existsSync(path.join(ROOT, 'web', 'dist', 'index.html'))) await adminInitialJs(server.base, headers, report);
      else report('   admin initial JS', 'no web/dist', '< 250 KB', false);
      scope = 'translations: ';
      await translationEditorBench(server.base, headers, report, section);
      await csvExport(server, headers, storage);
      // A second process over the same database: a settings save must be seen by its next request.
      const second = await Server.start(file, storage);
      try {
        await settingsScenario(server, second, { headers, duration: DURATION, connections: CONNECTIONS, report, section });
      } finally {
        await second.stop();
      }
    } finally {
      await server.stop();
    }

    // Files: a chunked upload with the server's memory watched, and the files list (BENCH_UPLOAD_MB, BENCH_FILES).
    if (process.env.BENCH_SKIP_FILES !== '1') {
      scope = 'files: ';
      await filesBench(report, section);
    }

    if (PG_URL) {
      section('PostgreSQL data');
      await ensurePostgresData(PG_URL, USERS);
      const pgServer = await Server.start(PG_URL, storage);
      try {
        await postgresLists(pgServer, await loginAs(pgServer.base, ADMIN));
      } finally {
        await pgServer.stop();
      }
    } else {
      section('PostgreSQL');
      console.log('  skipped: set BENCH_DATABASE_URL=postgres://... (an empty database) to measure page 1 on PostgreSQL (target >= 500 req/s)');
      console.log('  e.g. bash scripts/with-postgres.sh sh -c \'BENCH_DATABASE_URL=$TEST_DATABASE_URL npm run bench\'');
    }
  } finally {
    fs.rmSync(storage, { recursive: true, force: true });
  }

  scope = 'queue: ';
  await queueBench(report, section);
  await playsBench(report, section);
  if (PG_URL) await queueBench(report, section, PG_URL);

  webBundle();

  scope = 'appearance: ';
  await appearanceBench(report, section);

  scope = 'uploads: ';
  await uploadsBench(report, section);

  scope = 'fuzz: ';
  await fuzzBench(report, section);

  scope = 'audit log: ';
  await auditBench(BENCH_DIR, report, section);

  if (process.env.BENCH_CATALOGUE !== '0') {
    scope = 'catalogue: ';
    await runCatalogueBench(BENCH_DIR, report, section);
    scope = 'browse: ';
    await browseBench(BENCH_DIR, report, section);
    scope = 'title pages: ';
    await titlePagesBench(BENCH_DIR, report, section);
  }
  printSummary(started);
}

function printSummary(started: number) {
  const scored = summary.filter((r) => r.pass !== null);
  const missed = scored.filter((r) => !r.pass);
  console.log(`\nbench: ${scored.length - missed.length}/${scored.length} targets met in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  for (const r of missed) console.log(`  missed: ${r.figure} = ${r.value.trim()} (target ${r.target})`);
}

main().then(() => process.exit(0), (err) => {
  console.error(err);
  for (const c of children) c.kill('SIGKILL');
  process.exit(1);
});
