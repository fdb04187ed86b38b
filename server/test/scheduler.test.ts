import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { LEASE_MS, registerRecurring, tick } from '../src/modules/scheduler/index.ts';
import { createTestApp } from './helper.ts';

const t = await createTestApp();
const DAY = 24 * 3600_000;
const start = new Date('2030-01-01T00:00:00.000Z');
const at = (ms: number) => () => new Date(start.getTime() + ms);

let runs = 0;
let fail = false;
let gate: Promise<void> | null = null;
registerRecurring('test:daily', DAY, async () => {
  runs++;
  if (gate) await gate;
  if (fail) throw new Error('boom');
});
const only = ['test:daily'];
const row = () => t.ctx.db.selectFrom('scheduled_tasks').selectAll().where('name', '=', 'test:daily').executeTakeFirstOrThrow();

describe('recurring tasks (scheduled_tasks)', () => {
  it('runs a new task on the first tick, then once per 24 hours', async () => {
    expect(await tick(t.ctx, { now: at(0), only })).toEqual(['test:daily']);
    expect(runs).toBe(1);
    expect((await row()).next_run_at).toBe(new Date(start.getTime() + DAY).toISOString());
    expect(await tick(t.ctx, { now: at(60_000), only })).toEqual([]);
    expect(await tick(t.ctx, { now: at(DAY - 1), only })).toEqual([]);
    expect(runs).toBe(1);
    expect(await tick(t.ctx, { now: at(DAY), only })).toEqual(['test:daily']);
    expect(runs).toBe(2);
    expect((await row()).last_run_at).toBe(new Date(start.getTime() + DAY).toISOString());
  });

  it('a restart neither doubles nor skips: the schedule lives in the database', async () => {
    // A "new process" ticks right after the run: not due.
    expect(await tick(t.ctx, { now: at(DAY + 1000), only })).toEqual([]);
    // Down for three days: one catch-up run, then the next a day later (no burst of missed runs).
    expect(await tick(t.ctx, { now: at(5 * DAY), only })).toEqual(['test:daily']);
    expect(await tick(t.ctx, { now: at(5 * DAY + 1), only })).toEqual([]);
    expect(runs).toBe(3);
    expect((await row()).next_run_at).toBe(new Date(start.getTime() + 6 * DAY).toISOString());
  });

  it('two ticks at once run the task once', async () => {
    let open!: () => void;
    gate = new Promise<void>((r) => { open = r; });
    const a = tick(t.ctx, { now: at(6 * DAY), only });
    const b = tick(t.ctx, { now: at(6 * DAY), only });
    await new Promise((r) => setTimeout(r, 50));
    open();
    const [ra, rb] = await Promise.all([a, b]);
    gate = null;
    expect([...ra, ...rb]).toEqual(['test:daily']);
    expect(runs).toBe(4);
  });

  it('records a failure and clears it on the next good run; a crashed run is retried when its lease ends', async () => {
    fail = true;
    await tick(t.ctx, { now: at(7 * DAY), only });
    expect((await row()).last_error).toBe('boom');
    expect((await row()).locked_until).toBeNull();
    fail = false;
    await tick(t.ctx, { now: at(8 * DAY), only });
    expect((await row()).last_error).toBeNull();
    // A process died mid-run: the row stays locked and due; others wait for the lease, then run it.
    await t.ctx.db.updateTable('scheduled_tasks').set({ next_run_at: at(9 * DAY)().toISOString(), locked_until: at(9 * DAY + LEASE_MS)().toISOString() }).where('name', '=', 'test:daily').execute();
    expect(await tick(t.ctx, { now: at(9 * DAY + 1000), only })).toEqual([]);
    expect(await tick(t.ctx, { now: at(9 * DAY + LEASE_MS + 1), only })).toEqual(['test:daily']);
  });

  it('a process killed mid-run holds its task two minutes at most; a long run renews its lease and is never run twice', async () => {
    // Killed (kill -9) mid-run: the due row and its lease are all that is left of that process.
    const killedAt = 20 * DAY;
    await t.ctx.db.updateTable('scheduled_tasks').set({ next_run_at: at(killedAt)().toISOString(), locked_until: at(killedAt + LEASE_MS)().toISOString() }).where('name', '=', 'test:daily').execute();
    expect(await tick(t.ctx, { now: at(killedAt + 60_000), only })).toEqual([]);
    expect(LEASE_MS).toBeLessThanOrEqual(2 * 60_000);
    expect(await tick(t.ctx, { now: at(killedAt + 2 * 60_000 + 1), only })).toEqual(['test:daily']);
    // As a claim leaves it: the next run a day off. The crashed run is still run again when its lease ends, not tomorrow.
    const claimedAt = 22 * DAY;
    await t.ctx.db.updateTable('scheduled_tasks').set({ next_run_at: at(claimedAt + DAY)().toISOString(), locked_until: at(claimedAt + LEASE_MS)().toISOString() }).where('name', '=', 'test:daily').execute();
    expect(await tick(t.ctx, { now: at(claimedAt + 60_000), only })).toEqual([]);
    expect(await tick(t.ctx, { now: at(claimedAt + LEASE_MS + 1), only })).toEqual(['test:daily']);
    expect((await row()).next_run_at).toBe(at(claimedAt + LEASE_MS + 1 + DAY)().toISOString());
    expect(await tick(t.ctx, { now: at(claimedAt + LEASE_MS + 60_000), only })).toEqual([]);

    // A run that lasts longer than the lease: the clock moves ten minutes while it runs, the lease follows it, and a
    // second process ticking meanwhile does not start it again.
    let now = 25 * DAY;
    const clock = () => new Date(start.getTime() + now);
    await t.ctx.db.updateTable('scheduled_tasks').set({ next_run_at: clock().toISOString(), locked_until: null }).where('name', '=', 'test:daily').execute();
    let open!: () => void;
    gate = new Promise<void>((r) => { open = r; });
    const before = runs;
    const long = tick(t.ctx, { now: clock, only, renewMs: 5 });
    for (let i = 0; i < 10; i++) {
      now += 60_000;
      await new Promise((r) => setTimeout(r, 20));
    }
    await t.ctx.db.updateTable('scheduled_tasks').set({ next_run_at: clock().toISOString() }).where('name', '=', 'test:daily').execute();
    expect(await tick(t.ctx, { now: clock, only })).toEqual([]);
    open();
    expect(await long).toEqual(['test:daily']);
    gate = null;
    expect(runs).toBe(before + 1);
    expect((await row()).locked_until).toBeNull();
  });

  it('the channels auto update is registered as a daily task', async () => {
    expect(await tick(t.ctx, { now: at(0), only: ['channels:auto-update'] })).toEqual(['channels:auto-update']);
    const task = await t.ctx.db.selectFrom('scheduled_tasks').selectAll().where('name', '=', 'channels:auto-update').executeTakeFirstOrThrow();
    expect(task.next_run_at).toBe(new Date(start.getTime() + DAY).toISOString());
    expect(task.last_error).toBeNull();
  });
});

