/**
 * Reviews and comments at scale (issue 12): a title's reviews page and comments page, the moderation lists with a
 * filter, and posting a comment, each as a median over sequential calls against the real server on SQLite.
 *
 *   BENCH_REVIEW_TITLES=200000     titles
 *   BENCH_REVIEWS=200000           reviews (spread over the titles, a few hot titles get many)
 *   BENCH_COMMENTS=1000000         comments (a tenth of them replies)
 * The defaults are the issue's sizes; the data file is cached under storage/bench/ between runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { request } from 'undici';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { seedDefaultRoles } from '../../server/src/db/seed/roles.ts';
import { hashPassword } from '../../server/src/lib/crypto.ts';
import { Server, cachedDataFile, login, recountTables } from './harness.ts';

type Report = (figure: string, value: string, target: string, pass: boolean | null) => void;
const TITLES = Number(process.env.BENCH_REVIEW_TITLES ?? 200_000);
const REVIEWS = Number(process.env.BENCH_REVIEWS ?? 200_000);
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 1_000_000);
const USERS = 5_000;
const HOT = 1; // the title with the most reviews and comments: the worst page to serve
// Every generated account, the admin too, has the password "password" (one hash for all).
const ADMIN = { email: 'reviews-admin@bench.local', password: 'password' };
const POSTERS = 20;

async function generate(file: string, storage: string) {
  const app = await buildApp(loadConfig({ DATABASE_URL: file, STORAGE_PATH: storage, LOG_LEVEL: 'silent', NODE_ENV: 'production' }));
  const roles = await seedDefaultRoles(app.ctx.db);
  await app.close();
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const now = Date.now();
  const iso = (i: number) => new Date(now - i * 1000).toISOString();
  const hash = await hashPassword('password');
  // Bulk load without the per-row triggers and secondary indexes of the two big tables, then put them back as the
  // migration made them (their SQL comes from sqlite_master) and set the row counters once.
  const deferred = db.prepare(`SELECT type, name, sql FROM sqlite_master WHERE tbl_name IN ('comments', 'reviews') AND type IN ('trigger', 'index') AND sql IS NOT NULL`)
    .all() as { type: 'trigger' | 'index'; name: string; sql: string }[];
  for (const d of deferred) db.exec(`DROP ${d.type.toUpperCase()} ${d.name}`);
  db.transaction(() => {
    const user = db.prepare('INSERT INTO users (email, password, first_name, last_name, created_at, updated_at, email_verified_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const role = db.prepare('INSERT INTO user_role (user_id, role_id, created_at) VALUES (?, ?, ?)');
    const admin = user.run(ADMIN.email, hash, 'Bench', 'Admin', iso(0), iso(0), iso(0)).lastInsertRowid;
    role.run(admin, roles.admin, iso(0));
    for (let i = 0; i < USERS; i++) role.run(user.run(`reviewer${i}@bench.local`, hash, 'Reviewer', String(i), iso(i), iso(i), iso(i)).lastInsertRowid, roles.users, iso(i));
    const title = db.prepare('INSERT INTO titles (name, is_series, created_at, updated_at) VALUES (?, 0, ?, ?)');
    for (let i = 0; i < TITLES; i++) title.run(`Bench title ${i}`, iso(i), iso(i));
    // Reviews: one per user and title; the hot title gets one from every user, the rest spread evenly.
    const review = db.prepare(`INSERT INTO reviews (user_id, reviewable_type, reviewable_id, score, title, body, helpful_count, not_helpful_count, reports_count, created_at, updated_at)
      VALUES (?, 'title', ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const body = 'A review body long enough for the rules: it talks about the story, the acting, the music and the ending at length. '.repeat(2);
    let r = 0;
    for (let u = 0; u < USERS && r < REVIEWS; u++, r++) review.run(u + 2, HOT, 1 + (u % 10), 'A title long enough', body, u % 37, u % 11, u % 50 === 0 ? 1 : 0, iso(r), iso(r));
    for (let t = 2; r < REVIEWS; t = t >= TITLES ? 2 : t + 1) {
      const u = (r * 7919) % USERS;
      try { review.run(u + 2, t, 1 + (r % 10), 'A title long enough', body, r % 13, r % 5, r % 97 === 0 ? 1 : 0, iso(r), iso(r)); } catch { /* this pair exists */ }
      r++;
    }
    const comment = db.prepare(`INSERT INTO comments (user_id, commentable_type, commentable_id, title_id, parent_id, content, deleted, replies_count, reports_count, created_at, updated_at)
      VALUES (?, 'title', ?, ?, ?, ?, ?, 0, ?, ?, ?)`);
    const bump = db.prepare('UPDATE comments SET replies_count = replies_count + 1 WHERE id = ?');
    let lastTop = 0;
    for (let c = 0; c < COMMENTS; c++) {
      // A twentieth of all comments sit on the hot title (a thread of thousands); the rest spread out.
      const t = c % 20 === 0 ? HOT : 2 + (c % (TITLES - 1));
      const reply = c % 10 === 9 && lastTop && t === HOT;
      const id = Number(comment.run(2 + (c % USERS), t, t, reply ? lastTop : null, `Comment number ${c} with a link https://example.com/${c}`, c % 31 === 0 ? 1 : 0, c % 101 === 0 ? 1 : 0, iso(c), iso(c)).lastInsertRowid);
      if (reply) bump.run(lastTop);
      else if (t === HOT) lastTop = id;
    }
  })();
  for (const d of deferred) db.exec(d.sql);
  recountTables(db, ['reviews', 'comments']);
  db.exec('ANALYZE');
  db.close();
}

