import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, createTestApp, listUrl, type Client } from '../helper.ts';
import { startMeilisearch } from '../drivers/servers/search.ts';
import { seedDemoCatalogue } from '../../src/db/seed/catalogue.ts';
import { TMDB_KEY, startTmdbServer } from './tmdb-server.ts';

const t = await createTestApp();
let admin: Client;
beforeAll(async () => { admin = await asAdmin(t); });

const titleNames = async (query: string) => {
  const res = await admin.get(listUrl('/api/v1/titles', { query, perPage: 50 }));
  expect(res.status, res.text).toBe(200);
  return res.body.pagination.data.map((r: { name: string }) => r.name);
};
const autocomplete = async (query: string) =>
  (await admin.get(`/api/v1/titles/autocomplete?query=${encodeURIComponent(query)}`)).body.results.map((r: { name: string }) => r.name);
const peopleNames = async (query: string) =>
  (await admin.get(listUrl('/api/v1/people', { query }))).body.pagination.data.map((r: { name: string }) => r.name);
const episodeNames = async (titleId: number, query: string) =>
  (await admin.get(listUrl(`/api/v1/titles/${titleId}/seasons/1/episodes`, { query }))).body.pagination.data.map((r: { name: string }) => r.name);
const ok = (res: { status: number; text: string; body: any }) => { expect(res.status, res.text).toBe(200); return res.body; };

/** What every driver must do: results follow creates, updates and deletes of titles, people and episodes. */
async function followsWrites(tag: string) {
  const title = ok(await admin.post('/api/v1/titles', { name: `Quasar ${tag} Harbour`, is_series: true, popularity: 5 })).title;
  await t.ctx.queue.drain();
  expect(await titleNames(`quasar ${tag}`)).toEqual([`Quasar ${tag} Harbour`]);
  expect(await autocomplete(`quasar ${tag}`)).toEqual([`Quasar ${tag} Harbour`]);

  ok(await admin.put(`/api/v1/titles/${title.id}`, { name: `Nebula ${tag} Harbour` }));
  await t.ctx.queue.drain();
  expect(await titleNames(`quasar ${tag}`)).toEqual([]);
  expect(await titleNames(`nebula ${tag}`)).toEqual([`Nebula ${tag} Harbour`]);

  ok(await admin.post(`/api/v1/titles/${title.id}/seasons`, {}));
  const ep = ok(await admin.post(`/api/v1/titles/${title.id}/seasons/1/episodes`, { name: `Comet ${tag} Pilot` })).episode;
  const person = ok(await admin.post('/api/v1/people', { name: `Orla ${tag} Vantablack` })).person;
  await t.ctx.queue.drain();
  expect(await episodeNames(title.id, `comet ${tag}`)).toEqual([`Comet ${tag} Pilot`]);
  expect(await peopleNames(`orla ${tag} vanta`)).toEqual([`Orla ${tag} Vantablack`]);

  ok(await admin.put(`/api/v1/people/${person.id}`, { name: `Orla ${tag} Moonstone` }));
  ok(await admin.delete(`/api/v1/episodes/${ep.id}`));
  await t.ctx.queue.drain();
  expect(await peopleNames(`orla ${tag} vanta`)).toEqual([]);
  expect(await peopleNames(`orla ${tag} moon`)).toEqual([`Orla ${tag} Moonstone`]);
  expect(await episodeNames(title.id, `comet ${tag}`)).toEqual([]);

  ok(await admin.delete(`/api/v1/titles/${title.id}`));
  ok(await admin.delete(`/api/v1/people/${person.id}`));
  await t.ctx.queue.drain();
  expect(await titleNames(`nebula ${tag}`)).toEqual([]);
  expect(await autocomplete(`nebula ${tag}`)).toEqual([]);
  expect(await peopleNames(`orla ${tag} moon`)).toEqual([]);
}

