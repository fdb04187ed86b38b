import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { asAdmin, createTestApp, createUser, listUrl, type Res } from '../helper.ts';

const t = await createTestApp();
const sqlite = t.ctx.handle.sqlite;

/** The statements SQLite ran while `fn` ran, with their bound values (none recorded on PostgreSQL). */
async function ranDuring(fn: () => Promise<unknown>): Promise<{ source: string; args: unknown[] }[]> {
  if (!sqlite) { await fn(); return []; }
  const proto = Object.getPrototypeOf(sqlite.prepare('SELECT 1')) as Record<string, (...a: unknown[]) => unknown>;
  const seen: { source: string; args: unknown[] }[] = [];
  const originals = Object.fromEntries((['all', 'get', 'run', 'iterate'] as const).map((k) => [k, proto[k]]));
  for (const k of Object.keys(originals)) proto[k] = function (this: { source: string }, ...a: unknown[]) { seen.push({ source: this.source, args: a }); return originals[k].apply(this, a); };
  try { await fn(); } finally { Object.assign(proto, originals); }
  return seen;
}
const statementsDuring = async (fn: () => Promise<unknown>) => (await ranDuring(fn)).map((s) => s.source);

const counter = async (name: string) =>
  Number((await t.ctx.db.selectFrom('counters').select('value').where('name', '=', name).executeTakeFirst())?.value ?? -1);

