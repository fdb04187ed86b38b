import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.ts';
import { PARTIAL_FOLDER } from '../drivers/storage/storage.ts';
import { OperatorError, safeDatabaseUrl } from '../lib/startup-failure.ts';

/**
 * One backup of a running site (`npm run backup -- <folder>`): the database and the storage folder, into a new folder
 * named by the time. Safe while the server serves: SQLite's online backup copies a consistent snapshot, including what
 * is still in the WAL file (copying `database.sqlite` alone misses it, and a copy taken mid-write can be corrupt);
 * PostgreSQL is dumped by `pg_dump`. The storage folder's files (uploads, videos, branding, logs) are copied without the
 * database's own files and without what the site rebuilds by itself (the file cache, the health check's probes).
 */
export interface BackupResult { folder: string; database: string; files: number }

/** Folders under STORAGE_PATH the site recreates on its own (and the local disk's unfinished writes). */
const TRANSIENT = new Set(['cache', 'health-checks', PARTIAL_FOLDER]);

export async function backupTo(config: Pick<Config, 'database' | 'storagePath'>, into: string, opts: { files?: boolean; now?: Date } = {}): Promise<BackupResult> {
  const stamp = (opts.now ?? new Date()).toISOString().replace(/[:.]/g, '-');
  const folder = path.resolve(into, `streamsite-backup-${stamp}`);
  const root = path.resolve(config.storagePath);
  if (opts.files !== false && (folder + path.sep).startsWith(root + path.sep)) {
    throw new OperatorError(`Write the backup outside the storage folder ${root}: a backup inside it would copy itself.`);
  }
  fs.mkdirSync(folder, { recursive: true });
  try {
    return await writeBackup(config, folder, opts.files !== false);
  } catch (err) {
    // A failed backup leaves no half-written folder that could be taken for a good one.
    fs.rmSync(folder, { recursive: true, force: true });
    throw err;
  }
}

async function writeBackup(config: Pick<Config, 'database' | 'storagePath'>, folder: string, withFiles: boolean): Promise<BackupResult> {
  const root = path.resolve(config.storagePath);

  let database: string;
  const skip = new Set<string>();
  if (config.database.kind === 'sqlite') {
    const source = path.resolve(config.database.file);
    if (!fs.existsSync(source)) throw new OperatorError(`There is no SQLite database at ${source} (DATABASE_URL, STORAGE_PATH).`);
    database = path.join(folder, 'database.sqlite');
    const raw = new SQLite(source, { fileMustExist: true });
    try {
      raw.pragma('busy_timeout = 5000');
      await raw.backup(database);
    } finally {
      raw.close();
    }
    // One self-contained file (no -wal beside it; the server turns WAL back on when it opens a restored copy), which
    // must open and read back whole, or it is no backup.
    const copy = new SQLite(database);
    try {
      copy.pragma('journal_mode = DELETE');
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new OperatorError(`The database copy ${database} failed its check: ${String(check)}`);
    } finally {
      copy.close();
    }
    for (const suffix of ['', '-wal', '-shm', '-journal']) skip.add(source + suffix);
  } else {
    database = path.join(folder, 'database.dump');
    const res = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${database}`, `--dbname=${config.database.url}`], { encoding: 'utf8' });
    if (res.error || res.status !== 0) {
      const why = res.error ? `pg_dump could not run (${(res.error as NodeJS.ErrnoException).code ?? res.error.message}): install PostgreSQL's client tools` : (res.stderr || '').trim().split('\n')[0];
      throw new OperatorError(`Could not dump ${safeDatabaseUrl(config.database.url)}: ${why}.`);
    }
  }

  let files = 0;
  if (withFiles && fs.existsSync(root)) {
    const target = path.join(folder, 'storage');
    fs.cpSync(root, target, {
      recursive: true,
      filter: (src) => {
        const rel = path.relative(root, src);
        if (skip.has(src) || TRANSIENT.has(rel.split(path.sep)[0])) return false;
        // An upload a killed server never finished (older versions wrote `<name>.<random>.partial` beside the target).
        if (src.endsWith('.partial')) return false;
        if (fs.statSync(src).isFile()) files += 1;
        return true;
      },
    });
  }
  return { folder, database, files };
}
