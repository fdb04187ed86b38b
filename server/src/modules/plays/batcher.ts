/**
 * Appends high-volume events (plays, page views) in batches off the request path: `push` only buffers, and the
 * buffer is written every `everyMs` (or at once when it holds `flushAt` events) in chunks of `chunk`, one
 * transaction each, yielding to waiting requests between chunks, and once more on close.
 */
export interface BatcherOptions<T> {
  write(chunk: T[]): Promise<void>;
  /** Called after each chunk, written or not (a failed chunk is reported, never retried forever). */
  afterChunk?(chunk: T[]): void;
  onError(err: unknown): void;
  everyMs?: number;
  chunk?: number;
  flushAt?: number;
}

export class EventBatcher<T> {
  private buffer: T[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private opts: BatcherOptions<T>) {}

  push(event: T): boolean {
    if (this.closed) return false;
    this.buffer.push(event);
    if (this.buffer.length >= (this.opts.flushAt ?? 1000)) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.opts.everyMs ?? 250);
    return true;
  }

  /** Writes everything buffered so far; resolves when it is in the database. Never rejects (errors are reported). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.running.then(async () => {
      while (this.buffer.length) {
        const chunk = this.buffer.splice(0, this.opts.chunk ?? 200);
        try {
          await this.opts.write(chunk);
        } catch (err) {
          this.opts.onError(err);
        }
        this.opts.afterChunk?.(chunk);
        // Let waiting requests run between chunks.
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    return this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }
}
