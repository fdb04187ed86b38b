import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { backupTo } from '../src/db/backup.ts';
import { createTestApp, createUser } from './helper.ts';

/**
 * `npm run backup`: a copy of the database and the uploads taken while the server runs and writes, that opens and holds
 * what the site held, without the database's own files or the caches the site rebuilds.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const t = await createTestApp();
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
afterAll(async () => {
  await t.close();
  fs.rmSync(out, { recursive: true, force: true });
});

describe.skipIf(postgres)('backup of a running SQLite site', () => {
  it('copies the database with the rows still in its WAL file, and the storage folder without the database or caches', async () => {
    const user = await createUser(t, { email: 'kept@example.com' });
    const cfg = t.ctx.config;
    const db = cfg.database;
    if (db.kind !== 'sqlite') throw new Error('sqlite only');
    // The server's connection stays open in WAL mode: the new row lives in the -wal file, not yet in database.sqlite.
    expect(fs.statSync(`${db.file}-wal`).size).toBeGreaterThan(0);
    fs.mkdirSync(path.join(cfg.storagePath, 'uploads', 'videos'), { recursive: true });
    fs.writeFileSync(path.join(cfg.storagePath, 'uploads', 'videos', 'clip.mp4'), 'video bytes');
    fs.writeFileSync(path.join(cfg.storagePath, 'uploads', 'videos', 'cut.mp4.a1b2c3.partial'), 'half an upload');
    fs.mkdirSync(path.join(cfg.storagePath, '.partial-writes'), { recursive: true });
    fs.writeFileSync(path.join(cfg.storagePath, '.partial-writes', '0a1b2c3d4e5f.partial'), 'half an upload');
    fs.mkdirSync(path.join(cfg.storagePath, 'cache', 'ab'), { recursive: true });
    fs.writeFileSync(path.join(cfg.storagePath, 'cache', 'ab', 'entry'), 'cached');

    const result = await backupTo(cfg, out, { now: new Date('2026-12-02T10:00:00Z') });

    expect(result.folder).toBe(path.join(out, 'streamsite-backup-2026-12-02T10-00-00-000Z'));
    const copy = new SQLite(result.database, { readonly: true });
    try {
      expect(copy.prepare('select email from users where id = ?').get(user.id)).toEqual({ email: 'kept@example.com' });
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    } finally {
      copy.close();
    }
    expect(fs.readdirSync(result.folder).sort()).toEqual(['database.sqlite', 'storage']);
    const stored = path.join(result.folder, 'storage');
    expect(fs.readdirSync(path.join(stored, 'uploads', 'videos'))).toEqual(['clip.mp4']);
    expect(fs.readFileSync(path.join(stored, 'uploads', 'videos', 'clip.mp4'), 'utf8')).toBe('video bytes');
    expect(fs.existsSync(path.join(stored, 'cache'))).toBe(false);
    expect(fs.existsSync(path.join(stored, '.partial-writes'))).toBe(false);
    expect(fs.readdirSync(stored).filter((f) => f.startsWith(path.basename(db.file)))).toEqual([]);
    expect(result.files).toBe(1);

    // The site keeps working and writing after the backup.
    await createUser(t, { email: 'after@example.com' });
    expect(await t.ctx.db.selectFrom('users').select('email').where('email', '=', 'after@example.com').executeTakeFirst()).toBeTruthy();
  });

  it('leaves no half-written backup folder when it fails', async () => {
    const missing = { database: { kind: 'sqlite' as const, file: path.join(out, 'no-such.sqlite') }, storagePath: t.ctx.config.storagePath };
    const into = path.join(out, 'failed');
    await expect(backupTo(missing, into)).rejects.toThrow(`There is no SQLite database at ${path.join(out, 'no-such.sqlite')}`);
    expect(fs.readdirSync(into)).toEqual([]);
  });

  it('refuses a backup folder inside the storage folder, which would copy itself', async () => {
    await expect(backupTo(t.ctx.config, path.join(t.ctx.config.storagePath, 'backups'))).rejects.toThrow(/Write the backup outside the storage folder/);
  });
});
