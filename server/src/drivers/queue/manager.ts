import { SETTINGS, type SettingKey } from '@app/contracts';
import type { Db, Dialect } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { DriverSwitch, type SettingsReader } from '../switch.ts';
import { BeanstalkdQueue, checkBeanstalkd } from './beanstalkd.ts';
import { DatabaseQueue } from './database.ts';
import { backoff, DEFAULT_RETRY, InProcessQueue, sleep, type JobHandler, type JobOptions, type JobRunner, type Queue, type QueueDriver, type RetryPolicy } from './queue.ts';
import { checkRedis, RedisQueue } from './redis.ts';
import { checkSqs, SqsQueue } from './sqs.ts';

export type QueueDriverName = 'sync' | 'database' | 'redis' | 'beanstalkd' | 'sqs';

export interface QueueManagerOptions {
  db: Db;
  dialect: Dialect;
  settings: SettingsReader;
  log: (msg: string, err?: unknown) => void;
  retry?: RetryPolicy;
  /** Database driver idle poll. */
  pollMs?: number;
}

type Remote = { name: Exclude<QueueDriverName, 'sync' | 'database'>; driver: QueueDriver };

async function remoteConfig(settings: SettingsReader) {
  const driver = await settings.get('server.queue_driver');
  if (driver === 'redis') {
    return { driver, redis: { host: await settings.get('server.redis_host'), port: await settings.get('server.redis_port'), password: await settings.get('server.redis_password') } } as const;
  }
  if (driver === 'beanstalkd') return { driver, beanstalkd: { host: await settings.get('server.beanstalkd_host'), port: await settings.get('server.beanstalkd_port') } } as const;
  if (driver === 'sqs') return { driver, sqs: await sqsSettings(settings) } as const;
  return { driver } as const;
}

async function sqsSettings(settings: SettingsReader) {
  return {
    key: await settings.get('server.sqs_queue_key'),
    secret: await settings.get('server.sqs_queue_secret'),
    prefix: await settings.get('server.sqs_queue_prefix'),
    name: await settings.get('server.sqs_queue_name'),
    region: await settings.get('server.sqs_queue_region'),
  };
}

/**
 * `ctx.queue`: reads `server.queue_driver` at every dispatch, so a saved change applies to the next job.
 * sync runs in this process after the request; database is always worked by this process's worker
 * once started (jobs left in the table when the driver changes still run); redis, beanstalkd and sqs
 * get a worker in this process as soon as they are used or when `start()` finds them selected.
 */
export class QueueManager implements Queue {
  private handlers = new Map<string, JobHandler>();
  private options = new Map<string, JobOptions>();
  private sync: InProcessQueue;
  readonly database: DatabaseQueue;
  private remote: DriverSwitch<Awaited<ReturnType<typeof remoteConfig>>, Remote | null>;
  private tracked = new Map<QueueDriver, Set<string>>();
  private following: NodeJS.Timeout | null = null;
  private retry: RetryPolicy;
  readonly runner: JobRunner;

  constructor(private opts: QueueManagerOptions) {
    this.retry = { ...(opts.retry ?? DEFAULT_RETRY) };
    this.sync = new InProcessQueue(opts.log);
    this.runner = {
      run: async (name, payload) => {
        const handler = this.handlers.get(name);
        if (!handler) throw new Error(`No handler for job ${name}`);
        await handler(payload);
      },
      policy: (name) => this.options.get(name)?.retry ?? this.retry,
      retryIn: (name, attempt, err) => {
        const policy = this.runner.policy(name);
        if (attempt >= policy.tries || this.options.get(name)?.permanent?.(err)) return null;
        return backoff(policy, attempt);
      },
      failed: async (driver, name, payload, err) => {
        opts.log(`Job ${name} failed for good on the ${driver} queue`, err);
        await opts.db.insertInto('failed_jobs').values({
          driver, name, payload: JSON.stringify(payload ?? null),
          exception: err instanceof Error ? (err.stack ?? err.message) : String(err), failed_at: nowIso(),
        }).execute();
      },
      log: opts.log,
    };
    this.database = new DatabaseQueue(opts.db, opts.dialect, this.runner, { retry: this.retry, pollMs: opts.pollMs });
    this.remote = new DriverSwitch(() => remoteConfig(opts.settings), (c) => this.buildRemote(c), async (r) => {
      if (!r) return;
      this.tracked.delete(r.driver);
      await r.driver.close();
    });
  }

