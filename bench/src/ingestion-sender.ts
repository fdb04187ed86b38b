/**
 * The event load of the ingestion figures in a thread of its own: sending thousands of requests a second keeps an
 * event loop busy, and the title-page probe beside it must not wait on that loop for its answers to be read.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { eventRequest, type EventKind } from './ingestion-events.ts';
import { paced } from './ingestion-load.ts';
import { RawPool } from './raw-pool.ts';

export interface SenderData { base: string; kind: EventKind; titles: number }
export interface SenderRun { rate: number; seconds: number }

const { base, kind, titles } = workerData as SenderData;
const pool = new RawPool(base, 64);
// The bench ends the thread (terminate) when its runs are done.
parentPort!.on('message', async (run: SenderRun) => {
  parentPort!.postMessage(await paced(pool, run.rate, run.seconds, () => eventRequest(kind, titles)));
});
