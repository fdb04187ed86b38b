import { describe, expect, it } from 'vitest';
import { asAdmin, createTestApp } from './helper.ts';

/**
 * Ids are 32-bit integers on PostgreSQL, which refuses a larger one in any comparison: an id past 2147483647 in a
 * path, a list filter or a body is refused at the edge with its field named, the same on both databases (PostgreSQL
 * answered a bare "The given data was invalid.", SQLite a 404 or an empty list).
 */
const t = await createTestApp();
const admin = await asAdmin(t);
const BIG = 2_147_483_648;
const filter = (key: string, value: unknown) => `filters=${encodeURIComponent(JSON.stringify([{ key, value }]))}`;

describe('ids past the largest a row can have', () => {
  it('are an invalid id in a path, and the largest one is simply not found', async () => {
    for (const path of ['/api/v1/titles/:id', '/api/v1/users/:id', '/api/v1/people/:id', '/api/v1/roles/:id', '/api/v1/tags/:id', '/api/v1/custom-pages/:id']) {
      const big = await admin.get(path.replace(':id', String(BIG)));
      expect(big.status, path).toBe(422);
      expect(big.body.errors.id, path).toEqual(['Invalid id.']);
      expect((await admin.get(path.replace(':id', '2147483647'))).status, path).toBe(404);
    }
    const bulk = await admin.delete(`/api/v1/titles/1,${BIG}`);
    expect(bulk.status).toBe(422);
    expect(bulk.body.errors.ids).toEqual(['Invalid ids.']);
  });

  it('are an invalid value of an id filter', async () => {
    for (const [list, key] of [['/api/v1/comment', 'user_id'], ['/api/v1/reviews', 'title_id'], ['/api/v1/videos', 'title_id'], ['/api/v1/audit-log', 'user_id']]) {
      const res = await admin.get(`${list}?${filter(key, BIG)}`);
      expect(res.status, list).toBe(422);
      expect(res.body.errors.filters, list).toEqual([`Invalid value for ${key}`]);
    }
    const thread = await admin.get(`/api/v1/comment?${filter('commentable', `title:${BIG}`)}`);
    expect(thread.body.errors.filters).toEqual(['Invalid value for commentable']);
  });

  it('are refused with their field in bodies and queries, before a channel is saved that could never be shown', async () => {
    const channel = await admin.post('/api/v1/channel', { name: 'Restricted', config: { restriction: 'genre', restrictionModelId: BIG } });
    expect(channel.status).toBe(422);
    expect(Object.keys(channel.body.errors)).toEqual(['config.restrictionModelId']);
    const items = await admin.post('/api/v1/channel', { name: 'Manual', config: { contentType: 'manual' }, items: [{ id: BIG, model_type: 'title' }] });
    expect(Object.keys(items.body.errors)).toEqual(['items.0.id']);
    const rating = await admin.put(`/api/v1/ratings/title/${BIG}`, { score: 5 });
    expect(Object.keys(rating.body.errors)).toEqual(['id']);
    const comments = await admin.get(`/api/v1/comment/thread?commentable_type=title&commentable_id=${BIG}`);
    expect(Object.keys(comments.body.errors)).toEqual(['commentable_id']);
    const reviews = await admin.get(`/api/v1/reviews/public?reviewable_type=title&reviewable_id=${BIG}`);
    expect(Object.keys(reviews.body.errors)).toEqual(['reviewable_id']);
    const sub = await admin.post('/api/v1/billing/subscriptions', { user_id: BIG, product_id: BIG, price_id: BIG });
    expect(sub.status).toBe(422);
    expect(Object.keys(sub.body.errors).sort()).toEqual(['price_id', 'product_id', 'user_id']);
    expect(sub.body.errors.user_id).toEqual(['Must be at most 2147483647.']);
    const upload = await admin.post('/api/v1/uploads', { fingerprint: 'big-parent', name: 'a.mp4', size: 10, mime: 'video/mp4', parent_id: BIG });
    expect(Object.keys(upload.body.errors)).toEqual(['parent_id']);
  });
});
