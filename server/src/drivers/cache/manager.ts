import path from 'node:path';
import IORedis from 'ioredis';
import memjs from 'memjs';
import { DriverSwitch, reason, type SettingsReader } from '../switch.ts';
import { ArrayStore, FileStore, MemcachedStore, RedisStore, type Cache, type CacheStore, type Counter } from './cache.ts';

async function cacheConfig(settings: SettingsReader) {
  const driver = await settings.get('server.cache_driver');
  if (driver === 'memcached') return { driver, host: await settings.get('server.memcached_host'), port: await settings.get('server.memcached_port') } as const;
  if (driver === 'redis') return { driver, host: await settings.get('server.redis_host'), port: await settings.get('server.redis_port'), password: await settings.get('server.redis_password') } as const;
  // apc is PHP's shared memory; here it maps to this process's memory (the cache page says so).
  return { driver: driver === 'apc' ? 'array' : driver } as const;
}

/**
 * `ctx.cache`: reads `server.cache_driver` (and the memcached or Redis address) at every call, so a
 * saved change applies to the next one. `flush()` is what `POST cache/flush` calls.
 */
export class CacheManager implements Cache {
  private stores: DriverSwitch<Awaited<ReturnType<typeof cacheConfig>>, CacheStore>;

  constructor(settings: SettingsReader, storagePath: string) {
    this.stores = new DriverSwitch(() => cacheConfig(settings), (c): CacheStore => {
      switch (c.driver) {
        case 'memcached': return new MemcachedStore(c.host, c.port ?? 11211);
        case 'redis': return new RedisStore(c);
        case 'file': return new FileStore(path.join(storagePath, 'cache'));
        default: return new ArrayStore();
      }
    }, (store) => store.close());
  }

  async get<T>(key: string) { return (await this.stores.get()).get<T>(key); }
  async set(key: string, value: unknown, ttl?: number) { return (await this.stores.get()).set(key, value, ttl); }
  async delete(key: string) { return (await this.stores.get()).delete(key); }
  async flush() { return (await this.stores.get()).flush(); }
  async increment(key: string, by: number, ttl: number): Promise<Counter> { return (await this.stores.get()).increment(key, by, ttl); }

  async remember<T>(key: string, ttl: number | undefined, compute: () => Promise<T>): Promise<T> {
    const store = await this.stores.get();
    const hit = await store.get<T>(key);
    if (hit !== undefined) return hit;
    const value = await compute();
    await store.set(key, value, ttl);
    return value;
  }

  close() { return this.stores.close(); }
}

/** The cache page's check before saving: is the selected memcached or Redis server reachable? */
export async function checkCache(values: Record<string, unknown>): Promise<string | null> {
  const v = (k: string) => values[`server.${k}`] as never;
  const driver = v('cache_driver') as string;
  if (driver === 'memcached') return checkMemcached(v('memcached_host'), v('memcached_port'));
  if (driver === 'redis') {
    const client = new IORedis({ host: v('redis_host'), port: v('redis_port'), password: v('redis_password') || undefined, lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.ping();
      return null;
    } catch (err) {
      return `Could not connect to Redis at ${v('redis_host')}:${v('redis_port')}: ${reason(err)}`;
    } finally {
      client.disconnect();
    }
  }
  return null;
}

async function checkMemcached(host: string, port: number): Promise<string | null> {
  const client = memjs.Client.create(`${host}:${port}`, { retries: 0, timeout: 2, conntimeout: 3, logger: { log() {} } });
  try {
    await client.set('streamsite:check', '1', { expires: 10 });
    return null;
  } catch (err) {
    return `Could not connect to Memcached at ${host}:${port}: ${reason(err)}`;
  } finally {
    client.close();
  }
}
