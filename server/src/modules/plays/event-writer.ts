import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PLAY_WINDOW_HOURS } from '@app/contracts';
import { startThread } from '../../lib/thread.ts';
import type { AppContext } from '../../context.ts';
import type { VisitEvent } from '../reports/visit-rows.ts';
import type { RollupJob } from '../reports/sqlite-rollup.ts';
import type { PlayEvent } from './play-groups.ts';

export type WriterRequest =
  | { type: 'plays'; id: number; events: PlayEvent[] }
  | { type: 'visits'; id: number; events: VisitEvent[] }
  | { type: 'rollup'; id: number; job: RollupJob }
  | { type: 'close' };
/** `result`: a rollup chunk's last id (null: nothing new). */
export type WriterReply = { type: 'done'; id: number; result?: number | null; error?: { message: string; stack?: string } } | { type: 'closed' };
export interface WriterData { file: string; playWindowHours: number }
type Write = Exclude<WriterRequest, { type: 'close' }>;
interface Pending { msg: Write; resolve(result: number | null): void; reject(err: Error): void; retried: boolean }

/** The thread died or could not start (a batch's own SQL error is a plain Error): the tracker writes that batch itself. */
export class WriterThreadError extends Error {}

/** Two thread failures within this long: the writer stands aside (the trackers write in-thread) until they age out. */
const COOL_DOWN_MS = 30_000;

/**
 * Writes play and page-view batches on SQLite from a worker thread (writer-worker.ts) with its own connection to the
 * database file (WAL: the request thread keeps reading while it writes). better-sqlite3 is synchronous, so a batch
 * written on the request thread (and the WAL checkpoint a commit may run, with its fsync) stopped every request for
 * as long as it took. Requests never wait for this: they queue events and answer; the trackers await `write`.
 *
 * A crashed thread is reported and replaced on the next write; the batches it held are sent once more to the new
 * one (a transaction it had not committed was rolled back). A batch that fails twice, or any batch while threads keep
 * failing (`available`), is handed back with a WriterThreadError and the tracker writes it on the request thread:
 * slower, but nothing is lost and no thread is started per batch.
 */
export class EventWriter {
  private worker: Worker | null = null;
  private pending = new Map<number, Pending>();
  private seq = 0;
  private users = 0;
  private closing: Promise<void> | null = null;
  private failures: number[] = [];

  constructor(private readonly file: string, private readonly report: (err: Error) => void) {}

  /** The running thread, if any (tests end it to check the recovery). */
  get thread(): Worker | null {
    return this.worker;
  }

  /** Each tracker that writes through this holds it; the thread stops when the last one has flushed and let go. */
  acquire(): this {
    this.users++;
    return this;
  }

  async release(): Promise<void> {
    if (--this.users <= 0) await this.close();
  }

  /** False while threads keep failing (twice within 30 s): the trackers write in-thread meanwhile. */
  available(now = Date.now()): boolean {
    return !this.closing && this.failures.filter((at) => now - at < COOL_DOWN_MS).length < 2;
  }

  /** Resolves once the events are committed; rejects with the thread's error (the caller reports it). */
  write(type: 'plays' | 'visits', events: PlayEvent[] | VisitEvent[]): Promise<void> {
    return this.request({ type, id: ++this.seq, events } as Write).then(() => undefined);
  }

  /**
   * Runs one report rollup chunk on the thread's connection (reports/sqlite-rollup.ts) and answers its last id. Sent
   * again after a crash like a batch: the chunk reads its watermark inside its transaction, so it never counts twice.
   */
  rollup(job: RollupJob): Promise<number | null> {
    return this.request({ type: 'rollup', id: ++this.seq, job });
  }

  private request(msg: Write): Promise<number | null> {
    if (this.closing) return Promise.reject(new WriterThreadError('The event writer is closed.'));
    return new Promise((resolve, reject) => this.send({ msg, resolve, reject, retried: false }));
  }

