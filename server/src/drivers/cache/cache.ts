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
  increment(key: string, by: number, ttl: number): Promise<Counter>;
}

/**
 * A counter in a fixed window: `expiresAt` (ms) is when the window that the first increment opened ends. `by` 0 reads the
 * counter without creating it (value 0 when absent). Atomic per store: every process sharing the store sees one count.
 */
export interface Counter { value: number; expiresAt: number }

export interface CacheStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttl?: number): Promise<void>;
  delete(key: string): Promise<void>;
  flush(): Promise<void>;
  close(): Promise<void>;
  increment(key: string, by: number, ttl: number): Promise<Counter>;
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

  async increment(key: string, by: number, ttl: number): Promise<Counter> {
    // One process, no await between read and write: atomic.
    const hit = this.map.get(key);
    const live = hit && (hit.e === null || hit.e > Date.now()) ? hit : null;
    if (!by) return live ? { value: Number(JSON.parse(live.v)) || 0, expiresAt: live.e ?? 0 } : { value: 0, expiresAt: 0 };
    const value = (live ? Number(JSON.parse(live.v)) || 0 : 0) + by;
    const e = live?.e ?? Date.now() + ttl * 1000;
    this.map.set(key, { v: JSON.stringify(value), e });
    return { value, expiresAt: e };
  }

  async delete(key: string) { this.map.delete(key); }
  async flush() { this.map.clear(); }
  async close() { this.map.clear(); }
}

const LOCK_STALE_MS = 5000;

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

  /**
   * Read-modify-write under a lock directory (mkdir is atomic on every filesystem), so processes sharing the folder
   * count together. A lock left by a crashed process is taken over after LOCK_STALE_MS.
   */
  async increment(key: string, by: number, ttl: number): Promise<Counter> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const lock = `${file}.lock`;
    for (let attempt = 0; ; attempt++) {
      try {
        await fs.mkdir(lock);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const stat = await fs.stat(lock).catch(() => null);
        if (stat && Date.now() - stat.mtimeMs > LOCK_STALE_MS) await fs.rm(lock, { recursive: true, force: true });
        else if (attempt > 400) throw new Error('The cache counter is locked.', { cause: err });
        else await new Promise((r) => setTimeout(r, 5));
      }
    }
    try {
      const raw = await fs.readFile(file, 'utf8').catch(() => null);
      const old = raw === null ? null : (JSON.parse(raw) as { e: number | null; v: unknown });
      const live = old && (old.e === null || old.e > Date.now()) ? old : null;
      if (!by) return live ? { value: Number(live.v) || 0, expiresAt: live.e ?? 0 } : { value: 0, expiresAt: 0 };
      const value = (live ? Number(live.v) || 0 : 0) + by;
      const e = live?.e ?? Date.now() + ttl * 1000;
      const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
      await fs.writeFile(tmp, JSON.stringify({ e, v: value }));
      await fs.rename(tmp, file);
      return { value, expiresAt: e };
    } finally {
      await fs.rm(lock, { recursive: true, force: true });
    }
  }

  async delete(key: string) { await fs.rm(this.file(key), { force: true }); }
  async flush() { await fs.rm(this.dir, { recursive: true, force: true }); }
  async close() {}
}

export interface RedisConnection { host: string; port: number; password: string }

const INCREMENT_SCRIPT = `
local by = tonumber(ARGV[1])
if by == 0 then
  local v = redis.call('GET', KEYS[1])
  if not v then return {0, 0} end
  return {tonumber(v), redis.call('PTTL', KEYS[1])}
end
local v = redis.call('INCRBY', KEYS[1], by)
local t = redis.call('PTTL', KEYS[1])
if t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]); t = tonumber(ARGV[2]) end
return {v, t}`;

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

  async increment(key: string, by: number, ttl: number): Promise<Counter> {
    // One script: the increment and the window's expiry happen together on the server.
    const [value, pttl] = await this.client.eval(INCREMENT_SCRIPT, 1, this.prefix + key, String(by), String(ttl * 1000)) as [number, number];
    return { value: Number(value), expiresAt: value ? Date.now() + Math.max(0, Number(pttl)) : 0 };
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

  /** memcached's own incr (atomic on the server); the window's end is kept beside it, written once with `add`. */
  async increment(key: string, by: number, ttl: number): Promise<Counter> {
    const k = this.key(key);
    const endKey = this.key(`${key}:window-end`);
    if (!by) {
      const [{ value }, { value: end }] = await Promise.all([this.client.get(k), this.client.get(endKey)]);
      return value === null ? { value: 0, expiresAt: 0 } : { value: Number(value.toString()) || 0, expiresAt: Number(end?.toString() ?? 0) };
    }
    const end = Date.now() + ttl * 1000;
    await this.client.add(endKey, String(end), { expires: ttl }).catch(() => undefined);
    const { value } = await this.client.increment(k, by, { initial: by, expires: ttl });
    const stored = (await this.client.get(endKey)).value;
    return { value: Number(value ?? by), expiresAt: stored ? Number(stored.toString()) : end };
  }

  async delete(key: string) { await this.client.delete(this.key(key)); }
  async flush() { await this.client.flush(); }
  async close() { this.client.close(); }
}
