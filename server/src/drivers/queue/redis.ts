import { Queue as BullQueue, UnrecoverableError, Worker } from 'bullmq';
import IORedis from 'ioredis';
import { reason, withTimeout } from '../switch.ts';
import type { JobRunner, QueueDriver, RetryPolicy } from './queue.ts';

export interface RedisConnection {
  host: string;
  port: number;
  password: string;
}

const QUEUE = 'default';
const PREFIX = 'streamsite';

/** Jobs on Redis through BullMQ: retries with exponential backoff are BullMQ's own. */
export class RedisQueue implements QueueDriver {
  private queue: BullQueue;
  private worker: Worker | null = null;

  constructor(private conn: RedisConnection, private runner: JobRunner, private retry: RetryPolicy) {
    // A producer should fail fast when Redis is down rather than hold the request.
    this.queue = new BullQueue(QUEUE, { prefix: PREFIX, connection: { ...this.options(), maxRetriesPerRequest: 1, enableOfflineQueue: false } });
    this.queue.on('error', (err) => runner.log('Redis queue error', err));
  }

  private options() {
    return { host: this.conn.host, port: this.conn.port, password: this.conn.password || undefined };
  }

  async dispatch(name: string, payload: unknown): Promise<string> {
    const where = `${this.conn.host}:${this.conn.port}`;
    await withTimeout(this.queue.waitUntilReady(), 5000, `Could not reach Redis at ${where} to queue ${name}`);
    const policy = this.runner.policy(name);
    const job = await withTimeout(this.queue.add(name, payload ?? null, {
      attempts: policy.tries,
      backoff: { type: 'exponential', delay: policy.backoffMs },
      removeOnComplete: true,
      removeOnFail: { count: 1000 },
    }), 5000, `Could not queue ${name} on Redis at ${where}`);
    return job.id!;
  }

  startWorker(): void {
    if (this.worker) return;
    this.worker = new Worker(QUEUE, async (job) => {
      try {
        await this.runner.run(job.name, job.data);
      } catch (err) {
        // A refusal no retry can cure ends the job now (BullMQ's own retries stop at an UnrecoverableError).
        if (this.runner.retryIn(job.name, 1, err) === null && this.runner.policy(job.name).tries > 1) {
          throw Object.assign(new UnrecoverableError(err instanceof Error ? err.message : String(err)), { cause: err });
        }
        throw err;
      }
    }, {
      prefix: PREFIX, connection: { ...this.options(), maxRetriesPerRequest: null }, concurrency: 1,
    });
    this.worker.on('failed', (job, err) => {
      if (job && (job.attemptsMade >= (job.opts.attempts ?? this.retry.tries) || err instanceof UnrecoverableError)) void this.runner.failed('redis', job.name, job.data, err).catch(() => {});
    });
    this.worker.on('error', (err) => this.runner.log('Redis queue worker error', err));
  }

  async stopWorker(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    await w?.close();
  }

  async pending(ids: string[]): Promise<string[]> {
    const out: string[] = [];
    for (const id of ids) {
      const state = await this.queue.getJobState(id);
      // Completed jobs are removed (unknown); failed ones stay for inspection.
      if (state !== 'completed' && state !== 'failed' && state !== 'unknown') out.push(id);
    }
    return out;
  }

  async close(): Promise<void> {
    await this.stopWorker();
    await this.queue.close();
  }
}

/** Credential check for the settings page: can we reach and talk to this Redis? */
export async function checkRedis(conn: RedisConnection): Promise<string | null> {
  const client = new IORedis({
    host: conn.host, port: conn.port, password: conn.password || undefined,
    lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (err) {
    return `Could not connect to Redis at ${conn.host}:${conn.port}: ${reason(err)}`;
  } finally {
    client.disconnect();
  }
}