  private send(p: Pending): void {
    let w: Worker;
    try {
      w = this.start();
    } catch (err) {
      // `new Worker` itself refused (bad options, no entry file): a failure like a crash.
      this.failed(err as Error);
      p.reject(new WriterThreadError((err as Error).message));
      return;
    }
    this.pending.set(p.msg.id, p);
    // Holds the process open only while a batch is on its way (an idle writer never keeps a script from ending).
    w.ref();
    w.postMessage(p.msg);
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const w = spawnWriter(this.file);
    this.worker = w;
    w.on('message', (m: WriterReply) => this.answered(m));
    w.on('error', (err) => this.crashed(w, err));
    w.on('exit', (code) => this.crashed(w, new Error(`The event writer thread stopped (exit code ${code}).`)));
    return w;
  }

  private answered(m: WriterReply): void {
    if (m.type !== 'done') return;
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (!this.pending.size) this.worker?.unref();
    if (m.error) p.reject(Object.assign(new Error(m.error.message), { stack: m.error.stack }));
    else p.resolve(m.result ?? null);
  }

  private crashed(w: Worker, err: Error): void {
    // 'error' is followed by 'exit': the first one handles it.
    if (this.worker !== w) return;
    this.worker = null;
    if (this.closing) return;
    this.failed(err);
    const held = [...this.pending.values()];
    this.pending.clear();
    for (const p of held) {
      if (p.retried || !this.available()) p.reject(new WriterThreadError(err.message));
      else this.send({ ...p, retried: true });
    }
  }

  private failed(err: Error): void {
    this.report(err);
    this.failures = [...this.failures.slice(-4), Date.now()];
  }

  /** Lets the thread close its connection, then ends it (after the trackers' last flush); ends it outright after 5 s. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      const w = this.worker;
      if (!w) return;
      await new Promise<void>((resolve) => {
        // Once its connection is closed the thread is ended (a loader a thread registered can keep it alive on its own).
        const end = () => void w.terminate().finally(resolve);
        const timer = setTimeout(end, 5000);
        w.on('message', (m: WriterReply) => {
          if (m.type !== 'closed') return;
          clearTimeout(timer);
          end();
        });
        w.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        w.ref();
        w.postMessage({ type: 'close' } satisfies WriterRequest);
      });
      this.worker = null;
      for (const p of this.pending.values()) p.reject(new WriterThreadError('The event writer closed before this batch was written.'));
      this.pending.clear();
    })();
    return this.closing;
  }
}

/**
 * Starts writer-worker: the built server has it beside main.js (its own esbuild entry); from the sources (tsx, Vitest)
 * it is the .ts file, and the thread registers tsx itself first. The thread gets no node options of its own: those a
 * process may run with (--expose-gc, heap sizes) make `new Worker` throw.
 */
function spawnWriter(file: string): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSource ? './writer-worker.ts' : './writer-worker.js', import.meta.url);
  return startThread(entry, { workerData: { file, playWindowHours: PLAY_WINDOW_HOURS } satisfies WriterData, execArgv: [] });
}

/**
 * A batch through the writer thread when there is one and it is working, else (or when the thread failed it) through
 * `inThread`, the Kysely form. A batch's own SQL error is not retried: it is the caller's to report.
 */
export async function writeThrough(writer: EventWriter | null, type: 'plays' | 'visits', events: PlayEvent[] | VisitEvent[], inThread: () => Promise<void>): Promise<void> {
  if (writer?.available()) {
    try {
      return await writer.write(type, events);
    } catch (err) {
      if (!(err instanceof WriterThreadError)) throw err;
    }
  }
  return inThread();
}

const writers = new WeakMap<AppContext, EventWriter | null>();

/** The app's event writer thread on a SQLite file; null on PostgreSQL (its driver does not block) or an in-memory database. */
export function eventWriter(ctx: AppContext): EventWriter | null {
  if (!writers.has(ctx)) {
    const db = ctx.config.database;
    const report = (err: Error) => void ctx.errors.capture(err, { message: 'The event writer thread failed', tags: { source: 'events' } });
    writers.set(ctx, db.kind === 'sqlite' && db.file !== ':memory:' ? new EventWriter(path.resolve(db.file), report) : null);
  }
  return writers.get(ctx)!;
}
