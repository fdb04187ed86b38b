import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seed } from '../src/db/seed/index.ts';
import { freshDatabase } from './helper.ts';

/**
 * Two server processes started at once on a new database (a deploy of several app servers behind a load balancer):
 * both run the first-run seed. One creates the roles and the admin account, the other starts without error and
 * adds nothing (PostgreSQL refused the second set of roles with a unique violation, which ended that process).
 * On PostgreSQL the two are two apps with their own connection pools; a SQLite file serves one process, so there
 * the two seeds share one app and interleave at every await (two connections in one thread would wait on each
 * other's write lock).
 */
const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
const { databaseUrl, dropDb } = await freshDatabase(storage);
const config = () => loadConfig({
  DATABASE_URL: databaseUrl, STORAGE_PATH: storage, LOG_LEVEL: 'silent', NODE_ENV: 'test', APP_URL: 'http://localhost:8000',
  ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-password',
});
const first = await buildApp(config());
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const second = postgres ? await buildApp(config()) : first;
afterAll(async () => {
  await first.close();
  if (second !== first) await second.close();
  if (dropDb) await dropDb();
  fs.rmSync(storage, { recursive: true, force: true });
});

describe('first-run seed from two servers at once', () => {
  it('creates the three roles with their permissions and one admin once, and neither start fails', async () => {
    const results = await Promise.allSettled([seed(first.ctx, { demo: false }), seed(second.ctx, { demo: false })]);
    expect(results.map((r) => r.status), JSON.stringify(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok')))).toEqual(['fulfilled', 'fulfilled']);
    const created = results.map((r) => (r.status === 'fulfilled' ? r.value : null)).filter(Boolean);
    expect(created).toEqual([{ email: 'owner@example.com', password: 'owner-password' }]);

    const db = first.ctx.db;
    const roles = await db.selectFrom('roles').select(['id', 'name']).orderBy('name').execute();
    expect(roles.map((r) => r.name)).toEqual(['admin', 'guests', 'users']);
    for (const role of roles) {
      const grants = await db.selectFrom('permission_grants').select('name').where('model_type', '=', 'role').where('model_id', '=', role.id).execute();
      expect(grants.length, role.name).toBeGreaterThan(0);
    }
    const users = await db.selectFrom('users').select('email').execute();
    expect(users).toEqual([{ email: 'owner@example.com' }]);
    const adminRole = roles.find((r) => r.name === 'admin')!.id;
    expect(await db.selectFrom('user_role').select(['role_id']).execute()).toEqual([{ role_id: adminRole }]);
    expect((await db.selectFrom('localizations').select('language').execute()).length).toBe(1);

    // A later start (a restart, a third server) finds everything in place and writes nothing: the signed-in caches of
    // the servers already running (keyed by the auth version) stay valid.
    const authVersion = () => db.selectFrom('counters').select('value').where('name', '=', 'version:auth').executeTakeFirstOrThrow();
    const before = await authVersion();
    expect(await seed(second.ctx, { demo: false })).toBeNull();
    expect(await authVersion()).toEqual(before);
    expect((await db.selectFrom('users').select('id').execute()).length).toBe(1);
  });
});
