import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { asAdmin, createTestApp, guest } from '../helper.ts';

/**
 * The admin's "Database search mode" (server.scout_mysql_mode) changes how titles, people and episodes are found, on
 * the visitor's search, the header's quick search and the lists: basic matches the query as one phrase in the name,
 * extended also finds the original title and the description, fulltext matches whole words everywhere, ranked.
 */
const t = await createTestApp();
const admin = await asAdmin(t);
const visitor = guest(t);
const now = new Date().toISOString();
const title = async (name: string, extra: Record<string, unknown> = {}) => Number((await t.ctx.db.insertInto('titles')
  .values({ name, is_series: true, popularity: 10, created_at: now, updated_at: now, ...extra } as any).returning('id').executeTakeFirstOrThrow()).id);

const amelie = await title('Amélie', { original_title: 'Le Fabuleux Destin d\'Amélie Poulain', description: 'A shy waitress in Montmartre decides to change the lives of those around her.' });
const harborLights = await title('Harbor Lights', { description: 'A lighthouse keeper finds a message in a bottle.', popularity: 50 });
await title('The Quiet Harbor', { description: 'Fishermen wait out a storm.' });
await title('Lighthouse Keeper', { popularity: 1 });
await t.ctx.db.insertInto('people').values({ name: 'Marion Cotillard', description: 'French actress born in Paris.', popularity: 5, created_at: now, updated_at: now } as any).execute();
const season = Number((await t.ctx.db.insertInto('seasons').values({ title_id: harborLights, number: 1, created_at: now, updated_at: now } as any).returning('id').executeTakeFirstOrThrow()).id);
await t.ctx.db.insertInto('episodes').values({ title_id: harborLights, season_id: season, season_number: 1, episode_number: 1, name: 'Pilot', description: 'The crew reaches Montmartre at dawn.', created_at: now, updated_at: now } as any).execute();

const setMode = (mode: 'basic' | 'extended' | 'fulltext') => t.ctx.settings.set({ 'server.scout_mysql_mode': mode });
/** The visitor's grouped search, as names per group. */
async function search(query: string) {
  const res = await visitor.get(`/api/v1/search?query=${encodeURIComponent(query)}&limit=10`);
  expect(res.status, res.text).toBe(200);
  const names = (hits?: { name: string }[]) => (hits ?? []).map((h) => h.name);
  return { titles: names(res.body.results.titles), people: names(res.body.results.people), episodes: names(res.body.results.episodes) };
}
/** The admin titles list's search (the list's own join on the index). */
const listed = async (query: string) => (await admin.get(`/api/v1/titles?query=${encodeURIComponent(query)}&perPage=50`)).body.pagination.data.map((r: { name: string }) => r.name);

describe('database search mode: basic', () => {
  it('matches the query as one phrase in the name only', async () => {
    await setMode('basic');
    expect((await search('amelie')).titles).toEqual(['Amélie']);
    expect((await search('quiet harbor')).titles).toEqual(['The Quiet Harbor']);
    // Words in another order, the original title and the descriptions are not the name's phrase.
    expect((await search('harbor quiet')).titles).toEqual([]);
    expect(await search('fabuleux')).toEqual({ titles: [], people: [], episodes: [] });
    expect(await search('montmartre')).toEqual({ titles: [], people: [], episodes: [] });
    expect((await search('paris')).people).toEqual([]);
    expect(await listed('fabuleux')).toEqual([]);
    expect(await listed('quiet harbor')).toEqual(['The Quiet Harbor']);
  });
});

describe('database search mode: extended', () => {
  it('also finds the original title and every field\'s words, names first', async () => {
    await setMode('extended');
    expect((await search('fabuleux')).titles).toEqual(['Amélie']);
    expect((await search('harbor quiet')).titles).toEqual(['The Quiet Harbor']);
    expect(await search('montmartre')).toEqual({ titles: ['Amélie'], people: [], episodes: ['Pilot'] });
    expect((await search('paris')).people).toEqual(['Marion Cotillard']);
    // A name holding the word comes before a description holding it, however popular.
    expect((await search('lighthouse')).titles).toEqual(['Lighthouse Keeper', 'Harbor Lights']);
    expect(await listed('montmartre')).toEqual(['Amélie']);
    expect(await listed('lighthouse')).toEqual(['Lighthouse Keeper', 'Harbor Lights']);
  });
});

