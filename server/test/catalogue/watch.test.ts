import { beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asUser, createTestApp, guest, type Client } from '../helper.ts';
import { playTracker } from '../../src/modules/plays/tracker.ts';

const t = await createTestApp();
let admin: Client;
let titleId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  admin = await asAdmin(t);
  titleId = (await admin.post('/api/v1/titles', { name: 'Watch Host', is_series: true, description: 'A series to watch.' })).body.title.id;
  await admin.post(`/api/v1/titles/${titleId}/seasons`, {});
  await admin.post(`/api/v1/titles/${titleId}/seasons/1/episodes`, { name: 'Pilot' });
  await admin.post(`/api/v1/titles/${titleId}/seasons/1/episodes`, { name: 'Second Wind' });
  await admin.post(`/api/v1/titles/${titleId}/seasons/1/episodes`, { name: 'Third Act' });
  const add = async (key: string, body: Record<string, unknown>) => {
    const res = await admin.post('/api/v1/videos', { name: key, title_id: titleId, category: 'full', ...body });
    expect(res.status, res.text).toBe(200);
    ids[key] = res.body.video.id;
  };
  await add('e1', { type: 'video', src: '/storage/demo/e1.mp4', season_num: 1, episode_num: 1 });
  // Episode 2 has only an unapproved video: up-next skips to episode 3.
  await add('e2hidden', { type: 'video', src: '/storage/secret/e2.mp4', season_num: 1, episode_num: 2, approved: false });
  await add('e3', { type: 'video', src: '/storage/demo/e3.mp4', season_num: 1, episode_num: 3 });
  await add('trailer', { type: 'embed', src: 'https://www.youtube.com/embed/abc', category: 'trailer' });
  await add('stream', { type: 'stream', src: '/storage/demo/hls/index.m3u8' });
  await add('external', { type: 'external', src: 'https://example.com/watch/1', category: 'clip' });
  await t.ctx.db.insertInto('video_captions').values([
    { video_id: ids.e1, name: 'English', language: 'en', url: '/storage/captions/e1-en.vtt', order: 0, created_at: new Date().toISOString() },
    { video_id: ids.e1, name: 'Français', language: 'fr', url: '/storage/captions/e1-fr.vtt', order: 1, created_at: new Date().toISOString() },
  ]).execute();
});

