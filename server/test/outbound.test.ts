import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress, outboundFetch } from '../src/lib/outbound.ts';
import { asAdmin, createTestApp } from './helper.ts';

// This app keeps the guard on (the other test files allow private networks to reach their local fakes).
const t = await createTestApp({ ALLOW_PRIVATE_NETWORKS: '0' });
const admin = await asAdmin(t);
const save = (server: Record<string, unknown>) => admin.post('/api/v1/settings', { client: {}, server });
const REFUSED = /is on a private or local network, which the server may not contact/;

// A local server standing for an internal service an admin might aim the server at.
const internal = http.createServer((req, res) => {
  if (req.url === '/hop') res.writeHead(302, { location: `http://127.0.0.1:${port()}/secret` }).end();
  else res.end('internal secret');
});
const port = () => (internal.address() as AddressInfo).port;
beforeAll(() => new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => internal.close(() => resolve())));

describe('outbound guard', () => {
  it('knows the loopback, private, link-local and metadata ranges', () => {
    for (const a of ['127.0.0.1', '127.9.9.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:169.254.169.254']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '172.32.0.1', '1.1.1.1', '2606:4700::1111']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses private addresses by IP and by name, and a redirect into one, with a 422', async () => {
    for (const url of [`http://127.0.0.1:${port()}/`, `http://localhost:${port()}/`, 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/']) {
      await expect(outboundFetch(url), url).rejects.toMatchObject({ status: 422, message: expect.stringMatching(REFUSED) });
    }
  });

  it('refuses a credential check aimed at a private host, with the reason under its group', async () => {
    const search = await save({ 'server.scout_driver': 'meilisearch', 'server.meilisearch_host': `http://127.0.0.1:${port()}` });
    expect(search.status).toBe(422);
    expect(search.body.errors.search_group[0]).toMatch(REFUSED);
    // It says where the switch is (Settings → General).
    expect(search.body.errors.search_group[0]).toContain('Turn on Allow private networks on the General settings page to use it.');
    const sentry = await save({ 'server.sentry_dsn': 'http://abcdef0123456789@169.254.169.254/1234567' });
    expect(sentry.status).toBe(422);
    expect(sentry.body.errors.logging_group[0]).toMatch(REFUSED);
    const redis = await save({ 'server.cache_driver': 'redis', 'server.redis_host': '10.0.0.5' });
    expect(redis.status).toBe(422);
    expect(redis.body.errors.cache_group[0]).toMatch(REFUSED);
    expect(await t.ctx.settings.get('server.scout_driver')).not.toBe('meilisearch');
  });

  it('lets an admin allow private networks with the setting', async () => {
    expect((await save({ 'server.allow_private_networks': true })).status).toBe(200);
    try {
      const res = await outboundFetch(`http://localhost:${port()}/hop`);
      expect(await res.text()).toBe('internal secret');
    } finally {
      await t.ctx.settings.set({ 'server.allow_private_networks': false });
    }
    await expect(outboundFetch(`http://localhost:${port()}/`)).rejects.toMatchObject({ status: 422 });
  });
});
