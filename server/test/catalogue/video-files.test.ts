import { beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asUser, createTestApp, guest, type Client } from '../helper.ts';
import { multipart } from './helpers.ts';

/**
 * A transcoded upload's ladder sits on the public disk at /storage/videos/{id}/hls/{run}/: its playlists and segments
 * go only to those the watch call gives the video to (a site that sells watching takes videos.view from guests and
 * members and gives it with a plan), while its poster stays the thumbnail everyone sees.
 */
const t = await createTestApp();
let admin: Client;
const ids: Record<string, number> = {};
const files = ['master.m3u8', 'v0/index.m3u8', 'v0/seg_0000.ts', 'thumbnails.vtt', 'sprite.jpg', 'poster.jpg'];
const fileOf = (id: number, name: string) => `/storage/videos/${id}/hls/1-1/${name}`;

beforeAll(async () => {
  admin = await asAdmin(t);
  const titleId = (await admin.post('/api/v1/titles', { name: 'Paid Feature' })).body.title.id;
  const add = async (key: string, body: Record<string, unknown>) => {
    const res = await admin.post('/api/v1/videos', { name: key, title_id: titleId, type: 'stream', src: '/storage/placeholder.m3u8', category: 'full', approved: true, ...body });
    expect(res.status, res.text).toBe(200);
    ids[key] = res.body.video.id;
    for (const name of files) await t.ctx.storage.put(`public/videos/${ids[key]}/hls/1-1/${name}`, Buffer.from(`${key} ${name}`));
    await admin.put(`/api/v1/videos/${ids[key]}`, { src: fileOf(ids[key], 'master.m3u8') });
  };
  await add('movie', {});
  await add('trailer', { category: 'trailer' });
  await add('hidden', { approved: false });
});

type Role = { id: number; guests: boolean; default: boolean; permissions: { name: string; restrictions?: unknown[] }[] };

/** Runs `fn` on a site that sells watching: guests and members lose videos.view, which a plan gives. */
async function sellingWatching(fn: () => Promise<void>) {
  const roles = ((await admin.get('/api/v1/roles?perPage=100')).body.pagination.data as Role[]).filter((r) => r.guests || r.default);
  const grants = (r: Role) => r.permissions.map((p) => ({ name: p.name, ...(p.restrictions?.length ? { restrictions: p.restrictions } : {}) }));
  for (const r of roles) expect((await admin.put(`/api/v1/roles/${r.id}`, { permissions: grants(r).filter((p) => p.name !== 'videos.view') })).status).toBe(200);
  try {
    await fn();
  } finally {
    await t.ctx.settings.set({ 'client.streaming.free_short_videos': true });
    for (const r of roles) await admin.put(`/api/v1/roles/${r.id}`, { permissions: grants(r) });
  }
}

