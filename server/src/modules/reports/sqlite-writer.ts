import type { AppContext } from '../../context.ts';
import { counterSnapshots } from '../../db/index.ts';
import { WriterThreadError, eventWriter } from '../plays/event-writer.ts';
import { sqliteRollup, type RollupJob } from './sqlite-rollup.ts';

export type { ChunkWrite } from './rollup-counts.ts';

/**
 * On SQLite, a function that runs one rollup chunk (sqlite-rollup.ts) and answers its last id (null: nothing new);
 * elsewhere null. The chunk goes to the event writer thread, whose own connection reads, counts and writes it while
 * requests are answered; with no thread working (an in-memory database, or threads that keep failing) it runs here,
 * holding Kysely's connection so no other query interleaves.
 */
export function sqliteRollupChunks(ctx: AppContext): ((job: RollupJob) => Promise<number | null>) | null {
  const raw = ctx.handle.sqlite;
  if (!raw) return null;
  const writer = eventWriter(ctx);
  // These statements bypass db/index.ts, which tells the counter snapshot of every write on this connection.
  const counters = counterSnapshots.get(ctx.db);
  const here = (job: RollupJob) => ctx.db.connection().execute(async () => {
    const last = sqliteRollup(raw)(job);
    counters?.wrote();
    return last;
  });
  return async (job) => {
    if (writer?.available()) {
      try {
        return await writer.rollup(job);
      } catch (err) {
        if (!(err instanceof WriterThreadError)) throw err;
      }
    }
    return here(job);
  };
}
