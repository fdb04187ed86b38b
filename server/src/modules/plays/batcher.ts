/**
 * Appends high-volume events (plays, page views) in batches off the request path: `push` only buffers, and the
 * buffer is written every `everyMs` (or at once when it holds `flushAt` events) in chunks of `chunk`, one
 * transaction each, yielding to waiting requests between chunks, and once more on close.
 */
export interface BatcherOptions<T> {
  write(chunk: T[]): Promise<void>;
  /** Called after each chunk, written or not (a failed chunk is tried once more, then reported, never retried forever). */
  afterChunk?(chunk: T[]): void;
  onError(err: unknown): void;
  everyMs?: number;
  /** The pause before a failed chunk's second try. */
  retryAfterMs?: number;
  chunk?: number;
  flushAt?: number;
}

export class EventBatcher<T> {
  private buffer: T[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  /** A flush waiting behind the running one. Every push past `flushAt` asks for a flush: they all share this one. */
  private queued: Promise<void> | null = null;
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
    if (this.queued) return this.queued;
    const next = this.running.then(async () => {
      this.queued = null;
      // What is buffered now, not what arrives meanwhile: under a steady stream a flush that drained to empty would
      // never end, and would write ever smaller chunks as fast as the writer answers. Later events wait for the
      // timer or the next `flushAt`, so batches stay full.
      let left = this.buffer.length;
      while (left > 0) {
        const chunk = this.buffer.splice(0, Math.min(left, this.opts.chunk ?? 200));
        left -= chunk.length;
        await this.writeOrReport(chunk);
        this.opts.afterChunk?.(chunk);
        // Let waiting requests run between chunks.
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (this.buffer.length && !this.closed) this.timer ??= setTimeout(() => void this.flush(), this.opts.everyMs ?? 250);
    });
    this.queued = next;
    this.running = next;
    return next;
  }

  /**
   * A chunk is one transaction, so a failed one wrote nothing: it is tried once more after a pause (a database busy
   * for a moment lost a viewer's latest position, and "Continue watching" showed an earlier one), then reported.
   */
  private async writeOrReport(chunk: T[]): Promise<void> {
    try {
      await this.opts.write(chunk);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, this.opts.retryAfterMs ?? 250));
      try {
        await this.opts.write(chunk);
      } catch (err) {
        this.opts.onError(err);
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }
}
