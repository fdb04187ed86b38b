/**
 * Long work runs as a job so requests return at once. `ctx.queue` is a `QueueManager` (manager.ts)
 * that picks the driver from `server.queue_driver` at dispatch time; the in-process driver below is
 * its `sync` choice and the default.
 */
export type JobHandler = (payload: any) => Promise<void>;

export interface Queue {
  register(name: string, handler: JobHandler): void;
  dispatch(name: string, payload: unknown): Promise<void>;
  /** Resolves when every job this process dispatched has finished (tests and shutdown). */
  drain(): Promise<void>;
}

/** One backend behind the manager: hands out ids, consumes with a worker, says which ids are still pending. */
export interface QueueDriver {
  dispatch(name: string, payload: unknown): Promise<string>;
  startWorker(): void;
  stopWorker(): Promise<void>;
  /** The ids among `ids` that have not finished (run to success, or failed for good). */
  pending(ids: string[]): Promise<string[]>;
  close(): Promise<void>;
}

/** How often a failing job is tried and how long to wait between tries (doubling each time). */
export interface RetryPolicy {
  tries: number;
  backoffMs: number;
}
export const DEFAULT_RETRY: RetryPolicy = { tries: 3, backoffMs: 10_000 };
export const backoff = (policy: RetryPolicy, attempt: number) => policy.backoffMs * 2 ** Math.max(0, attempt - 1);

/** Runs a job by name and records jobs that failed for good; shared by every driver. */
export interface JobRunner {
  run(name: string, payload: unknown): Promise<void>;
  failed(driver: string, name: string, payload: unknown, err: unknown): Promise<void>;
  /** A worker's own trouble (a backend unreachable), for the structured log. */
  log(msg: string, err?: unknown): void;
}

export class InProcessQueue implements Queue {
  private handlers = new Map<string, JobHandler>();
  private tail: Promise<void> = Promise.resolve();

  constructor(private log: (msg: string, err?: unknown) => void) {}

  register(name: string, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  async dispatch(name: string, payload: unknown): Promise<void> {
    const handler = this.handlers.get(name);
    if (!handler) throw new Error(`No handler for job ${name}`);
    this.run(() => handler(payload), (err) => this.log(`Job ${name} failed`, err));
  }

  /** Chains work after the current request; `onError` sees a failure (the chain goes on). */
  run(work: () => Promise<void>, onError: (err: unknown) => void | Promise<void>): void {
    this.tail = this.tail.then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(work)
      .catch(onError)
      .catch(() => {});
  }

  drain(): Promise<void> {
    return this.tail;
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
