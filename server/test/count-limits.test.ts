import { beforeAll, describe, expect, it } from 'vitest';
import { Client, asAdmin, asUser, createTestApp } from './helper.ts';
import { syncGrants } from '../src/modules/roles/permissions.ts';

/**
 * The `count` restriction of lists.create and videos.create (the role editor's "Maximum number of lists/videos
 * the user can add"): a member stops at the limit, one after another and all at once, and what is over it is not
 * written. Their own grant wins over their roles'; a role without a value means no limit.
 */
const t = await createTestApp();
let admin: Client;
let titleId = 0;

const limited = (permission: string, count: number | null, extra: string[] = []) => asUser(t, { roles: [] }).then(async (c) => {
  await syncGrants(t.ctx.db, 'user', c.user.id, [
    { name: permission, restrictions: count === null ? [] : [{ name: 'count', value: count }] }, ...extra.map((name) => ({ name })),
  ]);
  return c;
});
const listsOf = async (userId: number) => (await t.ctx.db.selectFrom('channels').select('id').where('user_id', '=', userId)
  .where('type', '=', 'list').where('internal', '=', false as never).execute()).length;
const videosOf = async (userId: number) => (await t.ctx.db.selectFrom('videos').select('id').where('user_id', '=', userId).execute()).length;

beforeAll(async () => {
  admin = await asAdmin(t);
  titleId = (await admin.post('/api/v1/titles', { name: 'Limited', is_series: false })).body.title.id;
});

describe('lists.create count', () => {
  it('stops a member at the limit with a message naming it; the watchlist does not count', async () => {
    const c = await limited('lists.create', 2, ['lists.view']);
    expect((await c.post('/api/v1/watchlist', { titleId })).status).toBe(200);
    for (const name of ['One', 'Two']) expect((await c.post('/api/v1/lists', { name })).status).toBe(200);
    const third = await c.post('/api/v1/lists', { name: 'Three' });
    expect(third.status).toBe(403);
    expect(third.body.message).toBe('You can create at most 2 lists.');
    // Nor through the channel API, where a member's own list is made the same way.
    const viaChannel = await c.post('/api/v1/channel', { name: 'Sneaky', type: 'list', public: false, config: { contentType: 'manual', contentModel: 'titles', layout: 'grid' } });
    expect(viaChannel.status, viaChannel.text).toBe(403);
    expect(await listsOf(c.user.id)).toBe(2);
    // Deleting one frees its place.
    const mine = (await c.get('/api/v1/lists')).body.pagination.data;
    expect((await c.delete(`/api/v1/lists/${mine[0].id}`)).status).toBe(200);
    expect((await c.post('/api/v1/lists', { name: 'Three' })).status).toBe(200);
  });

  it('holds when eight are sent at once', async () => {
    const c = await limited('lists.create', 3);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => c.post('/api/v1/lists', { name: `Burst ${i}` })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 403)).toHaveLength(5);
    expect(await listsOf(c.user.id)).toBe(3);
  });

  it('one list is singular; no value means no limit, and an admin has none', async () => {
    const one = await limited('lists.create', 1);
    expect((await one.post('/api/v1/lists', { name: 'Only' })).status).toBe(200);
    expect((await one.post('/api/v1/lists', { name: 'Again' })).body.message).toBe('You can create at most 1 list.');
    const free = await limited('lists.create', null);
    for (let i = 0; i < 4; i++) expect((await free.post('/api/v1/lists', { name: `Free ${i}` })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await admin.post('/api/v1/lists', { name: `Admin ${i}` })).status).toBe(200);
  });
});

describe('videos.create count', () => {
  it('stops a member at the limit and writes nothing over it', async () => {
    const c = await limited('videos.create', 2);
    const add = (name: string) => c.post('/api/v1/videos', { name, title_id: titleId, type: 'embed', src: 'https://www.youtube.com/embed/x', category: 'clip' });
    expect((await add('First')).status).toBe(200);
    const burst = await Promise.all([add('Second'), add('Third'), add('Fourth')]);
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
    expect(burst.filter((r) => r.status === 403).map((r) => r.body.message)).toEqual(['You can add at most 2 videos.', 'You can add at most 2 videos.']);
    expect(await videosOf(c.user.id)).toBe(2);
  });
});

describe('a video source', () => {
  it('is checked against the stored type when an edit sends it alone, and never takes another scheme', async () => {
    const external = (await admin.post('/api/v1/videos', { name: 'Ext', title_id: titleId, type: 'external', src: 'https://example.com/v', category: 'clip' })).body.video;
    const forged = await admin.put(`/api/v1/videos/${external.id}`, { src: 'javascript:alert(document.domain)' });
    expect(forged.status).toBe(422);
    expect(forged.body.errors.src).toEqual(['The source must be a valid URL.']);
    const file = (await admin.post('/api/v1/videos', { name: 'File', title_id: titleId, type: 'video', src: '/storage/videos/a.mp4', category: 'clip' })).body.video;
    for (const src of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'JaVaScRiPt:alert(1)']) {
      const res = await admin.put(`/api/v1/videos/${file.id}`, { src });
      expect(res.status, src).toBe(422);
      expect(res.body.errors.src).toEqual(['The source must be a path or a web address.']);
      expect((await admin.post('/api/v1/videos', { name: 'Bad', title_id: titleId, type: 'video', src, category: 'clip' })).status, src).toBe(422);
    }
    expect((await admin.get(`/api/v1/videos/${file.id}`)).body.video.src).toBe('/storage/videos/a.mp4');
    expect((await admin.put(`/api/v1/videos/${file.id}`, { src: 'https://cdn.example.com/b.mp4' })).status).toBe(200);
  });
});
