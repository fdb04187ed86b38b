import { beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, createTestApp, guest, listUrl, type Client } from '../helper.ts';
import { multipart } from './helpers.ts';

const t = await createTestApp();
let admin: Client;
let titleId: number;
beforeAll(async () => {
  admin = await asAdmin(t);
  titleId = (await admin.post('/api/v1/titles', { name: 'Video Host', is_series: true })).body.title.id;
  await admin.post(`/api/v1/titles/${titleId}/seasons`, {});
  await admin.post(`/api/v1/titles/${titleId}/seasons/1/episodes`, { name: 'E1' });
});

const base = () => ({ name: 'Trailer', title_id: titleId, type: 'embed', src: 'https://www.youtube.com/embed/abc', category: 'trailer', quality: 'hd', language: 'en' });
const VTT = Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n');

describe('videos', () => {
  it('creates, reads, updates and deletes a video', async () => {
    const res = await admin.post('/api/v1/videos', base());
    expect(res.status, res.text).toBe(200);
    expect(res.body.video).toMatchObject({ name: 'Trailer', type: 'embed', approved: true, plays_count: 0, reports_count: 0, captions: [], title: { id: titleId } });
    const upd = await admin.put(`/api/v1/videos/${res.body.video.id}`, { approved: false, name: 'Teaser', category: 'teaser' });
    expect(upd.body.video).toMatchObject({ approved: false, name: 'Teaser', category: 'teaser' });
    // An edit that does not send `approved` leaves it as it was: renaming a video waiting for approval does not publish it.
    const renamed = await admin.put(`/api/v1/videos/${res.body.video.id}`, { name: 'Final teaser' });
    expect(renamed.body.video).toMatchObject({ approved: false, name: 'Final teaser' });
    expect((await guest(t).get(`/api/v1/videos/${res.body.video.id}/watch`)).status).toBe(404);
    expect((await admin.delete(`/api/v1/videos/${res.body.video.id}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/videos/${res.body.video.id}`)).status).toBe(404);
  });

  it('rejects each invalid field with its message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base(), name: '' }, 'name', 'Name is required.'],
      [{ ...base(), title_id: undefined }, 'title_id', 'Title is required.'],
      [{ ...base(), title_id: 999999 }, 'title_id', 'Title is required.'],
      [{ ...base(), src: '' }, 'src', 'Embed URL is required.'],
      [{ ...base(), src: 'not a url' }, 'src', 'Embed URL must be a valid URL.'],
      [{ ...base(), type: 'external', src: 'ftp:/x' }, 'src', 'The source must be a valid URL.'],
      [{ ...base(), type: 'video', src: '' }, 'src', 'Source is required.'],
      [{ ...base(), type: 'hologram' }, 'type', 'Choose a video type.'],
      [{ ...base(), category: 'blooper' }, 'category', 'Choose a category.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post('/api/v1/videos', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    }
    // Changing the type without a new source is refused: the old source does not carry over.
    const v = (await admin.post('/api/v1/videos', base())).body.video;
    expect((await admin.put(`/api/v1/videos/${v.id}`, { type: 'video' })).body.errors.src).toEqual(['Source is required.']);
  });

  it('refuses a season or episode the title does not have, and any on a movie', async () => {
    const movie = (await admin.post('/api/v1/titles', { name: 'Video Movie' })).body.title.id;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base(), season_num: 99, episode_num: 99 }, 'season_num', 'This series has no such season.'],
      [{ ...base(), season_num: 1, episode_num: 99 }, 'episode_num', 'This season has no such episode.'],
      [{ ...base(), episode_num: 1 }, 'season_num', 'Choose a season for the episode.'],
      [{ ...base(), title_id: movie, season_num: 2, episode_num: 3 }, 'season_num', 'Only series have seasons.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post('/api/v1/videos', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    }
    const v = (await admin.post('/api/v1/videos', { ...base(), season_num: 1, episode_num: 1 })).body.video;
    // An edit is checked where the video lands, with the numbers it keeps.
    expect((await admin.put(`/api/v1/videos/${v.id}`, { episode_num: 7 })).body.errors.episode_num).toEqual(['This season has no such episode.']);
    expect((await admin.put(`/api/v1/videos/${v.id}`, { title_id: movie })).body.errors.season_num).toEqual(['Only series have seasons.']);
    expect((await admin.put(`/api/v1/videos/${v.id}`, { title_id: movie, season_num: null, episode_num: null })).status).toBe(200);
  });

  it('lists a title, season and episode path with page size 20', async () => {
    await admin.post('/api/v1/videos', { ...base(), name: 'Season clip', season_num: 1, category: 'clip' });
    await admin.post('/api/v1/videos', { ...base(), name: 'Episode full', season_num: 1, episode_num: 1, category: 'full' });
    const list = (filters: unknown[]) => admin.get(listUrl('/api/v1/videos', { filters }));
    const all = await list([{ key: 'title_id', value: titleId }]);
    expect(all.body.pagination.per_page).toBe(20);
    const season = await list([{ key: 'title_id', value: titleId }, { key: 'season_num', value: 1 }, { key: 'episode_num', value: null }]);
    expect(season.body.pagination.data.map((v: any) => v.name)).toEqual(['Season clip']);
    const episode = await list([{ key: 'title_id', value: titleId }, { key: 'season_num', value: 1 }, { key: 'episode_num', value: 1 }]);
    expect(episode.body.pagination.data.map((v: any) => v.name)).toEqual(['Episode full']);
    expect((await list([{ key: 'category', value: 'nope' }])).status).toBe(422);
  });

  it('stores SubRip, Latin-1, byte-order-marked and Windows-line-ended captions as the UTF-8 WebVTT the player reads', async () => {
    const video = (await admin.post('/api/v1/videos', { ...base(), type: 'video', src: '/storage/videos/demo.mp4', category: 'full' })).body.video;
    const send = (name: string, content: Buffer) => {
      const m = multipart({ name: 'Subs', language: 'fr' }, { name, type: 'application/octet-stream', content });
      return admin.request('POST', `/api/v1/videos/${video.id}/captions`, m.body, m.headers);
    };
    const served = async (res: Awaited<ReturnType<typeof send>>) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.caption.url).toMatch(/\.vtt$/);
      const file = await admin.get(res.body.caption.url);
      expect(file.headers['content-type']).toContain('text/vtt');
      return file.text;
    };
    // SubRip from Windows: numbered cues, comma milliseconds, CRLF, Latin-1 accents.
    const srt = Buffer.concat([Buffer.from('1\r\n00:00:01,500 --> 00:00:03,000\r\nCaf'), Buffer.from([0xe9]), Buffer.from(' cr'), Buffer.from([0xe8]),
      Buffer.from('me\r\n\r\n2\r\n0:00:04,25 --> 0:00:05,000 X1:10 X2:20 Y1:5 Y2:9\r\n<i>Second</i>\r\n')]);
    expect(await served(await send('film.FR.srt', srt))).toBe('WEBVTT\n\n1\n00:00:01.500 --> 00:00:03.000\nCafé crème\n\n2\n00:00:04.250 --> 00:00:05.000\n<i>Second</i>\n');
    // WebVTT with a byte order mark and CRLF keeps its cue settings; UTF-8 text stays as it is.
    const vtt = Buffer.from('\uFEFFWEBVTT - French\r\n\r\n00:01.000 --> 00:02.000 line:0\r\nÉté 映画\r\n', 'utf8');
    expect(await served(await send('fr.vtt', vtt))).toBe('WEBVTT - French\n\n00:01.000 --> 00:02.000 line:0\nÉté 映画\n');
    // Not a WebVTT header, or no cue a player could show: refused, with nothing stored.
    const refused = [
      ['fake.vtt', 'WEBVTTX\n\n00:01.000 --> 00:02.000\nHi\n', 'The caption file must be a .vtt or .srt file.'],
      ['notes.srt', 'just some text\nno timings here\n', 'The caption file has no cues with valid times.'],
      ['backwards.vtt', 'WEBVTT\n\n00:05.000 --> 00:02.000\nEnds before it starts\n', 'The caption file has no cues with valid times.'],
    ] as const;
    for (const [name, content, message] of refused) {
      const res = await send(name, Buffer.from(content));
      expect(res.status, name).toBe(422);
      expect(res.body.errors.file, name).toEqual([message]);
    }
    expect((await admin.get(`/api/v1/videos/${video.id}`)).body.video.captions).toHaveLength(2);
  });

  it('adds .vtt captions only to type video, up to 1 MB, and drops them when the type changes', async () => {
    const video = (await admin.post('/api/v1/videos', { ...base(), type: 'video', src: '/storage/videos/demo.mp4', category: 'full' })).body.video;
    const embed = (await admin.post('/api/v1/videos', base())).body.video;
    const send = (id: number, fields: Record<string, string>, file?: { name: string; content: Buffer }) => {
      const m = multipart(fields, file && { ...file, type: 'text/vtt' });
      return admin.request('POST', `/api/v1/videos/${id}/captions`, m.body, m.headers);
    };
    const ok = await send(video.id, { name: 'English', language: 'en' }, { name: 'en.vtt', content: VTT });
    expect(ok.status, ok.text).toBe(200);
    expect((await admin.get(ok.body.caption.url)).headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect((await send(embed.id, { name: 'English' }, { name: 'en.vtt', content: VTT })).body.message).toBe('Only videos of type video can have captions.');
    expect((await send(video.id, { name: '' }, { name: 'en.vtt', content: VTT })).body.errors.name).toEqual(['Name is required.']);
    expect((await send(video.id, { name: 'x' })).body.errors.file).toEqual(['Please select a file.']);
    expect((await send(video.id, { name: 'x' }, { name: 'en.txt', content: VTT })).body.errors.file).toEqual(['The caption file must be a .vtt or .srt file.']);
    expect((await send(video.id, { name: 'x' }, { name: 'big.vtt', content: Buffer.concat([VTT, Buffer.alloc(1024 * 1024)]) })).body.errors.file)
      .toEqual(['The caption file may not be greater than 1 MB.']);
    expect((await admin.get(`/api/v1/videos/${video.id}`)).body.video.captions).toHaveLength(1);
    const changed = await admin.put(`/api/v1/videos/${video.id}`, { type: 'embed', src: 'https://example.com/embed/1' });
    expect(changed.body.video.captions).toEqual([]);
    expect((await admin.get(ok.body.caption.url)).status).toBe(404);
  });

  it('deletes one caption and its file, and answers 404 for a caption of another video', async () => {
    const video = (await admin.post('/api/v1/videos', { ...base(), type: 'video', src: '/storage/videos/demo.mp4', category: 'full' })).body.video;
    const m = multipart({ name: 'English', language: 'en' }, { name: 'en.vtt', content: VTT, type: 'text/vtt' });
    const caption = (await admin.request('POST', `/api/v1/videos/${video.id}/captions`, m.body, m.headers)).body.caption;
    expect((await admin.delete(`/api/v1/videos/${video.id + 1000}/captions/${caption.id}`)).status).toBe(404);
    const res = await admin.delete(`/api/v1/videos/${video.id}/captions/${caption.id}`);
    expect(res.status, res.text).toBe(200);
    expect((await admin.get(`/api/v1/videos/${video.id}`)).body.video.captions).toEqual([]);
    expect((await admin.get(caption.url)).status).toBe(404);
  });
});
