/**
 * Settings figures: `GET settings` median latency (target < 5 ms) and a change seen by the next request
 * on another server process over the same database.
 *
 * Part of `npm run bench` (main.ts calls settingsScenario). Alone, on a small database:
 *   BENCH_USERS=1000 BENCH_DURATION=3 npx tsx bench/src/settings.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { ADMIN, ensureSqliteData } from './data.ts';
import { Server, login } from './harness.ts';

export interface BenchServer { base: string }
export interface SettingsBenchOptions {
  headers: Record<string, string>;
  duration: number;
  connections: number;
  report(figure: string, value: string, target: string, pass: boolean | null): void;
  section(title: string): void;
}

const ROUNDS = 20;

export async function settingsScenario(a: BenchServer, b: BenchServer, o: SettingsBenchOptions): Promise<void> {
  o.section(`GET /api/v1/settings as an admin (client and masked server groups), ${o.connections} connections, ${o.duration} s`);
  const url = `${a.base}/api/v1/settings`;
  for (let i = 0; i < 20; i++) await fetch(url, { headers: o.headers }).then((r) => r.arrayBuffer());
  const r = await autocannon({ url, connections: o.connections, duration: o.duration, headers: o.headers, timeout: 30 });
  const ok = r.non2xx + r.errors + r.timeouts === 0;
  o.report('   median latency', `${r.latency.p50.toFixed(2)} ms`, '< 5 ms', ok && r.latency.p50 < 5);
  o.report('   p99 latency / throughput', `${r.latency.p99.toFixed(1)} ms, ${(r.requests.total / r.duration).toFixed(0)}/s`, '(info)', null);
  // One connection: the time one request takes, without queueing behind the others.
  const one = await autocannon({ url, connections: 1, duration: o.duration, headers: o.headers, timeout: 30 });
  o.report('   median latency, 1 connection', `${one.latency.p50.toFixed(2)} ms`, '(info)', null);

  o.section(`POST /api/v1/settings on one process, GET /api/v1/settings on another, ${ROUNDS} rounds`);
  const post = (value: boolean) => fetch(`${a.base}/api/v1/settings`, {
    method: 'POST', headers: { ...o.headers, 'content-type': 'application/json' }, body: JSON.stringify({ client: { 'client.ads.disable': value } }),
  });
  let seen = 0;
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const value = i % 2 === 0;
    const t0 = performance.now();
    const res = await post(value);
    if (!res.ok) throw new Error(`POST settings: ${res.status} ${await res.text()}`);
    times.push(performance.now() - t0);
    const got = (await (await fetch(`${b.base}/api/v1/settings`)).json()) as { client: Record<string, unknown> };
    if (got.client['client.ads.disable'] === value) seen++;
  }
  await post(false);
  times.sort((x, y) => x - y);
  o.report('   changes seen by the next request on the other process', `${seen}/${ROUNDS}`, `${ROUNDS}/${ROUNDS}`, seen === ROUNDS);
  o.report('   save latency (median)', `${times[Math.floor(times.length / 2)].toFixed(1)} ms`, '(info)', null);
}

// ---- standalone ------------------------------------------------------------------------------------

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-settings-'));
  const children: ChildProcess[] = [];
  try {
    const file = await ensureSqliteData(dir, Number(process.env.BENCH_USERS ?? 1000));
    const a = await Server.start(file, path.join(dir, 'storage'));
    const b = await Server.start(file, path.join(dir, 'storage'));
    children.push(a.child, b.child);
    const headers = await login(a.base, ADMIN);
    const log = (figure: string, value: string, target: string, pass: boolean | null) =>
      console.log(`  ${pass === null ? '    ' : pass ? 'PASS' : 'MISS'}  ${figure.padEnd(58)} ${value.padStart(16)}   target ${target}`);
    await settingsScenario(a, b, {
      headers, duration: Number(process.env.BENCH_DURATION ?? 3), connections: 10, report: log, section: (t) => console.log(`\n== ${t}`),
    });
  } finally {
    for (const c of children) c.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}