type Answer = { statusCode: number; body: { dump(): Promise<void> } };

async function median(n: number, call: (i: number) => Promise<Answer>): Promise<{ median: number; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await call(i);
    await res.body.dump();
    times.push(performance.now() - t0);
    if (res.statusCode >= 300) failed++;
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], failed };
}

export async function reviewsBench(benchDir: string, report: Report, section: (title: string) => void) {
  fs.mkdirSync(benchDir, { recursive: true });
  const file = path.join(benchDir, `reviews-${TITLES}-${REVIEWS}-${COMMENTS}.sqlite`);
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-reviews-'));
  section(`Reviews and comments on SQLite: ${TITLES.toLocaleString('en')} titles, ${REVIEWS.toLocaleString('en')} reviews, ${COMMENTS.toLocaleString('en')} comments`);
  const cache = cachedDataFile(file);
  if (!cache.cached) {
    const t0 = performance.now();
    await generate(file, storage);
    cache.done();
    report('   data generated in', `${((performance.now() - t0) / 1000).toFixed(1)} s`, '(info)', null);
  }
  // The measured server works on a copy, so the comments it posts never change the cached data.
  const work = path.join(storage, 'reviews.sqlite');
  fs.copyFileSync(file, work);
  let server: Server | null = null;
  try {
    server = await Server.start(work, storage);
    const base = server.base;
    const admin = await login(base, ADMIN);
    // undici's request sends no Accept-Encoding, like the other benches: the figures measure the API, not compression.
    const get = (url: string, headers?: Record<string, string>) => request(`${base}${url}`, { headers });
    const N = 60;
    const pages = [1, 2, 5, 20];
    const figures: [string, (i: number) => Promise<Answer>, number][] = [
      ['title reviews page (hottest title, most helpful)', (i) => get(`/api/v1/reviews/public?reviewable_id=${HOT}&sort=helpful&page=${pages[i % 4]}`), 15],
      ['title reviews page (hottest title, newest)', (i) => get(`/api/v1/reviews/public?reviewable_id=${HOT}&sort=newest&page=${pages[i % 4]}`), 15],
      ['title comments page (hottest title)', (i) => get(`/api/v1/comment/thread?commentable_type=title&commentable_id=${HOT}&page=${pages[i % 4]}`), 15],
      ['title reviews page (other titles)', (i) => get(`/api/v1/reviews/public?reviewable_id=${2 + i * 97}`), 15],
      ['title comments page (other titles)', (i) => get(`/api/v1/comment/thread?commentable_type=title&commentable_id=${2 + i * 97}`), 15],
      ['moderation: comments, filter reported', () => get(`/api/v1/comment?filters=${encodeURIComponent('[{"key":"reported","value":true}]')}`, admin), 20],
      ['moderation: comments, filter deleted', () => get(`/api/v1/comment?filters=${encodeURIComponent('[{"key":"deleted","value":true}]')}`, admin), 20],
      ['moderation: comments, filter title', () => get(`/api/v1/comment?filters=${encodeURIComponent(`[{"key":"title_id","value":${HOT}}]`)}`, admin), 20],
      ['moderation: reviews, filter reported', () => get(`/api/v1/reviews?filters=${encodeURIComponent('[{"key":"reported","value":true}]')}`, admin), 20],
      ['moderation: reviews, filter user', (i) => get(`/api/v1/reviews?filters=${encodeURIComponent(`[{"key":"user_id","value":${2 + i}}]`)}`, admin), 20],
    ];
    for (const [label, call, target] of figures) {
      await median(5, call); // warm-up
      const m = await median(N, call);
      report(`   ${label}`, `${m.median.toFixed(2)} ms`, `< ${target} ms median`, m.median < target && m.failed === 0);
    }
    // Posting: several users (each under the per-user comment limit), sequential calls.
    const posters = await Promise.all(Array.from({ length: POSTERS }, (_, i) => login(base, { email: `reviewer${i}@bench.local`, password: 'password' })));
    const post = (i: number) => request(`${base}/api/v1/comment`, {
      method: 'POST', headers: { ...posters[i % POSTERS], 'content-type': 'application/json' },
      body: JSON.stringify({ commentable_type: 'title', commentable_id: HOT, content: `Bench comment ${i} https://example.com/${i}` }),
    });
    await median(POSTERS, post); // warm-up: one per poster
    const m = await median(POSTERS * 10, (i) => post(i + POSTERS));
    report('   posting a comment', `${m.median.toFixed(2)} ms`, '< 10 ms median', m.median < 10 && m.failed === 0);
  } finally {
    await server?.stop();
    fs.rmSync(storage, { recursive: true, force: true });
  }
}
