import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSearch } from '../../src/drivers/search/manager.ts';
import { API_ENDPOINTS } from '../../src/drivers/switch.ts';
import { asAdmin, asUser, createTestApp, createUser } from '../helper.ts';
import { startAlgolia, startElasticsearch, startMeilisearch } from './servers/search.ts';

const t = await createTestApp();
const saved = { ...API_ENDPOINTS };
afterAll(() => { Object.assign(API_ENDPOINTS, saved); });
const search = t.ctx.search;
const docs = [
  { id: 1, title: 'The Dark Knight', overview: 'Batman faces the Joker in Gotham' },
  { id: 2, title: 'Knight and Day', overview: 'A spy comedy' },
  { id: 3, title: 'Dark City', overview: 'A man wakes with no memory' },
];

/** What every engine must do with the same documents. */
async function contract(model: string) {
  await search.flush(model);
  await search.index(model, docs);
  expect((await search.search(model, 'knight')).sort()).toEqual([1, 2]);
  expect(await search.search(model, 'dark knight')).toEqual([1]);
  expect(await search.search(model, 'gotham')).toEqual([1]);
  expect(await search.search(model, 'nothing-like-this')).toEqual([]);
  await search.index(model, [{ id: 2, title: 'Knight and Day', overview: 'Gotham tour' }]);
  expect((await search.search(model, 'gotham')).sort()).toEqual([1, 2]);
  await search.remove(model, [1]);
  expect(await search.search(model, 'gotham')).toEqual([2]);
  await search.flush(model);
  expect(await search.search(model, 'knight')).toEqual([]);
}

describe('database driver (mysql and tntsearch choices)', () => {
  it('indexes, finds, replaces, removes and flushes per model, in each mode', async () => {
    expect(await t.ctx.settings.get('server.scout_driver')).toBe('mysql');
    for (const mode of ['extended', 'fulltext'] as const) {
      await t.ctx.settings.set({ 'server.scout_mysql_mode': mode });
      await contract('documents');
    }
    await t.ctx.settings.set({ 'server.scout_mysql_mode': 'basic', 'server.scout_driver': 'tntsearch' });
    await search.index('documents', docs);
    // basic matches the query as one phrase; extended matches each word anywhere.
    expect(await search.search('documents', 'dark knight')).toEqual([1]);
    expect(await search.search('documents', 'knight dark')).toEqual([]);
    await t.ctx.settings.set({ 'server.scout_mysql_mode': 'extended' });
    expect(await search.search('documents', 'knight dark')).toEqual([1]);
    expect(await search.search('documents', 'ark nig')).toEqual([1]);
    // Models have separate indexes.
    expect(await search.search('others', 'knight')).toEqual([]);
    await search.flush('documents');
    await t.ctx.settings.set({ 'server.scout_driver': 'mysql' });
  });
});

describe('hosted engines', () => {
  it('meilisearch: the next calls go to Meilisearch once selected, and the key is checked', async () => {
    const meili = await startMeilisearch('master-key');
    const values = { 'server.scout_driver': 'meilisearch' as const, 'server.meilisearch_host': meili.url, 'server.meilisearch_key': 'master-key' };
    await t.ctx.settings.set(values);
    await search.index('titles', docs);
    expect(meili.indexes.get('streamsite_titles')?.size).toBe(3);
    await contract('titles');
    expect(await checkSearch(values)).toBeNull();
    expect(await checkSearch({ ...values, 'server.meilisearch_key': 'wrong' })).toBe('Meilisearch refused the key (403)');
    expect(await checkSearch({ ...values, 'server.meilisearch_host': 'http://127.0.0.1:1' })).toMatch(/Could not reach Meilisearch at http:\/\/127.0.0.1:1/);
    await meili.close();
  });

  it('elasticsearch: the next calls go to Elasticsearch once selected, and the key is checked', async () => {
    const es = await startElasticsearch('es-key');
    const values = { 'server.scout_driver': 'elasticsearch' as const, 'server.elasticsearch_host': es.url, 'server.elasticsearch_api_key': 'es-key' };
    await t.ctx.settings.set(values);
    await search.index('titles', docs);
    expect(es.indexes.get('streamsite_titles')?.size).toBe(3);
    expect(es.requests[0].path).toBe('/_bulk?refresh=wait_for');
    await contract('titles');
    expect(await checkSearch(values)).toBeNull();
    expect(await checkSearch({ ...values, 'server.elasticsearch_api_key': 'x' })).toBe('Elasticsearch refused the request (401)');
    await es.close();
  });

  it('algolia: the next calls go to Algolia once selected, and the app id and secret are checked', async () => {
    const algolia = await startAlgolia('APPID', 'admin-secret');
    API_ENDPOINTS.algolia = algolia.url;
    const values = { 'server.scout_driver': 'algolia' as const, 'server.algolia_app_id': 'APPID', 'server.algolia_secret': 'admin-secret' };
    await t.ctx.settings.set(values);
    await search.index('titles', docs);
    expect(algolia.indexes.get('streamsite_titles')?.size).toBe(3);
    await contract('titles');
    expect(await checkSearch(values)).toBeNull();
    expect(await checkSearch({ ...values, 'server.algolia_secret': 'nope' })).toBe('Algolia refused the app ID or secret');
    await algolia.close();
  });
});