describe('the tick', () => {
  it('SCHEDULER_TICK_SECONDS sets it (a minute by default); out of range is refused at start', async () => {
    const { loadConfig } = await import('../src/config.ts');
    expect(loadConfig({}).schedulerTickMs).toBe(60_000);
    expect(loadConfig({ SCHEDULER_TICK_SECONDS: '5' }).schedulerTickMs).toBe(5_000);
    for (const bad of ['0', '-1', '1.5', 'soon', '3601']) expect(() => loadConfig({ SCHEDULER_TICK_SECONDS: bad })).toThrow();
  });

  it('an every-tick task (the report rollup) runs at each tick, however short the ticks are', async () => {
    await import('../src/modules/reports/rollup.ts');
    const rollup = ['reports:rollup'];
    const every5s = { only: rollup, tickMs: 5_000 };
    expect(await tick(t.ctx, { now: at(0), ...every5s })).toEqual(rollup);
    expect(await tick(t.ctx, { now: at(5_000), ...every5s })).toEqual(rollup);
    expect(await tick(t.ctx, { now: at(10_000), ...every5s })).toEqual(rollup);
    // Another process ticking a second later finds it done for this tick.
    expect(await tick(t.ctx, { now: at(11_000), ...every5s })).toEqual([]);
    // With the default minute-long tick it runs once a minute, as before.
    expect(await tick(t.ctx, { now: at(70_000), only: rollup })).toEqual(rollup);
    expect(await tick(t.ctx, { now: at(95_000), only: rollup })).toEqual([]);
    expect(await tick(t.ctx, { now: at(130_000), only: rollup })).toEqual(rollup);
  });
});

describe('a tick with nothing due', () => {
  // SQLite only: it checks that no write waits for the file's write lock (held here by another connection).
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('only reads, so it never waits for a write lock another connection holds', async () => {
    await tick(t.ctx, { now: at(200 * DAY), only });
    const other = new SQLite(path.join(t.storage, 'db.sqlite'));
    try {
      other.exec('BEGIN IMMEDIATE');
      const started = Date.now();
      expect(await tick(t.ctx, { now: at(200 * DAY + 60_000), only })).toEqual([]);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
    }
  });
});
