import type { Readable } from 'node:stream';

/*
 * The stream-first storage shape the "files" branch puts in storage.ts (same names, same rules);
 * the remote drivers in this folder implement it. At merge these declarations give way to storage.ts.
 */

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
  contentType?: string;
}

/**
 * - `put` is all-or-nothing: a failed body or write leaves no (partial) object and rejects.
 * - `read` returns a stream at once; a missing key or failed fetch surfaces as a stream 'error'.
 * - `stat` answers null for a missing key; `delete`/`deleteMany` ignore missing keys.
 * - Keys are '/'-separated relative paths; drivers reject keys that would escape their root.
 */
export interface StreamStorage {
  put(key: string, body: Readable | Buffer, options?: PutOptions): Promise<void>;
  read(key: string, range?: ByteRange): Readable;
  stat(key: string): Promise<StorageStat | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  deleteMany(keys: string[]): Promise<void>;
  list(prefix: string): AsyncIterable<string>;
}

/** Refuses keys that climb out of the root or are absolute. */
export function cleanKey(key: string): string {
  const parts = key.split('/').filter((p) => p !== '' && p !== '.');
  if (!parts.length || parts.includes('..') || key.startsWith('/')) throw new Error('Invalid storage key');
  return parts.join('/');
}
