import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerRecurring, tick } from '../src/modules/scheduler/index.ts';
import { asAdmin, asUser, createTestApp, guest } from './helper.ts';

const t = await createTestApp();
const admin = await asAdmin(t);

registerRecurring('test:broken', 3600_000, async () => { throw new Error('The feed answered 500'); });
const ran: unknown[] = [];
t.ctx.queue.register('test.flaky', async (payload) => { ran.push(payload); });

describe('GET admin/background-tasks', () => {
  it('is for settings managers only', async () => {
    expect((await guest(t).get('/api/v1/admin/background-tasks')).status).toBe(401);
    expect((await (await asUser(t)).get('/api/v1/admin/background-tasks')).status).toBe(403);
    expect((await (await asUser(t)).get('/api/v1/admin/failed-jobs')).status).toBe(403);
    expect((await (await asUser(t)).post('/api/v1/admin/failed-jobs/1/retry')).status).toBe(403);
    expect((await (await asUser(t, { permissions: ['settings.update'] })).get('/api/v1/admin/background-tasks')).status).toBe(200);
  });

  it('lists every recurring task, its last run, next run and last error', async () => {
    const before = (await admin.get('/api/v1/admin/background-tasks')).body;
    expect(before.tasks.find((x: { name: string }) => x.name === 'test:broken')).toEqual({ name: 'test:broken', next_run_at: null, last_run_at: null, last_error: null, running: false });
    expect(before.tasks.map((x: { name: string }) => x.name)).toContain('storage:sweep-partials');

    const now = new Date('2030-01-01T00:00:00.000Z');
    expect(await tick(t.ctx, { now: () => now, only: ['test:broken'] })).toEqual(['test:broken']);
    const res = await admin.get('/api/v1/admin/background-tasks');
    expect(res.status, res.text).toBe(200);
    expect(res.body.tasks.find((x: { name: string }) => x.name === 'test:broken')).toEqual({
      name: 'test:broken', next_run_at: '2030-01-01T01:00:00.000Z', last_run_at: now.toISOString(), last_error: 'The feed answered 500', running: false,
    });
  });
});

describe('failed jobs', () => {
  it('lists the jobs that failed for good, newest first, and queues one again on retry', async () => {
    await t.ctx.queue.runner.failed('database', 'test.flaky', { n: 1 }, new Error('first failure'));
    await t.ctx.queue.runner.failed('sync', 'test.flaky', { n: 2 }, new Error('second failure'));
    const overview = (await admin.get('/api/v1/admin/background-tasks')).body;
    expect(overview.failed_jobs).toBe(2);

    const list = await admin.get('/api/v1/admin/failed-jobs');
    expect(list.status, list.text).toBe(200);
    expect(list.body.pagination).toMatchObject({ total: 2, per_page: 15, last_page: 1 });
    const [job] = list.body.pagination.data;
    expect(job).toMatchObject({ driver: 'sync', name: 'test.flaky' });
    expect(job.exception).toContain('second failure');

    const retried = await admin.post(`/api/v1/admin/failed-jobs/${job.id}/retry`);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.message).toBe('Job queued again');
    await t.ctx.queue.drain();
    expect(ran).toEqual([{ n: 2 }]);
    expect((await admin.get('/api/v1/admin/failed-jobs')).body.pagination.total).toBe(1);
    // A second click finds it gone.
    expect((await admin.post(`/api/v1/admin/failed-jobs/${job.id}/retry`)).status).toBe(404);
  });

  it('keeps a job of a kind this server no longer runs, with a 422', async () => {
    await t.ctx.queue.runner.failed('database', 'test.removed-kind', {}, new Error('old'));
    const job = (await admin.get('/api/v1/admin/failed-jobs')).body.pagination.data.find((j: { name: string }) => j.name === 'test.removed-kind');
    const res = await admin.post(`/api/v1/admin/failed-jobs/${job.id}/retry`);
    expect(res.status).toBe(422);
    expect(res.body.errors.id[0]).toBe('This server no longer runs jobs of this kind.');
    expect((await admin.get('/api/v1/admin/failed-jobs')).body.pagination.data.map((j: { id: number }) => j.id)).toContain(job.id);
    expect((await admin.post('/api/v1/admin/failed-jobs/999999/retry')).status).toBe(404);
    expect((await admin.post('/api/v1/admin/failed-jobs/abc/retry')).status).toBe(422);
    // Nobody will retry it: it is deleted from the list (settings managers only).
    expect((await (await asUser(t)).delete(`/api/v1/admin/failed-jobs/${job.id}`)).status).toBe(403);
    expect((await admin.delete(`/api/v1/admin/failed-jobs/${job.id}`)).status).toBe(200);
    expect((await admin.get('/api/v1/admin/failed-jobs')).body.pagination.data.map((j: { id: number }) => j.id)).not.toContain(job.id);
    expect((await admin.delete(`/api/v1/admin/failed-jobs/${job.id}`)).status).toBe(404);
  });
});

describe('storage:sweep-partials', () => {
  it('removes the writes a killed server left unfinished more than a day ago', async () => {
    const dir = path.join(t.ctx.config.storagePath, '.partial-writes');
    fs.mkdirSync(dir, { recursive: true });
    const old = path.join(dir, 'a1b2c3d4.partial');
    const fresh = path.join(dir, 'e5f6a7b8.partial');
    fs.writeFileSync(old, 'half an upload');
    fs.writeFileSync(fresh, 'being written');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000);
    fs.utimesSync(old, twoDaysAgo, twoDaysAgo);
    expect(await tick(t.ctx, { only: ['storage:sweep-partials'] })).toEqual(['storage:sweep-partials']);
    expect(fs.readdirSync(dir)).toEqual(['e5f6a7b8.partial']);
  });
});
