import type SQLite from 'better-sqlite3';

/**
 * The `counters` table of a SQLite file, read whole and reused until something may have changed it: a statement that
 * can write, run on this connection (`wrote()`, called by db/index.ts), or a commit by any other connection, another
 * process or the event writer thread (`PRAGMA data_version`). Nothing is read inside a transaction, so a transaction
 * that wrote and rolled back leaves `wrote()` calls behind and the next read after it reads again.
 * Every request checks two versions (auth and settings); two Kysely reads of them cost more than the whole page-view
 * beacon does otherwise, and the answer is the same as a read: a change is seen by the next request.
 */
export class CounterSnapshot {
  private writes = 0;
  private seenWrites = -1;
  private dataVersion: unknown = null;
  private values = new Map<string, number>();
  private statements: { dataVersion: SQLite.Statement; all: SQLite.Statement } | null = null;

  constructor(private readonly raw: SQLite.Database) {}

  wrote(): void {
    this.writes++;
  }

  /**
   * The counter's committed value, or undefined while a transaction is open on this connection: a read now would see
   * its uncommitted writes, and a cache keyed by a version that is then rolled back could match a later, real one.
   */
  read(name: string): number | undefined {
    if (this.raw.inTransaction) return undefined;
    // Prepared on first use: the table exists only once the migrations have run.
    this.statements ??= {
      dataVersion: this.raw.prepare('PRAGMA data_version').pluck(),
      all: this.raw.prepare('SELECT name, value FROM counters').raw(),
    };
    const dataVersion = this.statements.dataVersion.get();
    if (dataVersion !== this.dataVersion || this.writes !== this.seenWrites) {
      this.values = new Map((this.statements.all.all() as [string, number | string][]).map(([n, v]) => [n, Number(v)]));
      this.dataVersion = dataVersion;
      this.seenWrites = this.writes;
    }
    return this.values.get(name) ?? 0;
  }
}
