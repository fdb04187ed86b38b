import path from 'node:path';
import pg from 'pg';
import { cachedDataFile } from './harness.ts';
import { createDb, type DbHandle } from '../../server/src/db/index.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { seedDefaultRoles } from '../../server/src/db/seed/roles.ts';
import { hashPassword } from '../../server/src/lib/crypto.ts';

/** Bump when the generated data changes shape, so cached databases are rebuilt. */
const DATA_VERSION = 1;
export const ADMIN = { email: 'bench-admin@bench.local', password: 'bench-admin-password' };

const SYL = ['ka', 'lo', 'mi', 'ra', 'ten', 'sor', 'vel', 'an', 'dri', 'mo', 'lu', 'ber', 'gan', 'ti', 'pe', 'nor', 'shi', 'val', 'ore', 'den'];
const cap = (s: string) => s[0].toUpperCase() + s.slice(1);
/** 400 first names (two syllables) and 8,000 last names (three syllables). */
export const FIRST = SYL.flatMap((a) => SYL.map((b) => cap(a + b)));
export const LAST = SYL.flatMap((a) => SYL.flatMap((b) => SYL.map((c) => cap(a + b + c))));
const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'example.com', 'mail.com', 'proton.me', 'icloud.com', 'hotmail.com'];

function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GenUser {
  email: string; first_name: string; last_name: string; email_verified_at: string | null; banned_at: string | null; created_at: string;
}

/** Deterministic users spread over three years: 80% verified, 2% banned, unique e-mails. */
export function* generateUsers(count: number): Generator<GenUser> {
  const rand = mulberry32(42);
  const end = Date.UTC(2025, 0, 1);
  const start = end - 3 * 365 * 24 * 3600 * 1000;
  const step = (end - start) / count;
  for (let i = 0; i < count; i++) {
    const first = FIRST[Math.floor(rand() * FIRST.length)];
    const last = LAST[Math.floor(rand() * LAST.length)];
    const domain = DOMAINS[Math.floor(rand() * DOMAINS.length)];
    const created = new Date(start + i * step + Math.floor(rand() * step)).toISOString();
    const r = rand();
    yield {
      email: `${first}.${last}${i}@${domain}`.toLowerCase(),
      first_name: first,
      last_name: last,
      email_verified_at: r < 0.8 ? created : null,
      banned_at: r > 0.98 ? created : null,
      created_at: created,
    };
  }
}

const now = () => new Date().toISOString();

async function prepareSchema(handle: DbHandle) {
  await migrate(handle);
  const roles = await seedDefaultRoles(handle.db);
  const t = now();
  const admin = await handle.db.insertInto('users').values({
    email: ADMIN.email, password: await hashPassword(ADMIN.password), first_name: 'Bench', last_name: 'Admin', avatar: null, available_space: null,
    email_verified_at: t, banned_at: null, created_at: t, updated_at: t,
  }).returning('id').executeTakeFirstOrThrow();
  await handle.db.insertInto('user_role').values({ user_id: admin.id, role_id: roles.admin, created_at: t }).execute();
  return { roles, sharedHash: await hashPassword('password') };
}

const log = (msg: string) => process.stdout.write(`  ${msg}\n`);

/**
 * A SQLite database with `count` users (plus the bench admin), cached under storage/bench/ so the
 * next run starts at once. Bulk load: the FTS insert trigger and the secondary indexes are dropped
 * during the load and rebuilt after, which is several times faster than row-by-row maintenance.
 */
