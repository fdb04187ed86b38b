import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Inclusive byte range, as in an HTTP Range header; `end` defaults to the last byte. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface StorageStat {
  size: number;
  lastModified: Date | null;
}

export interface PutOptions {
  /** Content type to record with the object where the backend keeps one (S3, Dropbox). */
  contentType?: string;
}

/**
 * Where bytes live. Everything goes through this so S3, FTP, Dropbox and the rest can replace the local disk.
 * Stream-first: nothing here needs a whole file in memory, and no caller may assume a path on disk.
 *
 * Rules every driver keeps:
 * - `put` is all-or-nothing: if the body stream errors or the write fails, no object (and no partial object)
 *   is left under `key`, and the promise rejects.
 * - `read` returns a stream at once (it may fetch lazily); a missing key or failed fetch surfaces as a stream
 *   'error'. Callers that must answer 404 before streaming call `stat` first.
 * - `stat` answers null for a missing key; `delete`/`deleteMany` ignore missing keys.
 * - Keys are '/'-separated relative paths; drivers reject keys that would escape their root.
 */
export interface Storage {
  put(key: string, body: Readable | Buffer, options?: PutOptions): Promise<void>;
  read(key: string, range?: ByteRange): Readable;
  stat(key: string): Promise<StorageStat | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  deleteMany(keys: string[]): Promise<void>;
  /** Every key under a prefix (used to sweep abandoned upload chunks). */
  list(prefix: string): AsyncIterable<string>;
}

/** Refuses keys that climb out of the root or are absolute (the remote drivers' key check). */
export function cleanKey(key: string): string {
  const parts = key.split('/').filter((p) => p !== '' && p !== '.');
  if (!parts.length || parts.includes('..') || key.startsWith('/')) throw new Error('Invalid storage key');
  return parts.join('/');
}

/** Reads a small byte range whole (e.g. the first bytes of a file for type sniffing). */
export async function readBytes(storage: Storage, key: string, range: ByteRange): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of storage.read(key, range)) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/**
 * Creates `file` and its folder. `delete` removes a folder once it is empty, so another request may remove the folder
 * between our mkdir and open: open again (the file is created before any byte of the body is read, so a retry loses
 * nothing; once it exists the folder is no longer empty and stays).
 */
async function openInFolder(file: string): Promise<fsp.FileHandle> {
  for (let attempt = 0; ; attempt++) {
    try {
      await fsp.mkdir(path.dirname(file), { recursive: true });
      return await fsp.open(file, 'wx');
    } catch (err) {
      // A folder removed while mkdir walks down the path reads ENOENT, or ENOTDIR when mkdir found it and then lost it.
      const code = (err as NodeJS.ErrnoException).code;
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || attempt >= 20) throw err;
    }
  }
}

/**
 * The folder under the local root where `LocalStorage.put` writes a file before renaming it into place: on the same
 * filesystem as the files (so the rename is atomic), outside every key (`list`, backups and key checks skip it).
 */
export const PARTIAL_FOLDER = '.partial-writes';
/** A partial file this old is an upload a killed server never finished (a younger one may still be being written). */
export const PARTIAL_MAX_AGE_MS = 24 * 3600_000;

/**
 * Moves a finished partial file to `file`, creating its folder. As in `openInFolder`, a delete may remove the folder
 * between mkdir and rename: try again. A target folder on another filesystem (a mount under the root) gets a copy
 * beside the target first, so the last step is still an atomic rename.
 */
async function renameInFolder(tmp: string, file: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.rename(tmp, file);
      return;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EXDEV') {
        const beside = `${file}.${crypto.randomBytes(6).toString('hex')}.partial`;
        try {
          await fsp.copyFile(tmp, beside);
          await fsp.rename(beside, file);
        } catch (copyErr) {
          await fsp.rm(beside, { force: true });
          throw copyErr;
        }
        await fsp.rm(tmp, { force: true });
        return;
      }
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || attempt >= 20) throw err;
    }
  }
}

