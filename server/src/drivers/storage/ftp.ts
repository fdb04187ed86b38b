import path from 'node:path/posix';
import { PassThrough, Readable, Transform } from 'node:stream';
import { Client } from 'basic-ftp';
import { reason } from '../switch.ts';
import { cleanKey, type ByteRange, type StorageStat, type Storage } from './storage.ts';

export interface FtpSettings {
  host: string;
  username: string;
  password: string;
  root: string;
  port: number;
  /** basic-ftp always uses passive mode (PASV/EPSV); active mode cannot cross NAT and is not offered. */
  passive: boolean;
  ssl: boolean;
}

const notFound = (err: unknown) => (err as { code?: number }).code === 550;

/**
 * Files on an FTP server under `root`. One control connection serves the short calls one at a time;
 * each read opens its own, since a download holds its connection until the stream ends.
 */
export class FtpStorage implements Storage {
  private shared: Client | null = null;
  private lock: Promise<unknown> = Promise.resolve();

  constructor(private s: FtpSettings) {}

  private p(key: string) { return path.join('/', this.s.root || '/', cleanKey(key)); }

  private async open(): Promise<Client> {
    const client = new Client(15_000);
    await client.access({ host: this.s.host, port: this.s.port || 21, user: this.s.username, password: this.s.password, secure: this.s.ssl });
    return client;
  }

  /** Runs `fn` on the shared connection, one call at a time, reconnecting when it was closed. */
  private use<T>(fn: (c: Client) => Promise<T>): Promise<T> {
    const run = this.lock.then(async () => {
      if (!this.shared || this.shared.closed) this.shared = await this.open();
      return fn(this.shared);
    });
    this.lock = run.catch(() => {});
    return run;
  }

  async put(key: string, body: Readable | Buffer): Promise<void> {
    const target = this.p(key);
    // Upload beside the target and rename, so a failed transfer never leaves a partial file under the key.
    const partial = `${target}.partial`;
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    await this.use(async (c) => {
      await c.ensureDir(path.dirname(target));
      try {
        await c.uploadFrom(source, partial);
        await c.rename(partial, target);
      } catch (err) {
        if (!c.closed) await c.remove(partial, true).catch(() => {});
        throw err;
      } finally {
        await c.cd('/').catch(() => {});
      }
    });
  }

  read(key: string, range?: ByteRange): Readable {
    const out = new PassThrough();
    let left = range?.end !== undefined ? range.end - (range.start ?? 0) + 1 : Infinity;
    // Stops the transfer once the range is served (FTP has REST for the start, nothing for the end).
    const limit = new Transform({
      transform(chunk: Buffer, _e, cb) {
        if (left <= 0) return cb();
        const part = chunk.length > left ? chunk.subarray(0, left) : chunk;
        left -= part.length;
        cb(null, part);
        if (left <= 0) this.end();
      },
    });
    // .pipe() does not forward errors: an unhandled 'error' on `limit` would end the process.
    limit.on('error', (err) => out.destroy(err));
    limit.pipe(out);
    void (async () => {
      let client: Client | null = null;
      try {
        client = await this.open();
        await client.downloadTo(limit, this.p(key), range?.start ?? 0);
        limit.end();
      } catch (err) {
        // A range ended early closes the transfer on purpose.
        if (left > 0) out.destroy(err as Error);
      } finally {
        client?.close();
      }
    })().catch((err: Error) => out.destroy(err));
    return out;
  }

  async stat(key: string): Promise<StorageStat | null> {
    return this.use(async (c) => {
      try {
        const size = await c.size(this.p(key));
        const lastModified = await c.lastMod(this.p(key)).catch(() => null);
        return { size, lastModified };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    });
  }

  async exists(key: string) { return (await this.stat(key)) !== null; }

  async delete(key: string) {
    await this.use((c) => c.remove(this.p(key), true));
  }

  async deleteMany(keys: string[]) {
    for (const key of keys) await this.delete(key);
  }

  async *list(prefix: string): AsyncIterable<string> {
    const root = path.join('/', this.s.root || '/');
    const dir = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const walk = async (rel: string): Promise<string[]> => {
      const entries = await this.use((c) => c.list(path.join(root, rel))).catch((err) => { if (notFound(err)) return []; throw err; });
      const out: string[] = [];
      for (const e of entries) {
        const k = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory) out.push(...await walk(k));
        else if (k.startsWith(prefix) && !k.endsWith('.partial')) out.push(k);
      }
      return out;
    };
    yield* await walk(dir);
  }

  close() { this.shared?.close(); }
}

/** The uploading page's check: log in and list the root folder. */
export async function checkFtp(s: FtpSettings): Promise<string | null> {
  const client = new Client(10_000);
  try {
    await client.access({ host: s.host, port: s.port || 21, user: s.username, password: s.password, secure: s.ssl });
    await client.list(path.join('/', s.root || '/'));
    return null;
  } catch (err) {
    return `Could not connect to the FTP server ${s.host}:${s.port || 21}: ${reason(err)}`;
  } finally {
    client.close();
  }
}