describe('GET admin/search/models and POST admin/search/import', () => {
  beforeAll(() => t.ctx.settings.set({ 'server.scout_driver': 'mysql' }));

  it('needs settings.update', async () => {
    const user = await asUser(t);
    expect((await user.get('/api/v1/admin/search/models')).status).toBe(403);
    expect((await user.post('/api/v1/admin/search/import', { model: '*' })).status).toBe(403);
  });

  it('lists the searchable models', async () => {
    const admin = await asAdmin(t);
    const res = await admin.get('/api/v1/admin/search/models');
    expect(res.status).toBe(200);
    expect(res.body.models).toContainEqual({ model: 'users', name: 'Users' });
  });

  it('reindexes in a queued job and answers at once', async () => {
    await createUser(t, { email: 'zelda.quartermain@example.com', first_name: 'Zelda', last_name: 'Quartermain' });
    const admin = await asAdmin(t);
    const res = await admin.post('/api/v1/admin/search/import', { model: '*' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Imported search models' });
    await t.ctx.queue.drain();
    const [id] = await search.search('users', 'quartermain');
    expect(id).toBeGreaterThan(0);
    expect((await t.ctx.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email).toBe('zelda.quartermain@example.com');
  });

  it('imports into the driver named in the call, with its saved credentials', async () => {
    const meili = await startMeilisearch('k');
    await t.ctx.settings.set({ 'server.meilisearch_host': meili.url, 'server.meilisearch_key': 'k' });
    const admin = await asAdmin(t);
    expect((await admin.post('/api/v1/admin/search/import', { model: 'users', driver: 'meilisearch' })).status).toBe(200);
    await t.ctx.queue.drain();
    expect([...meili.indexes.get('streamsite_users')!.values()].some((d) => d.email === 'zelda.quartermain@example.com')).toBe(true);
    await meili.close();
  });

  it('refuses an unknown model or driver with 422', async () => {
    const admin = await asAdmin(t);
    const bad = await admin.post('/api/v1/admin/search/import', { model: 'spaceships' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.model).toEqual(['Unknown search model']);
    expect((await admin.post('/api/v1/admin/search/import', { model: '*', driver: 'solr' })).status).toBe(422);
    expect((await admin.post('/api/v1/admin/search/import', {})).status).toBe(422);
  });

  it('refuses to import into a hosted engine that does not answer, saying why, instead of reporting success', async () => {
    const meili = await startMeilisearch('right-key');
    await t.ctx.settings.set({ 'server.meilisearch_host': meili.url, 'server.meilisearch_key': 'wrong-key' });
    const admin = await asAdmin(t);
    const refused = await admin.post('/api/v1/admin/search/import', { model: 'users', driver: 'meilisearch' });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.errors.driver).toEqual(['Meilisearch refused the key (403)']);
    await meili.close();
    const gone = await admin.post('/api/v1/admin/search/import', { model: '*', driver: 'meilisearch' });
    expect(gone.status).toBe(422);
    expect(gone.body.message).toMatch(/^Could not reach Meilisearch at /);
    // The database's own index needs no credentials.
    expect((await admin.post('/api/v1/admin/search/import', { model: '*', driver: 'mysql' })).status).toBe(200);
  });
});
