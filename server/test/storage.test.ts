import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { LocalStorage } from '../src/drivers/storage/storage.ts';
import { storageContract } from './storage-contract.ts';

const roots: string[] = [];
afterAll(() => { for (const r of roots) fs.rmSync(r, { recursive: true, force: true }); });

storageContract('local', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
  roots.push(root);
  return new LocalStorage(root);
});
