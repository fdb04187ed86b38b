import type { AppContext } from '../../context.ts';
import type { AuditLogTable } from '../../db/schema.ts';
import type { Insertable } from 'kysely';
import { deleteBefore } from '../../db/delete-before.ts';

type Row = Insertable<AuditLogTable>;

const FLUSH_EVERY_MS = 250;
const FLUSH_AT = 200;
const PRUNE_EVERY_MS = 3600_000;

/**
 * Collects audit rows in memory and writes them in one insert every FLUSH_EVERY_MS (or every FLUSH_AT rows), so
 * recording never adds a write to the request it describes. Old rows go as new ones are written, at most hourly.
 */
export class AuditRecorder {
  private buffer: Row[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private lastPrune = 0;
  /** Rows still being made (their after-image is being read): a flush waits for them. */
  private making = new Set<Promise<void>>();

  constructor(private ctx: AppContext, private now: () => Date = () => new Date()) {}

  push(row: Row): void {
    this.buffer.push(row);
    if (this.buffer.length >= FLUSH_AT) void this.flushBuffer();
    else this.timer ??= setTimeout(() => void this.flushBuffer(), FLUSH_EVERY_MS);
  }

  /** Makes a row off the request path; `flush` waits for it, so nothing made before a flush is left out. */
  make(build: () => Promise<Row | null>): void {
    const p: Promise<void> = build()
      .then((row) => { if (row) this.push(row); })
      .catch((err) => void this.ctx.errors.capture(err as Error, { message: 'Making an audit log row failed', tags: { source: 'audit' } }))
      .finally(() => this.making.delete(p));
    this.making.add(p);
  }

  /** Writes what is buffered; resolves when every row made or pushed before the call is stored. */
  async flush(): Promise<void> {
    await Promise.all([...this.making]);
    return this.flushBuffer();
  }

  private flushBuffer(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = this.buffer;
    this.buffer = [];
    // Chained, so flushes never overlap and a caller awaiting flush() sees earlier rows stored too.
    this.flushing = this.flushing.then(() => this.write(rows));
    return this.flushing;
  }

  private async write(rows: Row[]): Promise<void> {
    try {
      // Bounded batches: one statement may hold only so many bound values.
      for (let i = 0; i < rows.length; i += 100) await this.ctx.db.insertInto('audit_log').values(rows.slice(i, i + 100)).execute();
      if (this.now().getTime() - this.lastPrune >= PRUNE_EVERY_MS) await this.prune();
    } catch (err) {
      // The log must never take the server down; the reporter tells the operator a batch was lost.
      void this.ctx.errors.capture(err as Error, { message: 'Writing the audit log failed', tags: { source: 'audit' } });
    }
  }

  /** Removes rows older than the retention setting, a batch at a time so no statement holds the table long. */
  async prune(): Promise<number> {
    this.lastPrune = this.now().getTime();
    const days = await this.ctx.settings.get('server.audit_retention_days');
    return deleteBefore(this.ctx.db, 'audit_log', 'created_at', new Date(this.now().getTime() - days * 86400_000).toISOString());
  }
}
