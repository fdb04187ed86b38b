import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoUpdateAll } from '../src/modules/channels/auto-update.ts';
import { asAdmin, createTestApp, type Client } from './helper.ts';
import { TMDB_KEY, startTmdbServer } from './catalogue/tmdb-server.ts';
import { startTmdbListServer } from './channels-tmdb-lists.ts';

const tmdb = await startTmdbServer();
const lists = await startTmdbListServer(tmdb.root);
const t = await createTestApp({ TMDB_API_URL: lists.root, TMDB_IMAGE_URL: tmdb.imageUrl });
afterAll(async () => { await lists.close(); await tmdb.close(); });
let admin: Client;

beforeAll(async () => {
  admin = await asAdmin(t);
  await t.ctx.settings.set({ 'server.tmdb_api_key': TMDB_KEY });
});

const tmdbChannel = (slug: string, method: string) => ({ name: slug, slug, config: { contentType: 'autoUpdate', autoUpdateProvider: 'tmdb', autoUpdateMethod: method } });

describe('TMDb auto update', () => {
  it('imports the titles a channel lacks and replaces its items in TMDb order', async () => {
    const res = await admin.post('/api/v1/channel', tmdbChannel('tmdb-popular', 'movie:popular'));
    expect(res.status, res.text).toBe(200);
    await t.ctx.queue.drain();
    const ch = (await admin.get('/api/v1/channel/tmdb-popular?perPage=50')).body.channel;
    expect(ch.auto_update_error).toBeNull();
    expect(ch.items_count).toBe(40);
    expect(ch.content.data[0].name).toBe('Discovered 10000');
    expect(lists.hits.get('/3/movie/popular')).toBeGreaterThan(0);
    const imported = await t.ctx.db.selectFrom('titles').select('id').where('tmdb_id', '>=', 10_000).execute();
    expect(imported.length).toBe(40);
  });

  it('a second channel over the same titles imports nothing new; series lists import series', async () => {
    await admin.post('/api/v1/channel', tmdbChannel('tmdb-top', 'movie:top_rated'));
    await admin.post('/api/v1/channel', tmdbChannel('tmdb-tv', 'series:trending'));
    await t.ctx.queue.drain();
    expect((await t.ctx.db.selectFrom('titles').select('id').where('is_series', '=', false as any).where('tmdb_id', '>=', 10_000).execute()).length).toBe(40);
    const tv = (await admin.get('/api/v1/channel/tmdb-tv')).body.channel;
    expect(tv.items_count).toBe(40);
    expect(tv.content.data.every((x: any) => x.is_series)).toBe(true);
  });

  it('a failed run keeps the previous items and records the error', async () => {
    const before = (await admin.get('/api/v1/channel/tmdb-popular')).body.channel;
    lists.failing = true;
    const result = await autoUpdateAll(t.ctx);
    lists.failing = false;
    expect(result.failed).toBe(3);
    const after = (await admin.get('/api/v1/channel/tmdb-popular')).body.channel;
    expect(after.items_count).toBe(before.items_count);
    expect(after.content.data.map((x: any) => x.id)).toEqual(before.content.data.map((x: any) => x.id));
    expect(after.auto_update_error).toBe('The movie database answered with an error (500).');
    expect((await autoUpdateAll(t.ctx)).failed).toBe(0);
    expect((await admin.get('/api/v1/channel/tmdb-popular')).body.channel.auto_update_error).toBeNull();
  });
});
