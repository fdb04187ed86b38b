import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import IORedis from 'ioredis';
import memjs from 'memjs';

/** A key/value cache with expiry. Values are JSON; `ttl` is in seconds (absent: until flushed). */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttl?: number): Promise<void>;
  delete(key: string): Promise<void>;
  flush(): Promise<void>;
  remember<T>(key: string, ttl: number | undefined, compute: () => Promise<T>): Promise<T>;
}

export interface CacheStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttl?: number): Promise<void>;
  delete(key: string): Promise<void>;
  flush(): Promise<void>;
  close(): Promise<void>;
}

const expiry = (ttl?: number) => (ttl ? Date.now() + ttl * 1000 : null);

/** `array` (and `apc`): this process's memory; gone at restart and not shared between processes. */
export class ArrayStore implements CacheStore {
  private map = new Map<string, { v: string; e: number | null }>();

  async get<T>(key: string): Promise<T | undefined> {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (hit.e !== null && hit.e <= Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return JSON.parse(hit.v) as T;
  }

  async set(key: string, value: unknown, ttl?: number) {
    // Stored serialized, like every other store, so a caller mutating its object cannot change the cache.
    this.map.set(key, { v: JSON.stringify(value ?? null), e: expiry(ttl) });
  }

  async delete(key: string) { this.map.delete(key); }
  async flush() { this.map.clear(); }
  async close() { this.map.clear(); }
}

/** `file`: one JSON file per key under storage/cache, written atomically (temp file, then rename). */
export class FileStore implements CacheStore {
  constructor(private dir: string) {}

  private file(key: string) {
    const h = crypto.createHash('sha256').update(key).digest('hex');
    return path.join(this.dir, h.slice(0, 2), h);
  }

  async get<T>(key: string): Promise<T | undefined> {
    const file = this.file(key);
    const raw = await fs.readFile(file, 'utf8').catch(() => null);
    if (raw === null) return undefined;
    const { e, v } = JSON.parse(raw) as { e: number | null; v: T };
    if (e !== null && e <= Date.now()) {
      await fs.rm(file, { force: true });
      return undefined;
    }
    return v;
  }

  async set(key: string, value: unknown, ttl?: number) {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    await fs.writeFile(tmp, JSON.stringify({ e: expiry(ttl), v: value ?? null }));
    await fs.rename(tmp, file);
  }

  async delete(key: string) { await fs.rm(this.file(key), { force: true }); }
  async flush() { await fs.rm(this.dir, { recursive: true, force: true }); }
  async close() {}
}

export interface RedisConnection { host: string; port: number; password: string }

/** `redis`: keys under a prefix, so flushing clears only this site's cache, never the whole server. */
export class RedisStore implements CacheStore {
  private client: IORedis;
  private prefix = 'streamsite:cache:';

  constructor(conn: RedisConnection) {
    this.client = new IORedis({ host: conn.host, port: conn.port, password: conn.password || undefined, maxRetriesPerRequest: 1, connectTimeout: 3000 });
    this.client.on('error', () => {});
  }

  async get<T>(key: string): Promise<T | undefined> {
    const raw = await this.client.get(this.prefix + key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  }

  async set(key: string, value: unknown, ttl?: number) {
    const raw = JSON.stringify(value ?? null);
    if (ttl) await this.client.set(this.prefix + key, raw, 'EX', ttl);
    else await this.client.set(this.prefix + key, raw);
  }

  async delete(key: string) { await this.client.del(this.prefix + key); }

  async flush() {
    let cursor = '0';
    do {
      const [next, keys] = await this.client.scan(cursor, 'MATCH', `${this.prefix}*`, 'COUNT', 500);
      if (keys.length) await this.client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  }

  async close() { this.client.disconnect(); }
}

/** `memcached`: keys longer than memcached allows are hashed; flush is memcached's flush_all. */
export class MemcachedStore implements CacheStore {
  private client: memjs.Client;

  constructor(host: string, port: number) {
    this.client = memjs.Client.create(`${host}:${port}`, { retries: 1, timeout: 2, conntimeout: 3, logger: { log() {} } });
  }

  private key(key: string) {
    const k = `streamsite:${key}`;
    return k.length > 200 || /\s/.test(k) ? `streamsite:h:${crypto.createHash('sha256').update(key).digest('hex')}` : k;
  }

  async get<T>(key: string): Promise<T | undefined> {
    const { value } = await this.client.get(this.key(key));
    return value === null ? undefined : (JSON.parse(value.toString()) as T);
  }

  async set(key: string, value: unknown, ttl?: number) {
    await this.client.set(this.key(key), JSON.stringify(value ?? null), { expires: ttl ?? 0 });
  }

  async delete(key: string) { await this.client.delete(this.key(key)); }
  async flush() { await this.client.flush(); }
  async close() { this.client.close(); }
}
