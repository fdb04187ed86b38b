import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/index.ts';
import { transcodePool } from '../src/modules/transcode/routes.ts';
import { WORK_ROOT } from '../src/modules/transcode/job.ts';
import { Client, asAdmin, asUser, createTestApp, guest } from './helper.ts';
import { audioOnly, corrupt, longClip, minuteClip, mkvWithSubtitles, mp4Clip, oneFrameClip, portraitClip, truncatedFastStart, truncatedNoIndex } from './transcode/clips.ts';

// One ffmpeg thread per job: the machine is shared.
process.env.TRANSCODE_THREADS = '1';
const t = await createTestApp();
const pool = () => transcodePool(t.ctx)!;
let admin: Client;
let titleId: number;

const OCTET = { 'content-type': 'application/octet-stream' };

/** Every object the storage driver holds under a prefix (the test app stores on a temp folder). */
function stored(prefix: string): string[] {
  const dir = path.join(t.storage, prefix);
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

/** The chunked upload protocol, as the form's uploader speaks it; answers the file entry's id. */
async function upload(c: Client, name: string, bytes: Buffer): Promise<number> {
  const init = await c.post('/api/v1/uploads', { fingerprint: `fp-${crypto.randomBytes(8).toString('hex')}`, name, size: bytes.length });
  expect(init.status, init.text).toBe(200);
  const { id, chunk_size } = init.body.upload;
  for (let i = 0; i * chunk_size < bytes.length; i++) {
    const r = await c.request('PUT', `/api/v1/uploads/${id}/chunks/${i}`, bytes.subarray(i * chunk_size, (i + 1) * chunk_size), OCTET);
    expect(r.status, r.text).toBe(200);
  }
  const done = await c.post(`/api/v1/uploads/${id}/complete`);
  expect(done.status, done.text).toBe(200);
  return done.body.fileEntry.id;
}

async function newVideo(name = 'Clip'): Promise<number> {
  const r = await admin.post('/api/v1/videos', { name, title_id: titleId, type: 'video', src: '/storage/demo/x.mp4', category: 'clip' });
  expect(r.status, r.text).toBe(200);
  return r.body.video.id;
}

async function waitFor(check: () => Promise<boolean>, ms = 30_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const entryExists = async (id: number) => Boolean(await t.ctx.db.selectFrom('file_entries').select('id').where('id', '=', id).executeTakeFirst());

beforeAll(async () => {
  admin = await asAdmin(t);
  titleId = (await admin.post('/api/v1/titles', { name: 'Transcoded Film' })).body.title.id;
});

beforeEach(async () => {
  await t.ctx.settings.set({
    'client.uploads.chunk_size': 256 * 1024, 'client.uploads.max_size': null, 'client.uploads.available_space': null,
    'client.uploads.allowed_extensions': [], 'client.uploads.blocked_extensions': [],
    'server.transcode_renditions': ['240p', '360p', '480p'], 'server.transcode_keep_original': false, 'server.transcode_concurrency': 1,
    'server.transcode_max_minutes': 360, 'server.transcode_max_height': 2160,
  });
});

describe('transcoding an upload into an HLS ladder', () => {
  it('turns an mp4 (shell characters in its name and metadata) into a ladder that never upscales, with poster and thumbnails', async () => {
    const videoId = await newVideo();
    const fileId = await upload(admin, `it's "my" clip; $(touch pwned) & more.mp4`, mp4Clip());
    const start = await admin.post(`/api/v1/videos/${videoId}/transcode`, { file_id: fileId });
    expect(start.status, start.text).toBe(200);
    expect(start.body.transcode).toMatchObject({ state: 'queued', percent: 0, renditions: ['240p', '360p', '480p'] });
    expect(start.body.transcode.probe).toMatchObject({ width: 640, height: 360, video_codec: 'h264' });
    expect(start.body.transcode.probe.audio_tracks).toHaveLength(1);
    await pool().idle();

    const status = await admin.get(`/api/v1/videos/${videoId}/transcode`);
    expect(status.body).toMatchObject({ ffmpeg: true, transcode: { state: 'done', percent: 100, error: null, attempts: 1 } });
    const video = (await admin.get(`/api/v1/videos/${videoId}`)).body.video;
    expect(video.type).toBe('stream');
    expect(video.quality).toBe('sd');
    expect(video.src).toMatch(/^\/storage\/videos\/\d+\/hls\/[\w-]+\/master\.m3u8$/);
    expect(video.thumbnail).toBe(video.src.replace('master.m3u8', 'poster.jpg'));

    const master = await guest(t).get(video.src);
    expect(master.status).toBe(200);
    expect(master.text).toContain('#EXTM3U');
    // 480p is enabled but taller than the 360p source: never upscaled.
    expect(master.text.match(/#EXT-X-STREAM-INF/g)).toHaveLength(2);
    expect(master.text).toMatch(/RESOLUTION=\d+x240/);
    expect(master.text).toMatch(/RESOLUTION=640x360/);
    expect(master.text).toContain('mp4a.40.2');
    const base = video.src.replace('master.m3u8', '');
    const playlist = await guest(t).get(`${base}v0/index.m3u8`);
    expect(playlist.text).toContain('#EXT-X-ENDLIST');
    const segment = playlist.text.split('\n').find((l) => l.endsWith('.ts'))!;
    const ranged = await t.app.inject({ method: 'GET', url: `${base}v0/${segment}`, headers: { range: 'bytes=0-187' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload[0]).toBe(0x47); // an MPEG-TS sync byte
    const vtt = await guest(t).get(`${base}thumbnails.vtt`);
    expect(vtt.text).toMatch(/^WEBVTT/);
    expect(vtt.text).toContain('sprite.jpg#xywh=0,0,160,90');
    expect((await t.app.inject({ method: 'GET', url: `${base}sprite.jpg` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${base}poster.jpg` })).statusCode).toBe(200);
    // The job records the bytes its ladder stored, which the reports' "Storage used" counts.
    const stored = await t.ctx.db.selectFrom('transcodes').select(['output_prefix', 'output_size']).where('id', '=', status.body.transcode.id).executeTakeFirstOrThrow();
    const onDisk = fs.readdirSync(path.join(t.storage, stored.output_prefix!), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile()).reduce((sum, e) => sum + fs.statSync(path.join(e.parentPath, e.name)).size, 0);
    expect(onDisk).toBeGreaterThan(0);
    expect(Number(stored.output_size)).toBe(onDisk);
    // The original is gone ("keep original" is off), and so is every work folder.
    expect(await entryExists(fileId)).toBe(false);
    expect(fs.existsSync('/tmp/pwned') || fs.existsSync(path.join(t.storage, 'pwned'))).toBe(false);
    expect(fs.existsSync(WORK_ROOT) ? fs.readdirSync(WORK_ROOT).filter((d) => d.startsWith(`${status.body.transcode.id}-`)) : []).toEqual([]);
  }, 60_000);

  it('sizes an upright phone video\'s rungs by its short side: a 360×640 source plays at 360×640, not shrunk to 202×360', async () => {
    const videoId = await newVideo('Upright');
    const fileId = await upload(admin, 'phone.mp4', portraitClip());
    const start = await admin.post(`/api/v1/videos/${videoId}/transcode`, { file_id: fileId });
    expect(start.status, start.text).toBe(200);
    await pool().idle();
    const video = (await admin.get(`/api/v1/videos/${videoId}`)).body.video;
    expect(video.type).toBe('stream');
    const master = (await guest(t).get(video.src)).text;
    // 240p and 360p fit the 360-pixel-wide source; 480p would upscale it.
    expect(master.match(/RESOLUTION=\d+x\d+/g)).toEqual(['RESOLUTION=240x426', 'RESOLUTION=360x640']);
  }, 60_000);

  it('gives a one-frame video its poster and scrubbing sprite from that frame, so its thumbnail is never a missing file', async () => {
    const videoId = await newVideo('One frame');
    const start = await admin.post(`/api/v1/videos/${videoId}/transcode`, { file_id: await upload(admin, 'one-frame.mp4', oneFrameClip()) });
    expect(start.status, start.text).toBe(200);
    await pool().idle();
    expect((await admin.get(`/api/v1/videos/${videoId}/transcode`)).body.transcode.state).toBe('done');
    const video = (await admin.get(`/api/v1/videos/${videoId}`)).body.video;
    expect(video.thumbnail).toBe(video.src.replace('master.m3u8', 'poster.jpg'));
    expect((await t.app.inject({ method: 'GET', url: video.thumbnail })).statusCode).toBe(200);
    const base = video.src.replace('master.m3u8', '');
    expect((await t.app.inject({ method: 'GET', url: `${base}sprite.jpg` })).statusCode).toBe(200);
    expect((await guest(t).get(`${base}thumbnails.vtt`)).text).toContain('sprite.jpg#xywh=0,0,160,90');
  }, 60_000);

  it('shows visitors a video being prepared while its upload transcodes (no placeholder source) and keeps it out of public lists until done', async () => {
    const title = (await admin.post('/api/v1/titles', { name: 'Prepared Film' })).body.title.id;
    const add = async (name: string, category: string) => (await admin.post('/api/v1/videos', {
      name, title_id: title, type: 'video', src: '/storage/demo/placeholder.mp4', category, approved: true,
    })).body.video.id as number;
    const ready = await add('Ready trailer', 'trailer');
    const videoId = await add('Uploaded film', 'full');
    const watch = async (id: number) => (await guest(t).get(`/api/v1/videos/${id}/watch`)).body;
    const page = async () => (await guest(t).get(`/api/v1/titles/${title}/page`)).body;
    expect((await watch(videoId)).video).toMatchObject({ preparing: false, src: '/storage/demo/placeholder.mp4' });

    expect((await admin.post(`/api/v1/videos/${videoId}/transcode`, { file_id: await upload(admin, 'long.mp4', longClip()) })).status).toBe(200);
    const during = await watch(videoId);
    expect(during.video).toMatchObject({ preparing: true, src: '', captions: [] });
    expect((await watch(ready)).related.map((v: { id: number }) => v.id)).toEqual([]);
    expect((await page()).videos.map((v: { id: number }) => v.id)).toEqual([ready]);
    expect((await page()).play_video_id).toBeNull();
    // The editor still sees it and its source.
    expect((await admin.get(`/api/v1/videos/${videoId}/watch`)).body.video).toMatchObject({ preparing: true, src: '/storage/demo/placeholder.mp4' });
    // The videos list call leaves it out for those who may not edit videos (unfiltered, and filtered by title).
    const listed = async (c: Client, filtered: boolean) => (await c.get(`/api/v1/videos?perPage=100${filtered
      ? `&filters=${encodeURIComponent(JSON.stringify([{ key: 'title_id', value: title }]))}` : ''}`)).body.pagination;
    const ids = (p: { data: { id: number }[] }) => p.data.map((v) => v.id);
    expect(ids(await listed(guest(t), true))).toEqual([ready]);
    expect((await listed(guest(t), true)).total).toBe(1);
    expect(ids(await listed(guest(t), false))).not.toContain(videoId);
    expect(ids(await listed(admin, true)).sort()).toEqual([ready, videoId].sort());
    expect(ids(await listed(admin, false))).toContain(videoId);
    expect((await guest(t).get(`/api/v1/videos/${videoId}`)).status).toBe(404);
    expect((await admin.get(`/api/v1/videos/${videoId}`)).body.video.src).toBe('/storage/demo/placeholder.mp4');

    await pool().idle();
    const after = await watch(videoId);
    expect(after.video.preparing).toBe(false);
    expect(after.video.src).toMatch(/master\.m3u8$/);
    expect((await watch(ready)).related.map((v: { id: number }) => v.id)).toEqual([videoId]);
    expect((await page()).play_video_id).toBe(videoId);
    expect(ids(await listed(guest(t), true)).sort()).toEqual([ready, videoId].sort());
    expect((await guest(t).get(`/api/v1/videos/${videoId}`)).body.video.src).toMatch(/master\.m3u8$/);
  }, 120_000);

  it('creates a video from an uploaded file (no made-up source): the upload is its source until the stream is ready', async () => {
    const count = async () => Number((await t.ctx.db.selectFrom('videos').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const fields = { name: 'Uploaded clip', title_id: titleId, type: 'video', category: 'clip' };
    // Neither a source nor a file: refused on the source.
    const none = await admin.post('/api/v1/videos', fields);
    expect(none.status).toBe(422);
    expect(none.body.errors.src).toEqual(['Source is required.']);

    const before = await count();
    // A file the transcoder refuses leaves no video behind; someone else's upload is not theirs to use.
    const text = await upload(admin, 'notes.txt', Buffer.from('not a video'));
    expect((await admin.post('/api/v1/videos', { ...fields, file_id: text })).body.errors).toEqual({ file_id: ['Upload a video file: mp4, mov, mkv or webm.'] });
    const bad = await admin.post('/api/v1/videos', { ...fields, file_id: await upload(admin, 'broken.mp4', corrupt()) });
    expect(bad.status).toBe(422);
    const user = await asUser(t, { permissions: ['files.create', 'videos.create', 'videos.update'] });
    expect((await user.post('/api/v1/videos', { ...fields, file_id: await upload(admin, 'theirs.mp4', mp4Clip()) })).body.errors).toEqual({ file_id: ['The selected file does not exist.'] });
    expect(await count()).toBe(before);

    const fileId = await upload(admin, 'clip.mp4', mp4Clip());
    const created = await admin.post('/api/v1/videos', { ...fields, file_id: fileId });
    expect(created.status, created.text).toBe(200);
    const id = created.body.video.id;
    expect(created.body.video).toMatchObject({ name: 'Uploaded clip', type: 'video' });
    expect(created.body.video.src).toMatch(/^\/api\/v1\/file-entries\/download\//);
    expect((await admin.get(`/api/v1/videos/${id}/transcode`)).body.transcode).toMatchObject({ source_name: 'clip.mp4' });
    expect((await guest(t).get(`/api/v1/videos/${id}/watch`)).body.video).toMatchObject({ preparing: true, src: '' });
    await pool().idle();
    const done = (await admin.get(`/api/v1/videos/${id}`)).body.video;
    expect(done.type).toBe('stream');
    expect(done.src).toMatch(/master\.m3u8$/);
    expect(await entryExists(fileId)).toBe(false);
  }, 60_000);

  it('tells a watchlist the title is streaming when its upload has finished transcoding, not while it is being prepared, and once', async () => {
    const member = await asUser(t, { first_name: 'Nia' });
    const title = (await admin.post('/api/v1/titles', { name: 'Awaited Film' })).body.title.id as number;
    expect((await member.post('/api/v1/watchlist', { titleId: title })).status).toBe(200);
    const streaming = async () => ((await member.get('/api/v1/notifications')).body.pagination.data as { type: string }[]).filter((n) => n.type === 'now_streaming');
    // Created as a clip, then given the upload and made the title's full, approved video while it transcodes.
    const videoId = (await admin.post('/api/v1/videos', { name: 'Film', title_id: title, type: 'video', src: '/storage/demo/placeholder.mp4', category: 'clip', approved: false })).body.video.id;
    expect((await admin.post(`/api/v1/videos/${videoId}/transcode`, { file_id: await upload(admin, 'film.mp4', longClip()) })).status).toBe(200);
    expect((await admin.put(`/api/v1/videos/${videoId}`, { category: 'full', approved: true })).status).toBe(200);
    expect(await streaming()).toEqual([]);

    await pool().idle();
    expect((await guest(t).get(`/api/v1/videos/${videoId}/watch`)).body.video.preparing).toBe(false);
    expect(await streaming()).toHaveLength(1);
    // A new upload for the same video, transcoded in turn, is no news.
    expect((await admin.post(`/api/v1/videos/${videoId}/transcode`, { file_id: await upload(admin, 'film2.mp4', mp4Clip()) })).status).toBe(200);
    await pool().idle();
    expect(await streaming()).toHaveLength(1);
  }, 120_000);

  it('keeps a video whose transcode failed out of sight until an admin retries it or saves the video as it is', async () => {
    const videoId = (await admin.post('/api/v1/videos', { name: 'Failed', title_id: titleId, type: 'video', src: '/storage/demo/x.mp4', category: 'clip', approved: true })).body.video.id;
    const key = `file-entries/${crypto.randomUUID()}.mp4`;
    await t.ctx.storage.put(key, Buffer.from('this is not a video at all'));
    const now = nowIso();
    await t.ctx.db.insertInto('transcodes').values({
      video_id: videoId, user_id: null, state: 'queued', percent: 0, source_file_id: null, source_key: key, source_disk: 'local', source_name: 'broken.mp4',
      probe: JSON.stringify({ duration: 2, width: 640, height: 360, video_codec: 'h264', audio_tracks: [], subtitles: [] }), renditions: '["240p"]',
      attempts: 0, created_at: now, updated_at: now,
    }).execute();
    pool().wake();
    await pool().idle();
    expect((await admin.get(`/api/v1/videos/${videoId}/transcode`)).body.transcode.state).toBe('failed');
    expect((await guest(t).get(`/api/v1/videos/${videoId}/watch`)).body.video).toMatchObject({ preparing: true, src: '' });
    // Saving the video after the failure is the admin's choice to show it with the source it has.
    await new Promise((r) => setTimeout(r, 5));
    expect((await admin.put(`/api/v1/videos/${videoId}`, { name: 'Failed, shown as it is' })).status).toBe(200);
    expect((await guest(t).get(`/api/v1/videos/${videoId}/watch`)).body.video).toMatchObject({ preparing: false, src: '/storage/demo/x.mp4' });
  });

  it('carries embedded text subtitles in the stream and keeps the original when asked', async () => {
    await t.ctx.settings.set({ 'server.transcode_keep_original': true });
    const videoId = await newVideo('Subtitled');
    const fileId = await upload(admin, 'subtitled.mkv', mkvWithSubtitles());
    const start = await admin.post(`/api/v1/videos/${videoId}/transcode`, { file_id: fileId });
    expect(start.status, start.text).toBe(200);
    expect(start.body.transcode.probe.subtitles).toEqual([{ index: 1, codec: 'subrip', language: 'eng', title: null }]);
    expect(start.body.transcode.probe.audio_tracks).toEqual([]);
    await pool().idle();
    const video = (await admin.get(`/api/v1/videos/${videoId}`)).body.video;
    const base = video.src.replace('master.m3u8', '');
    const master = (await guest(t).get(video.src)).text;
    expect(master).toContain('#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="eng",LANGUAGE="eng"');
    expect(master).toContain('SUBTITLES="subs"');
    expect(master.match(/#EXT-X-STREAM-INF/g)).toHaveLength(1);
    const subs = await guest(t).get(`${base}subs/0.vtt`);
    expect(subs.text).toMatch(/^WEBVTT/);
    expect(subs.text).toContain('Hello from the subtitles');
    expect(await entryExists(fileId)).toBe(true);
  }, 60_000);

  const refusals: [string, string, () => Buffer, string][] = [
    ['a file with no video stream', 'sound.mp4', audioOnly, 'The file has no video stream.'],
    ['a truncated mp4 without its index', 'cut.mp4', truncatedNoIndex, 'The file is not a video, or it is damaged.'],
    ['a truncated fast-start mp4', 'cut-faststart.mp4', truncatedFastStart, 'The video is truncated or damaged.'],
    ['a corrupt file', 'noise.mp4', corrupt, 'The file has no video stream.'],
  ];
  for (const [what, name, bytes, message] of refusals) {
    it(`refuses ${what} before any work, leaving nothing behind`, async () => {
      const videoId = await newVideo();
      const fileId = await upload(admin, name, bytes());
      const res = await admin.post(`/api/v1/videos/${videoId}/transcode`, { file_id: fileId });
      expect(res.status, res.text).toBe(422);
      expect(res.body).toEqual({ message, errors: { file: [message] } });
      expect(await entryExists(fileId)).toBe(false);
      expect(await t.ctx.db.selectFrom('transcodes').select('id').where('video_id', '=', videoId).execute()).toEqual([]);
      expect(stored(`public/videos/${videoId}`)).toEqual([]);
      expect((await admin.get(`/api/v1/videos/${videoId}`)).body.video.type).toBe('video');
    });
  }

  it('refuses sources over the configured duration and resolution limits', async () => {
    await t.ctx.settings.set({ 'server.transcode_max_minutes': 1 });
    const videoId = await newVideo();
    const long = await admin.post(`/api/v1/videos/${videoId}/transcode`, { file_id: await upload(admin, 'minute.mp4', minuteClip()) });
    expect(long.status).toBe(422);
    expect(long.body.message).toBe('The video is longer than the 1 min allowed.');
    await t.ctx.settings.set({ 'server.transcode_max_minutes': 360, 'server.transcode_max_height': 240 });
    const big = await admin.post(`/api/v1/videos/${videoId}/transcode`, { file_id: await upload(admin, 'big.mp4', mp4Clip()) });
    expect(big.status).toBe(422);
    expect(big.body.message).toBe('The video\'s resolution (640×360) is above the 240p allowed.');
  });

  it('validates input and guards the calls', async () => {
    const videoId = await newVideo();
    expect((await admin.post(`/api/v1/videos/${videoId}/transcode`, { file_id: 'x' })).status).toBe(422);
    expect((await admin.post(`/api/v1/videos/${videoId}/transcode`, {})).body.errors.file_id).toBeDefined();
    expect((await admin.post(`/api/v1/videos/${videoId}/transcode`, { file_id: 999999 })).status).toBe(422);
    expect((await admin.post('/api/v1/videos/999999/transcode', { file_id: 1 })).status).toBe(404);
    expect((await admin.get('/api/v1/transcodes?video_ids=constructor')).status).toBe(422);
    expect((await guest(t).post(`/api/v1/videos/${videoId}/transcode`, { file_id: 1 })).status).toBe(401);
    const user = await asUser(t, { permissions: ['files.create', 'videos.update'] });
    // Someone else's upload is not theirs to hand to the transcoder.
    const mine = await upload(admin, 'mine.mp4', mp4Clip());
    expect((await user.post(`/api/v1/videos/${videoId}/transcode`, { file_id: mine })).body.errors).toEqual({ file_id: ['The selected file does not exist.'] });
    expect((await admin.post(`/api/v1/videos/${videoId}/transcode/retry`)).status).toBe(422);
    expect((await admin.post(`/api/v1/videos/${videoId}/transcode/cancel`)).status).toBe(422);
  });

  it('cancels a running job (ffmpeg stopped, partial output removed), then retries it to the end', async () => {
    const videoId = await newVideo('Long');
    const fileId = await upload(admin, 'long.mp4', longClip());
    expect((await admin.post(`/api/v1/videos/${videoId}/transcode`, { file_id: fileId })).status).toBe(200);
    await waitFor(async () => {
      const r = (await admin.get(`/api/v1/transcodes?video_ids=${videoId}`)).body.transcodes[0];
      return r.state === 'running' && stored(`public/videos/${videoId}`).length === 0 && fs.existsSync(WORK_ROOT)
        && fs.readdirSync(WORK_ROOT).some((d) => d.startsWith(`${r.id}-`) && fs.existsSync(path.join(WORK_ROOT, d, 'v0')));
    });
    const cancelled = await admin.post(`/api/v1/videos/${videoId}/transcode/cancel`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.transcode.state).toBe('cancelled');
    const id = cancelled.body.transcode.id;
    expect(fs.readdirSync(WORK_ROOT).filter((d) => d.startsWith(`${id}-`))).toEqual([]);
    expect(stored(`public/videos/${videoId}`)).toEqual([]);
    expect((await admin.get(`/api/v1/videos/${videoId}`)).body.video.type).toBe('video');

    const retried = await admin.post(`/api/v1/videos/${videoId}/transcode/retry`);
    expect(retried.body.transcode).toMatchObject({ state: 'queued', percent: 0 });
    await pool().idle();
    expect((await admin.get(`/api/v1/videos/${videoId}/transcode`)).body.transcode).toMatchObject({ state: 'done', percent: 100, attempts: 2 });
    expect((await admin.get(`/api/v1/videos/${videoId}`)).body.video.type).toBe('stream');
  }, 180_000);

  it('deleting a video removes its ladder; deleting a title stops its running job and leaves nothing behind', async () => {
    const done = await newVideo('Finished');
    expect((await admin.post(`/api/v1/videos/${done}/transcode`, { file_id: await upload(admin, 'done.mp4', mp4Clip()) })).status).toBe(200);
    await pool().idle();
    expect(stored(`public/videos/${done}`).length).toBeGreaterThan(0);
    expect((await admin.delete(`/api/v1/videos/${done}`)).status).toBe(200);
    expect(stored(`public/videos/${done}`)).toEqual([]);
    // No empty folders either (hls/<job>/v0 and up).
    expect(fs.existsSync(path.join(t.storage, `public/videos/${done}`))).toBe(false);

    const other = (await admin.post('/api/v1/titles', { name: 'Deleted While Transcoding' })).body.title.id;
    const r = await admin.post('/api/v1/videos', { name: 'Running', title_id: other, type: 'video', src: '/storage/demo/x.mp4', category: 'clip' });
    const running = r.body.video.id;
    expect((await admin.post(`/api/v1/videos/${running}/transcode`, { file_id: await upload(admin, 'long.mp4', longClip()) })).status).toBe(200);
    await waitFor(async () => (await admin.get(`/api/v1/videos/${running}/transcode`)).body.transcode.state === 'running');
    expect((await admin.delete(`/api/v1/titles/${other}`)).status).toBe(200);
    await pool().idle();
    expect(stored(`public/videos/${running}`)).toEqual([]);
    expect(await t.ctx.db.selectFrom('transcodes').select('id').where('video_id', '=', running).execute()).toEqual([]);
  }, 180_000);

  it('records ffmpeg\'s reason when a job fails, and a retry after the cause is fixed succeeds', async () => {
    const videoId = await newVideo('Broken');
    const key = `file-entries/${crypto.randomUUID()}.mp4`;
    await t.ctx.storage.put(key, Buffer.from('this is not a video at all'));
    const probe = { duration: 2, width: 640, height: 360, video_codec: 'h264', audio_tracks: [], subtitles: [] };
    const now = nowIso();
    await t.ctx.db.insertInto('transcodes').values({
      video_id: videoId, user_id: null, state: 'queued', percent: 0, source_file_id: null, source_key: key, source_disk: 'local',
      source_name: 'broken.mp4', probe: JSON.stringify(probe), renditions: '["240p"]', attempts: 0, created_at: now, updated_at: now,
    }).execute();
    pool().wake();
    await pool().idle();
    const failed = (await admin.get(`/api/v1/videos/${videoId}/transcode`)).body.transcode;
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/Invalid data found|moov atom not found/);
    expect(stored(`public/videos/${videoId}`)).toEqual([]);

    await t.ctx.storage.delete(key);
    await t.ctx.storage.put(key, mp4Clip());
    expect((await admin.post(`/api/v1/videos/${videoId}/transcode/retry`)).status).toBe(200);
    await pool().idle();
    expect((await admin.get(`/api/v1/videos/${videoId}/transcode`)).body.transcode.state).toBe('done');
  });

  /** A running job whose worker died ten minutes ago, after `attempts` runs, with half a segment of output left. */
  async function jobOfDeadWorker(name: string, run: string, attempts: number) {
    const videoId = await newVideo(name);
    const key = `file-entries/${crypto.randomUUID()}.mp4`;
    await t.ctx.storage.put(key, mp4Clip());
    const prefix = `public/videos/${videoId}/hls/${run}`;
    await t.ctx.storage.put(`${prefix}/v0/seg_0000.ts`, Buffer.from('half a segment'));
    const probe = { duration: 2, width: 640, height: 360, video_codec: 'h264', audio_tracks: [{ index: 1, codec: 'aac', language: null }], subtitles: [] };
    const long = new Date(Date.now() - 10 * 60_000).toISOString();
    await t.ctx.db.insertInto('transcodes').values({
      video_id: videoId, user_id: null, state: 'running', percent: 40, source_file_id: null, source_key: key, source_disk: 'local',
      source_name: `${name.toLowerCase()}.mp4`, probe: JSON.stringify(probe), renditions: '["240p"]', output_prefix: prefix, worker: 'a-dead-process',
      heartbeat_at: long, attempts, started_at: long, created_at: long, updated_at: long,
    }).execute();
    return { videoId, prefix };
  }

  it('restarts cleanly a job a dead process left running, removing its partial output', async () => {
    const { videoId, prefix } = await jobOfDeadWorker('Orphan', 'left-over', 1);
    pool().wake();
    await waitFor(async () => !(await t.ctx.storage.exists(`${prefix}/v0/seg_0000.ts`)));
    await pool().idle();
    const done = (await admin.get(`/api/v1/videos/${videoId}/transcode`)).body.transcode;
    expect(done).toMatchObject({ state: 'done', attempts: 2 });
    expect(stored(prefix)).toEqual([]);
  });

  it('fails, rather than queues again, a job whose worker died three times, and an admin can retry it by hand', async () => {
    const { videoId, prefix } = await jobOfDeadWorker('Crashing', 'crashed-3', 3);
    pool().wake();
    await pool().idle();
    const failed = (await admin.get(`/api/v1/videos/${videoId}/transcode`)).body.transcode;
    expect(failed).toMatchObject({
      state: 'failed', attempts: 3,
      error: 'The transcode stopped 3 times without finishing (the server restarted or ran out of memory while it ran). Retry it, or upload a smaller file.',
    });
    expect(stored(prefix)).toEqual([]);
    expect((await admin.get(`/api/v1/videos/${videoId}`)).body.video.type).toBe('video');

    expect((await admin.post(`/api/v1/videos/${videoId}/transcode/retry`)).status).toBe(200);
    await pool().idle();
    expect((await admin.get(`/api/v1/videos/${videoId}/transcode`)).body.transcode).toMatchObject({ state: 'done', attempts: 4, error: null });
  });

  it('runs at most the configured number of jobs at once, and the list call shows each video\'s progress', async () => {
    const a = await newVideo('A');
    const b = await newVideo('B');
    await admin.post(`/api/v1/videos/${a}/transcode`, { file_id: await upload(admin, 'a.mp4', mp4Clip()) });
    await admin.post(`/api/v1/videos/${b}/transcode`, { file_id: await upload(admin, 'b.mp4', mp4Clip()) });
    let most = 0;
    await waitFor(async () => {
      const list = (await admin.get(`/api/v1/transcodes?video_ids=${a},${b}`)).body.transcodes as { state: string; percent: number }[];
      most = Math.max(most, list.filter((x) => x.state === 'running').length);
      return list.every((x) => x.state === 'done');
    }, 60_000);
    expect(most).toBe(1);
  }, 120_000);
});
