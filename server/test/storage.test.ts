import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { LocalStorage, sweepPartialUploads } from '../src/drivers/storage/storage.ts';
import { storageContract } from './storage-contract.ts';

const roots: string[] = [];
afterAll(() => { for (const r of roots) fs.rmSync(r, { recursive: true, force: true }); });

storageContract('local', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
  roots.push(root);
  return new LocalStorage(root);
});

describe('local disk under concurrent writes and deletes', () => {
  it('never fails a write because a delete removed the emptied folder meanwhile', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
    roots.push(root);
    const disk = new LocalStorage(root);
    // Each writer stores then removes its own file, so the folder keeps turning empty (and being removed) while others write.
    const writer = async (n: number) => {
      for (let i = 0; i < 60; i++) {
        const key = `public/race/${n}-${i}.bin`;
        await disk.put(key, Buffer.from('x'));
        await disk.delete(key);
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, n) => writer(n)));
    expect(fs.existsSync(path.join(root, 'public', 'race'))).toBe(false);
  });
});

describe('local disk: uploads a killed server never finished', () => {
  const tree = (dir: string): string[] => fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/')).sort();

  it('writes in one partials folder that no listing shows, and the sweep removes what is older than a day', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
    roots.push(root);
    const disk = new LocalStorage(root);
    await disk.put('public/videos/done.mp4', Buffer.from('whole'));
    // A write still under way when the server is killed: its bytes are on disk, the rename never comes.
    const body = new PassThrough();
    const writing = disk.put('public/videos/cut.mp4', body).catch(() => undefined);
    body.write('half an upload');
    await new Promise((r) => setTimeout(r, 50));

    const files = tree(root);
    const partials = files.filter((f) => f.endsWith('.partial'));
    expect(partials).toHaveLength(1);
    expect(partials[0]).toMatch(/^\.partial-writes\/[0-9a-f]+\.partial$/);
    expect(files.filter((f) => f.startsWith('public/'))).toEqual(['public/videos/done.mp4']);
    const listed: string[] = [];
    for await (const k of disk.list('')) listed.push(k);
    expect(listed).toEqual(['public/videos/done.mp4']);
    await expect(disk.stat(partials[0]!)).rejects.toThrow('Invalid storage key');

    // Younger than a day: it may still be being written.
    expect(await sweepPartialUploads(root)).toBe(0);
    expect(await sweepPartialUploads(root, undefined, Date.now() + 25 * 3600_000)).toBe(1);
    expect(tree(root)).toEqual(['public/videos/done.mp4']);
    body.destroy(new Error('killed'));
    await writing;
  });

  it('stores into a folder a concurrent delete just removed', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
    roots.push(root);
    const disk = new LocalStorage(root);
    const body = new PassThrough();
    const writing = disk.put('private/a/b/file.bin', body);
    await disk.put('private/a/b/other.bin', Buffer.from('x'));
    await disk.delete('private/a/b/other.bin');
    expect(fs.existsSync(path.join(root, 'private', 'a'))).toBe(false);
    body.end('bytes');
    await writing;
    expect(fs.readFileSync(path.join(root, 'private', 'a', 'b', 'file.bin'), 'utf8')).toBe('bytes');
  });
});
