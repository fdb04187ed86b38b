import { beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asUser, createTestApp, guest, type Client } from './helper.ts';

const t = await createTestApp();
let admin: Client;
let ada: Client & { user: { id: number } };
let bob: Client & { user: { id: number } };
const ids = { movie: 0, series: 0, episode: 0, video: 0, article: 0 };
const comment = async (c: Client, over: Record<string, unknown>) => {
  const res = await c.post('/api/v1/comment', { commentable_type: 'title', commentable_id: ids.movie, content: 'Nice one', ...over });
  expect(res.status, res.text).toBe(200);
  return res.body.comment as { id: number };
};
const list = async (c: Client) => (await c.get('/api/v1/notifications')).body as { pagination: { total: number; data: any[] }; unread: number };
const unread = async (c: Client) => (await c.get('/api/v1/notifications/unread')).body.unread as number;

beforeAll(async () => {
  admin = await asAdmin(t);
  ada = await asUser(t, { first_name: 'Ada' });
  bob = await asUser(t, { first_name: 'Bob' });
  ids.movie = (await admin.post('/api/v1/titles', { name: 'Crimson Harbor' })).body.title.id;
  ids.series = (await admin.post('/api/v1/titles', { name: 'Night River', is_series: true })).body.title.id;
  await admin.post(`/api/v1/titles/${ids.series}/seasons`, { number: 1 });
  await admin.post(`/api/v1/titles/${ids.series}/seasons/1/episodes`, { name: 'Pilot', episode_number: 1 });
  ids.episode = (await t.ctx.db.selectFrom('episodes').select('id').where('title_id', '=', ids.series).executeTakeFirstOrThrow()).id;
  ids.video = (await admin.post('/api/v1/videos', { title_id: ids.series, name: 'Clip', type: 'embed', src: 'https://www.youtube.com/embed/x', category: 'clip', approved: true })).body.video.id;
  const now = new Date().toISOString();
  ids.article = (await t.ctx.db.insertInto('news_articles').values({ title: 'Festival line-up', slug: 'festival-line-up', body: '<p>x</p>', excerpt: 'x', image: null, source_url: null, source_guid: null, source_key: null, user_id: null, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
});

describe('notifications: replies to a comment', () => {
  it("tells the comment's author who replied, where, and how the reply starts; nobody hears of their own reply", async () => {
    const first = await comment(ada, {});
    await comment(ada, { parent_id: first.id, content: 'Adding to my own comment' });
    expect(await unread(ada)).toBe(0);
    await comment(bob, { parent_id: first.id, content: `Agreed,\n\nthe ending was perfect. ${'x'.repeat(200)}` });
    expect(await unread(bob)).toBe(0);
    const mine = await list(ada);
    expect(mine.unread).toBe(1);
    expect(mine.pagination.data).toEqual([{
      id: expect.any(Number), type: 'comment_reply', actor: { id: bob.user.id, display_name: 'Bob', avatar: null }, place: 'Crimson Harbor',
      link: `/titles/${ids.movie}/crimson-harbor#comments`, excerpt: expect.stringMatching(/^Agreed, the ending was perfect\. x+…$/), read_at: null, created_at: expect.any(String),
    }]);
    expect(mine.pagination.data[0].excerpt).toHaveLength(140);
  });

  it('links to the episode, the video or the article the comments are on', async () => {
    const places: [string, number, string, string][] = [
      ['episode', ids.episode, 'Night River S1E1: Pilot', `/titles/${ids.series}/night-river/season/1/episode/1`],
      ['video', ids.video, 'Clip', `/watch/${ids.video}`],
      ['news_article', ids.article, 'Festival line-up', `/news/${ids.article}/festival-line-up`],
    ];
    for (const [type, id] of places) {
      const parent = await comment(ada, { commentable_type: type, commentable_id: id });
      await comment(bob, { commentable_type: type, commentable_id: id, parent_id: parent.id });
    }
    const newest = (await list(ada)).pagination.data.slice(0, 3).reverse();
    expect(newest.map((n) => [n.place, n.link])).toEqual(places.map(([, , place, link]) => [place, link]));
  });

  it("marks read the given ones of the member's own, or all; another member's ids change nothing", async () => {
    const before = await list(ada);
    expect(before.unread).toBe(4);
    const [newest, next] = before.pagination.data;
    expect((await bob.post('/api/v1/notifications/read', { ids: [newest.id] })).body.unread).toBe(0);
    expect(await unread(ada)).toBe(4);
    expect((await ada.post('/api/v1/notifications/read', { ids: [newest.id, next.id] })).body.unread).toBe(2);
    const after = (await list(ada)).pagination.data;
    expect(after.slice(0, 2).every((n) => n.read_at)).toBe(true);
    expect((await ada.post('/api/v1/notifications/read', {})).body.unread).toBe(0);
  });

  it('a reply a moderator deletes leaves the list and the count', async () => {
    const parent = await comment(ada, {});
    const reply = await comment(bob, { parent_id: parent.id, content: 'Something rude' });
    expect(await unread(ada)).toBe(1);
    expect((await admin.delete(`/api/v1/comment/${reply.id}`)).status).toBe(200);
    expect(await unread(ada)).toBe(0);
    expect((await list(ada)).pagination.data.map((n) => n.excerpt)).not.toContain('Something rude');
  });

  it('refuses guests and bad input; pages newest first', async () => {
    expect((await guest(t).get('/api/v1/notifications')).status).toBe(401);
    expect((await guest(t).post('/api/v1/notifications/read', {})).status).toBe(401);
    expect((await ada.post('/api/v1/notifications/read', { ids: ['x'] })).status).toBe(422);
    expect((await ada.post('/api/v1/notifications/read', { ids: Array.from({ length: 101 }, (_, i) => i + 1) })).status).toBe(422);
    const page = (await ada.get('/api/v1/notifications?perPage=10&page=1')).body.pagination;
    expect(page.total).toBe(4);
    const times = page.data.map((n: { created_at: string }) => n.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });
});
