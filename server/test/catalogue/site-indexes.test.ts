import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { asAdmin, createTestApp, guest } from '../helper.ts';

const t = await createTestApp();

describe('site indexes (migration 0039)', () => {
  it('the titles quick search reads its name-prefix candidates from the covering index alone', async () => {
    if (t.ctx.dialect === 'postgres') {
      const { rows } = await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes WHERE indexname = 'titles_lower_name_cover_index'`.execute(t.ctx.db);
      expect(rows[0]?.indexdef).toMatch(/lower\(\(?name\)?.*text_pattern_ops\) INCLUDE \(popularity, name\)/);
      return;
    }
    // The statement quickSearchTitles runs (modules/titles/search.ts): no lookup into the table per candidate.
    const plan = t.ctx.handle.sqlite!.prepare(`EXPLAIN QUERY PLAN SELECT "id", "name", "popularity" FROM "titles"
      WHERE lower(name) >= ? AND lower(name) < ? ORDER BY lower(name) LIMIT ?`).all('kin', 'kin\uffff', 200) as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' | ')).toContain('USING COVERING INDEX titles_lower_name_cover_index');
  });

  it('still ranks the exact name, then names starting with the query by popularity', async () => {
    const admin = await asAdmin(t);
    for (const [name, popularity] of [['Kingdom Falls', 5], ['Kingdom', 1], ['Kingdom Rises', 50], ['The Kingdom', 90]] as const) {
      const res = await admin.post('/api/v1/titles', { name, popularity });
      expect(res.status, res.text).toBe(200);
    }
    const res = await guest(t).get('/api/v1/search?query=kingdom&limit=4');
    expect(res.status).toBe(200);
    expect(res.body.results.titles.map((r: { name: string }) => r.name)).toEqual(['Kingdom', 'Kingdom Rises', 'Kingdom Falls', 'The Kingdom']);
  });
});