  private buildRemote(c: Awaited<ReturnType<typeof remoteConfig>>): Remote | null {
    if (c.driver === 'redis') return { name: 'redis', driver: new RedisQueue(c.redis, this.runner, this.retry) };
    if (c.driver === 'beanstalkd') return { name: 'beanstalkd', driver: new BeanstalkdQueue(c.beanstalkd, this.runner, this.retry) };
    if (c.driver === 'sqs') return { name: 'sqs', driver: new SqsQueue(c.sqs, this.runner, this.retry) };
    return null;
  }

  register(name: string, handler: JobHandler, options?: JobOptions): void {
    this.handlers.set(name, handler);
    if (options) this.options.set(name, options);
    else this.options.delete(name);
  }

  /** Whether a job of this name can run here (a failed job of a since-removed kind cannot be retried). */
  has(name: string): boolean {
    return this.handlers.has(name);
  }

  /** The driver the next dispatch goes to. */
  async driverName(): Promise<QueueDriverName> {
    return this.opts.settings.get('server.queue_driver');
  }

  async dispatch(name: string, payload: unknown): Promise<void> {
    if (!this.handlers.has(name)) throw new Error(`No handler for job ${name}`);
    const which = await this.driverName();
    if (which === 'sync') {
      this.sync.run(() => this.runner.run(name, payload), (err) => this.runner.failed('sync', name, payload, err));
      return;
    }
    const driver = which === 'database' ? this.database : (await this.remote.get())!.driver;
    const id = await driver.dispatch(name, payload);
    if (!this.tracked.has(driver)) this.tracked.set(driver, new Set());
    this.tracked.get(driver)!.add(id);
    driver.startWorker();
  }

  /**
   * Starts working queued jobs in this process (main.ts): the database worker, and every few
   * seconds makes sure the selected remote driver has a worker too.
   */
  start(followMs = 2000): void {
    this.database.startWorker();
    // Never rejects: a remote driver that cannot be built or whose worker throws on start is logged and
    // tried again on the next tick (an unhandled rejection here used to be able to end the process).
    const follow = async () => {
      try {
        (await this.remote.get())?.driver.startWorker();
      } catch (err) {
        this.opts.log('Queue driver could not start', err);
      }
    };
    follow().catch(() => undefined);
    this.following = setInterval(() => { follow().catch(() => undefined); }, followMs);
    this.following.unref();
  }

  async drain(): Promise<void> {
    await this.sync.drain();
    for (;;) {
      let left = 0;
      for (const [driver, ids] of this.tracked) {
        const still = await driver.pending([...ids]).catch(() => []);
        this.tracked.set(driver, new Set(still));
        left += still.length;
      }
      if (!left) break;
      await sleep(20);
    }
    await this.sync.drain();
  }

  /** For GET health: the selected driver answers (database: the jobs table reads; remote: the settings page's check). */
  async health(): Promise<void> {
    const which = await this.driverName();
    if (which === 'sync') return;
    if (which === 'database') {
      await this.opts.db.selectFrom('jobs').select('id').limit(1).execute();
      return;
    }
    const keys = (Object.keys(SETTINGS) as SettingKey[]).filter((k) => /^server\.(queue_driver|sqs_|beanstalkd_|redis_)/.test(k));
    const values = Object.fromEntries(await Promise.all(keys.map(async (k) => [k, await this.opts.settings.get(k)] as const)));
    const error = await checkQueue(values);
    if (error) throw new Error(error);
  }

  /** Stops the workers after the job in hand; queued jobs stay queued for the next start. */
  async close(): Promise<void> {
    if (this.following) clearInterval(this.following);
    this.following = null;
    await this.sync.drain();
    await this.database.close();
    await this.remote.close();
  }
}

/** The queue page's credential check: `values` are the server settings as they would be saved. */
export async function checkQueue(values: Record<string, unknown>): Promise<string | null> {
  const v = (k: string) => values[`server.${k}`] as never;
  switch (v('queue_driver') as QueueDriverName) {
    case 'redis': return checkRedis({ host: v('redis_host'), port: v('redis_port'), password: v('redis_password') });
    case 'beanstalkd': return checkBeanstalkd({ host: v('beanstalkd_host'), port: v('beanstalkd_port') });
    case 'sqs': return checkSqs({ key: v('sqs_queue_key'), secret: v('sqs_queue_secret'), prefix: v('sqs_queue_prefix'), name: v('sqs_queue_name'), region: v('sqs_queue_region') });
    default: return null;
  }
}
