import crypto from 'node:crypto';
import { sql } from 'kysely';
import { translate } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import type { FfmpegRun } from './ffmpeg.ts';
import { JobStopped, removeOutput, runTranscode } from './job.ts';
import { findTranscode } from './repository.ts';

/** A running job refreshes its heartbeat this often; one silent for STALE_MS belongs to a process that died. */
const HEARTBEAT_MS = 2000;
export const STALE_MS = 60_000;
/** How often the pool looks for queued jobs and dead workers' jobs without being woken. */
const SWEEP_MS = 5000;
/**
 * A job whose worker died this many times (ffmpeg taking the process down, out of memory) is not queued again: it
 * ends failed with CRASHED_REASON, and an admin's retry gives it one more run. Shutdowns do not count (see failed()).
 */
export const MAX_ATTEMPTS = 3;
const CRASHED_REASON = 'The transcode stopped :count times without finishing (the server restarted or ran out of memory while it ran). Retry it, or upload a smaller file.';

interface Running {
  run: FfmpegRun | null;
  stopped: boolean;
  /** Set when this process is shutting down: the job goes back to the queue instead of failing. */
  requeue: boolean;
  done: Promise<void>;
}

/**
 * Runs transcodes in this process, at most `server.transcode_concurrency` at once. The `transcodes` table is the
 * job's state: a worker claims a queued row with a conditional UPDATE (so two processes never take the same job),
 * writes progress and a heartbeat, and notices a cancel when its update no longer matches. At start, and every
 * sweep, rows left running by a worker that stopped beating are queued again and their partial output removed.
 */
const pools = new WeakMap<AppContext, TranscodePool>();
/** The app's transcode pool (video deletion stops its jobs; tests and the bench wait on it). */
export const transcodePool = (ctx: AppContext): TranscodePool | undefined => pools.get(ctx);

