/** What every bench scenario shares: the real server in a child process, and a browser-like login. */
import fs from 'node:fs';
import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Database } from 'better-sqlite3';

const SERVER_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
/** Every server child, so a bench that gives up can kill them all. */
export const children = new Set<ChildProcess>();
// However the bench ends, an uncaught error included, no server it started is left running.
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

export class Server {
  private constructor(readonly child: ChildProcess, readonly base: string) {}

  static async start(database: string, storage: string): Promise<Server> {
    fs.mkdirSync(storage, { recursive: true });
    const child = fork(SERVER_ENTRY, [], {
      // BENCH_SERVER_ARGS: extra node flags for the server alone (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its time goes).
      execArgv: [...process.execArgv, '--expose-gc', ...(process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [])],
      env: { ...process.env, BENCH_SERVER_DB: database, BENCH_SERVER_STORAGE: storage },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.add(child);
    child.on('exit', () => children.delete(child));
    const ready = await new Promise<{ port: number }>((resolve, reject) => {
      child.once('message', (m: any) => (m?.type === 'ready' ? resolve(m) : reject(new Error(`server: ${JSON.stringify(m)}`))));
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    return new Server(child, `http://127.0.0.1:${ready.port}`);
  }

  call<T = any>(msg: unknown): Promise<T> {
    return new Promise((resolve) => {
      this.child.once('message', (m) => resolve(m as T));
      this.child.send(msg as any);
    });
  }

  async stop() {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.send({ type: 'stop' });
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

/** Logs in like a browser: CSRF cookie first, then the session cookie; answers the headers to send. */
export async function login(base: string, credentials: { email: string; password: string }): Promise<Record<string, string>> {
  const jar = new Map<string, string>();
  const take = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [kv] = c.split(';');
      const i = kv.indexOf('=');
      jar.set(kv.slice(0, i).trim(), kv.slice(i + 1));
    }
  };
  const headers = () => ({ cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), 'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? '') });
  take(await fetch(`${base}/api/v1/auth/me`));
  const res = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { ...headers(), 'content-type': 'application/json' }, body: JSON.stringify(credentials) });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  take(res);
  return headers();
}

/**
 * After a bulk load with the tables' triggers dropped (the generators drop them for speed): each trigger-kept
 * `rows:<table>` counter is set to the table's real count and each `version:<table>` moves on, so the bench measures
 * the state a running site keeps (a `rows:titles` of 0 answered the unfiltered lists' totals with 0). Tables
 * without such counters are left alone.
 */
export function recountTables(db: Database, tables: readonly string[]): void {
  db.transaction(() => {
    for (const table of tables) {
      db.prepare(`UPDATE counters SET value = (SELECT count(*) FROM "${table.replace(/"/g, '""')}") WHERE name = ?`).run(`rows:${table}`);
      db.prepare('UPDATE counters SET value = value + 1 WHERE name = ?').run(`version:${table}`);
    }
  })();
}

/**
 * A generated SQLite data file kept between runs. A `.partial` marker is written before the build and removed by
 * `done()`, so a run cut off half-way makes the next one start over instead of measuring broken data.
 */
export function cachedDataFile(file: string): { cached: boolean; done(): void } {
  if (fs.existsSync(file) && !fs.existsSync(`${file}.partial`)) {
    process.stdout.write(`  using cached ${path.relative(process.cwd(), file)}\n`);
    return { cached: true, done() {} };
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  fs.writeFileSync(`${file}.partial`, '');
  generatingSince = performance.now();
  return { cached: false, done: () => {
    fs.rmSync(`${file}.partial`);
    generationMs += performance.now() - generatingSince!;
    generatingSince = null;
  } };
}

/**
 * Time spent generating data files, which the bench's time limit does not count: the full catalogue takes minutes
 * (about 20 on a busy machine) once, then every run reuses the file while its generator version (in its name) matches.
 */
let generationMs = 0;
let generatingSince: number | null = null;
export const dataGeneration = {
  /** Generation time so far, the one under way included. */
  ms: () => generationMs + (generatingSince === null ? 0 : performance.now() - generatingSince),
  running: () => generatingSince !== null,
};

/** Stops a forked server: SIGTERM (graceful shutdown), then SIGKILL if it has not exited within 10 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** Signs in through an in-process app (Fastify inject) and answers the headers a browser would send after. */
export async function injectSession(app: { inject: (o: any) => Promise<any> }, creds: { email: string; password: string }): Promise<Record<string, string>> {
  const me = await app.inject({ method: 'GET', url: '/api/v1/auth/me' });
  const csrf = me.cookies.find((c: { name: string }) => c.name === 'XSRF-TOKEN')!.value as string;
  // The CSRF token is bound to the guest session cookie that came with it: send both back.
  const guest = me.cookies.map((c: { name: string; value: string }) => `${c.name}=${c.value}`).join('; ');
  const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { cookie: guest, 'x-xsrf-token': csrf }, payload: creds });
  if (login.statusCode !== 200) throw new Error(`bench login failed: ${login.statusCode}`);
  // A signed-in session has a token of its own, which the login answer sets.
  const token = (login.cookies.find((c: { name: string }) => c.name === 'XSRF-TOKEN')?.value as string | undefined) ?? csrf;
  const cookie = [`XSRF-TOKEN=${token}`, ...login.cookies.filter((c: { name: string }) => c.name !== 'XSRF-TOKEN').map((c: { name: string; value: string }) => `${c.name}=${c.value}`)].join('; ');
  return { cookie, 'x-xsrf-token': token };
}
