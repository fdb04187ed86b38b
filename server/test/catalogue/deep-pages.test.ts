import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, guest, listUrl } from '../helper.ts';

// Deep pages of a filtered list come from its ordered id list, kept per catalogue version (http/deep-pages.ts):
// every page must still match what OFFSET paging answers, and a write must show on the next deep page.
const t = await createTestApp();
const MOVIES = 47;

beforeAll(async () => {
  const now = new Date().toISOString();
  const rows = Array.from({ length: MOVIES + 5 }, (_, i) => ({
    name: `Deep ${i}`, is_series: i >= MOVIES, year: 1990 + (i % 20), rating: (i * 37) % 100 / 10, popularity: i, created_at: now, updated_at: now,
  }));
  await t.ctx.db.insertInto('titles').values(rows).execute();
});

const page = async (n: number, orderBy = 'rating') => {
  const res = await guest(t).get(listUrl('/api/v1/titles', { perPage: 10, page: n, orderBy, orderDir: 'desc', filters: [{ key: 'type', value: 'movie' }, { key: 'year', value: { start: '1990', end: '2015' } }] }));
  expect(res.status, res.text).toBe(200);
  return res.body.pagination as { total: number; data: { id: number; name: string; rating: number; year: number }[]; last_page: number };
};

async function expected(orderBy: 'rating' | 'popularity') {
  const all = await t.ctx.db.selectFrom('titles').select(['id', 'rating', 'popularity', 'year', 'is_series']).execute();
  return all.filter((r) => !r.is_series && r.year! <= 2015)
    .sort((a, b) => (Number(b[orderBy]) - Number(a[orderBy])) || b.id - a.id).map((r) => r.id);
}

describe('deep pages of a filtered list', () => {
  it('answers every page, deep ones included, in the same order and total as OFFSET paging', async () => {
    for (const orderBy of ['rating', 'popularity'] as const) {
      const want = await expected(orderBy);
      const got: number[] = [];
      for (let n = 1; n <= 6; n++) {
        const p = await page(n, orderBy);
        expect(p.total).toBe(want.length);
        got.push(...p.data.map((d) => d.id));
      }
      expect(got).toEqual(want);
    }
  });

  it('shows a change on the next deep page (the id list follows the catalogue version)', async () => {
    const before = await page(4);
    const moved = before.data[0];
    // Best rated now: it leaves page 4 for page 1.
    await t.ctx.db.updateTable('titles').set({ rating: 10 }).where('id', '=', moved.id).execute();
    const after = await page(4);
    expect(after.data.map((d) => d.id)).not.toContain(moved.id);
    expect((await page(1)).data[0].id).toBe(moved.id);
    expect([...(await page(1)).data, ...(await page(2)).data, ...(await page(3)).data, ...after.data, ...(await page(5)).data].map((d) => d.id)).toEqual(await expected('rating'));
  });
});
