/**
 * User lists and the watchlist (issue 11): a list of 10,000 titles paged (page 1, a middle page and the last page,
 * 24 cards a page), and adding to a watchlist that already holds 9,000 titles. The catalogue is bare title rows
 * (BENCH_LIST_TITLES, 200,000 by default) in a fresh SQLite file; calls go through the real app in-process
 * (Fastify inject) with an API token, as a signed-in user.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LIST_ITEMS_PER_PAGE, MAX_LIST_ITEMS } from '@app/contracts';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { seedDefaultRoles } from '../../server/src/db/seed/roles.ts';
import { sha256 } from '../../server/src/lib/crypto.ts';
import { median } from './catalogue.ts';

type Report = (figure: string, value: string, target: string, pass: boolean | null) => void;
const WATCHLIST_PREFILL = 9_000;
const ADDS = 300;

export async function listsBench(report: Report, section: (t: string) => void): Promise<void> {
  const titles = Number(process.env.BENCH_LIST_TITLES ?? 200_000);
  section(`User lists: ${titles.toLocaleString('en')} titles, a list of ${MAX_LIST_ITEMS.toLocaleString('en')} items (SQLite, in-process, signed in)`);
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lists-'));
  const app = await buildApp(loadConfig({ DATABASE_URL: path.join(storage, 'db.sqlite'), STORAGE_PATH: storage, LOG_LEVEL: 'silent', NODE_ENV: 'production', APP_URL: 'http://127.0.0.1' }));
  try {
    const raw = app.ctx.handle.sqlite!;
    const roles = await seedDefaultRoles(app.ctx.db);
    const now = new Date().toISOString();
    const insertTitle = raw.prepare('INSERT INTO titles (name, is_series, poster, year, rating, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    raw.transaction(() => {
      for (let i = 1; i <= titles; i++) insertTitle.run(`Title ${i}`, i % 4 === 0 ? 1 : 0, `/storage/posters/${i}.jpg`, 1950 + (i % 75), (i % 100) / 10, `Overview of title ${i}.`, now, now);
    })();
    const userId = Number(raw.prepare("INSERT INTO users (email, password, created_at, updated_at) VALUES ('lists@bench.local', 'x', ?, ?)").run(now, now).lastInsertRowid);
    raw.prepare('INSERT INTO user_role (user_id, role_id, created_at) VALUES (?, ?, ?)').run(userId, roles.users, now);
    const token = crypto.randomBytes(24).toString('hex');
    raw.prepare('INSERT INTO access_tokens (user_id, name, token_hash, created_at) VALUES (?, ?, ?, ?)').run(userId, 'bench', sha256(token), now);
    // CPU time of each call as well: on a busy machine (many processes on few cores) wall time mostly measures waiting.
    let cpu: number[] = [];
    const cpuNote = () => { const m = median(cpu.slice(20)); cpu = []; return `cpu ${m.toFixed(2)} ms`; };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const res = await app.app.inject({ method, url, headers, payload: body === undefined ? undefined : JSON.stringify(body) });
      const took = performance.now() - t0;
      const c = process.cpuUsage(c0);
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      cpu.push((c.user + c.system) / 1000);
      return { took, body: JSON.parse(res.body) as any };
    };

    // A full list, filled through the real table (the API would take 10,000 calls), spread over the catalogue.
    const list = (await call('POST', '/api/v1/lists', { name: 'Bench list', public: true })).body.list;
    const step = Math.max(1, Math.floor(titles / MAX_LIST_ITEMS));
    const insertItem = raw.prepare("INSERT INTO channelables (channel_id, channelable_type, channelable_id, \"order\", created_at) VALUES (?, 'title', ?, ?, ?)");
    raw.transaction(() => { for (let i = 0; i < MAX_LIST_ITEMS; i++) insertItem.run(list.id, 1 + i * step, i, now); })();
    raw.prepare('UPDATE channels SET items_count = ? WHERE id = ?').run(MAX_LIST_ITEMS, list.id);

    // For scale on this machine: the cheapest signed-in call (who am I), measured the same way.
    const base: number[] = [];
    cpu = [];
    for (let i = 0; i < 120; i++) { const { took } = await call('GET', '/api/v1/auth/me'); if (i >= 20) base.push(took); }
    console.log(`  (for scale: GET auth/me median ${median(base).toFixed(2)} ms, ${cpuNote()}, on this machine now)`);

    const lastPage = Math.ceil(MAX_LIST_ITEMS / LIST_ITEMS_PER_PAGE);
    for (const page of [1, Math.ceil(lastPage / 2), lastPage]) {
      const samples: number[] = [];
      cpu = [];
      for (let i = 0; i < 120; i++) {
        const { took, body } = await call('GET', `/api/v1/lists/${list.id}?page=${page}&perPage=${LIST_ITEMS_PER_PAGE}`);
        if (!body.items.data.length) throw new Error(`page ${page} is empty`);
        if (i >= 20) samples.push(took);
      }
      const m = median(samples);
      report(`   list of ${MAX_LIST_ITEMS.toLocaleString('en')}: page ${page} of ${lastPage} (median; ${cpuNote()})`, `${m.toFixed(2)} ms`, '< 10 ms', m < 10);
    }

    // A watchlist already holding 9,000 titles, then 300 adds of titles not on it yet.
    await call('POST', '/api/v1/watchlist', { titleId: 1 });
    const watchlistId = Number((raw.prepare('SELECT id FROM channels WHERE user_id = ? AND internal = 1').get(userId) as { id: number }).id);
    raw.transaction(() => { for (let i = 1; i <= WATCHLIST_PREFILL; i++) insertItem.run(watchlistId, 1 + i * step, -i, now); })();
    raw.prepare('UPDATE channels SET items_count = ? WHERE id = ?').run(WATCHLIST_PREFILL + 1, watchlistId);
    const adds: number[] = [];
    cpu = [];
    for (let i = 0; i < ADDS; i++) {
      const { took, body } = await call('POST', '/api/v1/watchlist', { titleId: 2 + i * step });
      if (!body.added) throw new Error('the add did not write');
      if (i >= 20) adds.push(took);
    }
    const a = median(adds);
    report(`   add to a watchlist of ${WATCHLIST_PREFILL.toLocaleString('en')} titles (median of ${ADDS - 20}; ${cpuNote()})`, `${a.toFixed(2)} ms`, '< 5 ms', a < 5);
    const ids = await call('GET', '/api/v1/watchlist/ids');
    console.log(`  (watchlist ids for the cards: ${ids.body.ids.length.toLocaleString('en')} ids in ${ids.took.toFixed(2)} ms)`);
  } finally {
    await app.close();
    fs.rmSync(storage, { recursive: true, force: true });
  }
}
