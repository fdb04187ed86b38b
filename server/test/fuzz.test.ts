import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../src/http/input-guard.ts';
import { asAdmin, asUser, createTestApp, guest, type Client } from './helper.ts';
import { casesFor, PAGE_ROUTES, rng, SKIP, type FuzzCase } from './fuzz-cases.ts';

/**
 * Issue 17 item 18: every registered route, as guest, plain user and admin, with hostile params, queries,
 * bodies and headers. Any 5xx or any error escaping to the process (an unhandled rejection or uncaught
 * exception would end the real server) fails the test. A seeded sample keeps it to a few thousand
 * requests; `BENCH_ONLY=fuzz npm run bench` sends every case over HTTP. FUZZ_SEED reproduces a run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 17);
const TARGET = Number(process.env.FUZZ_REQUESTS ?? 3000);

const t = await createTestApp();
const escaped: unknown[] = [];
const onEscape = (err: unknown) => { escaped.push(err); };

beforeAll(() => {
  process.on('unhandledRejection', onEscape);
  process.on('uncaughtException', onEscape);
});
afterAll(() => {
  process.off('unhandledRejection', onEscape);
  process.off('uncaughtException', onEscape);
});

const send = (client: Client, c: FuzzCase) => client.request(c.method, c.url, c.body, c.headers);

describe('fuzzing every route', () => {
  it('answers every hostile request below 500, and nothing escapes to the process', { timeout: 120_000 }, async () => {
    const routes = [...registeredRoutes(t.app), ...PAGE_ROUTES].filter((r) => !SKIP.has(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThan(100);
    const identities: [string, Client][] = [['guest', guest(t)], ['user', await asUser(t)], ['admin', await asAdmin(t)]];
    const all = routes.reduce((n, r) => n + casesFor(r).length, 0) * identities.length;
    const share = Math.min(1, TARGET / all);
    const random = rng(SEED);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      for (const [who, client] of identities) {
        for (const c of casesFor(route, share, random)) {
          const started = performance.now();
          const res = await send(client, c);
          if (process.env.FUZZ_SLOW && performance.now() - started > 300) console.log(`slow ${Math.round(performance.now() - started)} ms ${who} ${c.method} ${c.url.slice(0, 120)}`);
          sent++;
          if (res.status >= 500) failures.push(`${who} ${c.kind} ${c.method} ${c.url.slice(0, 200)} [${JSON.stringify(c.headers).slice(0, 100)}] body ${String(c.body ?? '').slice(0, 80)} -> ${res.status} ${res.text.slice(0, 200)}`);
        }
      }
      // Still serving after each route's batch (a broken app would answer 500 here or throw).
      const alive = await guest(t).get('/api/v1/auth/me');
      if (alive.status !== 200) failures.push(`not serving after ${route.method} ${route.url}: ${alive.status}`);
    }
    await new Promise((r) => setTimeout(r, 50));
    console.log(`fuzz: ${sent} requests over ${routes.length} routes x ${identities.length} identities (seed ${SEED}), ${failures.length} failures`);
    expect(sent).toBeGreaterThan(Math.min(TARGET, all) * 0.8);
    expect(failures).toEqual([]);
    expect(escaped).toEqual([]);
  });

  it('answers a malformed multipart body to every write below 500 (no boundary, cut short, a broken part)', { timeout: 60_000 }, async () => {
    const admin = await asAdmin(t);
    const bodies: [string, string][] = [
      ['multipart/form-data', 'garbage'],
      ['multipart/form-data; boundary=abc', 'garbage'],
      ['multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxx'],
      ['multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition\r\n\r\nxx\r\n--abc--\r\n'],
    ];
    const writes = registeredRoutes(t.app).filter((r) => r.method !== 'GET' && r.method !== 'DELETE' && !SKIP.has(`${r.method} ${r.url}`));
    const failures: string[] = [];
    for (const route of writes) {
      for (const [type, body] of bodies) {
        const res = await admin.request(route.method, route.url.replace(/:[a-zA-Z_]+/g, '1'), body, { 'content-type': type });
        if (res.status >= 500) failures.push(`${route.method} ${route.url} [${type}] -> ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(escaped).toEqual([]);
  });
});
