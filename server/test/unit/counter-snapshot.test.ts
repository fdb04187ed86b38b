import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { CounterSnapshot } from '../../src/db/counter-snapshot.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'counter-snapshot-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function open(file: string) {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  return db;
}

describe('counter snapshot', () => {
  const file = path.join(dir, 'db.sqlite');
  const own = open(file);
  own.exec("CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL); INSERT INTO counters VALUES ('version:auth', 1)");
  const other = open(file);
  const snapshot = new CounterSnapshot(own);
  const bump = (db: SQLite.Database) => db.prepare("UPDATE counters SET value = value + 1 WHERE name = 'version:auth'").run();

  it('answers the committed value, and 0 for a counter not yet written', () => {
    expect(snapshot.read('version:auth')).toBe(1);
    expect(snapshot.read('version:none')).toBe(0);
  });

  it('sees a commit by another connection on the next read', () => {
    bump(other);
    expect(snapshot.read('version:auth')).toBe(2);
  });

  it('sees a write through its own connection once told of it', () => {
    bump(own);
    // Without `wrote()` the snapshot would still answer 2: the connection's own commits do not change data_version.
    expect(snapshot.read('version:auth')).toBe(2);
    snapshot.wrote();
    expect(snapshot.read('version:auth')).toBe(3);
  });

  it('refuses to answer inside an open transaction, and reads again after a rollback', () => {
    own.exec('BEGIN');
    bump(own);
    snapshot.wrote();
    expect(snapshot.read('version:auth')).toBeUndefined();
    own.exec('ROLLBACK');
    snapshot.wrote();
    expect(snapshot.read('version:auth')).toBe(3);
  });
});
