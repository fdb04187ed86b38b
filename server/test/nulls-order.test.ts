import { CompiledQuery } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, createTestApp, type Client } from './helper.ts';

/**
 * A title without a rating or popularity (added by hand) sorts last in "most popular" and "best rated" and first in
 * ascending order, on SQLite and PostgreSQL alike; on PostgreSQL those sorts still walk their indexes.
 */
const t = await createTestApp();
const postgres = Boolean(process.env.TEST_DATABASE_URL);
let admin: Client;

beforeAll(async () => {
  admin = await asAdmin(t);
  for (const [name, popularity, rating] of [['Known A', 50, 8.1], ['Unknown', null, null], ['Known B', 20, 6.4]] as const) {
    const { title } = (await admin.post('/api/v1/titles', { name })).body;
    await t.ctx.db.updateTable('titles').set({ popularity, rating }).where('id', '=', title.id).execute();
  }
  for (const [name, birth_date] of [['Born Early', '1950-01-01'], ['Born Unknown', null], ['Born Late', '1990-01-01']] as const) {
    await admin.post('/api/v1/people', { name, known_for: 'Acting', ...(birth_date ? { birth_date } : {}) });
  }
});

const names = async (path: string) => ((await admin.get(path)).body.pagination.data as { name: string }[]).map((r) => r.name);

describe('nullable sort columns', () => {
  it('put titles without a figure last when sorting down and first when sorting up', async () => {
    expect(await names('/api/v1/titles?orderBy=popularity&orderDir=desc')).toEqual(['Known A', 'Known B', 'Unknown']);
    expect(await names('/api/v1/titles?orderBy=popularity&orderDir=asc')).toEqual(['Unknown', 'Known B', 'Known A']);
    expect(await names('/api/v1/titles?orderBy=rating&orderDir=desc')).toEqual(['Known A', 'Known B', 'Unknown']);
    const movies = encodeURIComponent(JSON.stringify([{ key: 'type', value: 'movie', operator: '=' }]));
    expect(await names(`/api/v1/titles?orderBy=rating&orderDir=desc&filters=${movies}`)).toEqual(['Known A', 'Known B', 'Unknown']);
  });

  it('does the same for people by birth date', async () => {
    expect(await names('/api/v1/people?orderBy=birth_date&orderDir=desc')).toEqual(['Born Late', 'Born Early', 'Born Unknown']);
    expect(await names('/api/v1/people?orderBy=birth_date&orderDir=asc')).toEqual(['Born Unknown', 'Born Early', 'Born Late']);
  });

  it.runIf(postgres)('walks the sort indexes on PostgreSQL in both directions (no sort step)', async () => {
    const db = t.ctx.db;
    const queries = [
      db.selectFrom('titles').select('id').orderBy('titles.popularity', 'desc').orderBy('titles.id', 'desc').limit(24),
      db.selectFrom('titles').select('id').orderBy('titles.rating', 'asc').orderBy('titles.id', 'asc').limit(24),
      db.selectFrom('titles').select('id').where('is_series', '=', false as never).orderBy('titles.popularity', 'desc').orderBy('titles.id', 'desc').limit(24),
      db.selectFrom('titles').select('id').where('is_series', '=', true as never).orderBy('titles.release_date', 'desc').orderBy('titles.id', 'desc').limit(24),
      db.selectFrom('titles').select('id').where('is_series', '=', false as never).orderBy('titles.rating', 'desc').orderBy('titles.id', 'desc').limit(24),
      db.selectFrom('people').select('id').orderBy('people.popularity', 'desc').orderBy('people.id', 'desc').limit(24),
      db.selectFrom('people').select('id').orderBy('people.birth_date', 'asc').orderBy('people.id', 'asc').limit(24),
      db.selectFrom('episodes').select('id').orderBy('episodes.release_date', 'desc').orderBy('episodes.id', 'desc').limit(24),
    ];
    await db.transaction().execute(async (trx) => {
      await trx.executeQuery(CompiledQuery.raw('SET LOCAL enable_sort = off'));
      for (const q of queries) {
        const compiled = q.compile();
        expect(compiled.sql).toMatch(/nulls (first|last)/);
        const plan = (await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]))).rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(plan, compiled.sql).not.toMatch(/\bSort\b/);
      }
    });
  });
});
