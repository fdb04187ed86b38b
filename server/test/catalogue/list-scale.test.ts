import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { asAdmin, createTestApp, listUrl } from '../helper.ts';

const t = await createTestApp();
const sqlite = t.ctx.handle.sqlite;

/** The SQL texts SQLite ran while `fn` ran (none recorded on PostgreSQL). */
async function statementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
  if (!sqlite) { await fn(); return []; }
  const proto = Object.getPrototypeOf(sqlite.prepare('SELECT 1')) as Record<string, (...a: unknown[]) => unknown>;
  const seen: string[] = [];
  const originals = Object.fromEntries((['all', 'get', 'run', 'iterate'] as const).map((k) => [k, proto[k]]));
  for (const k of Object.keys(originals)) proto[k] = function (this: { source: string }, ...a: unknown[]) { seen.push(this.source); return originals[k].apply(this, a); };
  try { await fn(); } finally { Object.assign(proto, originals); }
  return seen;
}

const counter = async (name: string) =>
  Number((await t.ctx.db.selectFrom('counters').select('value').where('name', '=', name).executeTakeFirst())?.value ?? -1);

describe('lists at scale (migration 0094)', () => {
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
});
