import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Storage } from '../src/drivers/storage/storage.ts';

const text = async (r: Readable) => {
  const parts: Buffer[] = [];
  for await (const c of r) parts.push(c as Buffer);
  return Buffer.concat(parts).toString();
};

/**
 * What every storage driver must do (see the Storage interface). A driver's test calls this with a factory
 * that gives an empty store: `storageContract('s3', () => new S3Storage(...against a local server...))`.
 */
export function storageContract(name: string, make: () => Storage | Promise<Storage>): void {
  describe(`storage contract: ${name}`, () => {
    it('puts from a stream or a buffer and reads back whole or by inclusive range', async () => {
      const s = await make();
      await s.put('a/b/stream.txt', Readable.from([Buffer.from('0123'), Buffer.from('456789')]));
      await s.put('a/buffer.txt', Buffer.from('hello'));
      expect(await text(s.read('a/b/stream.txt'))).toBe('0123456789');
      expect(await text(s.read('a/b/stream.txt', { start: 2, end: 5 }))).toBe('2345');
      expect(await text(s.read('a/b/stream.txt', { start: 7 }))).toBe('789');
      expect(await text(s.read('a/buffer.txt'))).toBe('hello');
    });

    it('stats and checks existence; a missing key is null / false, and reading it errors on the stream', async () => {
      const s = await make();
      await s.put('x.bin', Buffer.alloc(1234, 1));
      expect((await s.stat('x.bin'))?.size).toBe(1234);
      expect(await s.exists('x.bin')).toBe(true);
      expect(await s.stat('missing.bin')).toBeNull();
      expect(await s.exists('missing.bin')).toBe(false);
      await expect(text(s.read('missing.bin'))).rejects.toBeTruthy();
    });

    it('leaves nothing behind when the body stream fails', async () => {
      const s = await make();
      const failing = new Readable({
        read() {
          this.push(Buffer.from('partial'));
          this.destroy(new Error('client went away'));
        },
      });
      await expect(s.put('broken/file.bin', failing)).rejects.toThrow();
      expect(await s.exists('broken/file.bin')).toBe(false);
      const left: string[] = [];
      for await (const k of s.list('broken/')) left.push(k);
      expect(left).toEqual([]);
    });

    it('lists keys under a prefix, deletes one or many, ignores missing keys', async () => {
      const s = await make();
      for (const k of ['p/1', 'p/2', 'p/q/3', 'other/4']) await s.put(k, Buffer.from(k));
      const listed: string[] = [];
      for await (const k of s.list('p/')) listed.push(k);
      expect(listed.sort()).toEqual(['p/1', 'p/2', 'p/q/3']);
      await s.delete('p/1');
      await s.delete('p/never-there');
      await s.deleteMany(['p/2', 'p/q/3', 'p/nope']);
      const after: string[] = [];
      for await (const k of s.list('p/')) after.push(k);
      expect(after).toEqual([]);
      expect(await s.exists('other/4')).toBe(true);
    });

    it('refuses keys that escape its root', async () => {
      const s = await make();
      await expect(s.put('../outside.txt', Buffer.from('x'))).rejects.toThrow();
    });
  });
}