describe('lists at scale (migrations 0094, 0098)', () => {
  it('the reviews list sorted by score or by last edit walks an index instead of sorting every review', async () => {
    if (t.ctx.dialect === 'postgres') {
      const { rows } = await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes WHERE tablename = 'reviews'`.execute(t.ctx.db);
      expect(rows.map((r) => r.indexname)).toEqual(expect.arrayContaining(['reviews_score_id', 'reviews_updated_id']));
      return;
    }
    for (const column of ['score', 'updated_at']) {
      // The page statement paginate() builds (http/list-query.ts) for `orderBy=<column>&orderDir=desc`.
      const plan = sqlite!.prepare(`EXPLAIN QUERY PLAN SELECT "reviews"."id" FROM "reviews" ORDER BY "reviews"."${column}" DESC, "reviews"."id" DESC LIMIT 15 OFFSET 30000`)
        .all() as { detail: string }[];
      const text = plan.map((p) => p.detail).join(' | ');
      expect(text, column).not.toContain('TEMP B-TREE');
      expect(text, column).toMatch(/USING (COVERING )?INDEX reviews_(score|updated)_id/);
    }
  });

  it('the people list counts a filtered total once per change of the people table, and again after a person is added', async () => {
    const admin = await asAdmin(t);
    for (const [name, gender] of [['Scale Person A', 'male'], ['Scale Person B', 'male'], ['Scale Person C', 'female']]) {
      expect((await admin.post('/api/v1/people', { name, gender })).status).toBe(200);
    }
    const url = listUrl('/api/v1/people', { perPage: 10, filters: JSON.stringify([{ key: 'gender', value: 'male' }]) });
    const first = await admin.get(url);
    expect(first.status).toBe(200);
    const males = first.body.pagination.total;
    expect(males).toBeGreaterThanOrEqual(2);

    // Opened again with nothing changed: the total comes from the cache, no count over the people table.
    const again = await statementsDuring(async () => expect((await admin.get(url)).body.pagination.total).toBe(males));
    if (sqlite) expect(again.filter((s) => /count\(/i.test(s) && /"people"/.test(s))).toEqual([]);

    // A page view only bumps `views`: the version stays, so the counts are kept.
    const version = await counter('version:people');
    expect(version).toBeGreaterThanOrEqual(0);
    const id = first.body.pagination.data[0].id;
    await t.ctx.db.updateTable('people').set({ views: 10 }).where('id', '=', id).execute();
    expect(await counter('version:people')).toBe(version);

    // A new person, or a changed gender, moves the version: the total is counted afresh and right.
    expect((await admin.post('/api/v1/people', { name: 'Scale Person D', gender: 'male' })).status).toBe(200);
    expect(await counter('version:people')).toBeGreaterThan(version);
    expect((await admin.get(url)).body.pagination.total).toBe(males + 1);
    await t.ctx.db.updateTable('people').set({ gender: 'female' }).where('id', '=', id).execute();
    expect((await admin.get(url)).body.pagination.total).toBe(males);
  });

  it('the admin videos list counts a searched or filtered total once per change of the videos table; a play keeps the count', async () => {
    const admin = await asAdmin(t);
    const title = (await admin.post('/api/v1/titles', { name: 'Scale video title', is_series: false })).body.title.id as number;
    const add = async (name: string) => {
      const res = await admin.post('/api/v1/videos', { name, title_id: title, type: 'video', src: `/storage/${name.replace(/\W/g, '')}.mp4`, category: 'full', approved: true });
      expect(res.status, res.text).toBe(200);
      return res.body.video.id as number;
    };
    for (const name of ['Scalevid one', 'Scalevid two', 'Scalevid three']) await add(name);
    const url = listUrl('/api/v1/videos', { perPage: 10, query: 'Scalevid' });
    const first = await admin.get(url);
    expect(first.status).toBe(200);
    expect(first.body.pagination.total).toBe(3);

    // Opened again with nothing changed: the total comes from the cache, no count over the videos table.
    const again = await statementsDuring(async () => expect((await admin.get(url)).body.pagination.total).toBe(3));
    if (sqlite) expect(again.filter((s) => /count\(/i.test(s) && /"videos"/.test(s))).toEqual([]);

    // A play or a vote changes no total: the version stays.
    const version = await counter('version:videos');
    expect(version).toBeGreaterThanOrEqual(0);
    const id = first.body.pagination.data[0].id as number;
    await t.ctx.db.updateTable('videos').set({ plays_count: 5, upvotes: 2 }).where('id', '=', id).execute();
    expect(await counter('version:videos')).toBe(version);

    // An added, renamed or deleted video moves it: the total is counted afresh and right.
    const added = await add('Scalevid four');
    expect(await counter('version:videos')).toBeGreaterThan(version);
    expect((await admin.get(url)).body.pagination.total).toBe(4);
    expect((await admin.put(`/api/v1/videos/${added}`, { name: 'Renamed clip' })).status).toBe(200);
    expect((await admin.get(url)).body.pagination.total).toBe(3);
    expect((await admin.delete(`/api/v1/videos/${id}`)).status).toBe(200);
    expect((await admin.get(url)).body.pagination.total).toBe(2);
    const approved = listUrl('/api/v1/videos', { perPage: 10, query: 'Scalevid', filters: JSON.stringify([{ key: 'approved', value: false }]) });
    expect((await admin.get(approved)).body.pagination.total).toBe(0);
    const other = (await admin.get(url)).body.pagination.data[0].id as number;
    expect((await admin.put(`/api/v1/videos/${other}`, { approved: false })).status).toBe(200);
    expect((await admin.get(approved)).body.pagination.total).toBe(1);
  });

  it('video_progress keeps one (user_id, updated_at) index: a progress write updates one, not two identical ones', async () => {
    const names = t.ctx.dialect === 'postgres'
      ? (await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'video_progress'`.execute(t.ctx.db)).rows.map((r) => r.name)
      : (sqlite!.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'video_progress'`).all() as { name: string }[]).map((r) => r.name);
    expect(names).toContain('video_progress_user_updated');
    expect(names).not.toContain('video_progress_user_recent');
  });

  it("the users list of the role new accounts get walks the sort's index instead of sorting every member; a small role still lists only its own", async () => {
    const admin = await asAdmin(t);
    const members = [];
    for (let i = 0; i < 4; i++) members.push(await createUser(t, { roles: [t.roles.users], email: `scale-member-${i}@test.local` }));
    const moderator = await t.ctx.db.insertInto('roles').values({ name: 'Scale moderators', description: null, type: 'sitewide', default: false, guests: false, internal: false, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' })
      .returning('id').executeTakeFirstOrThrow();
    const mod = await createUser(t, { roles: [t.roles.users, moderator.id], email: 'scale-moderator@test.local' });

    const byRole = (role: number) => listUrl('/api/v1/users', { perPage: 100, filters: JSON.stringify([{ key: 'roles', value: role }]) });
    let res!: Res;
    const ran = await ranDuring(async () => { res = await admin.get(byRole(t.roles.users)); });
    expect(res.status).toBe(200);
    const emails = res.body.pagination.data.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining([...members.map((m) => m.email), mod.email]));
    expect(emails).not.toContain('admin@test.local');
    expect((await admin.get(byRole(moderator.id))).body.pagination.data.map((u: { email: string }) => u.email)).toEqual([mod.email]);
    // The role editor's users tab narrows the same way.
    expect((await admin.get(`/api/v1/users?roleId=${moderator.id}`)).body.pagination.data.map((u: { email: string }) => u.email)).toEqual([mod.email]);

    if (!sqlite) return;
    const page = ran.find((s) => /from "users"/.test(s.source) && /limit \?/i.test(s.source) && /user_role/.test(s.source));
    expect(page, ran.map((s) => s.source).join('\n')).toBeDefined();
    const plan = (sqlite.prepare(`EXPLAIN QUERY PLAN ${page!.source}`).all(...(page!.args[0] as unknown[])) as { detail: string }[]).map((p) => p.detail).join(' | ');
    expect(plan).not.toContain('TEMP B-TREE');
    expect(plan).toContain('users_created_at_index');
  });

  it("the roles page counts each role's members once per change of the users, and again after one joins", async () => {
    const admin = await asAdmin(t);
    const usersCount = async () => {
      const res = await admin.get('/api/v1/roles?perPage=100');
      expect(res.status).toBe(200);
      return res.body.pagination.data.find((r: { id: number }) => r.id === t.roles.users).users_count as number;
    };
    const before = await usersCount();
    const again = await statementsDuring(async () => expect(await usersCount()).toBe(before));
    if (sqlite) expect(again.filter((s) => /from "user_role"/.test(s) && /count\(/i.test(s))).toEqual([]);
    await createUser(t, { roles: [t.roles.users] });
    expect(await usersCount()).toBe(before + 1);
    const removed = await t.ctx.db.selectFrom('user_role').select('user_id').where('role_id', '=', t.roles.users).orderBy('user_id', 'desc').executeTakeFirstOrThrow();
    await t.ctx.db.deleteFrom('user_role').where('role_id', '=', t.roles.users).where('user_id', '=', removed.user_id).execute();
    expect(await usersCount()).toBe(before);
  });
});