describe('database search mode: fulltext', () => {
  it('matches whole words in every field, ranked by relevance, accents ignored', async () => {
    await setMode('fulltext');
    expect(await search('montmartre')).toEqual({ titles: ['Amélie'], people: [], episodes: ['Pilot'] });
    expect((await search('AMELIE')).titles).toEqual(['Amélie']);
    expect((await search('paris')).people).toEqual(['Marion Cotillard']);
    // Whole words: a part of one is not a match.
    expect((await search('harb')).titles).toEqual([]);
    expect((await search('harbor')).titles.sort()).toEqual(['Harbor Lights', 'The Quiet Harbor']);
    expect(await listed('montmartre')).toEqual(['Amélie']);
    expect(await listed('harb')).toEqual([]);
  });

  it('ranks a bounded number of matches, so a common word on a big table stays quick', async () => {
    // Each group's ranking query reads a limited set of the word index's matches (as the other modes do), not all of them.
    const statement = Object.getPrototypeOf(new SQLite(':memory:').prepare('SELECT 1')) as { all: (...args: unknown[]) => unknown };
    const all = statement.all;
    const ran: string[] = [];
    statement.all = function (this: { source: string }, ...args: unknown[]) {
      ran.push(this.source);
      return all.apply(this, args);
    };
    try {
      await search('harbor');
    } finally {
      statement.all = all;
    }
    const ranking = ran.filter((text) => /_words/.test(text));
    if (t.ctx.dialect === 'sqlite') expect(ranking.length).toBeGreaterThan(0);
    for (const text of ranking) expect(text, text).toMatch(/limit \?\s*\)\s*as "m"/i);
    expect((await search('harbor')).titles.sort()).toEqual(['Harbor Lights', 'The Quiet Harbor']);
  });

  it('puts a name that is exactly the query first, even past the matches it ranks', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => ({ name: `Voyage ${i}`, is_series: false, popularity: 1, description: 'A zephyr crosses the bay.', created_at: now, updated_at: now }));
    const many = (await t.ctx.db.insertInto('titles').values(rows as any).returning('id').execute()).map((r) => Number(r.id));
    const zephyr = await title('Zéphyr', { popularity: 0 });
    try {
      expect((await search('zephyr')).titles[0]).toBe('Zéphyr');
      expect((await admin.get('/api/v1/titles?query=ZEPHYR&perPage=10')).body.pagination.data[0].name).toBe('Zéphyr');
    } finally {
      await t.ctx.db.deleteFrom('titles').where('id', 'in', [...many, zephyr]).execute();
    }
  });

  it('keeps the word index in step with edits and deletes', async () => {
    await t.ctx.db.updateTable('titles').set({ description: 'A waitress in Lyon.' }).where('id', '=', amelie).execute();
    expect((await search('montmartre')).titles).toEqual([]);
    expect((await search('lyon')).titles).toEqual(['Amélie']);
    await t.ctx.db.deleteFrom('titles').where('name', '=', 'The Quiet Harbor').execute();
    expect((await search('fishermen')).titles).toEqual([]);
  });
});

describe('every mode takes wildcards, quotes and full-text syntax as text', () => {
  it.each(['basic', 'extended', 'fulltext'] as const)('%s', async (mode) => {
    await setMode(mode);
    for (const q of ['%', '_', '"', "'", '%harbor%', 'harbor*', 'NEAR(harbor lights)', 'name:harbor', '-harbor', 'a']) {
      const res = await visitor.get(`/api/v1/search?query=${encodeURIComponent(q)}`);
      expect(res.status, `${mode} ${q}: ${res.text}`).toBe(200);
      const list = await admin.get(`/api/v1/titles?query=${encodeURIComponent(q)}`);
      expect(list.status, `${mode} list ${q}: ${list.text}`).toBe(200);
    }
    expect((await search('%')).titles).toEqual([]);
    await setMode('extended');
  });
});
