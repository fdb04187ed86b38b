import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../src/drivers/storage/storage.ts';
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
