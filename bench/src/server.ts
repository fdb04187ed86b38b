/**
 * The server under test, in a child process of its own so the load generator never shares its
 * event loop and its memory can be measured alone. Talks to the bench over IPC.
 */
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';

export type Recorded = { sql: string; params: unknown[] };
export type ServerRequest =
  | { type: 'record-start' }
  | { type: 'record-stop' }
  | { type: 'mem-start' }
  | { type: 'mem-stop' }
  | { type: 'stop' };

const send = (msg: unknown) => process.send!(msg);

const built = await buildApp(loadConfig({
  DATABASE_URL: process.env.BENCH_SERVER_DB!,
  STORAGE_PATH: process.env.BENCH_SERVER_STORAGE!,
  LOG_LEVEL: 'silent',
  NODE_ENV: 'production',
  APP_URL: 'http://127.0.0.1',
  // A scenario whose load comes from many addresses (in X-Forwarded-For) sets TRUST_PROXY for its server.
  TRUST_PROXY: process.env.TRUST_PROXY,
  // The built web app too, for scenarios that drive a browser (the translation editor).
}, { webDist: new URL('../../web/dist', import.meta.url).pathname }));
await built.app.listen({ host: '127.0.0.1', port: 0 });
const address = built.app.server.address();

// Statement recording: the bench replays the SQL one request ran, directly through better-sqlite3.
let recording: Recorded[] | null = null;
const raw = built.ctx.handle.sqlite;
if (raw) {
  const prepare = raw.prepare.bind(raw);
  (raw as any).prepare = (sqlText: string) => {
    const stmt = prepare(sqlText);
    const wrap = (fn: 'all' | 'run' | 'iterate') => (...args: unknown[]) => {
      recording?.push({ sql: sqlText, params: args });
      return (stmt as any)[fn](...args);
    };
    return { reader: stmt.reader, all: wrap('all'), run: wrap('run'), iterate: wrap('iterate') };
  };
}

let mem: { base: number; peak: number; t0: number; timer: NodeJS.Timeout } | null = null;

process.on('message', async (msg: ServerRequest) => {
  switch (msg.type) {
    case 'record-start':
      recording = [];
      send({ type: 'ok' });
      break;
    case 'record-stop':
      send({ type: 'recorded', statements: recording ?? [] });
      recording = null;
      break;
    case 'mem-start': {
      (globalThis as any).gc?.();
      const base = process.memoryUsage().rss;
      mem = { base, peak: base, t0: performance.now(), timer: setInterval(() => { mem!.peak = Math.max(mem!.peak, process.memoryUsage().rss); }, 10) };
      send({ type: 'ok' });
      break;
    }
    case 'mem-stop': {
      // Wait for queued jobs (the CSV export) to finish, then report time and memory.
      await built.ctx.queue.drain();
      const m = mem!;
      clearInterval(m.timer);
      m.peak = Math.max(m.peak, process.memoryUsage().rss);
      send({ type: 'mem', ms: performance.now() - m.t0, base: m.base, peak: m.peak });
      mem = null;
      break;
    }
    case 'stop':
      await built.close();
      send({ type: 'stopped' });
      process.exit(0);
  }
});

send({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
