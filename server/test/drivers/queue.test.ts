import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import IORedis from 'ioredis';
import Jackd from 'jackd';
import { createDb } from '../../src/db/index.ts';
import { QueueManager, checkQueue } from '../../src/drivers/queue/manager.ts';
import { createTestApp, asAdmin } from '../helper.ts';
import { eventually, startBeanstalkd, startRedis, type Service } from './services.ts';
import { startSqsServer } from './servers/sqs.ts';

const t = await createTestApp();
const errors: unknown[] = [];
const retry = { tries: 3, backoffMs: 40 };
const manager = () => new QueueManager({ db: t.ctx.db, dialect: t.ctx.dialect, settings: t.ctx.settings, log: (_m, err) => errors.push(err), retry, pollMs: 20 });

/** A queue whose jobs record what they ran; `flaky` fails its first `fails` tries. */
function recorder(q: QueueManager) {
  const ran: number[] = [];
  const tries = new Map<number, number[]>();
  q.register('test.record', async ({ n }: { n: number }) => { ran.push(n); });
  q.register('test.flaky', async ({ n, fails }: { n: number; fails: number }) => {
    const seen = tries.get(n) ?? [];
    seen.push(Date.now());
    tries.set(n, seen);
    if (seen.length <= fails) throw new Error(`flaky ${n} try ${seen.length}`);
    ran.push(n);
  });
  return { ran, tries };
}

const failedJobs = (name: string) => t.ctx.db.selectFrom('failed_jobs').selectAll().where('name', '=', name).execute();

describe('sync driver', () => {
  // The database queue is the default (jobs survive a crash, queue-durable.test.ts); the rest of this file starts from sync.
  beforeAll(() => t.ctx.settings.set({ 'server.queue_driver': 'sync' }));

  it('runs jobs in-process after the call, and records a job that throws as failed', async () => {
    expect(await t.ctx.settings.get('server.queue_driver')).toBe('sync');
    const q = manager();
    const { ran } = recorder(q);
    q.register('test.broken', async () => { throw new Error('sync boom'); });
    await q.dispatch('test.record', { n: 1 });
    await q.dispatch('test.broken', {});
    expect(await t.ctx.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
    await q.drain();
    expect(ran).toEqual([1]);
    expect((await failedJobs('test.broken'))[0]).toMatchObject({ driver: 'sync', exception: expect.stringContaining('sync boom') });
    await q.close();
  });

  it('refuses a job nobody registered', async () => {
    await expect(manager().dispatch('test.nobody', {})).rejects.toThrow('No handler for job test.nobody');
  });
});

describe('database driver', () => {
  beforeAll(() => t.ctx.settings.set({ 'server.queue_driver': 'database' }));
  afterAll(() => t.ctx.settings.set({ 'server.queue_driver': 'sync' }));
  // A test that fails part-way must not hand its queued rows to the next one.
  afterEach(async () => { await t.ctx.db.deleteFrom('jobs').execute(); });

  it('takes the setting at the next dispatch: the job is a row in the jobs table until a worker runs it', async () => {
    const q = manager();
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const ran: number[] = [];
    q.register('test.gated', async ({ n }: { n: number }) => { await gate; ran.push(n); });
    await q.dispatch('test.gated', { n: 1 });
    await q.dispatch('test.gated', { n: 2 });
    const rows = await t.ctx.db.selectFrom('jobs').select(['name', 'payload']).orderBy('id').execute();
    expect(rows).toEqual([{ name: 'test.gated', payload: '{"n":1}' }, { name: 'test.gated', payload: '{"n":2}' }]);
    release();
    await q.drain();
    expect(ran).toEqual([1, 2]);
    expect(await t.ctx.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
    await q.close();
  });

  it('retries a failing job with growing backoff, then records it as failed for good', async () => {
    const q = manager();
    const { ran, tries } = recorder(q);
    await q.dispatch('test.flaky', { n: 1, fails: 2 });
    await q.dispatch('test.flaky', { n: 2, fails: 5 });
    await q.drain();
    expect(ran).toEqual([1]);
    const [a, b, c] = tries.get(1)!;
    expect(b - a).toBeGreaterThanOrEqual(retry.backoffMs - 5);
    expect(c - b).toBeGreaterThanOrEqual(2 * retry.backoffMs - 5);
    expect(tries.get(2)).toHaveLength(3);
    const failed = await failedJobs('test.flaky');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ driver: 'database', payload: '{"n":2,"fails":5}', exception: expect.stringContaining('flaky 2 try 3') });
    expect(await t.ctx.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
    await q.close();
  });

  // Generous waits: on a loaded 2-core machine with PostgreSQL each claim is a few round trips, and 200 jobs take seconds.
  it('two workers on separate connections never run a job twice, and a stopped worker loses none', { timeout: 120_000 }, async () => {
    errors.length = 0;
    const second = createDb(t.ctx.config.database);
    const a = manager();
    const b = new QueueManager({ db: second.db, dialect: second.dialect, settings: t.ctx.settings, log: (_m, err) => errors.push(err), retry, pollMs: 20 });
    const ran: string[] = [];
    // Each job takes a couple of milliseconds, so the first worker cannot finish them all before it is stopped.
    const job = (who: string) => async ({ n }: { n: number }) => { ran.push(`${who}:${n}`); await new Promise((r) => setTimeout(r, 2)); };
    a.register('test.count', job('a'));
    b.register('test.count', job('b'));
    // Queued without waking a worker, then worked by a alone.
    for (let n = 0; n < 200; n++) await b.database.dispatch('test.count', { n });
    a.start(50);
    // Stop a part-way, as a server restart would.
    await eventually(() => ran.length >= 20, 60_000);
    await a.close();
    expect(ran.length).toBeLessThan(200);
    const reserved = await t.ctx.db.selectFrom('jobs').select('id').where('reserved_at', 'is not', null).execute();
    expect(reserved).toEqual([]);
    const left = await t.ctx.db.selectFrom('jobs').select('attempts').execute();
    expect(left.every((r) => r.attempts === 0)).toBe(true);
    // A restarted worker (b) and a second one (a again) share what is left.
    b.start(50);
    const a2 = manager();
    a2.register('test.count', job('a'));
    a2.start(50);
    await eventually(async () => !(await t.ctx.db.selectFrom('jobs').select('id').executeTakeFirst()), 90_000);
    await Promise.all([a2.close(), b.close()]);
    const numbers = ran.map((r) => Number(r.split(':')[1])).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, i) => i));
    // The restarted worker on the second connection took part: a stopped first worker handed work over.
    expect(ran.some((r) => r.startsWith('b:'))).toBe(true);
    expect(errors).toEqual([]);
    await second.destroy();
  });

  it('the app queue (ctx.queue) runs the users CSV export through the database driver', async () => {
    const admin = await asAdmin(t);
    const res = await admin.post('/api/v1/users/csv/export');
    expect(res.status).toBe(200);
    await t.ctx.queue.drain();
    expect(await t.ctx.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
    const exports = await t.ctx.db.selectFrom('csv_exports').select('path').execute();
    expect(exports.at(-1)?.path).toMatch(/\.csv$/);
  });
});

