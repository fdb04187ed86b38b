import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { sleep, type JobRunner, type QueueDriver, type RetryPolicy } from './queue.ts';

export interface DatabaseQueueOptions {
  retry: RetryPolicy;
  /** Idle wait between polls when no job is available (a dispatch in this process wakes it at once). */
  pollMs?: number;
  /** Jobs reserved per query. */
  batch?: number;
  /** A reservation older than this is taken to belong to a worker that died, and the job runs again. */
  retryAfterMs?: number;
}

/**
 * Jobs in the `jobs` table. A worker reserves a batch with one atomic UPDATE (on PostgreSQL the
 * candidate rows are locked with SKIP LOCKED, so workers in several processes never take the same
 * job); a job's row is deleted as soon as it succeeds. A stopped worker hands back the jobs it had
 * reserved but not started, so a restart loses none and runs none twice.
 */
export class DatabaseQueue implements QueueDriver {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private pollMs: number;
  private closed = false;
  private batch: number;
  private retryAfterMs: number;

  constructor(private db: Db, private dialect: Dialect, private runner: JobRunner, private opts: DatabaseQueueOptions) {
    this.pollMs = opts.pollMs ?? 1000;
    this.batch = opts.batch ?? 20;
    this.retryAfterMs = opts.retryAfterMs ?? 10 * 60_000;
  }

  async dispatch(name: string, payload: unknown): Promise<string> {
    const now = nowIso();
    const { id } = await this.db.insertInto('jobs')
      .values({ name, payload: JSON.stringify(payload ?? null), attempts: 0, reserved_at: null, available_at: now, created_at: now })
      .returning('id').executeTakeFirstOrThrow();
    this.wake?.();
    return String(id);
  }

  /** Takes up to `batch` available jobs for this worker; each counts as one attempt. */
  async reserve(limit = this.batch) {
    const now = nowIso();
    const stale = new Date(Date.now() - this.retryAfterMs).toISOString();
    const free = (q: any) => q.where('available_at', '<=', now)
      .where((eb: any) => eb.or([eb('reserved_at', 'is', null), eb('reserved_at', '<=', stale)]));
    // A read first: an idle poll writes nothing. On SQLite a write waits for the file's one write lock, and better-sqlite3
    // waits synchronously, so a poll that wrote during a long commit elsewhere (the event writer thread's rollups)
    // stalled every request for that commit's length; a read never waits.
    if (!(await free(this.db.selectFrom('jobs').select('id')).limit(1).executeTakeFirst())) return [];
    let candidates = free(this.db.selectFrom('jobs').select('id')).orderBy('id').limit(limit);
    if (this.dialect === 'postgres') candidates = candidates.forUpdate().skipLocked();
    // The outer condition is checked again on the locked row, so a job is never reserved twice.
    const rows = await free(this.db.updateTable('jobs').set({ reserved_at: now, attempts: sql`attempts + 1` }))
      .where('id', 'in', candidates)
      .returning(['id', 'name', 'payload', 'attempts'])
      .execute() as { id: number; name: string; payload: string; attempts: number }[];
    return rows.sort((a, b) => a.id - b.id);
  }

  private async runOne(job: { id: number; name: string; payload: string; attempts: number }): Promise<void> {
    const payload = JSON.parse(job.payload);
    try {
      await this.runner.run(job.name, payload);
    } catch (err) {
      const wait = this.runner.retryIn(job.name, job.attempts, err);
      if (wait === null) {
        await this.runner.failed('database', job.name, payload, err);
        await this.db.deleteFrom('jobs').where('id', '=', job.id).execute();
      } else {
        const at = new Date(Date.now() + wait).toISOString();
        await this.db.updateTable('jobs').set({ reserved_at: null, available_at: at }).where('id', '=', job.id).execute();
      }
      return;
    }
    await this.db.deleteFrom('jobs').where('id', '=', job.id).execute();
  }

  /** Reserves and runs jobs until none is available; answers how many ran. */
  async work(): Promise<number> {
    let n = 0;
    for (;;) {
      const jobs = await this.reserve();
      if (!jobs.length) return n;
      for (let i = 0; i < jobs.length; i++) {
        if (!this.running && this.loop) {
          await this.release(jobs.slice(i).map((j) => j.id));
          return n;
        }
        await this.runOne(jobs[i]);
        n++;
        // better-sqlite3 answers synchronously, so without this the loop would never let a request in.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
  }

  /** Hands reserved but unstarted jobs back, as if never attempted. */
  private async release(ids: number[]): Promise<void> {
    if (!ids.length) return;
    await this.db.updateTable('jobs').set({ reserved_at: null, attempts: sql`attempts - 1` }).where('id', 'in', ids).execute();
  }

  startWorker(): void {
    // Once closed, a late dispatch must not start a second loop: the first one would see `running` again and
    // never end, and close() would wait for it forever.
    if (this.running || this.closed) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        try {
          await this.work();
        } catch (err) {
          // A locked or unreachable database: wait a poll and try again rather than stop working.
          this.runner.log('Database queue worker failed to poll', err);
        }
        if (!this.running) break;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.pollMs);
          this.wake = () => { clearTimeout(timer); this.wake = null; resolve(); };
        });
        this.wake = null;
      }
    })();
  }

  /** Finishes the job in hand, hands back the rest of the batch, and stops. */
  async stopWorker(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  async pending(ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await this.db.selectFrom('jobs').select('id').where('id', 'in', ids.map(Number)).execute();
    return rows.map((r) => String(r.id));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stopWorker();
  }

  /** Waits until no job is left (tests): runs them here when no worker loop is running. */
  async settle(): Promise<void> {
    for (;;) {
      if (!this.running) await this.work();
      const next = await this.db.selectFrom('jobs').select(['available_at']).orderBy('available_at').limit(1).executeTakeFirst();
      if (!next) return;
      await sleep(Math.min(200, Math.max(5, Date.parse(next.available_at) - Date.now())));
    }
  }
}
