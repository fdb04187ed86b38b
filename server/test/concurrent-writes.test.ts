import { beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asUser, createTestApp, guest, type Client, type Res } from './helper.ts';

/**
 * The same write sent several times at once (a double click, a retry, two tabs) never answers a server error: each
 * either succeeds or is refused with a 4xx, and the data ends as one write would leave it.
 */
const t = await createTestApp();
let admin: Client;
let user: Client;
const ids = { title: 0, video: 0, list: 0, review: 0, comment: 0 };
const TIMES = 8;

const ok = async (res: Promise<Res>) => {
  const r = await res;
  expect(r.status, r.text).toBeLessThan(300);
  return r.body;
};
/** Sends `send` TIMES at once; answers the statuses. */
const burst = async (send: () => Promise<Res>) => {
  const all = await Promise.all(Array.from({ length: TIMES }, send));
  for (const r of all) expect(r.status, r.text).toBeLessThan(500);
  return all.map((r) => r.status);
};

beforeAll(async () => {
  admin = await asAdmin(t);
  user = await asUser(t);
  ids.title = (await ok(admin.post('/api/v1/titles', { name: 'Burst Title', is_series: true }))).title.id;
  ids.video = (await ok(admin.post('/api/v1/videos', { title_id: ids.title, type: 'embed', src: 'https://www.youtube.com/embed/x', name: 'Trailer', category: 'trailer', approved: true }))).video.id;
  ids.list = (await ok(user.post('/api/v1/lists', { name: 'Mine' }))).list.id;
  ids.comment = (await ok(admin.post('/api/v1/comment', { commentable_type: 'title', commentable_id: ids.title, content: 'A comment to vote on' }))).comment.id;
  const other = await asUser(t);
  ids.review = (await ok(other.post('/api/v1/reviews', { reviewable_id: ids.title, score: 7, title: 'A review title', body: 'x'.repeat(120) }))).review.id;
});

describe('the same write sent at once', () => {
  it.each([
    ['watchlist add', () => user.post('/api/v1/watchlist', { titleId: ids.title })],
    ['list item add', () => user.post(`/api/v1/lists/${ids.list}/items`, { titleId: ids.title })],
    ['rating', () => user.put(`/api/v1/ratings/title/${ids.title}`, { score: 8 })],
    ['review', () => user.post('/api/v1/reviews', { reviewable_id: ids.title, score: 8, title: 'My review title', body: 'y'.repeat(120) })],
    ['review vote', () => user.post(`/api/v1/reviews/${ids.review}/vote`, { is_helpful: true })],
    ['review report', () => user.post(`/api/v1/reviews/${ids.review}/report`, { reason: 'spam' })],
    ['comment report', () => user.post(`/api/v1/comment/${ids.comment}/report`, { reason: 'spam' })],
    ['video vote', () => user.put(`/api/v1/videos/${ids.video}/vote`, { vote: 'up' })],
    ['season', () => admin.post(`/api/v1/titles/${ids.title}/seasons`, { number: 1 })],
    ['genre on a title', () => admin.post(`/api/v1/titles/${ids.title}/tags/genre`, { tag_name: 'Burst genre' })],
    ['tag', () => admin.post('/api/v1/tags', { name: 'burst-tag', type: 'custom' })],
    ['role', () => admin.post('/api/v1/roles', { name: 'Burst role' })],
    ['user', () => admin.post('/api/v1/users', { email: 'burst@example.com', password: 'burst-password' })],
    ['register', () => guest(t).post('/api/v1/auth/register', { email: 'burst-register@example.com', password: 'burst-password', password_confirmation: 'burst-password' })],
    ['list', () => user.post('/api/v1/lists', { name: 'Burst list' })],
    ['custom page', () => admin.post('/api/v1/custom-pages', { title: 'Burst page', slug: 'burst-page', body: '<p>x</p>' })],
    ['channel', () => admin.post('/api/v1/channel', { name: 'Burst channel', slug: 'burst-channel', config: {} })],
    ['localization', () => admin.post('/api/v1/localizations', { name: 'Burst', language: 'cy' })],
  ])('%s', async (_, send) => {
    const statuses = await burst(send);
    // At least one went through; a refusal is a 4xx with its message.
    expect(statuses.filter((s) => s < 300).length, statuses.join()).toBeGreaterThan(0);
  });

  it('left the data as one write would have', async () => {
    expect((await user.get('/api/v1/watchlist/ids')).body.ids).toEqual([ids.title]);
    expect((await user.get(`/api/v1/lists/${ids.list}`)).body.items.total).toBe(1);
    expect((await guest(t).get(`/api/v1/ratings/title/${ids.title}`)).body.summary).toMatchObject({ count: 2 });
    const video = await t.ctx.db.selectFrom('videos').select(['upvotes', 'downvotes']).where('id', '=', ids.video).executeTakeFirstOrThrow();
    expect(video).toEqual({ upvotes: 1, downvotes: 0 });
    const count = async (table: string, column: string, value: string) =>
      Number((await t.ctx.db.selectFrom(table as any).select((eb) => eb.fn.countAll().as('n')).where(column as any, '=', value).executeTakeFirstOrThrow()).n);
    expect(await count('title_tags', 'name', 'burst-tag')).toBe(1);
    expect(await count('roles', 'name', 'Burst role')).toBe(1);
    expect(await count('users', 'email', 'burst@example.com')).toBe(1);
    expect(await count('custom_pages', 'slug', 'burst-page')).toBe(1);
    expect(await count('channels', 'slug', 'burst-channel')).toBe(1);
    expect(await count('localizations', 'language', 'cy')).toBe(1);
    expect(await count('seasons', 'title_id', String(ids.title))).toBe(1);
  });
});
