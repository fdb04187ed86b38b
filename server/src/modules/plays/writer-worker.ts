/**
 * The event writer thread (see event-writer.ts): its own better-sqlite3 connection to the app's database file, so
 * parsing user agents, looking up places, writing play and page-view batches and rolling them up for reports never
 * block the request thread.
 * Messages are handled one at a time, in order; each is answered once its rows are committed (or with the error).
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { applySqlitePragmas } from '../../db/sqlite-pragmas.ts';
import { lowerThreadPriority } from '../../lib/thread.ts';
import { sqliteRollup } from '../reports/sqlite-rollup.ts';
import { sqliteEventWrites } from './sqlite-writes.ts';
import type { WriterData, WriterReply, WriterRequest } from './event-writer.ts';

const port = parentPort!;

// Batches wait a little longer on a busy machine; requests do not.
lowerThreadPriority();
const { file, playWindowHours } = workerData as WriterData;
const raw = new SQLite(file, { fileMustExist: true });
applySqlitePragmas(raw);
const writes = sqliteEventWrites(raw, playWindowHours);
// Prepared on the first rollup: a thread that only writes events never needs the report tables.
let rollup: ReturnType<typeof sqliteRollup> | null = null;

let queue: Promise<void> = Promise.resolve();
port.on('message', (msg: WriterRequest) => {
  queue = queue.then(async () => {
    if (msg.type === 'close') {
      raw.close();
      port.postMessage({ type: 'closed' } satisfies WriterReply);
      return;
    }
    try {
      let result: number | null = null;
      if (msg.type === 'plays') await writes.plays(msg.events);
      else if (msg.type === 'visits') await writes.visits(msg.events);
      else result = (rollup ??= sqliteRollup(raw))(msg.job);
      port.postMessage({ type: 'done', id: msg.id, result } satisfies WriterReply);
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      port.postMessage({ type: 'done', id: msg.id, error: { message: e.message, stack: e.stack } } satisfies WriterReply);
    }
  });
});