describe('an unreachable backend', () => {
  afterAll(() => t.ctx.settings.set({ 'server.queue_driver': 'sync' }));

  it('fails the dispatch within seconds instead of holding the request', async () => {
    const q = manager();
    recorder(q);
    await t.ctx.settings.set({ 'server.queue_driver': 'redis', 'server.redis_host': '127.0.0.1', 'server.redis_port': 1 });
    await expect(q.dispatch('test.record', { n: 1 })).rejects.toThrow('Could not reach Redis at 127.0.0.1:1 to queue test.record');
    await t.ctx.settings.set({ 'server.queue_driver': 'beanstalkd', 'server.beanstalkd_host': '127.0.0.1', 'server.beanstalkd_port': 1 });
    await expect(q.dispatch('test.record', { n: 1 })).rejects.toThrow(/ECONNREFUSED/);
    await q.close();
  });
});

describe('redis driver (BullMQ)', () => {
  let redis: Service | null = null;
  beforeAll(async () => {
    redis = await startRedis();
    if (redis) await t.ctx.settings.set({ 'server.queue_driver': 'redis', 'server.redis_host': '127.0.0.1', 'server.redis_port': redis.port });
  });
  afterAll(async () => {
    await t.ctx.settings.set({ 'server.queue_driver': 'sync' });
    await redis?.stop();
  });

  it('puts the next job on Redis and runs it, with retries', async (c) => {
    if (!redis) return c.skip();
    const q = manager();
    const { ran, tries } = recorder(q);
    await q.dispatch('test.record', { n: 7 });
    await q.dispatch('test.flaky', { n: 8, fails: 1 });
    await q.drain();
    expect(ran.sort()).toEqual([7, 8]);
    expect(tries.get(8)).toHaveLength(2);
    const client = new IORedis({ port: redis.port, lazyConnect: true });
    await client.connect();
    // BullMQ keeps its queue under the driver's prefix: the jobs went through this Redis.
    expect(await client.keys('streamsite:default:*')).toContain('streamsite:default:id');
    expect(await client.get('streamsite:default:id')).toBe('2');
    client.disconnect();
    await q.close();
  });

  it('checks the connection for the settings page', async (c) => {
    if (!redis) return c.skip();
    expect(await checkQueue({ 'server.queue_driver': 'redis', 'server.redis_host': '127.0.0.1', 'server.redis_port': redis.port, 'server.redis_password': '' })).toBeNull();
    expect(await checkQueue({ 'server.queue_driver': 'redis', 'server.redis_host': '127.0.0.1', 'server.redis_port': 1, 'server.redis_password': '' })).toMatch(/Could not connect to Redis at 127.0.0.1:1/);
  });
});

