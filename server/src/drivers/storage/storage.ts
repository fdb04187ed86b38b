import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** Where bytes live. Everything goes through this so S3, FTP and the rest can replace the local disk. */
export interface Storage {
  put(key: string, body: Readable | Buffer): Promise<void>;
  read(key: string): Readable;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

export class LocalStorage implements Storage {
  constructor(private root: string) {}

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('Invalid storage key');
    return full;
  }

  async put(key: string, body: Readable | Buffer): Promise<void> {
    const file = this.resolve(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    if (Buffer.isBuffer(body)) await fsp.writeFile(file, body);
    else await pipeline(body, fs.createWriteStream(file));
  }

  read(key: string): Readable {
    return fs.createReadStream(this.resolve(key));
  }

  async exists(key: string): Promise<boolean> {
    return fsp.access(this.resolve(key)).then(() => true, () => false);
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.resolve(key), { force: true });
  }
}
