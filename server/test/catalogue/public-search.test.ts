import { CompiledQuery } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GUEST_PERMISSIONS } from '@app/contracts';
import { syncGrants } from '../../src/modules/roles/permissions.ts';
import { searchMatches } from '../../src/modules/titles/search.ts';
import { asAdmin, asUser, createTestApp, guest, type Client } from '../helper.ts';

const t = await createTestApp();
let admin: Client;
const search = (query: string, extra = '', client = guest(t)) => client.get(`/api/v1/search?query=${encodeURIComponent(query)}${extra}`);

beforeAll(async () => {
  admin = await asAdmin(t);
  const ok = (res: { status: number; text: string }) => expect(res.status, res.text).toBe(200);
  for (const [name, popularity] of [['Kingdom of Heaven', 30], ['The Last Kingdom', 80], ['Kingdom', 5], ['Unrelated Film', 99]] as const) {
    ok(await admin.post('/api/v1/titles', { name, popularity, release_date: '2005-05-06', description: `About ${name}` }));
  }
  const series = (await admin.post('/api/v1/titles', { name: 'Harbour Tales', is_series: true })).body.title;
  ok(await admin.post(`/api/v1/titles/${series.id}/seasons`, { number: 1 }));
  ok(await admin.post(`/api/v1/titles/${series.id}/seasons/1/episodes`, { name: 'Return to the Kingdom', episode_number: 3 }));
  for (const name of ['Kingdom Actor', 'Someone Else', 'Zoë Saldaña']) ok(await admin.post('/api/v1/people', { name }));
  for (const name of ['Le Fabuleux Destin d’Amélie Poulain', 'Pokemon Heroes']) ok(await admin.post('/api/v1/titles', { name }));
  ok(await admin.post(`/api/v1/titles/${series.id}/seasons/1/episodes`, { name: 'Crème Brûlée', episode_number: 4 }));
});

