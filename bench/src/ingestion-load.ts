/**
 * The loads of the ingestion figures (issues 10 and 14): events offered at a fixed rate, as visitors send them, and a
 * probe that reads title pages at a modest fixed rate beside them, its p99 read against the same probe on the idle
 * server. Latencies count from when a request was due, not from when it left, so a server that falls behind shows
 * it (no coordinated omission).
 *
 * An earlier version ran both loads closed-loop (each connection sending again as soon as answered). That saturates
 * the server on purpose and measures the ratio of the two loads' connection counts: each page waited behind as many
 * events as there were event connections, however cheap an event was.
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Pool } from 'undici';
import { startThread } from '../../server/src/lib/thread.ts';
import { cpuShares } from './cpu-shares.ts';
import type { EventKind } from './ingestion-events.ts';
import type { SenderData, SenderRun } from './ingestion-sender.ts';

export interface Request { path: string; method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string }
export interface ClosedRun { ok: number; failed: number }
export interface PacedRun { offered: number; ok: number; failed: number; p50: number; p99: number; /** ms from the last send to the last answer */ drainMs: number }

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** A closed loop: `connections` loops each sending the next request as soon as the last answered (a capacity figure). */
export async function closedLoop(base: string, connections: number, seconds: number, next: () => Request): Promise<ClosedRun> {
  const pool = new Pool(base, { connections });
  const until = performance.now() + seconds * 1000;
  let ok = 0;
  let failed = 0;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < until) {
      try {
        const res = await pool.request(next());
        await res.body.dump();
        if (res.statusCode < 300) ok++;
        else failed++;
      } catch {
        failed++;
      }
    }
  }));
  await pool.close();
  return { ok, failed };
}

/** What `paced` sends through: undici's Pool, or the event load's RawPool (raw-pool.ts). */
export interface Sender { request(req: Request): Promise<{ statusCode: number; body: { dump(): Promise<unknown> } }> }

/** `rate` requests a second for `seconds` over `pool`, each sent when due whatever the earlier ones are doing. */
export async function paced(pool: Sender, rate: number, seconds: number, next: () => Request): Promise<PacedRun> {
  const offered = Math.round(rate * seconds);
  const latencies: number[] = [];
  const inflight = new Set<Promise<void>>();
  let ok = 0;
  let failed = 0;
  let sent = 0;
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(offered, Math.floor(((performance.now() - start) / 1000) * rate) + 1);
      while (sent < due) {
        const dueAt = start + (sent / rate) * 1000;
        sent++;
        const p: Promise<void> = pool.request(next())
          .then(async (res) => {
            await res.body.dump();
            if (res.statusCode < 300) ok++;
            else failed++;
          }, () => { failed++; })
          .finally(() => {
            latencies.push(performance.now() - dueAt);
            inflight.delete(p);
          });
        inflight.add(p);
      }
      if (sent >= offered) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  const lastSent = performance.now();
  await Promise.all(inflight);
  const drainMs = performance.now() - lastSent;
  latencies.sort((a, b) => a - b);
  return { offered, ok, failed, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), drainMs };
}

/** Title page data calls (over the bench's titles), one every 10 ms: the public site's own traffic beside the events. */
export const PROBE_RATE = 100;

export const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

type Report = (figure: string, value: string, target: string, pass: boolean | null) => void;

/** Rounds of idle and loaded runs per figure (BENCH_ROUNDS, default 3). */
export const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The shared shape of both ingestion figures: ROUNDS rounds, each the probe idle and then events offered at `target`
 * a second with the probe beside them; each p99 figure is the median over the rounds, every round printed beside it.
 * One round's p99 is its tenth-slowest probe in a thousand, so a single pause of this virtual machine (its host taking
 * the CPU back, counted as steal) moves it by tens of milliseconds whichever load is running; the median of the rounds
 * keeps one such pause from deciding the figure in either direction. Sustained means every event offered in every
 * round was accepted and the last one answered within a second of being sent (a server that cannot keep up builds a
 * queue that only grows). Answers the events accepted in all rounds.
 */
