/**
 * Long work runs as a job so requests return at once. The default driver runs jobs in-process,
 * one at a time, after the current request; Redis/database drivers plug in behind the same interface.
 */
export type JobHandler = (payload: any) => Promise<void>;

export interface Queue {
  register(name: string, handler: JobHandler): void;
  dispatch(name: string, payload: unknown): Promise<void>;
  /** Resolves when every dispatched job has finished (tests and shutdown). */
  drain(): Promise<void>;
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
    this.tail = this.tail.then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => handler(payload))
      .catch((err) => this.log(`Job ${name} failed`, err));
  }

  drain(): Promise<void> {
    return this.tail;
  }
}