export class TranscodePool {
  readonly worker = crypto.randomUUID();
  private running = new Map<number, Running>();
  private pumping: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private ctx: AppContext) {
    pools.set(ctx, this);
  }

  start(): void {
    this.wake();
    this.timer = setInterval(() => this.wake(), SWEEP_MS);
    this.timer.unref();
  }

  /** Looks for work now (a dispatch, a retry, the sweep); never rejects. */
  wake(): void {
    if (this.closed) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = (async () => {
      do {
        this.again = false;
        await this.recover();
        await this.fill();
      } while (this.again && !this.closed);
    })().catch((err) => this.ctx.errors.capture(err, { message: 'transcode pool failed to poll' }).catch(() => undefined))
      .finally(() => { this.pumping = null; });
  }

  /** Queues again the jobs of workers that stopped beating (a crash or a kill), after removing their partial output. */
  async recover(): Promise<void> {
    const stale = new Date(Date.now() - STALE_MS).toISOString();
    const rows = await this.ctx.db.selectFrom('transcodes').select(['id', 'output_prefix', 'worker', 'attempts'])
      .where('state', 'in', ['running', 'probing'])
      .where((eb) => eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', stale)]))
      .execute();
    for (const r of rows) {
      if (this.running.has(r.id)) continue;
      const attempts = Number(r.attempts);
      // Queued again forever, a file that crashes the server would crash it at every start.
      const next = attempts >= MAX_ATTEMPTS
        ? { state: 'failed' as const, error: translate(undefined, CRASHED_REASON, { count: attempts }), finished_at: nowIso() }
        : { state: 'queued' as const };
      const taken = await this.ctx.db.updateTable('transcodes')
        .set({ ...next, worker: null, percent: 0, heartbeat_at: null, updated_at: nowIso() })
        .where('id', '=', r.id).where('state', 'in', ['running', 'probing'])
        // Still the worker we saw (PostgreSQL's IS takes only NULL, so a name is compared with =).
        .where((eb) => (r.worker === null ? eb('worker', 'is', null) : eb('worker', '=', r.worker))).executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) await removeOutput(this.ctx, r.output_prefix);
    }
  }

  private async fill(): Promise<void> {
    const limit = await this.ctx.settings.get('server.transcode_concurrency');
    while (!this.closed && this.running.size < limit) {
      const next = await this.ctx.db.selectFrom('transcodes').select(['id', 'video_id', 'attempts']).where('state', '=', 'queued').orderBy('id').limit(1).executeTakeFirst();
      if (!next) return;
      const now = nowIso();
      const prefix = `public/videos/${next.video_id}/hls/${next.id}-${next.attempts + 1}`;
      const claimed = await this.ctx.db.updateTable('transcodes').set({
        state: 'running', worker: this.worker, heartbeat_at: now, started_at: now, finished_at: null, updated_at: now,
        attempts: sql<number>`attempts + 1`, percent: 0, error: null, output_prefix: prefix,
      }).where('id', '=', next.id).where('state', '=', 'queued').executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      this.launch(next.id);
    }
  }

  private launch(id: number): void {
    const entry: Running = { run: null, stopped: false, requeue: false, done: Promise.resolve() };
    this.running.set(id, entry);
    let last = 0;
    const beat = async (percent: number | null) => {
      const set = { heartbeat_at: nowIso(), updated_at: nowIso(), ...(percent === null ? {} : { percent }) };
      const r = await this.ctx.db.updateTable('transcodes').set(set).where('id', '=', id).where('state', '=', 'running').where('worker', '=', this.worker).executeTakeFirst();
      // Cancelled (or taken over after we looked dead): stop ffmpeg.
      if (Number(r.numUpdatedRows) !== 1) this.stop(entry);
    };
    const heartbeat = setInterval(() => { beat(null).catch(() => undefined); }, HEARTBEAT_MS);
    heartbeat.unref();
    entry.done = (async () => {
      const row = await findTranscode(this.ctx.db, id);
      if (!row) return;
      try {
        await runTranscode(this.ctx, row, {
          progress: async (percent) => {
            if (Date.now() - last < 1000 && percent < 100) return;
            last = Date.now();
            await beat(percent);
          },
          attach: (run) => {
            entry.run = run;
            if (run && entry.stopped) run.kill();
          },
          stopped: () => entry.stopped,
        });
      } catch (err) {
        clearInterval(heartbeat);
        await this.failed(id, entry, err);
      } finally {
        clearInterval(heartbeat);
        this.running.delete(id);
        this.wake();
      }
    })();
  }

  /** Records why a job ended early: back to the queue on shutdown, untouched when cancelled, else failed with ffmpeg's reason. */
  private async failed(id: number, entry: Running, err: unknown): Promise<void> {
    const mine = (q: any) => q.where('id', '=', id).where('state', '=', 'running').where('worker', '=', this.worker);
    if (entry.requeue) {
      // A shutdown is not a failed run: the attempt it claimed is given back.
      await mine(this.ctx.db.updateTable('transcodes').set({
        state: 'queued', worker: null, percent: 0, heartbeat_at: null, attempts: sql<number>`attempts - 1`, updated_at: nowIso(),
      })).execute();
      return;
    }
    if (entry.stopped || err instanceof JobStopped) return;
    const reason = err instanceof Error ? err.message : String(err);
    await mine(this.ctx.db.updateTable('transcodes').set({ state: 'failed', error: reason.slice(-2000), finished_at: nowIso(), updated_at: nowIso() })).execute();
  }

  private stop(entry: Running): void {
    entry.stopped = true;
    entry.run?.kill();
  }

  /** Stops a job this process is running (its row was already marked cancelled); answers once its output is gone. */
  async cancel(id: number): Promise<void> {
    const entry = this.running.get(id);
    if (!entry) return;
    this.stop(entry);
    await entry.done;
  }

  /** Shutdown: stops ffmpeg and hands running jobs back to the queue for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    for (const entry of this.running.values()) {
      entry.requeue = true;
      this.stop(entry);
    }
    await Promise.all([...this.running.values()].map((e) => e.done));
    await this.pumping;
  }

  /** Resolves when nothing is queued or running (tests and the bench). */
  async idle(timeoutMs = 120_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      await this.pumping;
      await Promise.all([...this.running.values()].map((e) => e.done));
      const left = await this.ctx.db.selectFrom('transcodes').select('id').where('state', 'in', ['queued', 'running', 'probing']).limit(1).executeTakeFirst();
      if (!left && !this.running.size) return;
      if (Date.now() > until) throw new Error('Transcodes did not finish in time');
      if (left && !this.running.size) this.wake();
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