describe('GET search (public, grouped)', () => {
  it('groups titles, people and episodes, exact name, then names starting with the query, then containing it', async () => {
    const res = await search('kingdom');
    expect(res.status, res.text).toBe(200);
    expect(res.body.query).toBe('kingdom');
    expect(res.body.results.titles.map((x: any) => x.name)).toEqual(['Kingdom', 'Kingdom of Heaven', 'The Last Kingdom']);
    expect(res.body.results.titles[0]).toMatchObject({ is_series: false, year: 2005, description: 'About Kingdom' });
    expect(Object.keys(res.body.results.titles[0]).sort()).toEqual(['description', 'id', 'is_series', 'name', 'poster', 'rating', 'year']);
    expect(res.body.results.people.map((x: any) => x.name)).toEqual(['Kingdom Actor']);
    expect(res.body.results.episodes).toEqual([expect.objectContaining({ name: 'Return to the Kingdom', title_name: 'Harbour Tales', season_number: 1, episode_number: 3 })]);
  });

  it('matches one or two letters typed in any case, as the first letters of a name', async () => {
    for (const typed of ['ki', 'KI', 'Ki', 'kI', 'k']) {
      const res = await search(typed);
      expect(res.status, res.text).toBe(200);
      expect(res.body.results.titles.map((x: any) => x.name).sort(), typed).toEqual(['Kingdom', 'Kingdom of Heaven']);
      expect(res.body.results.people.map((x: any) => x.name), typed).toEqual(['Kingdom Actor']);
    }
    expect((await search('re')).body.results.episodes.map((x: any) => x.name)).toEqual(['Return to the Kingdom']);
    // A typed wildcard is a plain character.
    expect((await search('k%')).body.results.people).toEqual([]);
    // The admin lists that match a name's start (videos, files, roles) ignore case too.
    const people = await admin.get('/api/v1/people?query=ki');
    expect(people.body.pagination.data.map((x: any) => x.name)).toEqual(['Kingdom Actor']);
  });

  it('finds every word in any order; quotes and dashes only separate words', async () => {
    expect((await search('heaven kingdom')).body.results.titles.map((x: any) => x.name)).toEqual(['Kingdom of Heaven']);
    expect((await search('Last-Kingdom')).body.results.titles.map((x: any) => x.name)).toEqual(['The Last Kingdom']);
    expect((await search('"kingdom"')).body.results.titles.map((x: any) => x.name).sort()).toEqual(['Kingdom', 'Kingdom of Heaven', 'The Last Kingdom']);
    expect((await search('actor kingdom')).body.results.people.map((x: any) => x.name)).toEqual(['Kingdom Actor']);
    expect((await search('kingdom return')).body.results.episodes.map((x: any) => x.name)).toEqual(['Return to the Kingdom']);
    expect((await search('kingdom unrelated')).body.results.titles).toEqual([]);
    // The search page's "See all" (the titles list) matches the same way.
    const all = await guest(t).get('/api/v1/titles?query=heaven%20kingdom');
    expect(all.status, all.text).toBe(200);
    expect(all.body.pagination.data.map((x: any) => x.name)).toEqual(['Kingdom of Heaven']);
  });

  it('ignores accents, typed or stored', async () => {
    expect((await search('amelie')).body.results.titles.map((x: any) => x.name)).toEqual(['Le Fabuleux Destin d’Amélie Poulain']);
    expect((await search('AMÉLIE')).body.results.titles.map((x: any) => x.name)).toEqual(['Le Fabuleux Destin d’Amélie Poulain']);
    expect((await search('pokémon')).body.results.titles.map((x: any) => x.name)).toEqual(['Pokemon Heroes']);
    expect((await search('saldana')).body.results.people.map((x: any) => x.name)).toEqual(['Zoë Saldaña']);
    expect((await search('zoe sal')).body.results.people.map((x: any) => x.name)).toEqual(['Zoë Saldaña']);
    expect((await search('creme brulee')).body.results.episodes.map((x: any) => x.name)).toEqual(['Crème Brûlée']);
    // The admin lists search through the same index; a rename is found by its new name.
    expect((await admin.get('/api/v1/people?query=saldana')).body.pagination.data.map((x: any) => x.name)).toEqual(['Zoë Saldaña']);
    const pokemon = (await search('pokemon')).body.results.titles[0];
    expect((await admin.put(`/api/v1/titles/${pokemon.id}`, { name: 'Pokémon Heroes: Latios' })).status).toBe(200);
    expect((await search('latios')).body.results.titles.map((x: any) => x.name)).toEqual(['Pokémon Heroes: Latios']);
  });

  it('folds case and accents alike on both databases: short queries, other scripts, the exact-name boost', async () => {
    const made: number[] = [];
    for (const name of ['Élise', 'Eden Lake', 'Ομάδα', 'Война и мир']) {
      const res = await admin.post('/api/v1/titles', { name });
      expect(res.status, res.text).toBe(200);
      made.push(res.body.title.id);
    }
    const names = async (query: string) => (await guest(t).get(`/api/v1/titles?perPage=50&query=${encodeURIComponent(query)}`)).body.pagination.data.map((x: any) => x.name).sort();
    // One or two letters match a name's start, accents ignored typed or stored (PostgreSQL's search_fold did, SQLite did not).
    expect(await names('é')).toEqual(['Eden Lake', 'Élise']);
    expect(await names('E')).toEqual(['Eden Lake', 'Élise']);
    expect(await names('el')).toEqual(['Élise']);
    expect(await names('ομ')).toEqual(['Ομάδα']);
    expect(await names('ΌΜ')).toEqual(['Ομάδα']);
    expect(await names('во')).toEqual(['Война и мир']);
    // Greek keeps its accents in SQLite's trigram index: a word typed without them (or in capitals) finds it too.
    for (const typed of ['ομαδα', 'ΟΜΑΔΑ', 'ομάδα', 'ΟΜΆΔΑ', 'μαδ']) expect(await names(typed), typed).toEqual(['Ομάδα']);
    expect((await search('ομαδα')).body.results.titles.map((x: any) => x.name)).toEqual(['Ομάδα']);
    // The exact name ranks first whatever its script and case.
    // The public search's titles group (its own prefix index) too.
    expect((await search('é')).body.results.titles.map((x: any) => x.name).sort()).toEqual(['Eden Lake', 'Élise']);
    const sequel = (await admin.post('/api/v1/titles', { name: 'Война и мир 2', popularity: 99 })).body.title;
    made.push(sequel.id);
    expect((await search('война и мир')).body.results.titles.map((x: any) => x.name)).toEqual(['Война и мир', 'Война и мир 2']);
    for (const [query, id] of [['война и мир', made[3]], ['ÉLISE', made[0]], ['elise', made[0]]] as const) {
      const rows = await searchMatches(t.ctx.db, t.ctx.dialect, 'titles', query).execute();
      expect(rows.find((r) => Number(r.id) === id)?.search_rank, query).toBeGreaterThanOrEqual(1000);
    }
    for (const id of made) expect((await admin.delete(`/api/v1/titles/${id}`)).status).toBeLessThan(300);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('matches through the accent-folded trigram indexes on PostgreSQL', async () => {
    await t.ctx.db.transaction().execute(async (trx) => {
      await trx.executeQuery(CompiledQuery.raw('SET LOCAL enable_seqscan = off'));
      for (const table of ['titles', 'people', 'episodes'] as const) {
        for (const query of ['amélie', 'am']) {
          const compiled = searchMatches(t.ctx.db, 'postgres', table, query).compile();
          const plan = (await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]))).rows.map((r) => r['QUERY PLAN']).join('\n');
          expect(plan, compiled.sql).toContain(`${table}_search_trgm`);
        }
      }
    });
  });

  it('finds a one- or two-character word of Chinese, Japanese, Korean or Thai anywhere in a title\'s name, not only at its start', async () => {
    const ok = (res: { status: number; text: string }) => expect(res.status, res.text).toBe(200);
    for (const name of ['千と千尋の神隠し', '英雄本色', '少林英雄', '기생충 이야기', 'ฉลาดเกมส์โกง']) ok(await admin.post('/api/v1/titles', { name }));
    ok(await admin.post('/api/v1/people', { name: '宮崎駿' }));
    const titles = async (q: string) => (await search(q)).body.results.titles.map((x: any) => x.name).sort();
    expect(await titles('神隠')).toEqual(['千と千尋の神隠し']);
    expect(await titles('英雄')).toEqual(['少林英雄', '英雄本色'].sort());
    expect(await titles('隠')).toEqual(['千と千尋の神隠し']);
    expect(await titles('생충')).toEqual(['기생충 이야기']);
    expect(await titles('เกม')).toEqual(['ฉลาดเกมส์โกง']);
    // People and episodes (tables of millions) keep matching a name's start for such short words.
    expect((await search('崎駿')).body.results.people).toEqual([]);
    expect((await search('宮崎')).body.results.people.map((x: any) => x.name)).toEqual(['宮崎駿']);
    // The instant search (a few results) and the admin lists find them the same way.
    expect((await search('英雄', '&limit=3')).body.results.titles.map((x: any) => x.name).sort()).toEqual(['少林英雄', '英雄本色'].sort());
    expect((await admin.get(`/api/v1/titles?query=${encodeURIComponent('神隠')}`)).body.pagination.data.map((x: any) => x.name)).toEqual(['千と千尋の神隠し']);
    // Latin letters still match a name's start only.
    expect(await titles('om')).toEqual([]);
  });

  it('limits each group (the instant search asks for a few)', async () => {
    const res = await search('kingdom', '&limit=1');
    expect(res.body.results.titles).toHaveLength(1);
    expect((await search('kingdom', '&limit=0')).status).toBe(422);
    expect((await search('kingdom', '&limit=500')).status).toBe(422);
  });

  it('pages through each group and says which have more (the search page\'s "See all" of episodes)', async () => {
    const series = (await admin.post('/api/v1/titles', { name: 'Lighthouse Log', is_series: true })).body.title;
    await admin.post(`/api/v1/titles/${series.id}/seasons`, { number: 1 });
    for (let n = 1; n <= 5; n++) await admin.post(`/api/v1/titles/${series.id}/seasons/1/episodes`, { name: `Beacon Night ${n}`, episode_number: n });
    const page = async (p: number) => (await search('beacon', `&limit=2&page=${p}`)).body;
    const seen: string[] = [];
    for (const [p, more] of [[1, true], [2, true], [3, false]] as const) {
      const body = await page(p);
      expect(body.more.episodes, `page ${p}`).toBe(more);
      seen.push(...body.results.episodes.map((e: { name: string }) => e.name));
    }
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5].map((n) => `Beacon Night ${n}`));
    expect((await page(4)).results.episodes).toEqual([]);
    expect((await search('kingdom', '&limit=1')).body.more).toEqual({ titles: true, people: false, episodes: false });
    expect((await search('kingdom', '&page=0')).status).toBe(422);
    expect((await search('kingdom', '&page=11')).status).toBe(422);
    await admin.delete(`/api/v1/titles/${series.id}`);
  });

  it('never fails on full-text syntax characters', async () => {
    for (const q of ['"', '""', '"kingdom', 'king*', '*', 'NEAR(', 'NEAR(kingdom heaven)', '-', '-kingdom', 'kingdom -heaven', 'a OR b', 'AND', '(', ')', "'", '%', '_', '\\', 'kingdom"*-NEAR(', '^', ':', 'title:king']) {
      const res = await search(q);
      expect(res.status, `${q}: ${res.text}`).toBe(200);
      expect(res.body.results).toHaveProperty('titles');
    }
    expect((await search('NEAR(kingdom')).body.results.titles).toEqual([]);
  });

  it('answers 422 for an empty or overlong query', async () => {
    const empty = await search('   ');
    expect(empty.status).toBe(422);
    expect(empty.body.errors.query).toEqual(['Enter something to search for.']);
    expect((await guest(t).get('/api/v1/search')).status).toBe(422);
    expect((await search('x'.repeat(101))).body.errors.query).toEqual(['The search may not be longer than 100 characters.']);
  });

  it('shows only the groups the role allows, and refuses a role with neither', async () => {
    const set = (perms: string[]) => syncGrants(t.ctx.db, 'role', t.roles.guests, perms.map((name) => ({ name })));
    try {
      await set(DEFAULT_GUEST_PERMISSIONS.filter((p) => p !== 'people.view'));
      expect(Object.keys((await search('kingdom')).body.results).sort()).toEqual(['episodes', 'titles']);
      await set(DEFAULT_GUEST_PERMISSIONS.filter((p) => p !== 'titles.view'));
      expect(Object.keys((await search('kingdom')).body.results)).toEqual(['people']);
      await set(DEFAULT_GUEST_PERMISSIONS.filter((p) => p !== 'titles.view' && p !== 'people.view'));
      expect((await search('kingdom')).status).toBe(401);
      const user = await asUser(t, { roles: [] });
      expect((await search('kingdom', '', user)).status).toBe(403);
    } finally {
      await set(DEFAULT_GUEST_PERMISSIONS);
    }
  });
});
