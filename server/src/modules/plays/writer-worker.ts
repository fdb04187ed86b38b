/**
 * The event writer thread (see event-writer.ts): its own better-sqlite3 connection to the app's database file, so
 * parsing user agents, looking up places and writing play and page-view batches never block the request thread.
 * Messages are handled one at a time, in order; each is answered once its rows are committed (or with the error).
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { applySqlitePragmas } from '../../db/sqlite-pragmas.ts';
import { lowerThreadPriority } from '../../lib/thread.ts';
import { sqliteEventWrites } from './sqlite-writes.ts';
import type { WriterData, WriterReply, WriterRequest } from './event-writer.ts';

const port = parentPort!;

// Batches wait a little longer on a busy machine; requests do not.
lowerThreadPriority();
const { file, playWindowHours } = workerData as WriterData;
const raw = new SQLite(file, { fileMustExist: true });
applySqlitePragmas(raw);
const writes = sqliteEventWrites(raw, playWindowHours);

let queue: Promise<void> = Promise.resolve();
port.on('message', (msg: WriterRequest) => {
  queue = queue.then(async () => {
    if (msg.type === 'close') {
      raw.close();
      port.postMessage({ type: 'closed' } satisfies WriterReply);
      return;
    }
    try {
      if (msg.type === 'plays') await writes.plays(msg.events);
      else await writes.visits(msg.events);
      port.postMessage({ type: 'done', id: msg.id } satisfies WriterReply);
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      port.postMessage({ type: 'done', id: msg.id, error: { message: e.message, stack: e.stack } } satisfies WriterReply);
    }
  });
});