describe('GET videos/:id/watch', () => {
  it('answers the video, its captions, the title and episode, up-next and the other videos', async () => {
    const res = await guest(t).get(`/api/v1/videos/${ids.e1}/watch`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.video).toMatchObject({ id: ids.e1, type: 'video', src: '/storage/demo/e1.mp4', season_num: 1, episode_num: 1 });
    expect(res.body.video.captions.map((c: any) => [c.name, c.language, c.url])).toEqual([
      ['English', 'en', '/storage/captions/e1-en.vtt'], ['Français', 'fr', '/storage/captions/e1-fr.vtt'],
    ]);
    expect(res.body.title).toMatchObject({ id: titleId, name: 'Watch Host', is_series: true });
    expect(res.body.episode).toMatchObject({ season_number: 1, episode_number: 1, name: 'Pilot' });
    expect(res.body.up_next).toMatchObject({ id: ids.e3, season_num: 1, episode_num: 3, episode_name: 'Third Act' });
    expect(res.body.up_next.src).toBeUndefined();
    const related = res.body.related.map((v: any) => v.id);
    expect(related).toEqual(expect.arrayContaining([ids.e3, ids.trailer, ids.stream, ids.external]));
    expect(related).not.toContain(ids.e1);
    expect(related).not.toContain(ids.e2hidden);
    expect(res.body.position).toBeNull();
  });

  it('answers every video type with its source; only type video has captions', async () => {
    for (const [key, type, src] of [['trailer', 'embed', 'https://www.youtube.com/embed/abc'], ['stream', 'stream', '/storage/demo/hls/index.m3u8'], ['external', 'external', 'https://example.com/watch/1']]) {
      const res = await guest(t).get(`/api/v1/videos/${ids[key]}/watch`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.video).toMatchObject({ type, src, captions: [] });
      expect(res.body.episode).toBeNull();
      expect(res.body.up_next).toBeNull();
    }
  });

  it('the last episode has no up-next', async () => {
    expect((await guest(t).get(`/api/v1/videos/${ids.e3}/watch`)).body.up_next).toBeNull();
  });

  it('hides an unapproved video (and its source) from visitors and users, and shows it to editors', async () => {
    for (const client of [guest(t), await asUser(t)]) {
      const res = await client.get(`/api/v1/videos/${ids.e2hidden}/watch`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Video not found' });
      expect(res.text).not.toContain('secret');
    }
    const res = await admin.get(`/api/v1/videos/${ids.e2hidden}/watch`);
    expect(res.status).toBe(200);
    expect(res.body.video).toMatchObject({ approved: false, src: '/storage/secret/e2.mp4' });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1e3', '99999999999999999999', 'constructor']) {
      const res = await guest(t).get(`/api/v1/videos/${id}/watch`);
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe('Video not found');
    }
  });

  it('a role without videos.view is refused', async () => {
    const user = await asUser(t, { roles: [] });
    await t.ctx.db.deleteFrom('user_role').where('user_id', '=', user.user.id).execute();
    const res = await user.get(`/api/v1/videos/${ids.e1}/watch`);
    expect(res.status).toBe(403);
  });

  it('short videos play for everyone where watching needs the permission; full ones do not; the switch ends it', async () => {
    // A site that sells watching: guests and new accounts lose videos.view.
    type Role = { id: number; permissions: { name: string; restrictions?: unknown[] }[] };
    const roles = await Promise.all([t.roles.guests, t.roles.users].map(async (id) => (await admin.get(`/api/v1/roles/${id}`)).body.role as Role));
    const grants = (r: Role) => r.permissions.map((p) => ({ name: p.name, ...(p.restrictions?.length ? { restrictions: p.restrictions } : {}) }));
    const setRoles = async (drop: boolean) => {
      for (const r of roles) expect((await admin.put(`/api/v1/roles/${r.id}`, { permissions: grants(r).filter((p) => !drop || p.name !== 'videos.view') })).status).toBe(200);
    };
    const member = await asUser(t);
    const play = (c: Client, id: number) => c.post(`/api/v1/videos/${id}/plays`, { seconds: 6, position: 6 });
    await setRoles(true);
    try {
      const trailer = await guest(t).get(`/api/v1/videos/${ids.trailer}/watch`);
      expect(trailer.status, trailer.text).toBe(200);
      expect(trailer.body.video).toMatchObject({ category: 'trailer', src: 'https://www.youtube.com/embed/abc' });
      expect((await member.get(`/api/v1/videos/${ids.external}/watch`)).status).toBe(200);
      expect((await guest(t).get(`/api/v1/videos/${ids.e1}/watch`)).status).toBe(401);
      expect((await member.get(`/api/v1/videos/${ids.e1}/watch`)).status).toBe(403);
      expect((await play(guest(t), ids.trailer)).status).toBe(202);
      expect((await play(guest(t), ids.e1)).status).toBe(401);
      expect((await member.post(`/api/v1/videos/${ids.trailer}/progress`, { seconds: 1, position: 3 })).status).toBe(202);
      expect((await member.post(`/api/v1/videos/${ids.e1}/progress`, { seconds: 1, position: 3 })).status).toBe(403);
      // An unapproved short one stays hidden: the waiver does not apply, the permission is asked for.
      const hidden = (await admin.post('/api/v1/videos', { name: 'Hidden clip', title_id: titleId, category: 'clip', type: 'embed', src: 'https://www.youtube.com/embed/h', approved: false })).body.video.id;
      expect((await guest(t).get(`/api/v1/videos/${hidden}/watch`)).status).toBe(401);

      // The title page lists the short ones and its trailer, never a full one; its Play still leads to the watch page,
      // which asks for the plans.
      const page = (await guest(t).get(`/api/v1/titles/${titleId}/page`)).body;
      expect(page.trailer_video_id).toBe(ids.trailer);
      expect(page.videos.map((v: { category: string }) => v.category).sort()).toEqual(['clip', 'trailer']);
      expect(page.play_video_id).toBe(ids.stream);
      expect((await guest(t).get(`/api/v1/titles/${titleId}/seasons/1/episodes/1/page`)).body.play_video_id).toBe(ids.e1);
      expect((await guest(t).get(`/api/v1/titles/${titleId}/seasons/1/page`)).body.play_video_id).toBe(ids.e1);

      await t.ctx.settings.set({ 'client.streaming.free_short_videos': false });
      expect((await guest(t).get(`/api/v1/videos/${ids.trailer}/watch`)).status).toBe(401);
      expect((await member.get(`/api/v1/videos/${ids.trailer}/watch`)).status).toBe(403);
      expect((await play(guest(t), ids.trailer)).status).toBe(401);
      expect((await guest(t).get(`/api/v1/titles/${titleId}/page`)).body.videos).toEqual([]);
    } finally {
      await t.ctx.settings.set({ 'client.streaming.free_short_videos': true });
      await setRoles(false);
    }
    expect((await guest(t).get(`/api/v1/videos/${ids.e1}/watch`)).status).toBe(200);
  });

  it('gives each signed-in viewer their own resume position', async () => {
    const a = await asUser(t);
    const b = await asUser(t);
    expect((await a.post(`/api/v1/videos/${ids.e1}/plays`, { seconds: 6, position: 6 })).status).toBe(202);
    expect((await a.post(`/api/v1/videos/${ids.e1}/progress`, { seconds: 10, position: 17.6 })).status).toBe(202);
    // Read back before the batch is written: the pending position answers.
    expect((await a.get(`/api/v1/videos/${ids.e1}/watch`)).body.position).toBe(17);
    await playTracker(t.ctx).flush();
    expect((await a.get(`/api/v1/videos/${ids.e1}/watch`)).body.position).toBe(17);
    expect((await b.get(`/api/v1/videos/${ids.e1}/watch`)).body.position).toBeNull();
    await b.post(`/api/v1/videos/${ids.e1}/progress`, { seconds: 3, position: 42 });
    await playTracker(t.ctx).flush();
    expect((await b.get(`/api/v1/videos/${ids.e1}/watch`)).body.position).toBe(42);
    expect((await a.get(`/api/v1/videos/${ids.e1}/watch`)).body.position).toBe(17);
  });

  it('sets an anonymous visitor id cookie for guests', async () => {
    const g = guest(t);
    await g.get(`/api/v1/videos/${ids.e1}/watch`);
    expect(g.cookies.get('visitor_id')).toMatch(/^[a-f0-9]{32}$/);
  });
});