describe('a transcoded video\'s files', () => {
  it('go only to those who may watch the video', async () => {
    const member = await asUser(t);
    const subscriber = await asUser(t, { permissions: ['videos.view'] });
    await sellingWatching(async () => {
      for (const name of files.filter((f) => f !== 'poster.jpg')) {
        expect((await guest(t).get(fileOf(ids.movie, name))).status, name).toBe(401);
        expect((await member.get(fileOf(ids.movie, name))).status, name).toBe(403);
        const ok = await subscriber.get(fileOf(ids.movie, name));
        expect(ok.status, name).toBe(200);
        expect(ok.text).toBe(`movie ${name}`);
        // Kept by the viewer's browser only, never by a shared cache in front of the site.
        expect(ok.headers['cache-control']).toMatch(/^private/);
        expect((await admin.get(fileOf(ids.movie, name))).status, name).toBe(200);
      }
      // Seeking asks for a range: refused the same way.
      expect((await guest(t).request('GET', fileOf(ids.movie, 'v0/seg_0000.ts'), undefined, { range: 'bytes=0-3' })).status).toBe(401);
      expect((await subscriber.request('GET', fileOf(ids.movie, 'v0/seg_0000.ts'), undefined, { range: 'bytes=0-4' })).text).toBe('movie');
      // A key the disk reads as the same file is no way round it.
      for (const trick of [`/storage/videos/${ids.movie}//hls/1-1/master.m3u8`, `/storage/videos/./${ids.movie}/hls/1-1/master.m3u8`, `/storage/videos/${ids.movie}/hls/./1-1/master.m3u8`]) {
        expect([401, 404], trick).toContain((await guest(t).get(trick)).status);
      }
      // The poster is the thumbnail title pages show everyone.
      const poster = await guest(t).get(fileOf(ids.movie, 'poster.jpg'));
      expect(poster.status).toBe(200);
      expect(poster.headers['cache-control']).toMatch(/^public/);
      // Trailers stay free while short videos are (the videos settings' switch).
      expect((await guest(t).get(fileOf(ids.trailer, 'master.m3u8'))).status).toBe(200);
      await t.ctx.settings.set({ 'client.streaming.free_short_videos': false });
      expect((await guest(t).get(fileOf(ids.trailer, 'master.m3u8'))).status).toBe(401);
    });
  });

  it('an uploaded source file and its caption files go only to those who may watch the video; pictures and files of no video stay public', async () => {
    const titleId = (await admin.post('/api/v1/titles', { name: 'Paid Upload' })).body.title.id;
    const put = (key: string) => t.ctx.storage.put(`public/${key}`, Buffer.from(key));
    for (const key of ['uploads/film.mp4', 'uploads/draft.mp4', 'uploads/shared.webm', 'uploads/film-thumb.jpg', 'branding/intro.mp4', 'uploads/linked.mp4']) await put(key);
    const add = async (name: string, src: string, body: Record<string, unknown> = {}) => {
      const res = await admin.post('/api/v1/videos', { name, title_id: titleId, type: 'video', src, thumbnail: '/storage/uploads/film-thumb.jpg', category: 'full', approved: true, ...body });
      expect(res.status, res.text).toBe(200);
      return res.body.video.id as number;
    };
    const film = await add('Film', '/storage/uploads/film.mp4');
    // An editor pasted the file's full link to this site rather than its path.
    await add('Linked', `${new URL(t.ctx.config.appUrl).origin}/storage/uploads/linked.mp4`);
    await add('Draft', '/storage/uploads/draft.mp4', { approved: false });
    // One file, two videos: a paid movie and a free trailer.
    await add('Shared movie', '/storage/uploads/shared.webm');
    await add('Shared trailer', '/storage/uploads/shared.webm', { category: 'trailer' });
    const m = multipart({ name: 'English', language: 'en' }, { name: 'en.vtt', type: 'text/vtt', content: Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n') });
    const caption = await admin.request('POST', `/api/v1/videos/${film}/captions`, m.body, m.headers);
    expect(caption.status, caption.text).toBe(200);
    const captionUrl: string = caption.body.caption.url;
    expect(captionUrl).toMatch(/^\/storage\/captions\/[\w-]+\.vtt$/);

    const member = await asUser(t);
    const subscriber = await asUser(t, { permissions: ['videos.view'] });
    await sellingWatching(async () => {
      for (const url of ['/storage/uploads/film.mp4', captionUrl, '/storage/uploads/linked.mp4']) {
        expect((await guest(t).get(url)).status, url).toBe(401);
        expect((await guest(t).request('GET', url, undefined, { range: 'bytes=0-3' })).status, url).toBe(401);
        expect((await member.get(url)).status, url).toBe(403);
        const ok = await subscriber.get(url);
        expect(ok.status, url).toBe(200);
        expect(ok.headers['cache-control']).toMatch(/^private/);
        expect((await admin.get(url)).status, url).toBe(200);
      }
      expect((await subscriber.get('/storage/uploads/draft.mp4')).status).toBe(404);
      expect((await admin.get('/storage/uploads/draft.mp4')).status).toBe(200);
      // The free trailer shares its file with the paid movie: whoever may watch one of them gets it.
      expect((await guest(t).get('/storage/uploads/shared.webm')).status).toBe(200);
      await t.ctx.settings.set({ 'client.streaming.free_short_videos': false });
      expect((await guest(t).get('/storage/uploads/shared.webm')).status).toBe(401);
      // The thumbnail title pages show, and files no video plays, stay public.
      for (const url of ['/storage/uploads/film-thumb.jpg', '/storage/branding/intro.mp4']) {
        const open = await guest(t).get(url);
        expect(open.status, url).toBe(200);
        expect(open.headers['cache-control']).toMatch(/^public/);
      }
    });
  });

  it('of an unapproved video go only to those who may edit videos', async () => {
    const viewer = await asUser(t);
    expect((await viewer.get(fileOf(ids.movie, 'master.m3u8'))).status).toBe(200);
    expect((await viewer.get(fileOf(ids.hidden, 'master.m3u8'))).status).toBe(404);
    expect((await guest(t).get(fileOf(ids.hidden, 'v0/seg_0000.ts'))).status).toBe(404);
    expect((await admin.get(fileOf(ids.hidden, 'master.m3u8'))).status).toBe(200);
    // Unpublishing the movie takes its files away at once.
    expect((await admin.put(`/api/v1/videos/${ids.movie}`, { approved: false })).status).toBe(200);
    expect((await viewer.get(fileOf(ids.movie, 'v0/seg_0000.ts'))).status).toBe(404);
  });
});
