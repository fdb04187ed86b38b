import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { asAdmin, asUser, createTestApp, guest, type Client } from '../helper.ts';
import { PlayTracker, playTracker, type PlayEvent } from '../../src/modules/plays/tracker.ts';
import { EventWriter, WriterThreadError, eventWriter } from '../../src/modules/plays/event-writer.ts';
import { visitTracker } from '../../src/modules/reports/visits.ts';

const t = await createTestApp();
const sqlite = t.ctx.dialect === 'sqlite';
let admin: Client;
let titleId: number;
let n = 0;

const newVideo = async () => (await admin.post('/api/v1/videos', { name: `W${++n}`, title_id: titleId, type: 'video', src: `/storage/w${n}.mp4`, category: 'full' })).body.video.id as number;
const playsOf = (id: number) => t.ctx.db.selectFrom('plays').selectAll().where('video_id', '=', id).execute();
const playsCount = async (id: number) => (await t.ctx.db.selectFrom('videos').select('plays_count').where('id', '=', id).executeTakeFirstOrThrow()).plays_count;
const event = (videoId: number, visitorId: string): PlayEvent => ({
  kind: 'play', videoId, titleId, seasonNum: null, episodeNum: null, userId: null, visitorId, seconds: 6, position: 6, at: new Date().toISOString(),
  ip: '81.2.69.142', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/121.0',
});

beforeAll(async () => {
  admin = await asAdmin(t);
  titleId = (await admin.post('/api/v1/titles', { name: 'Writer Show', is_series: false })).body.title.id;
});

