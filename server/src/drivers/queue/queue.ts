/**
 * Long work runs as a job so requests return at once. `ctx.queue` is a `QueueManager` (manager.ts)
 * that picks the driver from `server.queue_driver` at dispatch time; the in-process driver below is
 * its `sync` choice and the default.
 */
export type JobHandler = (payload: any) => Promise<void>;

/** A job's own retry rules, given when it is registered (mail: queue.ts MAIL_RETRY); else the queue's. */
export interface JobOptions {
  retry?: RetryPolicy;
  /** An error no later try can cure (a mail server's 5xx refusal): the job fails for good at once. */
  permanent?: (err: unknown) => boolean;
}

export interface Queue {
  register(name: string, handler: JobHandler, options?: JobOptions): void;
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
/**
 * Mail rides out an outage of the mail server: 8 tries, waiting 1, 2, 4 ... 64 minutes between them (about two
 * hours in all), so a verification or reset mail is not lost to a restart of the SMTP server.
 */
export const MAIL_RETRY: RetryPolicy = { tries: 8, backoffMs: 60_000 };
export const backoff = (policy: RetryPolicy, attempt: number) => policy.backoffMs * 2 ** Math.max(0, attempt - 1);

/** Runs a job by name and records jobs that failed for good; shared by every driver. */
export interface JobRunner {
  run(name: string, payload: unknown): Promise<void>;
  /** After try number `attempt` of `name` threw `err`: the wait before the next try, or null when the job has failed for good. */
  retryIn(name: string, attempt: number, err: unknown): number | null;
  /** The tries and backoff of `name` (its own, else the queue's). */
  policy(name: string): RetryPolicy;
  failed(driver: string, name: string, payload: unknown, err: unknown): Promise<void>;
  /** A worker's own trouble (a backend unreachable), for the structured log. */
  log(msg: string, err?: unknown): void;
}

export class InProcessQueue implements Queue {
  private handlers = new Map<string, JobHandler>();
  private tail: Promise<void> = Promise.resolve();

  constructor(private log: (msg: string, err?: unknown) => void) {}

  register(name: string, handler: JobHandler, _options?: JobOptions): void {
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
