import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import IORedis from 'ioredis';
import memjs from 'memjs';
import { checkCache } from '../../src/drivers/cache/manager.ts';
import { createTestApp } from '../helper.ts';
import { startMemcached, startRedis, type Service } from './services.ts';

const t = await createTestApp();
const cache = t.ctx.cache;

/** The same contract on every driver. */
async function contract() {
  await cache.flush();
  expect(await cache.get('missing')).toBeUndefined();
  await cache.set('a', { n: 1, list: ['x'] });
  expect(await cache.get('a')).toEqual({ n: 1, list: ['x'] });
  await cache.set('falsy', 0);
  expect(await cache.get('falsy')).toBe(0);
  await cache.delete('a');
  expect(await cache.get('a')).toBeUndefined();
  let computed = 0;
  const compute = async () => ++computed;
  expect(await cache.remember('r', 60, compute)).toBe(1);
  expect(await cache.remember('r', 60, compute)).toBe(1);
  await cache.set('short', 'v', 1);
  expect(await cache.get('short')).toBe('v');
  await new Promise((r) => setTimeout(r, 2100));
  expect(await cache.get('short')).toBeUndefined();
  await cache.set('long key with spaces '.repeat(20), 'ok');
  expect(await cache.get('long key with spaces '.repeat(20))).toBe('ok');
  // Rate limits count here: concurrent increments never lose a hit, and a read (by 0) creates nothing.
  const hits = await Promise.all(Array.from({ length: 20 }, () => cache.increment('hits', 1, 60)));
  expect(hits.map((h) => h.value).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  const read = await cache.increment('hits', 0, 60);
  expect(read.value).toBe(20);
  expect(read.expiresAt).toBeGreaterThan(Date.now());
  expect(read.expiresAt).toBeLessThanOrEqual(Date.now() + 61_000);
  expect(await cache.increment('no-hits', 0, 60)).toEqual({ value: 0, expiresAt: 0 });
  await cache.flush();
  expect(await cache.get('falsy')).toBeUndefined();
}

describe('file driver (default)', () => {
  it('keeps values in files under storage/cache', async () => {
    expect(await t.ctx.settings.get('server.cache_driver')).toBe('file');
    await cache.set('k', 'v');
    expect(fs.readdirSync(path.join(t.storage, 'cache')).length).toBe(1);
    await contract();
  });
});

describe('array driver and apc', () => {
  it('keeps values in memory; apc maps to the same memory store', async () => {
    await t.ctx.settings.set({ 'server.cache_driver': 'array' });
    await cache.set('mem', 1);
    expect(fs.existsSync(path.join(t.storage, 'cache'))).toBe(false);
    await contract();
    await t.ctx.settings.set({ 'server.cache_driver': 'apc' });
    await cache.set('apc', 2);
    expect(await cache.get('apc')).toBe(2);
    expect(fs.existsSync(path.join(t.storage, 'cache'))).toBe(false);
  });
});

describe('redis driver', () => {
  let redis: Service | null = null;
  let client: IORedis;
  beforeAll(async () => {
    redis = await startRedis();
    if (!redis) return;
    client = new IORedis({ port: redis.port });
    await t.ctx.settings.set({ 'server.cache_driver': 'redis', 'server.redis_host': '127.0.0.1', 'server.redis_port': redis.port });
  });
  afterAll(async () => { client?.disconnect(); await redis?.stop(); });

  it('stores the next value in Redis under the site prefix, and flush leaves other keys alone', async (c) => {
    if (!redis) return c.skip();
    await client.set('not-ours', 'x');
    await cache.set('k', { a: 1 });
    expect(await client.get('streamsite:cache:k')).toBe('{"a":1}');
    await contract();
    expect(await client.get('not-ours')).toBe('x');
  });

  it('checks the connection', async (c) => {
    if (!redis) return c.skip();
    expect(await checkCache({ 'server.cache_driver': 'redis', 'server.redis_host': '127.0.0.1', 'server.redis_port': redis.port, 'server.redis_password': '' })).toBeNull();
    expect(await checkCache({ 'server.cache_driver': 'redis', 'server.redis_host': '127.0.0.1', 'server.redis_port': 1, 'server.redis_password': '' })).toMatch(/Could not connect to Redis/);
  });
});

describe('memcached driver', () => {
  let mc: Service | null = null;
  beforeAll(async () => {
    mc = await startMemcached();
    if (mc) await t.ctx.settings.set({ 'server.cache_driver': 'memcached', 'server.memcached_host': '127.0.0.1', 'server.memcached_port': mc.port });
  });
  afterAll(async () => { await mc?.stop(); });

  it('stores the next value in Memcached', async (c) => {
    if (!mc) return c.skip();
    await cache.set('k', [1, 2]);
    const direct = memjs.Client.create(`127.0.0.1:${mc.port}`, { logger: { log() {} } });
    expect((await direct.get('streamsite:k')).value?.toString()).toBe('[1,2]');
    direct.close();
    await contract();
  });

  it('checks the connection', async (c) => {
    if (!mc) return c.skip();
    expect(await checkCache({ 'server.cache_driver': 'memcached', 'server.memcached_host': '127.0.0.1', 'server.memcached_port': mc.port })).toBeNull();
    expect(await checkCache({ 'server.cache_driver': 'memcached', 'server.memcached_host': '127.0.0.1', 'server.memcached_port': 1 })).toMatch(/Could not connect to Memcached at 127.0.0.1:1/);
  });
});

describe('an unreachable cache server', () => {
  it('fails the call quickly', async () => {
    await t.ctx.settings.set({ 'server.cache_driver': 'redis', 'server.redis_host': '127.0.0.1', 'server.redis_port': 1 });
    await expect(cache.get('a')).rejects.toThrow();
    await t.ctx.settings.set({ 'server.cache_driver': 'memcached', 'server.memcached_host': '127.0.0.1', 'server.memcached_port': 1 });
    await expect(cache.get('a')).rejects.toThrow();
    await t.ctx.settings.set({ 'server.cache_driver': 'file' });
  });
});