describe('the event writer', () => {
  it('writes through its own thread on SQLite, and through Kysely on PostgreSQL', () => {
    expect(eventWriter(t.ctx) !== null).toBe(sqlite);
  });

  it.runIf(sqlite)('reports a crashed thread, starts a new one and writes the batch it held', async () => {
    const capture = vi.spyOn(t.ctx.errors, 'capture');
    const id = await newVideo();
    const writer = eventWriter(t.ctx)!;
    const tracker = playTracker(t.ctx);
    tracker.push(event(id, 'a'.repeat(32)));
    await tracker.flush();
    const first = writer.thread!;
    // A batch on its way when the thread dies is sent again to the next one.
    tracker.push(event(id, 'b'.repeat(32)));
    const flushed = tracker.flush();
    await first.terminate();
    await flushed;
    expect(writer.thread).not.toBe(first);
    expect(capture).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('event writer thread stopped') }), expect.objectContaining({ tags: { source: 'events' } }));
    expect((await playsOf(id)).map((p) => p.visitor_id).sort()).toEqual(['a'.repeat(32), 'b'.repeat(32)]);
    expect(await playsCount(id)).toBe(2);
    // Requests keep being answered and written after the restart.
    const g = guest(t);
    expect((await g.request('POST', `/api/v1/videos/${id}/plays`, { seconds: 5, position: 5 }, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/121.0' })).status).toBe(202);
    await tracker.flush();
    expect(await playsOf(id)).toHaveLength(3);
    capture.mockRestore();
  });

  it.runIf(sqlite)('a thread that cannot start hands the batch back after one retry, reports both failures and stands aside', async () => {
    const report = vi.fn();
    const broken = new EventWriter(path.join(os.tmpdir(), 'no-such-dir', 'missing.sqlite'), report).acquire();
    await expect(broken.write('plays', [event(1, 'c'.repeat(32))])).rejects.toThrow(WriterThreadError);
    expect(report).toHaveBeenCalledTimes(2);
    // No thread is started per batch while they keep failing.
    expect(broken.available()).toBe(false);
    expect(broken.available(Date.now() + 31_000)).toBe(true);
    await broken.release();
  });

  it.runIf(sqlite)('while the thread fails, the tracker writes its batches on the request thread and loses nothing', async () => {
    const id = await newVideo();
    const capture = vi.fn(async () => {});
    // The same database, but a writer thread pointed at a file that does not exist.
    const ctx = { ...t.ctx, errors: { capture } as unknown as typeof t.ctx.errors, config: { ...t.ctx.config, database: { kind: 'sqlite' as const, file: path.join(os.tmpdir(), 'no-such-dir', 'x.sqlite') } } };
    const tracker = new PlayTracker(ctx);
    tracker.push(event(id, 'e'.repeat(32)));
    await tracker.flush();
    tracker.push(event(id, 'f'.repeat(32)));
    await tracker.flush();
    await tracker.close();
    expect(await playsOf(id)).toHaveLength(2);
    expect(await playsCount(id)).toBe(2);
    expect(capture).toHaveBeenCalledTimes(2);
  });

  it('skips a play whose video was deleted after it was accepted, and writes the rest of the batch', async () => {
    const capture = vi.spyOn(t.ctx.errors, 'capture');
    const gone = await newVideo();
    const kept = await newVideo();
    const tracker = playTracker(t.ctx);
    await tracker.flush();
    tracker.push(event(gone, 'd'.repeat(32)));
    tracker.push(event(kept, 'd'.repeat(32)));
    expect((await admin.delete(`/api/v1/videos/${gone}`)).status).toBeLessThan(300);
    await tracker.flush();
    expect(await playsOf(kept)).toHaveLength(1);
    expect(await playsCount(kept)).toBe(1);
    expect(await playsOf(gone)).toHaveLength(0);
    if (sqlite) expect(capture).not.toHaveBeenCalled();
    capture.mockRestore();
  });

  it('a report older than the stored resume point (a batch written again after a failure) leaves the point as it is', async () => {
    const id = await newVideo();
    const user = await asUser(t);
    const tracker = playTracker(t.ctx);
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, s)).toISOString();
    const report = (position: number, s: number): PlayEvent => ({ ...event(id, 'c'.repeat(32)), kind: 'progress', userId: user.user.id, seconds: 1, position, at: at(s) });
    tracker.push(report(7, 10));
    await tracker.flush();
    tracker.push(report(5, 8));
    await tracker.flush();
    const point = () => t.ctx.db.selectFrom('video_progress').select('position').where('user_id', '=', user.user.id).where('video_id', '=', id).executeTakeFirstOrThrow();
    expect((await point()).position).toBe(7);
    // A newer report moves it, back as well (the viewer went back).
    tracker.push(report(3, 12));
    await tracker.flush();
    expect((await point()).position).toBe(3);
  });

  it('an unapproved video stops counting plays as soon as the change is saved', async () => {
    const id = await newVideo();
    const g = guest(t);
    expect((await g.post(`/api/v1/videos/${id}/plays`, { seconds: 5, position: 5 })).status).toBe(202);
    expect((await admin.put(`/api/v1/videos/${id}`, { approved: false })).status).toBe(200);
    const res = await g.post(`/api/v1/videos/${id}/plays`, { seconds: 5, position: 5 });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Video not found');
  });

  it('writes page views and plays still buffered when the app closes, then ends the thread', async () => {
    const second = await createTestApp();
    const a = await asAdmin(second);
    const tid = (await a.post('/api/v1/titles', { name: 'Closing', is_series: false })).body.title.id;
    const vid = (await a.post('/api/v1/videos', { name: 'C', title_id: tid, type: 'video', src: '/storage/c.mp4', category: 'full' })).body.video.id;
    const ua = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0' };
    expect((await a.request('POST', `/api/v1/videos/${vid}/plays`, { seconds: 5, position: 5 }, ua)).status).toBe(202);
    expect((await a.request('POST', '/api/v1/reports/visits', { path: '/titles/1', model_type: 'title', model_id: 1 }, ua)).status).toBe(202);
    const writer = eventWriter(second.ctx);
    await second.app.close();
    expect(writer?.thread ?? null).toBeNull();
    expect(await second.ctx.db.selectFrom('plays').selectAll().execute()).toHaveLength(1);
    expect(await second.ctx.db.selectFrom('page_views').selectAll().execute()).toHaveLength(1);
    // A late flush after the close neither hangs nor throws.
    await visitTracker(second.ctx).flush();
  });
});