describe('the video list and detail calls', () => {
  it('never send an unapproved video\'s source to someone who may not edit videos', async () => {
    const g = guest(t);
    const list = await g.get(`/api/v1/videos?perPage=100`);
    expect(list.status).toBe(200);
    expect(list.text).not.toContain('/storage/secret/e2.mp4');
    expect((await g.get(`/api/v1/videos/${ids.e2hidden}`)).body.video.src).toBe('');
    expect((await admin.get(`/api/v1/videos/${ids.e2hidden}`)).body.video.src).toBe('/storage/secret/e2.mp4');
  });

  it('the watch page server-renders a VideoObject', async () => {
    const { PageRenderer } = await import('../../src/modules/seo/index.ts');
    const renderer = new PageRenderer(t.ctx, '<!doctype html><html><head><title>x</title></head><body></body></html>');
    const html = await renderer.render({ url: `/watch/${ids.e1}`, cookies: {}, headers: {} } as never);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]);
    expect(ld).toMatchObject({ '@type': 'VideoObject', name: 'e1', description: 'A series to watch.' });
    expect(html).toContain('<title>Watch e1 - ');
    const hidden = await renderer.render({ url: `/watch/${ids.e2hidden}`, cookies: {}, headers: {} } as never);
    expect(hidden).not.toContain('VideoObject');
    expect(hidden).not.toContain('secret');
  });
});
