import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { HttpError } from '../src/http/errors.ts';
import { filters, paginate, parseListQuery, type ListDefinition } from '../src/http/list-query.ts';
import { idsSchema } from '../src/http/schema.ts';
import { createTestApp } from './helper.ts';

const t = await createTestApp();
const db = t.ctx.db as unknown as Kysely<any>;

// A small table of our own, so the numbers below do not depend on any other fixture.
await db.schema.createTable('lq_items')
  .addColumn('id', 'integer', (c) => c.primaryKey())
  .addColumn('name', 'varchar(50)', (c) => c.notNull())
  .addColumn('score', 'integer', (c) => c.notNull())
  .addColumn('done_at', 'varchar(30)')
  .execute();
// 23 rows; score repeats (id % 3) so the tie-breaker decides the order inside each score.
await db.insertInto('lq_items').values(Array.from({ length: 23 }, (_, i) => ({
  id: i + 1, name: `item${String(i + 1).padStart(2, '0')}`, score: (i + 1) % 3, done_at: i % 2 ? `2024-01-${String(i + 1).padStart(2, '0')}T00:00:00.000Z` : null,
}))).execute();

let unfilteredCalls = 0;
const def: ListDefinition = {
  sorts: { name: 'name', score: 'score', id: 'id' },
  defaultSort: ['id', 'asc'],
  tieBreaker: 'id',
  filters: { done_at: filters.isSet('done_at'), done_on: filters.date('done_at'), id: filters.id('id') },
  search: (qb, q) => qb.where('name', '=', q),
  unfilteredTotal: async () => { unfilteredCalls++; return 23; },
};
const base = () => db.selectFrom('lq_items').select(['id', 'name', 'score', 'done_at']);
const list = (raw: Record<string, unknown>, d: ListDefinition = def) => paginate<any>(base(), raw, d);

/** Runs fn and answers the HttpError it threw. */
async function httpError(fn: () => unknown): Promise<HttpError> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('expected an HttpError');
}

describe('parseListQuery', () => {
  it('applies the defaults and coerces query-string numbers', () => {
    expect(parseListQuery({})).toMatchObject({ page: 1, perPage: 15, filterItems: [] });
    expect(parseListQuery(undefined)).toMatchObject({ page: 1, perPage: 15 });
    expect(parseListQuery({ page: '3', perPage: '50' })).toMatchObject({ page: 3, perPage: 50 });
    expect(parseListQuery({ perPage: '10' }).perPage).toBe(10);
    expect(parseListQuery({ perPage: '100' }).perPage).toBe(100);
  });

  it('refuses perPage outside 10-100, a page below 1 and non-numbers with field errors', async () => {
    for (const [raw, field] of [
      [{ perPage: '5' }, 'perPage'], [{ perPage: '9' }, 'perPage'], [{ perPage: '101' }, 'perPage'], [{ perPage: 'abc' }, 'perPage'],
      [{ page: '0' }, 'page'], [{ page: '-1' }, 'page'], [{ page: '1.5' }, 'page'], [{ orderDir: 'sideways' }, 'orderDir'],
    ] as const) {
      const err = await httpError(() => parseListQuery(raw));
      expect(err.status, JSON.stringify(raw)).toBe(422);
      expect(err.errors?.[field], JSON.stringify(raw)).toBeDefined();
    }
  });

  it('parses JSON filters, defaulting the operator to "="', () => {
    const q = parseListQuery({ filters: JSON.stringify([{ key: 'a', value: true }, { key: 'b', value: { start: 'x', end: 'y' }, operator: 'between' }]) });
    expect(q.filterItems).toEqual([{ key: 'a', value: true, operator: '=' }, { key: 'b', value: { start: 'x', end: 'y' }, operator: 'between' }]);
  });

  it('refuses malformed filters JSON, a non-array and a bad operator under errors.filters…', async () => {
    for (const filtersParam of ['{not json', '[{"key":', '{"key":"a","value":1}', JSON.stringify([{ key: 'a', value: 1, operator: 'LIKE' }]), JSON.stringify([{ value: 1 }])]) {
      const err = await httpError(() => parseListQuery({ filters: filtersParam }));
      expect(err.status, filtersParam).toBe(422);
      expect(Object.keys(err.errors ?? {}).some((k) => k === 'filters' || k.startsWith('filters.')), `${filtersParam}: ${JSON.stringify(err.errors)}`).toBe(true);
    }
  });

  it('refuses more than 20 filters', async () => {
    const many = Array.from({ length: 21 }, () => ({ key: 'a', value: 1 }));
    expect((await httpError(() => parseListQuery({ filters: JSON.stringify(many) }))).status).toBe(422);
  });
});

