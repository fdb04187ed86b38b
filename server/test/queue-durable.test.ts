import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SETTINGS } from '@app/contracts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import SQLite from 'better-sqlite3';
import { DatabaseQueue } from '../src/drivers/queue/database.ts';
import { sleep } from '../src/drivers/queue/queue.ts';

// Two apps, one after the other, on one SQLite file: the second stands for the process that starts after a crash.
const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'queue-durable-'));
afterAll(() => fs.rmSync(storage, { recursive: true, force: true }));
const config = loadConfig({ DATABASE_URL: path.join(storage, 'db.sqlite'), STORAGE_PATH: storage, LOG_LEVEL: 'silent', NODE_ENV: 'test', APP_URL: 'http://localhost:8000' });

describe('the default queue keeps jobs across a restart', () => {
  it('is the database queue', () => {
    expect(SETTINGS['server.queue_driver'].default).toBe('database');
  });

  it('runs a job queued before the app closed in the next app on the same database', async () => {
    const ran: string[] = [];
    const first = await buildApp(config);
    expect(await first.ctx.queue.driverName()).toBe('database');
    // The worker is busy with a long job when the second one is queued, then the process goes away.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    let started!: () => void;
    const busy = new Promise<void>((resolve) => { started = resolve; });
    first.ctx.queue.register('test.long', async () => { started(); await gate; });
    first.ctx.queue.register('test.export', async (payload) => { ran.push(`first:${(payload as { n: number }).n}`); });
    await first.ctx.queue.dispatch('test.long', null);
    await busy;
    await first.ctx.queue.dispatch('test.export', { n: 1 });
    const closing = first.close();
    release();
    await closing;
    expect(ran).toEqual([]);

    const second = await buildApp(config);
    try {
      second.ctx.queue.register('test.export', async (payload) => { ran.push(`second:${(payload as { n: number }).n}`); });
      second.ctx.queue.start();
      for (let i = 0; i < 200 && !ran.length; i++) await sleep(10);
      expect(ran).toEqual(['second:1']);
      // (The new process queues its own start-up sweep; the job from before the restart is what must be gone.)
      expect(await second.ctx.db.selectFrom('jobs').select('id').where('name', '=', 'test.export').execute()).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('polling', () => {
  it('an idle poll only reads, so it never waits for a write lock another connection holds', async () => {
    const app = await buildApp(config);
    const other = new SQLite(path.join(storage, 'db.sqlite'));
    try {
      await app.ctx.db.deleteFrom('jobs').execute();
      const queue = new DatabaseQueue(app.ctx.db, 'sqlite', { run: async () => {}, failed: async () => {} } as never, { retry: { tries: 1, backoff: [] } as never });
      // Another writer (the event writer thread's rollup, say) is in the middle of a long commit.
      other.exec('BEGIN IMMEDIATE');
      const started = Date.now();
      expect(await queue.reserve()).toEqual([]);
      // An UPDATE would have waited (synchronously, blocking every request) for the whole busy timeout.
      expect(Date.now() - started).toBeLessThan(1000);
      other.exec('COMMIT');
      // A waiting job is still reserved.
      await app.ctx.db.insertInto('jobs').values({ name: 'x', payload: 'null', attempts: 0, reserved_at: null, available_at: new Date(0).toISOString(), created_at: new Date().toISOString() }).execute();
      expect((await queue.reserve()).map((j) => j.name)).toEqual(['x']);
    } finally {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
      await app.close();
    }
  });
});