export async function ensureSqliteData(dir: string, count: number): Promise<string> {
  const file = path.join(dir, `users-${count}-v${DATA_VERSION}.sqlite`);
  const cache = cachedDataFile(file);
  if (cache.cached) return file;
  const t0 = performance.now();
  const handle = createDb({ kind: 'sqlite', file });
  const { roles, sharedHash } = await prepareSchema(handle);
  const raw = handle.sqlite!;
  raw.pragma('synchronous = OFF');
  raw.pragma('cache_size = -262144');
  const trigger = (raw.prepare(`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'users_fts_ai'`).get() as { sql: string }).sql;
  const indexes = raw.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('users', 'user_role') AND sql IS NOT NULL`).all() as { name: string; sql: string }[];
  raw.exec('DROP TRIGGER users_fts_ai');
  for (const i of indexes) raw.exec(`DROP INDEX ${i.name}`);

  const insertUser = raw.prepare(`INSERT INTO users (email, password, first_name, last_name, avatar, available_space, email_verified_at, banned_at, created_at, updated_at)
    VALUES (?, ?, ?, ?, NULL, NULL, ?, ?, ?, ?)`);
  const insertRole = raw.prepare('INSERT INTO user_role (user_id, role_id, created_at) VALUES (?, ?, ?)');
  const insertSub = raw.prepare(`INSERT INTO subscriptions (user_id, gateway_name, renews_at, ends_at, created_at, updated_at) VALUES (?, 'stripe', ?, NULL, ?, ?)`);
  const gen = generateUsers(count);
  const batch = raw.transaction((n: number) => {
    for (let k = 0; k < n; k++) {
      const u = gen.next().value as GenUser;
      const id = Number(insertUser.run(u.email, sharedHash, u.first_name, u.last_name, u.email_verified_at, u.banned_at, u.created_at, u.created_at).lastInsertRowid);
      insertRole.run(id, roles.users, u.created_at);
      if (id % 20 === 0) insertSub.run(id, '2030-01-01T00:00:00.000Z', u.created_at, u.created_at);
    }
  });
  for (let done = 0; done < count; done += 50_000) {
    batch(Math.min(50_000, count - done));
    if ((done + 50_000) % 250_000 === 0) log(`inserted ${(done + 50_000).toLocaleString('en')} users`);
  }
  const t1 = performance.now();
  for (const i of indexes) raw.exec(i.sql);
  const t2 = performance.now();
  raw.exec(`INSERT INTO users_fts(users_fts) VALUES ('rebuild')`);
  raw.exec(trigger);
  const t3 = performance.now();
  raw.pragma('wal_checkpoint(TRUNCATE)');
  await handle.destroy();
  cache.done();
  log(`generated ${count.toLocaleString('en')} users in ${((t3 - t0) / 1000).toFixed(1)} s `
    + `(rows ${((t1 - t0) / 1000).toFixed(1)} s, indexes ${((t2 - t1) / 1000).toFixed(1)} s, FTS rebuild ${((t3 - t2) / 1000).toFixed(1)} s)`);
  return file;
}

/**
 * Fills the PostgreSQL database at `url` with `count` users unless it already holds them.
 * Loads with multi-row inserts through unnest() and builds the trigram index afterwards.
 */
export async function ensurePostgresData(url: string, count: number): Promise<void> {
  const handle = createDb({ kind: 'postgres', url });
  try {
    await migrate(handle);
    const existing = await handle.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    if (Number(existing?.n) >= count) {
      log(`PostgreSQL already holds ${Number(existing?.n).toLocaleString('en')} users`);
      return;
    }
    if (Number(existing?.n) > 0) throw new Error('BENCH_DATABASE_URL points at a database with some users but not the bench data; use an empty database');
  } finally {
    await handle.destroy();
  }
  const t0 = performance.now();
  const h2 = createDb({ kind: 'postgres', url });
  const { roles, sharedHash } = await prepareSchema(h2);
  await h2.destroy();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const idx = await client.query(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('users', 'user_role') AND indexname NOT LIKE '%pkey' AND indexdef NOT LIKE 'CREATE UNIQUE%'`);
    for (const r of idx.rows) await client.query(`DROP INDEX ${r.indexname}`);
    const gen = generateUsers(count);
    const B = 20_000;
    for (let done = 0; done < count; done += B) {
      const cols: (string | null)[][] = [[], [], [], [], [], []];
      for (let k = 0; k < Math.min(B, count - done); k++) {
        const u = gen.next().value as GenUser;
        cols[0].push(u.email); cols[1].push(u.first_name); cols[2].push(u.last_name);
        cols[3].push(u.email_verified_at); cols[4].push(u.banned_at); cols[5].push(u.created_at);
      }
      await client.query('BEGIN');
      const ids = await client.query(`INSERT INTO users (email, password, first_name, last_name, email_verified_at, banned_at, created_at, updated_at)
        SELECT e, $7, f, l, v::timestamptz, b::timestamptz, c::timestamptz, c::timestamptz FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS t(e, f, l, v, b, c)
        RETURNING id, created_at`, [...cols, sharedHash]);
      await client.query(`INSERT INTO user_role (user_id, role_id, created_at) SELECT id, $2, now() FROM unnest($1::int[]) AS id`, [ids.rows.map((r) => r.id), roles.users]);
      await client.query(`INSERT INTO subscriptions (user_id, gateway_name, renews_at, created_at, updated_at)
        SELECT id, 'stripe', '2030-01-01', now(), now() FROM unnest($1::int[]) AS id WHERE id % 20 = 0`, [ids.rows.map((r) => r.id)]);
      await client.query('COMMIT');
      if ((done + B) % 250_000 === 0) log(`inserted ${(done + B).toLocaleString('en')} users`);
    }
    const t1 = performance.now();
    await client.query('SET maintenance_work_mem = \'512MB\'');
    for (const r of idx.rows) await client.query(r.indexdef);
    await client.query('VACUUM ANALYZE users');
    await client.query('VACUUM ANALYZE user_role');
    await client.query('VACUUM ANALYZE subscriptions');
    log(`generated ${count.toLocaleString('en')} users on PostgreSQL in ${((performance.now() - t0) / 1000).toFixed(1)} s (rows ${((t1 - t0) / 1000).toFixed(1)} s)`);
  } finally {
    await client.end();
  }
}