export async function ingestionFigures(opts: {
  base: string; serverPid?: number; seconds: number; target: number; label: string; kind: EventKind; titles: number; report: Report;
}): Promise<{ ok: number }> {
  const { base, seconds, target, titles } = opts;
  const probe = (): Request => ({ method: 'GET', path: `/api/v1/titles/${1 + Math.floor(Math.random() * titles)}` });
  // One pool per load for the warm-ups and the runs: the measured runs open no connections.
  const probes = new Pool(base, { connections: 8 });
  const sender = startThread(new URL('./ingestion-sender.ts', import.meta.url), { workerData: { base, kind: opts.kind, titles } satisfies SenderData });
  // A thread that fails to start (or dies between runs) fails the next run instead of ending the bench.
  let failure: Error | null = null;
  sender.on('error', (err) => { failure = err; });
  const send = (run: SenderRun) => new Promise<PacedRun>((resolve, reject) => {
    if (failure) return reject(failure);
    sender.once('message', resolve);
    sender.once('error', reject);
    sender.postMessage(run);
  });
  try {
    await paced(probes, PROBE_RATE, 2, probe); // warm-up
    // Warm-up at the full rate: the GeoIP data loads once, and the first seconds at full load (code being optimised, caches
    // and the heap growing) stalled the first measured round by tens of milliseconds every run; the figures are for a
    // server that has been running.
    await send({ rate: target, seconds: 5 });
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const idleLag = lag();
      const idle = await paced(probes, PROBE_RATE, seconds, probe);
      const idleLagP99 = idleLag();
      const shares = cpuShares(opts.serverPid);
      const busyLag = lag();
      const [events, busy] = await Promise.all([send({ rate: target, seconds }), paced(probes, PROBE_RATE, seconds, probe)]);
      rounds.push({ idle, events, busy, cpu: shares(), lag: [idleLagP99, busyLag()] });
    }
    readFigures(opts, rounds);
    return { ok: rounds.reduce((n, r) => n + r.events.ok, 0) };
  } finally {
    await Promise.all([probes.close(), sender.terminate()]);
  }
}

interface Round { idle: PacedRun; events: PacedRun; busy: PacedRun; cpu: string | null; /** the probe thread's own lag p99, idle and loaded */ lag: [number, number] }

/**
 * The p99 delay of this thread's own event loop from now until the returned function is called, in ms. The probe
 * times each answer here, so a probe latency includes this thread's waits for the CPU; printed beside the figure so
 * a reader can tell the server's delay from the bench's own on a machine the load generator shares.
 */
function lag(): () => number {
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  return () => {
    h.disable();
    return h.percentile(99) / 1e6;
  };
}

function readFigures({ seconds, target, label, report }: { seconds: number; target: number; label: string; report: Report }, rounds: Round[]): void {
  const ms = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
  const offered = rounds.reduce((n, r) => n + r.events.offered, 0);
  const ok = rounds.reduce((n, r) => n + r.events.ok, 0);
  const kept = rounds.every(({ events: e }) => e.ok === e.offered && e.failed === 0 && e.drainMs < 1000);
  // Not kept: the slowest round's rate, its answers counted until the last one came back.
  const rate = kept ? target : Math.min(...rounds.map(({ events: e }) => e.ok / (seconds + e.drainMs / 1000)));
  report(`   ${label} accepted, sustained (${ok.toLocaleString('en')} of ${offered.toLocaleString('en')} offered in ${rounds.length} runs of ${seconds} s)`,
    `${rate.toFixed(0)} events/s`, `>= ${target.toLocaleString('en')} events/s`, kept);
  const failed = rounds.reduce((n, r) => n + r.events.failed, 0);
  if (failed) console.log(`        (${failed} failed)`);
  report(`   ${label} answer p50 / p99 (median of runs)`, `${median(rounds.map((r) => r.events.p50)).toFixed(2)} / ${median(rounds.map((r) => r.events.p99)).toFixed(2)} ms`, '(info)', null);
  const idle = median(rounds.map((r) => r.idle.p99));
  const busy = median(rounds.map((r) => r.busy.p99));
  report('   title page data call p99, idle (median of runs)', `${idle.toFixed(2)} ms`, `(baseline, ${PROBE_RATE} calls/s; runs ${ms(rounds.map((r) => r.idle.p99))})`, null);
  report(`   title page data call p99 under ${label} (median of runs)`, `${busy.toFixed(2)} ms`, `<= 2x idle (${(2 * idle).toFixed(2)} ms; runs ${ms(rounds.map((r) => r.busy.p99))})`, busy <= 2 * idle);
  report(`   title page data call p50, idle / under ${label}`, `${median(rounds.map((r) => r.idle.p50)).toFixed(2)} / ${median(rounds.map((r) => r.busy.p50)).toFixed(2)} ms`, '(info)', null);
  report(`   probe thread's own event loop delay p99, idle / under ${label}`, `${ms(rounds.map((r) => r.lag[0]))} / ${ms(rounds.map((r) => r.lag[1]))} ms`, '(info, per run)', null);
  rounds.forEach((r, i) => { if (r.cpu) report(`   CPU in run ${i + 1} under ${label}`, r.cpu, '(info)', null); });
}
