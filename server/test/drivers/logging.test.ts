import { afterAll, describe, expect, it } from 'vitest';
import { checkSentry, parseDsn } from '../../src/drivers/logging/sentry.ts';
import { createTestApp } from '../helper.ts';
import { eventually } from './services.ts';
import { startHttp } from './servers/http.ts';

const t = await createTestApp();
// A route that fails the way a bug would (outside /api/v1, so the guard does not ask for a permission).
t.app.get('/test/boom', async () => { throw new TypeError('Cannot read properties of undefined'); });
const sentry = await startHttp((r) => (r.path === '/api/42/envelope/' ? { json: { id: r.text.split('\n')[0] } } : { status: 404, body: '' }));
afterAll(() => sentry.close());
const dsn = `http://0123456789abcdef@127.0.0.1:${sentry.port}/42`;

describe('error logging', () => {
  it('without a DSN, a server error is answered without details and sent nowhere', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'There was an issue. Please try again later.' });
    await new Promise((r) => setTimeout(r, 50));
    expect(sentry.requests).toHaveLength(0);
  });

  it('once server.sentry_dsn is saved, the next server error goes to Sentry as an envelope', async () => {
    await t.ctx.settings.set({ 'server.sentry_dsn': dsn });
    expect((await t.app.inject({ method: 'GET', url: '/test/boom?x=1' })).statusCode).toBe(500);
    await eventually(() => sentry.requests.length === 1);
    const req = sentry.requests[0];
    expect(req.headers['x-sentry-auth']).toMatch(/^Sentry sentry_version=7, sentry_key=0123456789abcdef, sentry_client=streamsite\//);
    const [header, item, event] = req.text.split('\n').map((l) => JSON.parse(l));
    expect(header).toMatchObject({ dsn, event_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(item).toEqual({ type: 'event', content_type: 'application/json' });
    expect(event).toMatchObject({ platform: 'node', level: 'error', request: { method: 'GET', url: '/test/boom?x=1' } });
    expect(event.exception.values[0]).toMatchObject({ type: 'TypeError', value: 'Cannot read properties of undefined' });
    expect(event.exception.values[0].stacktrace.frames.length).toBeGreaterThan(0);
  });

  it('client errors (4xx) are not reported', async () => {
    const before = sentry.requests.length;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users' })).statusCode).toBe(401);
    await new Promise((r) => setTimeout(r, 50));
    expect(sentry.requests).toHaveLength(before);
  });

  it('a job that fails for good is reported too', async () => {
    const before = sentry.requests.length;
    // In-process, so "for good" comes at once (the database queue would retry it with a backoff first).
    await t.ctx.settings.set({ 'server.queue_driver': 'sync' });
    t.ctx.queue.register('test.explode', async () => { throw new Error('job exploded'); });
    await t.ctx.queue.dispatch('test.explode', {});
    await t.ctx.queue.drain();
    await eventually(() => sentry.requests.length === before + 1);
    const event = JSON.parse(sentry.requests.at(-1)!.text.split('\n')[2]);
    expect(event.exception.values[0].value).toBe('job exploded');
    expect(event.tags).toEqual({ source: 'queue' });
  });

  it('parses DSNs and checks their shape for the logging page', async () => {
    expect(parseDsn('https://abc@o1.ingest.sentry.io/123')?.envelopeUrl).toBe('https://o1.ingest.sentry.io/api/123/envelope/');
    expect(parseDsn('https://abc@example.com/sentry/7')?.envelopeUrl).toBe('https://example.com/sentry/api/7/envelope/');
    expect(await checkSentry({ 'server.sentry_dsn': dsn })).toBeNull();
    expect(await checkSentry({ 'server.sentry_dsn': '' })).toBeNull();
    expect(await checkSentry({ 'server.sentry_dsn': 'https://no-key.example.com/path/1' })).toMatch(/should look like/);
  });

  it('refuses a DSN that is not a URL of at least 30 characters', async () => {
    await expect(t.ctx.settings.set({ 'server.sentry_dsn': 'https://a@b.io/1' })).rejects.toThrow();
    await expect(t.ctx.settings.set({ 'server.sentry_dsn': 'not a url but quite long enough to pass' })).rejects.toThrow();
  });
});
