import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '@app/contracts';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { nowIso } from '../src/db/index.ts';
import { seedDefaultRoles } from '../src/db/seed/roles.ts';
import { hashPassword } from '../src/lib/crypto.ts';
import { syncGrants } from '../src/modules/roles/permissions.ts';

export const ADMIN = { email: 'admin@test.local', password: 'admin-password' };
export const PASSWORD = 'user-password';
let passwordHash: Promise<string> | null = null;

/** An empty database of its own: a SQLite file in `storage`, or a new PostgreSQL database when TEST_DATABASE_URL is set. */
export async function freshDatabase(storage: string): Promise<{ databaseUrl: string; dropDb: (() => Promise<void>) | null }> {
  let databaseUrl = path.join(storage, 'db.sqlite');
  let dropDb: (() => Promise<void>) | null = null;
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const name = `test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  return { databaseUrl, dropDb };
}

/**
 * A fresh app over a fresh database for one test file: a SQLite file in a temp folder, or a new
 * PostgreSQL database when TEST_DATABASE_URL points at a server (the same tests run on both).
 */
export async function createTestApp(env: Record<string, string> = {}, overrides: Partial<Config> = {}): Promise<App & { roles: Record<'admin' | 'users' | 'guests', number>; storage: string }> {
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  const { databaseUrl, dropDb } = await freshDatabase(storage);
  const config = loadConfig({ DATABASE_URL: databaseUrl, STORAGE_PATH: storage, LOG_LEVEL: 'silent', NODE_ENV: 'test', APP_URL: 'http://localhost:8000', TRUST_PROXY: 'true', ALLOW_PRIVATE_NETWORKS: '1', ...env }, overrides);
  const built = await buildApp(config);
  const roles = await seedDefaultRoles(built.ctx.db);
  const t = { ...built, roles, storage };
  await createUser(t, { email: ADMIN.email, password: ADMIN.password, roles: [roles.admin] });
  const close = built.close;
  t.close = async () => {
    await close();
    if (dropDb) await dropDb();
    fs.rmSync(storage, { recursive: true, force: true });
  };
  afterAll(() => t.close());
  return t;
}

/** Inserts a user directly (fast; one shared hash), with roles and direct permissions. */
export async function createUser(
  t: Pick<App, 'ctx'>,
  opts: { email?: string; password?: string; roles?: number[]; permissions?: string[]; first_name?: string; last_name?: string; verified?: boolean } = {},
): Promise<{ id: number; email: string; password: string }> {
  const email = opts.email ?? `user-${crypto.randomBytes(5).toString('hex')}@test.local`;
  const password = opts.password ?? PASSWORD;
  const hash = opts.password ? await hashPassword(password) : await (passwordHash ??= hashPassword(PASSWORD));
  const now = nowIso();
  const { id } = await t.ctx.db.insertInto('users').values({
    email, password: hash, first_name: opts.first_name ?? null, last_name: opts.last_name ?? null, avatar: null, available_space: null,
    email_verified_at: opts.verified === false ? null : now, banned_at: null, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  if (opts.roles?.length) await t.ctx.db.insertInto('user_role').values(opts.roles.map((role_id) => ({ user_id: id, role_id, created_at: now }))).execute();
  if (opts.permissions?.length) await syncGrants(t.ctx.db, 'user', id, opts.permissions.map((name) => ({ name })));
  return { id, email, password };
}

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
}

/** A browser-like client: keeps cookies, sends the CSRF header on writes. */
export class Client {
  cookies = new Map<string, string>();
  bearer?: string;

  constructor(private t: Pick<App, 'app'>) {}

  async request<T = any>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Res<T>> {
    if (method !== 'GET' && !this.cookies.has(CSRF_COOKIE) && !this.bearer) await this.request('GET', '/api/v1/auth/me');
    const h: Record<string, string> = { ...headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.cookies.has(CSRF_COOKIE)) h[CSRF_HEADER] = this.cookies.get(CSRF_COOKIE)!;
    if (this.bearer) h.authorization = `Bearer ${this.bearer}`;
    const payload = body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
    if (payload !== undefined && !h['content-type']) h['content-type'] = 'application/json';
    const res = await this.t.app.inject({ method: method as any, url, headers: h, payload });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    let parsed: any;
    try { parsed = res.json(); } catch { parsed = undefined; }
    return { status: res.statusCode, body: parsed, headers: res.headers, text: res.body };
  }

  get<T = any>(url: string) { return this.request<T>('GET', url); }
  post<T = any>(url: string, body?: unknown) { return this.request<T>('POST', url, body ?? {}); }
  put<T = any>(url: string, body?: unknown) { return this.request<T>('PUT', url, body ?? {}); }
  delete<T = any>(url: string) { return this.request<T>('DELETE', url); }

  async login(email: string, password: string): Promise<this> {
    const res = await this.post('/api/v1/auth/login', { email, password });
    if (res.status !== 200) throw new Error(`login failed for ${email}: ${res.status} ${res.text}`);
    return this;
  }
}

export const guest = (t: Pick<App, 'app'>) => new Client(t);
export const asAdmin = (t: Pick<App, 'app'>) => new Client(t).login(ADMIN.email, ADMIN.password);
export async function asUser(t: App & { roles: Record<string, number> }, opts: Parameters<typeof createUser>[1] = {}) {
  const u = await createUser(t, { roles: [t.roles.users], ...opts });
  return Object.assign(await new Client(t).login(u.email, u.password), { user: u });
}

/** Builds a list query string with JSON filters. */
export function listUrl(base: string, params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    q.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return `${base}?${q}`;
}

/** Mails the log driver wrote under a test app's storage folder, oldest first, once the queued ones went out. */
export async function mailsIn(t: { storage: string; ctx: Pick<App['ctx'], 'queue'> }): Promise<{ to: string; subject: string; text: string; head: string }[]> {
  await t.ctx.queue.drain();
  const file = path.join(t.storage, 'logs', 'mail.log');
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, 'utf8').split(/^--- .*$/m).filter((s) => s.trim()).map((entry) => {
    const [head, ...body] = entry.replace(/^\n/, '').split('\n\n');
    return { to: /^To: (.*)$/m.exec(head)?.[1] ?? '', subject: /^Subject: (.*)$/m.exec(head)?.[1] ?? '', text: body.join('\n\n'), head };
  });
}

/** A member's data file as they get it: asked for (`POST account/export`), built by the job runner, then downloaded. */
export async function accountExportOf(t: { ctx: Pick<App['ctx'], 'queue'> }, c: Client) {
  const asked = await c.post('/api/v1/account/export');
  if (asked.status !== 200) throw new Error(`account/export: ${asked.status} ${asked.text}`);
  await t.ctx.queue.drain();
  const status = (await c.get('/api/v1/account/export')).body.export;
  if (status?.status !== 'ready') throw new Error(`account/export not ready: ${JSON.stringify(status)}`);
  return c.get(status.download_path);
}
