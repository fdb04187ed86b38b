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