/**
 * Removes the partial files older than `maxAgeMs` under a local storage root: uploads a server killed mid-write
 * (kill -9, out of memory, a power cut) never finished. At start and once a day (files/uploads.ts). Answers how many.
 */
export async function sweepPartialUploads(root: string, maxAgeMs = PARTIAL_MAX_AGE_MS, now = Date.now()): Promise<number> {
  const dir = path.join(root, PARTIAL_FOLDER);
  const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const e of entries) {
    if (!e.isFile()) continue;
    const file = path.join(dir, e.name);
    const s = await fsp.stat(file).catch(() => null);
    if (!s || now - s.mtimeMs <= maxAgeMs) continue;
    await fsp.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

export class LocalStorage implements Storage {
  constructor(private root: string) {}

  /** The file's absolute path, for a web server in front that sends it itself (static file delivery). */
  fullPath(key: string): string {
    return this.resolve(key);
  }

  private resolve(key: string): string {
    // No `..` even when it would land inside the root: the root holds the database and private uploads too.
    const clean = cleanKey(key);
    // The partials folder holds no stored file: no key reaches into it.
    if (clean.split('/')[0] === PARTIAL_FOLDER) throw new Error('Invalid storage key');
    const full = path.resolve(this.root, clean);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('Invalid storage key');
    return full;
  }

  async put(key: string, body: Readable | Buffer): Promise<void> {
    const file = this.resolve(key);
    // Written in the partials folder, then renamed into place: readers never see a half-written file, a failed write
    // leaves nothing under the key, and what a killed server left is in one folder that `sweepPartialUploads` empties.
    const tmp = path.join(this.root, PARTIAL_FOLDER, `${crypto.randomBytes(8).toString('hex')}.partial`);
    const handle = await openInFolder(tmp);
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, handle.createWriteStream());
      await renameInFolder(tmp, file);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  read(key: string, range?: ByteRange): Readable {
    return fs.createReadStream(this.resolve(key), range ? { start: range.start, end: range.end } : undefined);
  }

  async stat(key: string): Promise<StorageStat | null> {
    const s = await fsp.stat(this.resolve(key)).catch(() => null);
    return s?.isFile() ? { size: s.size, lastModified: s.mtime } : null;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await this.deleteMany([key]);
  }

  async deleteMany(keys: string[]): Promise<void> {
    const files = keys.map((k) => this.resolve(k));
    await Promise.all(files.map((f) => fsp.rm(f, { force: true })));
    await this.prune(files.map((f) => path.dirname(f)));
  }

  /**
   * Drops the folders the deleted files leave empty, and their parents once those are empty too (chunk folders, a
   * video's `hls/<job>/v0` ladder up to `videos/<id>`), so nothing is left behind; a non-empty one stays. Deepest
   * first, one at a time, after every file is gone: done per file, concurrently, a parent was tried before its last
   * child folder went and stayed.
   */
  private async prune(dirs: string[]): Promise<void> {
    const root = path.resolve(this.root);
    const all = new Set<string>();
    // The top folders (public, private) stay: only what files were stored under goes.
    const prunable = (d: string) => d.startsWith(root + path.sep) && path.relative(root, d).includes(path.sep);
    for (let d of dirs) {
      while (prunable(d) && !all.has(d)) {
        all.add(d);
        d = path.dirname(d);
      }
    }
    for (const d of [...all].sort((a, b) => b.length - a.length)) await fsp.rmdir(d).catch(() => undefined);
  }

  async *list(prefix: string): AsyncIterable<string> {
    const root = path.resolve(this.root);
    const trimmed = prefix.replace(/\/+$/, '');
    const base = trimmed ? this.resolve(trimmed) : root;
    const walk = async function* (dir: string): AsyncIterable<string> {
      const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        const full = path.join(dir, e.name);
        if (dir === root && e.name === PARTIAL_FOLDER) continue;
        if (e.isDirectory()) yield* walk(full);
        else if (e.isFile()) yield full;
      }
    };
    for await (const full of walk(base)) yield path.relative(root, full).split(path.sep).join('/');
  }
}