describe('beanstalkd driver', () => {
  let bs: Service | null = null;
  beforeAll(async () => {
    bs = await startBeanstalkd();
    if (bs) await t.ctx.settings.set({ 'server.queue_driver': 'beanstalkd', 'server.beanstalkd_host': '127.0.0.1', 'server.beanstalkd_port': bs.port });
  });
  afterAll(async () => {
    await t.ctx.settings.set({ 'server.queue_driver': 'sync' });
    await bs?.stop();
  });

  it('puts the next job in the beanstalkd tube and runs it, releasing a failed one with a delay', async (c) => {
    if (!bs) return c.skip();
    const q = manager();
    const { ran, tries } = recorder(q);
    await q.dispatch('test.record', { n: 1 });
    await q.dispatch('test.flaky', { n: 2, fails: 1 });
    await q.drain();
    expect(ran.sort()).toEqual([1, 2]);
    // beanstalkd delays are whole seconds: the retry waited at least one.
    const [first, second] = tries.get(2)!;
    expect(second - first).toBeGreaterThanOrEqual(900);
    const client = new Jackd();
    await client.connect({ host: '127.0.0.1', port: bs.port });
    expect(await client.statsTube('default')).toMatch(/total-jobs: 2/);
    await client.disconnect();
    await q.close();
  });

  it('checks the connection for the settings page', async (c) => {
    if (!bs) return c.skip();
    expect(await checkQueue({ 'server.queue_driver': 'beanstalkd', 'server.beanstalkd_host': '127.0.0.1', 'server.beanstalkd_port': bs.port })).toBeNull();
    expect(await checkQueue({ 'server.queue_driver': 'beanstalkd', 'server.beanstalkd_host': '127.0.0.1', 'server.beanstalkd_port': 1 })).toMatch(/Could not connect to beanstalkd/);
  });
});

describe('sqs driver', () => {
  let sqs: Awaited<ReturnType<typeof startSqsServer>>;
  const sqsValues = () => ({
    'server.sqs_queue_key': 'AKIDEXAMPLE', 'server.sqs_queue_secret': 'secret', 'server.sqs_queue_prefix': sqs.prefix,
    'server.sqs_queue_name': 'default', 'server.sqs_queue_region': 'us-east-1',
  });
  beforeAll(async () => {
    sqs = await startSqsServer();
    await t.ctx.settings.set({ 'server.queue_driver': 'sqs', ...sqsValues() });
  });
  afterAll(async () => {
    await t.ctx.settings.set({ 'server.queue_driver': 'sync' });
    await sqs.close();
  });

  it('sends the next job as an SQS message and runs it, retrying a failure after its visibility timeout', async () => {
    const q = manager();
    const { ran, tries } = recorder(q);
    await q.dispatch('test.record', { n: 3 });
    await q.dispatch('test.flaky', { n: 4, fails: 1 });
    await q.drain();
    expect(ran.sort()).toEqual([3, 4]);
    expect(tries.get(4)).toHaveLength(2);
    expect(sqs.calls.filter((c) => c === 'SendMessage')).toHaveLength(2);
    expect(sqs.calls).toContain('ChangeMessageVisibility');
    expect(sqs.store.get('default')).toEqual([]);
    await q.close();
  });

  it('checks the queue for the settings page', async () => {
    expect(await checkQueue({ 'server.queue_driver': 'sqs', ...sqsValues() })).toBeNull();
    expect(await checkQueue({ 'server.queue_driver': 'sqs', ...sqsValues(), 'server.sqs_queue_name': 'missing' })).toMatch(/Could not reach the SQS queue: The specified queue does not exist/);
  });
});
