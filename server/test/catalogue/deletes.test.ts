import { beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asUser, createTestApp, type Client } from '../helper.ts';

const t = await createTestApp();
let admin: Client;
beforeAll(async () => {
  admin = await asAdmin(t);
});

const ok = async (res: Promise<{ status: number; text: string; body: any }>) => {
  const r = await res;
  expect(r.status, r.text).toBe(200);
  return r.body;
};
const title = async (name: string, is_series = false) => (await ok(admin.post('/api/v1/titles', { name, is_series }))).title.id as number;
const manual = (contentModel: string) => ({ contentType: 'manual', contentModel, contentOrder: 'manual', layout: 'grid' });
const channel = async (slug: string, contentModel: string, items: { id: number; model_type: string }[]) =>
  (await ok(admin.post('/api/v1/channel', { name: slug, slug, config: manual(contentModel), items }))).channel.id as number;
const shown = async (slug: string) => {
  const c = (await ok(admin.get(`/api/v1/channel/${slug}`))).channel;
  return [c.content.total, c.content.data.length];
};

describe('deleting catalogue rows leaves no channel or list item behind', () => {
  it('titles, with their episodes, leave channels and members\' lists, which recount', async () => {
    const [a, b, series] = [await title('Kept One'), await title('Deleted One'), await title('Deleted Series', true)];
    await ok(admin.post(`/api/v1/titles/${series}/seasons`, {}));
    const episode = (await ok(admin.post(`/api/v1/titles/${series}/seasons/1/episodes`, { name: 'Gone Episode' }))).episode.id;
    await channel('del-titles', 'titles', [a, b, series].map((id) => ({ id, model_type: 'title' })));
    await channel('del-episodes', 'episodes', [{ id: episode, model_type: 'episode' }]);
    const member = await asUser(t);
    const list = (await ok(member.post('/api/v1/lists', { name: 'Mine', public: true }))).list;
    for (const id of [a, b]) await ok(member.post(`/api/v1/lists/${list.id}/items`, { titleId: id }));
    expect(await shown('del-titles')).toEqual([3, 3]);

    await ok(admin.delete(`/api/v1/titles/${b},${series}`));
    expect(await shown('del-titles')).toEqual([1, 1]);
    expect(await shown('del-episodes')).toEqual([0, 0]);
    expect((await ok(member.get(`/api/v1/lists/${list.id}`))).list.items_count).toBe(1);
    const left = (type: 'title' | 'episode', ids: number[]) => t.ctx.db.selectFrom('channelables').select('id').where('channelable_type', '=', type).where('channelable_id', 'in', ids).execute();
    expect([...await left('title', [b, series]), ...await left('episode', [episode])]).toEqual([]);
  });

  it('episodes and seasons leave the channels holding their episodes', async () => {
    const series = await title('Trimmed Series', true);
    for (const n of [1, 2]) {
      await ok(admin.post(`/api/v1/titles/${series}/seasons`, {}));
      await ok(admin.post(`/api/v1/titles/${series}/seasons/${n}/episodes`, { name: `Ep ${n}` }));
    }
    const [e1, e2] = (await t.ctx.db.selectFrom('episodes').select('id').where('title_id', '=', series).orderBy('season_number').execute()).map((r) => r.id);
    await channel('del-some-episodes', 'episodes', [e1, e2].map((id) => ({ id, model_type: 'episode' })));
    await ok(admin.delete(`/api/v1/episodes/${e1}`));
    expect(await shown('del-some-episodes')).toEqual([1, 1]);
    const season2 = (await ok(admin.get(`/api/v1/titles/${series}/seasons/2`))).season.id;
    await ok(admin.delete(`/api/v1/seasons/${season2}`));
    expect(await shown('del-some-episodes')).toEqual([0, 0]);
  });

  it('people leave the channels holding them', async () => {
    const [p1, p2] = [(await ok(admin.post('/api/v1/people', { name: 'Staying Person' }))).person.id, (await ok(admin.post('/api/v1/people', { name: 'Leaving Person' }))).person.id];
    await channel('del-people', 'people', [p1, p2].map((id) => ({ id, model_type: 'person' })));
    await ok(admin.delete(`/api/v1/people/${p2}`));
    expect(await shown('del-people')).toEqual([1, 1]);
  });

  it('news articles leave the channels holding them', async () => {
    const article = (await ok(admin.post('/api/v1/news', { title: 'Short-lived', body: '<p>a</p>' }))).article.id;
    await channel('del-news', 'news', [{ id: article, model_type: 'news_article' }]);
    await ok(admin.delete(`/api/v1/news/${article}`));
    expect(await shown('del-news')).toEqual([0, 0]);
  });

  it('videos deleted with their title take their reports along', async () => {
    const movie = await title('Reported Movie');
    const video = (await ok(admin.post('/api/v1/videos', { name: 'Clip', title_id: movie, type: 'embed', src: 'https://www.youtube.com/embed/r', category: 'clip' }))).video.id;
    const member = await asUser(t);
    await t.ctx.db.insertInto('content_reports').values({ user_id: member.user.id, reportable_type: 'video', reportable_id: video, reason: null, created_at: new Date().toISOString() }).execute();
    await ok(admin.delete(`/api/v1/titles/${movie}`));
    expect(await t.ctx.db.selectFrom('content_reports').select('id').where('reportable_type', '=', 'video').where('reportable_id', '=', video).execute()).toEqual([]);
  });

  it('refuses deleting a tag a channel is restricted to, naming the channel', async () => {
    const genre = (await ok(admin.post('/api/v1/title-tags/genre', { name: 'Cosy Crime' }))).tag.id;
    const restricted = (await ok(admin.post('/api/v1/channel', {
      name: 'Cosy crime shelf', slug: 'cosy-crime', config: { contentType: 'listAll', contentModel: 'titles', contentOrder: 'popularity', restriction: 'genre', restrictionModelId: genre, layout: 'grid' },
    }))).channel.id;
    for (const url of [`/api/v1/title-tags/genre/${genre}`, `/api/v1/tags/${genre}`]) {
      const res = await admin.delete(url);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("The channels Cosy crime shelf show only this tag's titles. Change or delete them first.");
    }
    await ok(admin.delete(`/api/v1/channel/${restricted}`));
    await ok(admin.delete(`/api/v1/title-tags/genre/${genre}`));
  });

  it('bulk deletes of titles, people and videos answer 404 when none of the ids exists, and delete those that do', async () => {
    const kept = await title('Bulk Kept');
    const gone = await title('Bulk Gone');
    const person = (await ok(admin.post('/api/v1/people', { name: 'Bulk Person' }))).person.id;
    const video = (await ok(admin.post('/api/v1/videos', { name: 'Bulk Clip', title_id: kept, type: 'external', src: 'https://example.com/v.mp4', category: 'trailer' }))).video.id;
    for (const [url, message] of [['titles/999998,999999', 'Title not found'], ['people/999999', 'Person not found'], ['videos/999998,999999', 'Video not found'], ['seasons/999999', undefined]] as const) {
      const res = await admin.delete(`/api/v1/${url}`);
      expect(res.status, url).toBe(404);
      if (message) expect(res.body.message).toBe(message);
    }
    await ok(admin.delete(`/api/v1/titles/${gone},999999`));
    await ok(admin.delete(`/api/v1/people/${person},999999`));
    await ok(admin.delete(`/api/v1/videos/${video},999999`));
    expect((await admin.get(`/api/v1/titles/${gone}`)).status).toBe(404);
    expect((await admin.get(`/api/v1/people/${person}`)).status).toBe(404);
    expect((await admin.get(`/api/v1/videos/${video}`)).status).toBe(404);
    expect((await admin.get(`/api/v1/titles/${kept}`)).status).toBe(200);
  });
});
