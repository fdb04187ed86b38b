import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../src/db/index.ts';
import { playTracker } from '../../src/modules/plays/tracker.ts';
import { asAdmin, asUser, createTestApp, guest, type Client } from '../helper.ts';

const t = await createTestApp();
afterAll(() => t.close());
let admin: Client;
const ids: Record<string, number> = {};

async function genre(name: string) {
  const now = nowIso();
  return Number((await t.ctx.db.insertInto('title_tags').values({ type: 'genre', name, display_name: name, tmdb_id: null, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow()).id);
}

beforeAll(async () => {
  admin = await asAdmin(t);
  const [heist, western] = [await genre('heist'), await genre('western')];
  for (const [name, tags] of [['Watched', [heist]], ['Close', [heist, western]], ['Other', [western]], ['Far', []]] as const) {
    ids[name] = (await admin.post('/api/v1/titles', { name: `BYW ${name}` })).body.title.id;
    if (tags.length) await t.ctx.db.insertInto('title_tag').values(tags.map((tag_id) => ({ title_id: ids[name], tag_id }))).execute();
  }
  // The watched title gets the western genre too: Close shares two genres with it, Other one.
  await t.ctx.db.insertInto('title_tag').values({ title_id: ids.Watched, tag_id: western }).execute();
});

describe('GET titles/because-you-watched', () => {
  it('offers titles like the one the viewer watched last, closest first; nothing before they watch anything', async () => {
    const user = await asUser(t);
    expect((await user.get('/api/v1/titles/because-you-watched')).body).toEqual({ title: null, items: [] });
    const video = (await admin.post('/api/v1/videos', { name: 'BYW film', title_id: ids.Watched, type: 'video', src: '/storage/byw.mp4', category: 'full', approved: true })).body.video.id;
    expect((await user.post(`/api/v1/videos/${video}/progress`, { seconds: 0, position: 40, duration: 600 })).status).toBe(202);
    await playTracker(t.ctx).flush();
    const res = await user.get('/api/v1/titles/because-you-watched');
    expect(res.status, res.text).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.title).toEqual({ id: ids.Watched, name: 'BYW Watched' });
    expect(res.body.items.map((i: { id: number }) => i.id)).toEqual([ids.Close, ids.Other]);
    // Another viewer has watched nothing.
    expect((await (await asUser(t)).get('/api/v1/titles/because-you-watched')).body.items).toEqual([]);
  });

  it('asks a guest to sign in, and refuses a user whose roles do not let them view titles', async () => {
    expect((await guest(t).get('/api/v1/titles/because-you-watched')).status).toBe(401);
    expect((await (await asUser(t, { roles: [] })).get('/api/v1/titles/because-you-watched')).status).toBe(403);
  });
});
