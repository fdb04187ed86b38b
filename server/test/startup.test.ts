import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Starting the real entry point (server/src/main.ts) with a wrong environment: the process ends with code 1 and one
 * line naming what to change. Before, a port in use left a process that never listened and never exited (the start's
 * error reached the process guard, which keeps a process alive), and every other mistake printed a stack trace.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'startup-test-'));
const main = new URL('../src/main.ts', import.meta.url).pathname;
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function start(env: Record<string, string>, waitMs = 45_000): Promise<{ code: number | null; stdout: string; stderr: string; killed: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: {
        PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', SEED_DEMO: '0', LOG_LEVEL: 'warn',
        STORAGE_PATH: path.join(dir, 'storage'), DATABASE_URL: path.join(dir, 'db.sqlite'), ADMIN_PASSWORD: 'admin12345', ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    let killed = false;
    const timer = setTimeout(() => { killed = true; child.kill('SIGKILL'); }, waitMs);
    child.on('exit', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr, killed }); });
  });
}

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

describe('a start that cannot succeed', () => {
  it('exits with one line when the port is taken, instead of staying up without listening', { timeout: 60_000 }, async () => {
    const taken = net.createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const res = await start({ PORT: String(port) });
      expect(res.killed, res.stdout + res.stderr).toBe(false);
      expect(res.code).toBe(1);
      expect(lines(res.stderr)).toEqual([`StreamSite could not start: Port ${port} is already in use on 127.0.0.1 (another server is running there): stop it, or set PORT to a free port.`]);
    } finally {
      taken.close();
    }
  });

  it('names the environment variable that is wrong', { timeout: 60_000 }, async () => {
    const short = await start({ ADMIN_PASSWORD: 'abc' });
    expect(short.code).toBe(1);
    expect(lines(short.stderr)).toEqual(['StreamSite could not start: Invalid environment variable ADMIN_PASSWORD: Must be at least 8 characters.']);

    const url = await start({ APP_URL: 'videos.example.com' });
    expect(url.code).toBe(1);
    expect(lines(url.stderr)).toEqual(['StreamSite could not start: Invalid environment variable APP_URL: Must be the address visitors open, starting with http:// or https:// (https://videos.example.com).']);
  });

  it('says which folder cannot be written', { timeout: 60_000 }, async () => {
    const file = path.join(dir, 'a-file');
    fs.writeFileSync(file, '');
    const storage = await start({ STORAGE_PATH: path.join(file, 'storage') });
    expect(storage.code).toBe(1);
    expect(lines(storage.stderr)).toEqual([`StreamSite could not start: The storage folder ${path.join(file, 'storage')} is not writable by this user (ENOTDIR): create it, fix its owner, or set STORAGE_PATH.`]);

    const database = await start({ DATABASE_URL: path.join(file, 'db', 'app.sqlite') });
    expect(database.code).toBe(1);
    expect(lines(database.stderr)).toEqual([`StreamSite could not start: Cannot open the SQLite database ${path.join(file, 'db', 'app.sqlite')}: its folder must exist and be writable by this user (DATABASE_URL, STORAGE_PATH).`]);
  });

  it('says the PostgreSQL server does not answer, without printing its password', { timeout: 60_000 }, async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const res = await start({ DATABASE_URL: `postgres://app:s3cret@127.0.0.1:${port}/streamsite` });
    expect(res.code).toBe(1);
    expect(lines(res.stderr)).toEqual([`StreamSite could not start: Cannot use the PostgreSQL database postgres://app:***@127.0.0.1:${port}/streamsite: connect ECONNREFUSED 127.0.0.1:${port} (DATABASE_URL).`]);
  });
});