describe('paginate', () => {
  it('answers the pagination shape for a middle and the last page', async () => {
    const p2 = await list({ perPage: '10', page: '2' });
    expect(Object.keys(p2).sort()).toEqual(['current_page', 'data', 'from', 'last_page', 'per_page', 'to', 'total']);
    expect(p2).toMatchObject({ current_page: 2, per_page: 10, from: 11, to: 20, total: 23, last_page: 3 });
    expect(p2.data.map((r: any) => r.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    const p3 = await list({ perPage: '10', page: '3' });
    expect(p3).toMatchObject({ from: 21, to: 23, total: 23, last_page: 3 });
    expect(p3.data).toHaveLength(3);
  });

  it('answers an empty page with from/to null beyond the last page', async () => {
    const p = await list({ perPage: '10', page: '4' });
    expect(p).toMatchObject({ current_page: 4, per_page: 10, from: null, to: null, total: 23, last_page: 3, data: [] });
    const far = await list({ page: '100000' });
    expect(far).toMatchObject({ from: null, to: null, data: [], total: 23 });
  });

  it('answers last_page 1 and from/to null when nothing matches', async () => {
    const p = await list({ filters: JSON.stringify([{ key: 'id', value: 999 }]) });
    expect(p).toMatchObject({ current_page: 1, from: null, to: null, total: 0, last_page: 1, data: [] });
  });

  it('breaks ties on the unique column so pages never overlap or skip rows', async () => {
    for (const dir of ['asc', 'desc']) {
      const seen: number[] = [];
      for (let page = 1; page <= 3; page++) {
        const p = await list({ orderBy: 'score', orderDir: dir, perPage: '10', page: String(page) });
        seen.push(...p.data.map((r: any) => r.id));
      }
      expect(seen).toHaveLength(23);
      expect(new Set(seen).size).toBe(23);
      const all = await list({ orderBy: 'score', orderDir: dir, perPage: '100' });
      expect(all.data.map((r: any) => r.id)).toEqual(seen);
      const scores = all.data.map((r: any) => r.score);
      expect(scores).toEqual([...scores].sort((a, b) => (dir === 'asc' ? a - b : b - a)));
    }
  });

  it('sorts by the whitelisted column in both directions; orderBy alone sorts descending', async () => {
    const asc = await list({ orderBy: 'name', orderDir: 'asc', perPage: '100' });
    expect(asc.data[0].name).toBe('item01');
    const desc = await list({ orderBy: 'name', orderDir: 'desc', perPage: '100' });
    expect(desc.data[0].name).toBe('item23');
    expect((await list({ orderBy: 'name' })).data[0].name).toBe('item23');
    expect((await list({ orderDir: 'desc' })).data[0].id).toBe(23);
    expect((await list({})).data[0].id).toBe(1);
  });

  it('refuses an unknown orderBy, including SQL, with errors.orderBy', async () => {
    for (const orderBy of ['password', 'name; drop table lq_items', 'score desc']) {
      const err = await httpError(() => list({ orderBy }));
      expect(err.status).toBe(422);
      expect(err.errors?.orderBy).toBeDefined();
    }
    expect((await list({})).total).toBe(23);
  });

  it('refuses an unknown filter key with errors.filters', async () => {
    const err = await httpError(() => list({ filters: JSON.stringify([{ key: 'name', value: 'x' }]) }));
    expect(err.status).toBe(422);
    expect(err.errors?.filters?.[0]).toMatch(/Unknown filter: name/);
  });

  it('names the sorts and filters the list has when a caller guesses a wrong one, so an API script can correct itself', async () => {
    const sort = await httpError(() => list({ orderBy: 'title' }));
    expect(sort.status).toBe(422);
    expect(sort.errors).toEqual({ orderBy: ['Cannot sort by: title. Sort by one of: name, score, id.'] });
    const filter = await httpError(() => list({ filters: JSON.stringify([{ key: 'title', value: 'x' }]) }));
    expect(filter.errors).toEqual({ filters: ['Unknown filter: title. Filter by one of: done_at, done_on, id.'] });
    const none = await httpError(() => list({ filters: JSON.stringify([{ key: 'title', value: 'x' }]) }, { ...def, filters: {} }));
    expect(none.errors).toEqual({ filters: ['Unknown filter: title. This list has no filters.'] });
  });

  it('uses the cheap unfiltered total only when nothing narrows the list', async () => {
    unfilteredCalls = 0;
    expect((await list({})).total).toBe(23);
    expect(unfilteredCalls).toBe(1);
    expect((await list({ filters: JSON.stringify([{ key: 'done_at', value: true }]) })).total).toBe(11);
    expect((await list({ query: 'item05' })).total).toBe(1);
    expect(unfilteredCalls).toBe(1);
    // A blank search does not narrow.
    expect((await list({ query: '   ' })).total).toBe(23);
  });

  it('maps rows through the given function', async () => {
    const p = await paginate(base(), { perPage: '10' }, def, (r) => `#${r.id}`);
    expect(p.data[0]).toBe('#1');
  });
});

describe('filter handlers', () => {
  it('isSet: true/false (and their string forms) select set and null columns; anything else is refused', async () => {
    for (const v of [true, 'true', 1, '1']) expect((await list({ filters: JSON.stringify([{ key: 'done_at', value: v }]) })).total).toBe(11);
    for (const v of [false, 'false', 0, '0']) expect((await list({ filters: JSON.stringify([{ key: 'done_at', value: v }]) })).total).toBe(12);
    const err = await httpError(() => list({ filters: JSON.stringify([{ key: 'done_at', value: 'maybe' }]) }));
    expect(err.status).toBe(422);
    expect(err.errors?.filters).toBeDefined();
  });

  it('date: a plain day as the end of a between takes in all of that day', async () => {
    await db.insertInto('lq_items' as any).values({ id: 99, name: 'evening', score: 0, done_at: '2024-02-15T18:30:00.000Z' } as any).execute();
    try {
      const day = await list({ filters: JSON.stringify([{ key: 'done_on', operator: 'between', value: { start: '2024-02-15', end: '2024-02-15' } }]) });
      expect(day.data.map((r: any) => r.id)).toEqual([99]);
    } finally {
      await db.deleteFrom('lq_items' as any).where('id' as any, '=', 99).execute();
    }
  });

  it('date: between is inclusive, comparisons work, bad dates and operators are refused', async () => {
    const between = await list({ filters: JSON.stringify([{ key: 'done_on', operator: 'between', value: { start: '2024-01-04T00:00:00.000Z', end: '2024-01-10T00:00:00.000Z' } }]) });
    expect(between.data.map((r: any) => r.id)).toEqual([4, 6, 8, 10]);
    const after = await list({ filters: JSON.stringify([{ key: 'done_on', operator: '>', value: '2024-01-20T00:00:00.000Z' }]) });
    expect(after.data.map((r: any) => r.id)).toEqual([22]);
    for (const bad of [
      { key: 'done_on', operator: 'between', value: { start: 'yesterday-ish', end: '2024-01-10' } },
      { key: 'done_on', operator: '>', value: 'not a date' },
      { key: 'done_on', operator: 'has', value: '2024-01-10' },
    ]) {
      const err = await httpError(() => list({ filters: JSON.stringify([bad]) }));
      expect(err.status, JSON.stringify(bad)).toBe(422);
    }
  });

  it('id: equality and inequality; non-integers are refused', async () => {
    expect((await list({ filters: JSON.stringify([{ key: 'id', value: '7' }]) })).data.map((r: any) => r.id)).toEqual([7]);
    expect((await list({ filters: JSON.stringify([{ key: 'id', value: 7, operator: '!=' }]) })).total).toBe(22);
    expect((await httpError(() => list({ filters: JSON.stringify([{ key: 'id', value: 'seven' }]) }))).status).toBe(422);
  });

  it('several filters narrow together', async () => {
    const p = await list({ filters: JSON.stringify([{ key: 'done_at', value: true }, { key: 'id', value: 2 }]) });
    expect(p.data.map((r: any) => r.id)).toEqual([2]);
  });
});

describe('idsSchema (bulk-delete paths)', () => {
  it('parses and de-duplicates a comma list', () => {
    expect(idsSchema.parse('1,2,2, 3')).toEqual([1, 2, 3]);
    expect(idsSchema.parse('42')).toEqual([42]);
  });

  it('refuses bad ids and more than 1000', () => {
    for (const raw of ['', 'a', '1,,2', '0', '-1', '1.5', Array.from({ length: 1001 }, (_, i) => i + 1).join(',')]) {
      expect(idsSchema.safeParse(raw).success, raw.slice(0, 20)).toBe(false);
    }
  });
});
