/**
 * A run's own copy of a cached bench database (storage/bench/, see harness.ts cachedDataFile): the cached file is
 * first brought up to the current schema in place, so a migration added after it was generated (an index, say)
 * is built once, not again on every run's copy (and the run's first, cold requests are not measured on a freshly
 * built index). The copy keeps the measured app's writes out of the cached file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../../server/src/db/index.ts';
import { migrate } from '../../server/src/db/migrate.ts';

export interface WorkingCopy { dir: string; db: string; remove(): void }

export async function workingCopy(cachedFile: string, name: string): Promise<WorkingCopy> {
  const handle = createDb({ kind: 'sqlite', file: cachedFile });
  try {
    await migrate(handle);
    // Fold the WAL back so the copy below is the whole database in one file.
    handle.sqlite!.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    await handle.destroy();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const db = path.join(dir, 'db.sqlite');
  fs.copyFileSync(cachedFile, db);
  return { dir, db, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
