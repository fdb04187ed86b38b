import Jackd from 'jackd';
import { reason } from '../switch.ts';
import { type JobRunner, type QueueDriver, type RetryPolicy } from './queue.ts';

export interface BeanstalkdConnection {
  host: string;
  port: number;
}

const TUBE = 'default';
/** Seconds a worker may hold a job before beanstalkd hands it to another. */
const TTR = 600;

/**
 * Jobs in a beanstalkd tube. The producer and the worker use separate connections because a
 * reserve blocks its connection. A failed job is released with a delay (beanstalkd counts the
 * releases, which gives the attempt number) and deleted once it failed for good.
 */
export class BeanstalkdQueue implements QueueDriver {
  private producer: Promise<Jackd> | null = null;
  private running = false;
  private loop: Promise<void> | null = null;

  constructor(private conn: BeanstalkdConnection, private runner: JobRunner, private retry: RetryPolicy) {}

  private async connect(): Promise<Jackd> {
    const client = new Jackd();
    await client.connect({ host: this.conn.host, port: this.conn.port });
    return client;
  }

  private client(): Promise<Jackd> {
    this.producer ??= this.connect().then(async (c) => { await c.use(TUBE); return c; });
    this.producer.catch(() => { this.producer = null; });
    return this.producer;
  }

  async dispatch(name: string, payload: unknown): Promise<string> {
    const c = await this.client();
    return c.put(JSON.stringify({ name, payload: payload ?? null }), { ttr: TTR });
  }

  startWorker(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      let worker: Jackd | null = null;
      while (this.running) {
        try {
          if (!worker) {
            worker = await this.connect();
            await worker.watch(TUBE);
          }
          // A short reserve timeout keeps a stop responsive.
          const job = await worker.reserveWithTimeout(1).catch((err: Error) => {
            if (/TIMED_OUT/.test(String(err.message ?? err))) return null;
            throw err;
          });
          if (job) await this.runOne(worker, job);
        } catch (err) {
          this.runner.log('beanstalkd worker error', err);
          await worker?.disconnect().catch(() => {});
          worker = null;
          await new Promise((r) => setTimeout(r, 1000));
        }
      }
      await worker?.disconnect().catch(() => {});
    })();
  }

  private async runOne(worker: Jackd, job: { id: string; payload: Buffer | string }): Promise<void> {
    const { name, payload } = JSON.parse(job.payload.toString());
    try {
      await this.runner.run(name, payload);
      await worker.delete(job.id);
    } catch (err) {
      const stats = await worker.statsJob(job.id);
      const attempt = Number(/releases: (\d+)/.exec(stats)?.[1] ?? 0) + 1;
      const wait = this.runner.retryIn(name, attempt, err);
      if (wait === null) {
        await this.runner.failed('beanstalkd', name, payload, err);
        await worker.delete(job.id);
      } else {
        await worker.release(job.id, { delay: Math.ceil(wait / 1000) });
      }
    }
  }

  async stopWorker(): Promise<void> {
    this.running = false;
    await this.loop;
    this.loop = null;
  }

  async pending(ids: string[]): Promise<string[]> {
    const c = await this.client();
    const out: string[] = [];
    for (const id of ids) {
      const alive = await c.statsJob(id).then(() => true, (err: Error) => !/NOT_FOUND/.test(String(err.message ?? err)));
      if (alive) out.push(id);
    }
    return out;
  }

  async close(): Promise<void> {
    await this.stopWorker();
    const p = this.producer;
    this.producer = null;
    if (p) await p.then((c) => c.disconnect(), () => {});
  }
}

/** Credential check for the settings page. */
export async function checkBeanstalkd(conn: BeanstalkdConnection): Promise<string | null> {
  const client = new Jackd();
  try {
    await withTimeout(client.connect({ host: conn.host, port: conn.port }), 3000);
    await withTimeout(client.stats(''), 3000);
    return null;
  } catch (err) {
    return `Could not connect to beanstalkd at ${conn.host}:${conn.port}: ${reason(err)}`;
  } finally {
    await client.disconnect().catch(() => {});
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref())]);
}
