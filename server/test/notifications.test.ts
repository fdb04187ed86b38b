import { beforeAll, describe, expect, it, vi } from 'vitest';
import { announceNewEpisodes } from '../src/modules/notifications/new-episodes.ts';
import { sendNotificationMails } from '../src/modules/notifications/mail.ts';
import { seedDefaultLocalization } from '../src/db/seed/localizations.ts';
import { asAdmin, asUser, createTestApp, guest, mailsIn, type Client } from './helper.ts';

const t = await createTestApp();
let admin: Client;
let ada: Client & { user: { id: number } };
let bob: Client & { user: { id: number } };
const ids = { movie: 0, series: 0, episode: 0, video: 0, article: 0 };
// Each comment its own words: the same member posting the same text on one item within a minute is refused as a repeat.
let said = 0;
const comment = async (c: Client, over: Record<string, unknown>) => {
  const res = await c.post('/api/v1/comment', { commentable_type: 'title', commentable_id: ids.movie, content: `Nice one ${++said}`, ...over });
  expect(res.status, res.text).toBe(200);
  return res.body.comment as { id: number };
};
const list = async (c: Client) => (await c.get('/api/v1/notifications')).body as { pagination: { total: number; data: any[] }; unread: number };
const episode = async (season: number, number: number, release_date: string | null, name = `Episode ${number}`) => {
  const res = await admin.post(`/api/v1/titles/${ids.series}/seasons/${season}/episodes`, { name, episode_number: number, release_date, description: `About ${name}.` });
  expect(res.status, res.text).toBe(200);
  return (await t.ctx.db.selectFrom('episodes').select('id').where('title_id', '=', ids.series).where('season_number', '=', season).where('episode_number', '=', number).executeTakeFirstOrThrow()).id;
};
const newEpisodes = async (c: Client) => (await list(c)).pagination.data.filter((n) => n.type === 'new_episode');
const NO_MAIL = { comment_reply: false, new_episode: false, now_streaming: false };
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
    const reply = await comment(bob, { parent_id: first.id, content: `Agreed,\n\nthe ending was perfect. ${'x'.repeat(200)}` });
    expect(await unread(bob)).toBe(0);
    const mine = await list(ada);
    expect(mine.unread).toBe(1);
    expect(mine.pagination.data).toEqual([{
      id: expect.any(Number), type: 'comment_reply', actor: { id: bob.user.id, display_name: 'Bob', avatar: null, has_profile: true }, place: 'Crimson Harbor',
      link: `/titles/${ids.movie}/crimson-harbor#comment-${reply.id}`, excerpt: expect.stringMatching(/^Agreed, the ending was perfect\. x+…$/), image: null, episode: null,
      read_at: null, created_at: expect.any(String),
    }]);
    expect(mine.pagination.data[0].excerpt).toHaveLength(140);
  });

  it('links to the episode, the video or the article the comments are on', async () => {
    const places: [string, number, string, string][] = [
      ['episode', ids.episode, 'Night River S1E1: Pilot', `/titles/${ids.series}/night-river/season/1/episode/1`],
      ['video', ids.video, 'Clip', `/watch/${ids.video}`],
      ['news_article', ids.article, 'Festival line-up', `/news/${ids.article}/festival-line-up`],
    ];
    const replies: number[] = [];
    for (const [type, id] of places) {
      const parent = await comment(ada, { commentable_type: type, commentable_id: id });
      replies.push((await comment(bob, { commentable_type: type, commentable_id: id, parent_id: parent.id })).id);
    }
    const newest = (await list(ada)).pagination.data.slice(0, 3).reverse();
    // Each opens its page on the reply itself.
    expect(newest.map((n) => [n.place, n.link])).toEqual(places.map(([, , place, link], i) => [place, `${link}#comment-${replies[i]}`]));
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

  it("deletes the given ones of the member's own; another member's ids change nothing", async () => {
    const parent = await comment(ada, { content: 'Delete my notifications' });
    const first = await comment(bob, { parent_id: parent.id, content: 'First reply to delete' });
    await comment(bob, { parent_id: parent.id, content: 'Second reply to keep' });
    const mine = (await list(ada)).pagination.data.filter((n) => n.excerpt.startsWith('First reply') || n.excerpt.startsWith('Second reply'));
    expect(mine).toHaveLength(2);
    const before = await unread(ada);
    const gone = mine.find((n) => n.excerpt.startsWith('First reply'))!;
    expect((await bob.delete(`/api/v1/notifications/${gone.id}`)).body).toEqual({ unread: await unread(bob) });
    expect((await list(ada)).pagination.data.map((n) => n.id)).toContain(gone.id);
    const res = await ada.delete(`/api/v1/notifications/${gone.id}`);
    expect([res.status, res.body]).toEqual([200, { unread: before - 1 }]);
    const after = (await list(ada)).pagination.data;
    expect(after.map((n) => n.id)).not.toContain(gone.id);
    expect(after.map((n) => n.excerpt)).toContain('Second reply to keep');
    // The reply itself stays: only the notification went.
    expect((await t.ctx.db.selectFrom('comments').select('id').where('id', '=', first.id).executeTakeFirst())?.id).toBe(first.id);
    expect((await guest(t).delete(`/api/v1/notifications/${gone.id}`)).status).toBe(401);
    expect((await ada.delete('/api/v1/notifications/x')).status).toBe(422);
    // Several at once; one already gone is no error.
    const kept = after.find((n) => n.excerpt === 'Second reply to keep')!;
    expect((await ada.delete(`/api/v1/notifications/${gone.id},${kept.id}`)).status).toBe(200);
    expect((await list(ada)).pagination.data.map((n) => n.id)).not.toContain(kept.id);
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

describe('notifications: new episodes of a series on the watchlist', () => {
  const now = new Date('2026-06-10T09:00:00.000Z');

  it("tells watchlist holders once about a day's episodes, with the first one, how many, and where to watch", async () => {
    await ada.post('/api/v1/notifications/read', {});
    expect((await ada.post('/api/v1/watchlist', { titleId: ids.series })).status).toBe(200);
    expect((await admin.post(`/api/v1/titles/${ids.series}/seasons`, { number: 2 })).status).toBe(200);
    await episode(2, 3, '2026-06-10');
    await episode(2, 1, '2026-06-10', 'Homecoming');
    await episode(2, 2, '2026-06-10');
    await episode(2, 4, '2026-06-17'); // not out yet
    await episode(2, 9, '2020-01-01'); // out long ago: not news

    expect(await announceNewEpisodes(t.ctx, now)).toBe(1);
    expect(await announceNewEpisodes(t.ctx, now)).toBe(0); // never twice
    expect(await unread(ada)).toBe(1);
    expect(await newEpisodes(bob)).toEqual([]);
    expect(await newEpisodes(ada)).toEqual([{
      id: expect.any(Number), type: 'new_episode', actor: null, place: 'Night River', link: `/titles/${ids.series}/night-river/season/2/episode/1`,
      excerpt: 'About Homecoming.', image: null, episode: { season_number: 2, episode_number: 1, name: 'Homecoming', count: 3 },
      read_at: null, created_at: expect.any(String),
    }]);

    // A week later the next one is out; a day the job missed is caught up the day after.
    expect(await announceNewEpisodes(t.ctx, new Date('2026-06-18T10:00:00.000Z'))).toBe(1);
    expect((await newEpisodes(ada)).map((n) => [n.episode.episode_number, n.episode.count])).toEqual([[4, 1], [1, 3]]);
  });

  it('an earlier episode of the same day added after the member was told brings no second notification', async () => {
    const before = (await newEpisodes(ada)).length;
    await episode(2, 12, '2026-06-20');
    expect(await announceNewEpisodes(t.ctx, new Date('2026-06-20T09:00:00.000Z'))).toBe(1);
    await episode(2, 11, '2026-06-20');
    expect(await announceNewEpisodes(t.ctx, new Date('2026-06-20T10:00:00.000Z'))).toBe(0);
    const told = await newEpisodes(ada);
    expect(told.length).toBe(before + 1);
    expect(told[0].episode).toMatchObject({ episode_number: 12, count: 2 });
  });

  it('an episode added with a date already out is announced at once, not at the next hourly pass', async () => {
    const before = await unread(ada);
    expect((await admin.post(`/api/v1/titles/${ids.series}/seasons`, { number: 3 })).status).toBe(200);
    await episode(3, 1, '2031-01-01'); // the future: nothing yet
    await t.ctx.queue.drain();
    expect(await unread(ada)).toBe(before);
    await episode(3, 2, new Date().toISOString().slice(0, 10), 'Today');
    await t.ctx.queue.drain();
    expect(await unread(ada)).toBe(before + 1);
    expect((await newEpisodes(ada))[0].episode).toMatchObject({ season_number: 3, episode_number: 2, name: 'Today' });
  });

  it("a release day begins at midnight in the site's timezone, not in UTC", async () => {
    const told = async (n: number) => (await newEpisodes(ada)).some((x) => x.episode.season_number === 2 && x.episode.episode_number === n);
    await episode(2, 20, '2026-09-15');
    await episode(2, 21, '2026-09-20');
    try {
      await t.ctx.settings.set({ 'client.dates.default_timezone': 'America/New_York' });
      await announceNewEpisodes(t.ctx, new Date('2026-09-15T03:00:00.000Z')); // 11 pm on the 14th in New York
      expect(await told(20)).toBe(false);
      await announceNewEpisodes(t.ctx, new Date('2026-09-15T04:30:00.000Z')); // half past midnight there
      expect(await told(20)).toBe(true);
      await t.ctx.settings.set({ 'client.dates.default_timezone': 'Asia/Tokyo' });
      await announceNewEpisodes(t.ctx, new Date('2026-09-19T14:30:00.000Z')); // 11:30 pm on the 19th in Tokyo
      expect(await told(21)).toBe(false);
      await announceNewEpisodes(t.ctx, new Date('2026-09-19T15:30:00.000Z')); // already the 20th there, still the 19th in UTC
      expect(await told(21)).toBe(true);
    } finally {
      await t.ctx.settings.set({ 'client.dates.default_timezone': 'auto' });
    }
  });

  it('an episode removed leaves the list and the count; a series taken off the watchlist brings no more', async () => {
    const fifth = await episode(2, 5, '2026-06-24');
    expect(await announceNewEpisodes(t.ctx, new Date('2026-06-24T12:00:00.000Z'))).toBe(1);
    const before = await unread(ada);
    expect((await admin.delete(`/api/v1/episodes/${fifth}`)).status).toBe(200);
    expect(await unread(ada)).toBe(before - 1);
    expect((await newEpisodes(ada)).some((n) => n.episode.episode_number === 5)).toBe(false);

    expect((await ada.delete(`/api/v1/watchlist/${ids.series}`)).status).toBe(200);
    await episode(2, 6, '2026-07-01');
    expect(await announceNewEpisodes(t.ctx, new Date('2026-07-01T12:00:00.000Z'))).toBe(0);
  });
});

describe('notifications: new episodes of a series one is watching', () => {
  it('reaches members who watched an episode in the last half year, though the series is not on their watchlist', async () => {
    const [dan, eve] = [await asUser(t, { first_name: 'Dan' }), await asUser(t, { first_name: 'Eve' })];
    const video = (await admin.post('/api/v1/videos', { title_id: ids.series, name: 'S1E1', type: 'embed', src: 'https://www.youtube.com/embed/s1e1', category: 'full', season_num: 1, episode_num: 1, approved: true })).body.video.id;
    await t.ctx.db.insertInto('video_progress').values([
      { user_id: dan.user.id, video_id: video, position: 300, duration: 1200, updated_at: '2026-09-20T20:00:00.000Z' },
      { user_id: eve.user.id, video_id: video, position: 300, duration: 1200, updated_at: '2025-01-10T20:00:00.000Z' }, // long ago
    ]).execute();
    await episode(2, 10, '2026-10-01', 'Turning Point');
    const before = await unread(eve);
    expect(await announceNewEpisodes(t.ctx, new Date('2026-10-01T08:00:00.000Z'))).toBeGreaterThanOrEqual(1);
    expect((await newEpisodes(dan)).map((n) => n.episode.name)).toEqual(['Turning Point']);
    expect(await unread(eve)).toBe(before);
  });
});

describe('notifications: a title on the watchlist is now streaming', () => {
  const video = async (titleId: number, over: Record<string, unknown> = {}) => {
    const res = await admin.post('/api/v1/videos', { title_id: titleId, name: 'Full movie', type: 'embed', src: 'https://www.youtube.com/embed/full', category: 'full', approved: true, ...over });
    expect(res.status, res.text).toBe(200);
    return res.body.video.id as number;
  };
  const streaming = async (c: Client) => (await list(c)).pagination.data.filter((n) => n.type === 'now_streaming');
  const movie = async (name: string) => {
    const res = await admin.post('/api/v1/titles', { name, description: `${name} is a film about the sea.`, poster: '/storage/posters/shore.jpg' });
    expect(res.status, res.text).toBe(200);
    return res.body.title.id as number;
  };

  it('tells watchlist holders when a title gets its first full video, once; trailers and unapproved uploads are not news', async () => {
    const [dee, eli] = [await asUser(t, { first_name: 'Dee' }), await asUser(t, { first_name: 'Eli' })];
    const shore = await movie('Quiet Shore');
    expect((await dee.post('/api/v1/watchlist', { titleId: shore })).status).toBe(200);

    await video(shore, { category: 'trailer', name: 'Trailer' });
    const upload = await video(shore, { approved: false });
    expect(await streaming(dee)).toEqual([]);
    // Approving the upload makes the title watchable.
    expect((await admin.put(`/api/v1/videos/${upload}`, { approved: true })).status).toBe(200);
    expect(await streaming(dee)).toEqual([{
      id: expect.any(Number), type: 'now_streaming', actor: null, place: 'Quiet Shore', link: `/titles/${shore}/quiet-shore`,
      excerpt: 'Quiet Shore is a film about the sea.', image: '/storage/posters/shore.jpg', episode: null, read_at: null, created_at: expect.any(String),
    }]);
    expect(await streaming(eli)).toEqual([]);

    // Watchable already: another copy tells nobody, not even a member who put it on their watchlist since.
    expect((await eli.post('/api/v1/watchlist', { titleId: shore })).status).toBe(200);
    const second = await video(shore, { name: 'Full movie (French)' });
    expect(await streaming(eli)).toEqual([]);
    // Its videos gone and back: told once per title.
    expect((await admin.delete(`/api/v1/videos/${upload},${second}`)).status).toBe(200);
    await video(shore);
    expect(await streaming(dee)).toHaveLength(1);
    expect(await streaming(eli)).toEqual([{ ...(await streaming(dee))[0], id: expect.any(Number), created_at: expect.any(String) }]);
  });

  it('a full video filed under another title, or made full, tells that title; the kind turned off tells nobody', async () => {
    const [fox, gil] = [await asUser(t, { first_name: 'Fox' }), await asUser(t, { first_name: 'Gil' })];
    const [bay, cove] = [await movie('Grey Bay'), await movie('Low Cove')];
    for (const c of [fox, gil]) for (const id of [bay, cove]) expect((await c.post('/api/v1/watchlist', { titleId: id })).status).toBe(200);
    await gil.put('/api/v1/notifications/settings', { now_streaming: false });

    const clip = await video(bay, { category: 'clip' });
    expect((await admin.put(`/api/v1/videos/${clip}`, { category: 'full' })).status).toBe(200);
    expect((await streaming(fox)).map((n) => n.place)).toEqual(['Grey Bay']);
    const misfiled = await video(bay, { name: 'Low Cove (full)' });
    expect((await admin.put(`/api/v1/videos/${misfiled}`, { title_id: cove })).status).toBe(200);
    expect((await streaming(fox)).map((n) => n.place)).toEqual(['Low Cove', 'Grey Bay']);
    expect(await streaming(gil)).toEqual([]);
    // Refused writes tell nobody.
    expect((await gil.post('/api/v1/videos', { title_id: cove, name: 'x', type: 'embed', src: 'https://www.youtube.com/embed/x', category: 'full', approved: true })).status).toBe(403);
  });

  it('mails those who asked, each in their own language, with the poster and a link to the title', async () => {
    await seedDefaultLocalization(t.ctx.db);
    const fr = (await admin.post('/api/v1/localizations', { name: 'Français', language: 'fr' })).body.localization;
    const full = (await admin.get(`/api/v1/localizations/${fr.id}`)).body.localization.lines;
    expect((await admin.put(`/api/v1/localizations/${fr.id}`, { lines: { ...full, ':title is now streaming': ':title est disponible en streaming' } })).status).toBe(200);
    await t.ctx.settings.set({ 'client.i18n.enable': true });
    try {
      const [hana, ivo, jan] = [await asUser(t, { first_name: 'Hana' }), await asUser(t, { first_name: 'Ivo' }), await asUser(t, { first_name: 'Jan' })];
      await t.ctx.db.updateTable('users').set({ language: 'fr' }).where('id', '=', ivo.user.id).execute();
      const reef = await movie('Red Reef');
      for (const c of [hana, ivo, jan]) expect((await c.post('/api/v1/watchlist', { titleId: reef })).status).toBe(200);
      for (const c of [hana, ivo]) expect((await c.put('/api/v1/notifications/settings', { email: { now_streaming: true } })).status).toBe(200);
      const send = vi.spyOn(t.ctx.mailer, 'send');
      try {
        await video(reef);
        await t.ctx.queue.drain();
        const html = send.mock.calls.map(([m]) => m).find((m) => m.to === hana.user.email)?.html;
        expect(html).toContain('<img src="http://localhost:8000/storage/posters/shore.jpg?w=240" alt="Red Reef"');
      } finally {
        send.mockRestore();
      }
      const mails = (await mailsIn(t)).filter((m) => [hana, ivo, jan].some((c) => c.user.email === m.to));
      expect(mails.map((m) => [m.to, m.subject])).toEqual([[hana.user.email, 'Red Reef is now streaming'], [ivo.user.email, 'Red Reef est disponible en streaming']]);
      expect(mails[0].text).toContain('Red Reef from your watchlist can now be watched on');
      expect(mails[0].text).toContain('Red Reef is a film about the sea.');
      expect(mails[0].text).toContain(`http://localhost:8000/titles/${reef}/red-reef`);
      expect(mails[0].text).toMatch(/\/unsubscribe\?token=[\w-]+&type=now_streaming$/m);
    } finally {
      await t.ctx.settings.set({ 'client.i18n.enable': false });
    }
  });
});

describe('notification settings (GET/PUT notifications/settings)', () => {
  it('starts with every kind on; a kind turned off brings no more of it, the others still come', async () => {
    const cleo = await asUser(t, { first_name: 'Cleo' });
    expect((await cleo.get('/api/v1/notifications/settings')).body).toEqual({ settings: { comment_reply: true, new_episode: true, now_streaming: true, email: NO_MAIL } });
    const off = await cleo.put('/api/v1/notifications/settings', { new_episode: false });
    expect(off.status, off.text).toBe(200);
    expect(off.body.settings).toEqual({ comment_reply: true, new_episode: false, now_streaming: true, email: NO_MAIL });
    // Saying it twice is the same.
    expect((await cleo.put('/api/v1/notifications/settings', { new_episode: false })).body.settings).toEqual({ comment_reply: true, new_episode: false, now_streaming: true, email: NO_MAIL });

    expect((await cleo.post('/api/v1/watchlist', { titleId: ids.series })).status).toBe(200);
    await episode(2, 7, '2026-08-05');
    await announceNewEpisodes(t.ctx, new Date('2026-08-05T12:00:00.000Z'));
    expect(await newEpisodes(cleo)).toEqual([]);

    const mine = await comment(cleo, {});
    await comment(bob, { parent_id: mine.id, content: 'Heard you' });
    expect(await unread(cleo)).toBe(1);
    await cleo.put('/api/v1/notifications/settings', { comment_reply: false, new_episode: true });
    await comment(bob, { parent_id: mine.id, content: 'Hello again' });
    expect(await unread(cleo)).toBe(1);
    await episode(2, 8, '2026-08-12');
    await announceNewEpisodes(t.ctx, new Date('2026-08-12T12:00:00.000Z'));
    expect((await newEpisodes(cleo)).map((n) => n.episode.episode_number)).toEqual([8]);
    expect(await unread(cleo)).toBe(2);
    // Another member's settings are their own.
    expect((await bob.get('/api/v1/notifications/settings')).body.settings).toEqual({ comment_reply: true, new_episode: true, now_streaming: true, email: NO_MAIL });
  });

  it('refuses guests, unknown kinds and values that are not true or false', async () => {
    expect((await guest(t).get('/api/v1/notifications/settings')).status).toBe(401);
    expect((await guest(t).put('/api/v1/notifications/settings', { new_episode: false })).status).toBe(401);
    for (const body of [{ mentions: false }, { new_episode: 'no' }, { comment_reply: 0 }, { email: { mentions: true } }, { email: { new_episode: 'yes' } }, { email: true }]) {
      const res = await ada.put('/api/v1/notifications/settings', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await ada.get('/api/v1/notifications/settings')).body.settings).toEqual({ comment_reply: true, new_episode: true, now_streaming: true, email: NO_MAIL });
  });
});

describe('notifications by email', () => {
  const mailsTo = async (email: string) => (await mailsIn(t)).filter((m) => m.to === email);
  const setMailing = (on: boolean) => admin.post('/api/v1/settings', { client: { 'client.notifications.email': on }, server: {} });

  it('nobody is mailed until they ask; a member who asks gets each reply by mail, with a link to it and to the settings', async () => {
    const [fay, gus] = [await asUser(t, { first_name: 'Fay' }), await asUser(t, { first_name: 'Gus' })];
    const mine = await comment(fay, { content: 'Who else loved the ending?' });
    await comment(gus, { parent_id: mine.id, content: 'The lighthouse scene!' });
    expect(await unread(fay)).toBe(1);
    expect(await mailsTo(fay.user.email)).toEqual([]);
    await fay.post('/api/v1/notifications/read', {});

    const asked = await fay.put('/api/v1/notifications/settings', { email: { comment_reply: true } });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body.settings).toEqual({ comment_reply: true, new_episode: true, now_streaming: true, email: { comment_reply: true, new_episode: false, now_streaming: false } });
    await comment(gus, { parent_id: mine.id, content: 'And the score.' });
    const [mail, ...more] = await mailsTo(fay.user.email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe('Gus replied to your comment on Crimson Harbor');
    // Who replied is said in the body too, over what they wrote.
    expect(mail.text).toContain('Gus wrote:\n\n“And the score.”');
    expect(mail.text).toMatch(new RegExp(`/titles/${ids.movie}/crimson-harbor`));
    // Unsubscribe: a page on the site in the text, the one-click call in the header fields.
    const token = /\/unsubscribe\?token=([\w-]+)&type=comment_reply$/m.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    expect(mail.head).toContain(`List-Unsubscribe: <http://localhost:8000/api/v1/notifications/unsubscribe?token=${token}&type=comment_reply>`);
    expect(mail.head).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // The one who replied asked for nothing: none for them when Fay answers back.
    await comment(fay, { parent_id: mine.id, content: 'Agreed.' });
    expect(await mailsTo(gus.user.email)).toEqual([]);
    // Others' settings are their own.
    expect((await gus.get('/api/v1/notifications/settings')).body.settings.email).toEqual(NO_MAIL);
  });

  it('a lively thread mails once until the member looks; another comment of theirs mails on its own', async () => {
    const [max, ned] = [await asUser(t, { first_name: 'Max' }), await asUser(t, { first_name: 'Ned' })];
    await max.put('/api/v1/notifications/settings', { email: { comment_reply: true } });
    const first = await comment(max, { content: 'Best twist ever?' });
    const second = await comment(max, { content: 'The score though.' });
    for (const content of ['Yes!', 'Absolutely.', 'Still thinking about it.']) await comment(ned, { parent_id: first.id, content });
    expect((await mailsTo(max.user.email)).map((m) => m.text.split('\n').find((line) => line.startsWith('“')))).toEqual(['“Yes!”']);
    await comment(ned, { parent_id: second.id, content: 'So good.' });
    expect((await mailsTo(max.user.email)).length).toBe(2);
    // Once they have looked, the next reply is news again.
    await max.post('/api/v1/notifications/read', {});
    await comment(ned, { parent_id: first.id, content: 'One more thing.' });
    expect((await mailsTo(max.user.email)).map((m) => m.text.split('\n').find((line) => line.startsWith('“')))).toEqual(['“Yes!”', '“So good.”', '“One more thing.”']);
    expect(await unread(max)).toBe(1);
    // A member without a name is named as the site shows them.
    await max.post('/api/v1/notifications/read', {});
    const nameless = await asUser(t);
    await comment(nameless, { parent_id: first.id, content: 'Me too.' });
    // (Members see each other by their own names only, never by a part of their e-mail address.)
    expect((await mailsTo(max.user.email)).at(-1)!.subject).toBe(`Member ${nameless.user.id} replied to your comment on Crimson Harbor`);
    expect((await mailsTo(max.user.email)).at(-1)!.text).toContain(`Member ${nameless.user.id} wrote:`);
  });

  it('new episodes by mail: one per series and day, in the subject how many; none once the kind is off in the bell', async () => {
    const hal = await asUser(t, { first_name: 'Hal' });
    expect((await hal.post('/api/v1/watchlist', { titleId: ids.series })).status).toBe(200);
    expect((await hal.put('/api/v1/notifications/settings', { email: { new_episode: true } })).status).toBe(200);
    expect((await admin.post(`/api/v1/titles/${ids.series}/seasons`, { number: 4 })).status).toBe(200);
    await episode(4, 2, '2026-11-02');
    await episode(4, 1, '2026-11-02', 'Open Water');
    // The series' poster heads the HTML version, by an address a mail client can load.
    await t.ctx.db.updateTable('titles').set({ poster: '/storage/posters/night-river.jpg' }).where('id', '=', ids.series).execute();
    const send = vi.spyOn(t.ctx.mailer, 'send');
    try {
      expect(await announceNewEpisodes(t.ctx, new Date('2026-11-02T09:00:00.000Z'))).toBeGreaterThanOrEqual(1);
      await t.ctx.queue.drain();
      const html = send.mock.calls.map(([m]) => m).find((m) => m.to === hal.user.email)?.html;
      expect(html).toContain('<img src="http://localhost:8000/storage/posters/night-river.jpg?w=240" alt="Night River"');
    } finally {
      send.mockRestore();
      await t.ctx.db.updateTable('titles').set({ poster: null }).where('id', '=', ids.series).execute();
    }
    const mails = await mailsTo(hal.user.email);
    expect(mails.map((m) => m.subject)).toEqual(['2 new episodes of Night River']);
    expect(mails[0].text).toContain('S4 E1 · Open Water');
    expect(mails[0].text).toContain('About Open Water.');
    expect(mails[0].text).toContain(`/titles/${ids.series}/night-river/season/4/episode/1`);

    // Off in the bell: no notification, so no mail, though the mail switch is still on.
    await hal.put('/api/v1/notifications/settings', { new_episode: false });
    await episode(4, 3, '2026-11-09');
    await announceNewEpisodes(t.ctx, new Date('2026-11-09T09:00:00.000Z'));
    expect((await mailsTo(hal.user.email)).length).toBe(1);
  });

  it('the operator can stop offering it; read notifications, banned members and removed subjects get no mail', async () => {
    const ivy = await asUser(t, { first_name: 'Ivy' });
    const jon = await asUser(t, { first_name: 'Jon' });
    await ivy.put('/api/v1/notifications/settings', { email: { comment_reply: true } });
    const mine = await comment(ivy, { content: 'First!' });
    expect((await setMailing(false)).status).toBe(200);
    try {
      await comment(jon, { parent_id: mine.id, content: 'Second.' });
      expect(await mailsTo(ivy.user.email)).toEqual([]);
    } finally {
      expect((await setMailing(true)).status).toBe(200);
    }
    await ivy.post('/api/v1/notifications/read', {});
    // The job reads the notifications back when it runs: by then one may be read, its reply deleted, its member banned.
    const notified = async (content: string) => {
      await t.ctx.queue.drain();
      const reply = await comment(jon, { parent_id: mine.id, content });
      await t.ctx.queue.drain();
      return (await t.ctx.db.selectFrom('notifications').select('id').where('subject_id', '=', reply.id).where('type', '=', 'comment_reply').executeTakeFirstOrThrow()).id;
    };
    const before = (await mailsTo(ivy.user.email)).length;
    const read = await notified('Third.');
    await ivy.post('/api/v1/notifications/read', { ids: [read] });
    expect(await sendNotificationMails(t.ctx, [read])).toBe(0);
    const gone = await notified('Fourth.');
    const reply = await t.ctx.db.selectFrom('notifications').select('subject_id').where('id', '=', gone).executeTakeFirstOrThrow();
    expect((await jon.delete(`/api/v1/comment/${reply.subject_id}`)).status).toBe(200);
    expect(await sendNotificationMails(t.ctx, [gone])).toBe(0);
    const banned = await notified('Fifth.');
    await t.ctx.db.updateTable('users').set({ banned_at: new Date().toISOString() }).where('id', '=', ivy.user.id).execute();
    expect(await sendNotificationMails(t.ctx, [banned])).toBe(0);
    expect((await mailsTo(ivy.user.email)).length).toBe(before + 3); // Third, Fourth and Fifth went out when posted
  });
});

describe('unsubscribing from a mail (POST notifications/unsubscribe)', () => {
  const oneClick = (query: string) => t.app.inject({
    method: 'POST', url: `/api/v1/notifications/unsubscribe?${query}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click',
  });

  it("the mail's link turns that kind off without signing in, from the page or the mail client; it keeps working once used", async () => {
    const kim = await asUser(t, { first_name: 'Kim' });
    const lou = await asUser(t, { first_name: 'Lou' });
    expect((await kim.put('/api/v1/notifications/settings', { email: { comment_reply: true, new_episode: true } })).status).toBe(200);
    expect((await lou.put('/api/v1/notifications/settings', { email: { comment_reply: true } })).status).toBe(200);
    expect(await t.ctx.settings.get('client.notifications.email')).toBe(true);
    const mine = await comment(kim, { content: 'Thoughts?' });
    await comment(lou, { parent_id: mine.id, content: 'Loved it.' });
    const [mail] = (await mailsIn(t)).filter((m) => m.to === kim.user.email);
    expect(mail, 'the reply mail to Kim').toBeDefined();
    const token = /\/unsubscribe\?token=([\w-]+)&type=comment_reply$/m.exec(mail.text)![1];

    // From the mail client: a form post with no cookies at all.
    const res = await oneClick(`token=${token}&type=comment_reply`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: ['comment_reply'] });
    expect((await kim.get('/api/v1/notifications/settings')).body.settings)
      .toEqual({ comment_reply: true, new_episode: true, now_streaming: true, email: { comment_reply: false, new_episode: true, now_streaming: false } });
    // From the site's page (a guest's JSON post), a second time: the same answer.
    const again = await guest(t).post(`/api/v1/notifications/unsubscribe?token=${token}&type=comment_reply`);
    expect(again.status, again.text).toBe(200);
    await comment(lou, { parent_id: mine.id, content: 'Still thinking about it.' });
    expect((await mailsIn(t)).filter((m) => m.to === kim.user.email)).toHaveLength(1);
    // Lou's mails are Lou's: Kim's link touched nothing of theirs.
    expect((await lou.get('/api/v1/notifications/settings')).body.settings.email).toEqual({ comment_reply: true, new_episode: false, now_streaming: false });

    // Without a type, every kind; asking again later keeps the same token, so old links still work.
    expect((await oneClick(`token=${token}`)).json()).toEqual({ unsubscribed: ['comment_reply', 'new_episode', 'now_streaming'] });
    expect((await kim.get('/api/v1/notifications/settings')).body.settings.email).toEqual(NO_MAIL);
    await kim.put('/api/v1/notifications/settings', { email: { new_episode: true } });
    expect((await t.ctx.db.selectFrom('notification_email_tokens').select('token').where('user_id', '=', kim.user.id).executeTakeFirstOrThrow()).token).toBe(token);
  });

  it('refuses a token nobody has, a missing or malformed one, and unknown kinds; nothing changes', async () => {
    const res = await oneClick('token=nobody-has-this-token-0000&type=new_episode');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This unsubscribe link is not valid.');
    for (const query of ['', 'type=new_episode', 'token=short', `token=${'x'.repeat(65)}`, 'token=nobody-has-this-token-0000&type=mentions']) {
      expect((await oneClick(query)).statusCode, query).toBe(422);
    }
    // A link cut short in the mail reads as not valid, not as a length rule.
    expect((await oneClick('token=badtoken123&type=comment_reply')).json().message).toBe('This unsubscribe link is not valid.');
  });
});
