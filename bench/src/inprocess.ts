/**
 * The real app in-process on a fresh SQLite file, for benches that time single calls (Fastify inject, no socket):
 * bare title rows written straight to the table, a signed-in caller with an API token, and a `call` that also
 * records each call's CPU time — on a busy machine (many processes on few cores) wall time mostly measures waiting.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { seedDefaultRoles } from '../../server/src/db/seed/roles.ts';
import { sha256 } from '../../server/src/lib/crypto.ts';
import type { AppContext } from '../../server/src/context.ts';
import { median } from './catalogue.ts';

export type Report = (figure: string, value: string, target: string, pass: boolean | null) => void;
type Method = 'GET' | 'POST' | 'PUT';
export interface BenchApp {
  ctx: AppContext;
  raw: SQLite.Database;
  now: string;
  insertTitles(count: number): void;
  signIn(email: string, role: 'admin' | 'users' | 'guests'): { userId: number; token: string };
  call(token: string | null, method: Method, url: string, body?: unknown): Promise<{ took: number; body: any }>;
  cpuNote(): string;
  timeCalls(n: number, run: (i: number) => Promise<{ took: number }>): Promise<number>;
  /** A raw request whatever its status (webhooks, refusals). */
  inject: Awaited<ReturnType<typeof buildApp>>['app']['inject'];
  close(): Promise<void>;
}

export async function openBenchApp(name: string, env: Record<string, string> = {}): Promise<BenchApp> {
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const app = await buildApp(loadConfig({ DATABASE_URL: path.join(storage, 'db.sqlite'), STORAGE_PATH: storage, LOG_LEVEL: 'silent', NODE_ENV: 'production', APP_URL: 'http://127.0.0.1',
    // The benches call far faster than a script should: the per-token limit still counts each call, it never refuses one.
    API_TOKEN_REQUESTS_PER_MINUTE: String(1e9), ...env }));
  const raw: SQLite.Database = app.ctx.handle.sqlite!;
  const roles = await seedDefaultRoles(app.ctx.db);
  const now = new Date().toISOString();

  /** `count` titles (every fourth a series), with the columns the browse orders and channel rows read. */
  const insertTitles = (count: number) => {
    const insert = raw.prepare('INSERT INTO titles (name, is_series, poster, backdrop, year, release_date, rating, popularity, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    const today = Date.now();
    raw.transaction(() => {
      for (let i = 1; i <= count; i++) {
        // Release dates from 70 years ago to a year ahead, so upcoming and now playing rows have titles.
        const released = new Date(today - (i % 26_000) * 86_400_000 + 365 * 86_400_000).toISOString().slice(0, 10);
        insert.run(`Title ${i}`, i % 4 === 0 ? 1 : 0, `/storage/posters/${i}.jpg`, `/storage/backdrops/${i}.jpg`, Number(released.slice(0, 4)), released,
          (i % 100) / 10, (i * 7919) % 100_000, `Overview of title ${i}.`, now, now);
      }
    })();
  };

  /** A user holding `role`, answering an API token for them. */
  const signIn = (email: string, role: 'admin' | 'users' | 'guests') => {
    const userId = Number(raw.prepare('INSERT INTO users (email, password, created_at, updated_at) VALUES (?, ?, ?, ?)').run(email, 'x', now, now).lastInsertRowid);
    raw.prepare('INSERT INTO user_role (user_id, role_id, created_at) VALUES (?, ?, ?)').run(userId, roles[role], now);
    const token = crypto.randomBytes(24).toString('hex');
    raw.prepare('INSERT INTO access_tokens (user_id, name, token_hash, created_at) VALUES (?, ?, ?, ?)').run(userId, 'bench', sha256(token), now);
    return { userId, token };
  };

  let cpu: number[] = [];
  /** The median CPU time of the calls since the last note (the first 20, warming up, left out). */
  const cpuNote = () => { const m = median(cpu.slice(20)); cpu = []; return `cpu ${m.toFixed(2)} ms`; };
  const call = async (token: string | null, method: Method, url: string, body?: unknown) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const res = await app.app.inject({ method, url, headers, payload: body === undefined ? undefined : JSON.stringify(body) });
    const took = performance.now() - t0;
    const c = process.cpuUsage(c0);
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    cpu.push((c.user + c.system) / 1000);
    return { took, body: JSON.parse(res.body) as any };
  };

  /** Times `n` calls (the first 20 warm up and are left out) and answers the median in ms. */
  const timeCalls = async (n: number, run: (i: number) => Promise<{ took: number }>) => {
    const samples: number[] = [];
    cpu = [];
    for (let i = 0; i < n; i++) { const { took } = await run(i); if (i >= 20) samples.push(took); }
    return median(samples);
  };

  const close = async () => {
    await app.close();
    fs.rmSync(storage, { recursive: true, force: true });
  };
  return { ctx: app.ctx, raw, now, insertTitles, signIn, call, cpuNote, timeCalls, inject: app.app.inject.bind(app.app), close };
}