describe('catalogue search with the database driver', () => {
  it('follows creates, updates and deletes', async () => {
    expect(await t.ctx.settings.get('server.scout_driver')).toBe('mysql');
    await followsWrites('db');
  });

  it('ranks an exact name first, in the list and in autocomplete', async () => {
    // Created so that neither id order nor popularity would put the exact name first.
    for (const [name, popularity] of [['Alien Harvest Moon', 90], ['Return of the Alien Harvest', 80], ['Alien Harvest', 1], ['Alien Harvesters', 50]] as const) {
      ok(await admin.post('/api/v1/titles', { name, popularity }));
    }
    expect((await titleNames('alien harvest'))[0]).toBe('Alien Harvest');
    expect((await autocomplete('alien harvest'))[0]).toBe('Alien Harvest');
    expect((await autocomplete('alien harvest')).slice(1)).toEqual(['Alien Harvest Moon', 'Alien Harvesters', 'Return of the Alien Harvest']);
    // A later sort still applies to the matches.
    const byName = (await admin.get(listUrl('/api/v1/titles', { query: 'alien harvest', orderBy: 'name', orderDir: 'asc' }))).body.pagination.data.map((r: { name: string }) => r.name);
    expect(byName).toEqual(['Alien Harvest', 'Alien Harvest Moon', 'Alien Harvesters', 'Return of the Alien Harvest']);
  });

  it('POST admin/search/import rebuilds the catalogue indexes and lists them as models', async () => {
    const models = ok(await admin.get('/api/v1/admin/search/models')).models.map((m: { model: string }) => m.model);
    expect(models).toEqual(expect.arrayContaining(['titles', 'people', 'episodes']));
    expect(ok(await admin.post('/api/v1/admin/search/import', { model: '*' }))).toEqual({ message: 'Imported search models' });
    await t.ctx.queue.drain();
    expect((await titleNames('alien harvest'))[0]).toBe('Alien Harvest');
  });
});

describe('catalogue search with meilisearch', () => {
  let meili: Awaited<ReturnType<typeof startMeilisearch>>;
  beforeAll(async () => {
    meili = await startMeilisearch('cat-key');
    await t.ctx.settings.set({ 'server.scout_driver': 'meilisearch', 'server.meilisearch_host': meili.url, 'server.meilisearch_key': 'cat-key' });
  });
  afterAll(async () => {
    await t.ctx.settings.set({ 'server.scout_driver': 'mysql' });
    await meili.close();
  });

  it('follows creates, updates and deletes through the engine', async () => {
    await followsWrites('meili');
    // The documents went to the engine's own indexes.
    expect(meili.indexes.has('streamsite_titles')).toBe(true);
    expect(meili.indexes.has('streamsite_episodes')).toBe(true);
  });

  it('POST admin/search/import sends the existing catalogue to the engine', async () => {
    meili.indexes.clear();
    expect(await titleNames('alien harvest')).toEqual([]);
    ok(await admin.post('/api/v1/admin/search/import', { model: 'titles' }));
    await t.ctx.queue.drain();
    expect((await titleNames('alien harvest')).sort()).toEqual(['Alien Harvest', 'Alien Harvest Moon', 'Alien Harvesters', 'Return of the Alien Harvest']);
    expect([...meili.indexes.get('streamsite_titles')!.values()].some((d) => d.name === 'Alien Harvest')).toBe(true);
  });

  it('the demo seed reindexes the catalogue in a queued job', async () => {
    await seedDemoCatalogue(t.ctx);
    await t.ctx.queue.drain();
    expect(meili.indexes.get('streamsite_titles')!.size).toBeGreaterThanOrEqual(200);
    expect(meili.indexes.get('streamsite_people')!.size).toBeGreaterThanOrEqual(500);
    expect(meili.indexes.get('streamsite_episodes')!.size).toBe(Number((await t.ctx.db.selectFrom('episodes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n));
  });

  it('a TMDb import indexes the title and its people', async () => {
    const tmdb = await startTmdbServer();
    try {
      // TMDb's roots come from the environment only; this app was built before the local server started.
      t.ctx.config.tmdbApiUrl = tmdb.root;
      t.ctx.config.tmdbImageUrl = tmdb.imageUrl;
      await t.ctx.settings.set({ 'server.tmdb_api_key': TMDB_KEY });
      ok(await admin.post('/api/v1/media/import', { media_type: 'movie', tmdb_id: 550 }));
      await t.ctx.queue.drain();
      expect(await titleNames('fight club')).toEqual(['Fight Club']);
      expect(await autocomplete('fight')).toEqual(['Fight Club']);
      expect(await peopleNames('tyler')).toEqual([]);
      expect((await peopleNames('brad')).length).toBeGreaterThan(0);
      const series = ok(await admin.post('/api/v1/media/import', { media_type: 'series', tmdb_id: 1399 }));
      await t.ctx.queue.drain();
      expect(await autocomplete('game of thr')).toEqual(['Game of Thrones']);
      expect(await episodeNames(series.id, 'winter is')).toEqual(['Winter Is Coming']);
    } finally {
      await tmdb.close();
    }
  });
});
