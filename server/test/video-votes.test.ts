import { beforeAll, describe, expect, it } from 'vitest';
import { Client, asAdmin, asUser, createTestApp, createUser, guest } from './helper.ts';

/** Members vote videos up or down (videos.rate); the videos settings' "Video sorting" orders a title's videos. */
const t = await createTestApp();
let admin: Client;
let alice: Client & { user: { id: number } };
let bob: Client & { user: { id: number } };
let titleId = 0;
const v: Record<string, number> = {};

const addVideo = async (name: string, over: Record<string, unknown> = {}) => {
  const res = await admin.post('/api/v1/videos', { name, title_id: titleId, type: 'embed', src: 'https://www.youtube.com/embed/x', category: 'clip', approved: true, ...over });
  expect(res.status, res.text).toBe(200);
  return res.body.video.id as number;
};
const vote = (c: Client, id: number, body: unknown) => c.put(`/api/v1/videos/${id}/vote`, body);

beforeAll(async () => {
  admin = await asAdmin(t);
  alice = await asUser(t);
  bob = await asUser(t);
  titleId = (await admin.post('/api/v1/titles', { name: 'Voted Movie' })).body.title.id;
  // Added in this order; their languages and names sort differently.
  v.bravo = await addVideo('Bravo clip', { language: 'fr' });
  v.alpha = await addVideo('Alpha clip');
  v.charlie = await addVideo('Charlie clip', { language: 'de' });
  v.hidden = await addVideo('Waiting for approval', { approved: false });
});

describe('video votes', () => {
  it('counts one vote per member, changeable and removable, and shows the viewer theirs', async () => {
    let res = await vote(alice, v.alpha, { vote: 'up' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ upvotes: 1, downvotes: 0, my_vote: 'up' });
    expect((await vote(alice, v.alpha, { vote: 'up' })).body).toEqual({ upvotes: 1, downvotes: 0, my_vote: 'up' });
    expect((await vote(bob, v.alpha, { vote: 'down' })).body).toEqual({ upvotes: 1, downvotes: 1, my_vote: 'down' });
    expect((await vote(bob, v.alpha, { vote: 'up' })).body).toEqual({ upvotes: 2, downvotes: 0, my_vote: 'up' });
    res = await bob.delete(`/api/v1/videos/${v.alpha}/vote`);
    expect(res.body).toEqual({ upvotes: 1, downvotes: 0, my_vote: null });

    const watch = (await alice.get(`/api/v1/videos/${v.alpha}/watch`)).body;
    expect(watch.my_vote).toBe('up');
    expect(watch.video).toMatchObject({ upvotes: 1, downvotes: 0 });
    expect((await guest(t).get(`/api/v1/videos/${v.alpha}/watch`)).body.my_vote).toBeNull();
  });

  it('counts a double-clicked vote once', async () => {
    const carol = await asUser(t);
    const clicks = await Promise.all([vote(carol, v.charlie, { vote: 'down' }), vote(carol, v.charlie, { vote: 'down' }), vote(carol, v.charlie, { vote: 'down' })]);
    expect(clicks.map((r) => r.status)).toEqual([200, 200, 200]);
    const row = await t.ctx.db.selectFrom('videos').select(['upvotes', 'downvotes']).where('id', '=', v.charlie).executeTakeFirstOrThrow();
    expect(row).toEqual({ upvotes: 0, downvotes: 1 });
  });

  it('refuses guests, members without videos.rate, hidden or unknown videos and bad votes', async () => {
    expect((await vote(guest(t), v.alpha, { vote: 'up' })).status).toBe(401);
    const plain = await createUser(t, { permissions: ['videos.view'] });
    const noRate = await new Client(t).login(plain.email, plain.password);
    expect((await vote(noRate, v.alpha, { vote: 'up' })).status).toBe(403);
    expect((await vote(alice, v.hidden, { vote: 'up' })).status).toBe(404);
    expect((await vote(alice, 999999, { vote: 'up' })).status).toBe(404);
    for (const body of [{}, { vote: 'sideways' }, { vote: 1 }]) {
      const res = await vote(alice, v.bravo, body);
      expect(res.status).toBe(422);
      expect(res.body.errors.vote).toEqual(['Choose up or down.']);
    }
    // An editor may vote on a video still waiting for approval (they can watch it).
    expect((await vote(admin, v.hidden, { vote: 'up' })).status).toBe(200);
    expect((await t.ctx.db.selectFrom('videos').select('upvotes').where('id', '=', v.bravo).executeTakeFirstOrThrow()).upvotes).toBe(0);
  });

  it('takes a leaving member\'s votes out of the counts', async () => {
    const dave = await asUser(t);
    await vote(dave, v.bravo, { vote: 'up' });
    await vote(dave, v.charlie, { vote: 'down' });
    expect((await admin.delete(`/api/v1/users/${dave.user.id}`)).status).toBe(200);
    const rows = await t.ctx.db.selectFrom('videos').select(['id', 'upvotes', 'downvotes']).where('id', 'in', [v.bravo, v.charlie]).orderBy('id').execute();
    expect(rows.map((r) => [r.upvotes, r.downvotes])).toEqual([[0, 0], [0, 1]]);
  });
});

describe('video sorting (videos settings)', () => {
  const shown = async () => (await guest(t).get(`/api/v1/titles/${titleId}/page`)).body.videos.map((x: any) => x.name);
  const related = async () => (await guest(t).get(`/api/v1/videos/${v.bravo}/watch`)).body.related.map((x: any) => x.name);

  it('orders a title\'s videos by each choice, the editors\' order breaking ties', async () => {
    // Votes so far: Alpha +1, Charlie -1, Bravo 0. One report on Bravo.
    await t.ctx.db.updateTable('videos').set({ reports_count: 1 }).where('id', '=', v.bravo).execute();
    const expected: [string, string[]][] = [
      ['order:asc', ['Bravo clip', 'Alpha clip', 'Charlie clip']],
      ['created_at:desc', ['Charlie clip', 'Alpha clip', 'Bravo clip']],
      ['name:asc', ['Alpha clip', 'Bravo clip', 'Charlie clip']],
      ['Language:asc', ['Charlie clip', 'Bravo clip', 'Alpha clip']],
      ['reports:asc', ['Alpha clip', 'Charlie clip', 'Bravo clip']],
      ['score:desc', ['Alpha clip', 'Bravo clip', 'Charlie clip']],
    ];
    // Same created_at to the millisecond is possible: space them so "newest first" has one answer.
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (const [i, id] of [v.bravo, v.alpha, v.charlie].entries()) {
      await t.ctx.db.updateTable('videos').set({ created_at: new Date(base + i * 60_000).toISOString() }).where('id', '=', id).execute();
    }
    for (const [sort, names] of expected) {
      const res = await admin.post('/api/v1/settings', { client: { 'streaming.default_sort': sort } });
      expect(res.status, res.text).toBe(200);
      expect(await shown(), sort).toEqual(names);
      expect(await related(), sort).toEqual(names.filter((n) => n !== 'Bravo clip'));
    }
    expect((await admin.post('/api/v1/settings', { client: { 'streaming.default_sort': 'plays:desc' } })).status).toBe(422);
  });
});

describe('video reports', () => {
  const report = (c: Client, id: number, body: unknown = {}) => c.post(`/api/v1/videos/${id}/report`, body);
  const count = async (id: number) => (await t.ctx.db.selectFrom('videos').select('reports_count').where('id', '=', id).executeTakeFirstOrThrow()).reports_count;

  it('counts one report per member, shows it to the admin, and refuses a second', async () => {
    // The sorting tests above gave the videos report counts of their own.
    await t.ctx.db.updateTable('videos').set({ reports_count: 0 }).execute();
    const res = await report(alice, v.bravo, { reason: 'Wrong movie.' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ reports_count: 1, message: 'Video reported' });
    expect((await report(bob, v.bravo)).body.reports_count).toBe(2);
    const again = await report(alice, v.bravo);
    expect(again.status).toBe(422);
    expect(again.body.errors.reason).toEqual(['You have already reported this.']);
    expect(await count(v.bravo)).toBe(2);
    const listed = (await admin.get('/api/v1/videos?orderBy=reports_count&orderDir=desc')).body.pagination.data[0];
    expect(listed).toMatchObject({ id: v.bravo, reports_count: 2 });
  });

  it('shows video editors why a video was reported and lets them dismiss the reports', async () => {
    const res = await admin.get(`/api/v1/videos/${v.bravo}/reports`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.reports.map((r: { reason: string | null }) => r.reason)).toEqual([null, 'Wrong movie.']);
    // A member (who may watch and report videos, not edit them) is refused; a guest is asked to sign in.
    for (const [who, status] of [[alice, 403], [guest(t), 401]] as const) {
      expect((await who.get(`/api/v1/videos/${v.bravo}/reports`)).status).toBe(status);
      expect((await who.delete(`/api/v1/videos/${v.bravo}/reports`)).status).toBe(status);
    }
    expect(await count(v.bravo)).toBe(2);
    expect((await admin.delete(`/api/v1/videos/${v.bravo}/reports`)).body).toEqual({ dismissed: 2, message: 'Reports dismissed' });
    expect(await count(v.bravo)).toBe(0);
    expect((await admin.get('/api/v1/videos/999999/reports')).status).toBe(404);
    // Members may report it again later.
    expect((await report(alice, v.bravo)).body.reports_count).toBe(1);
    await t.ctx.db.updateTable('videos').set({ reports_count: 0 }).where('id', '=', v.bravo).execute();
    await t.ctx.db.deleteFrom('content_reports').where('reportable_type', '=', 'video').execute();
  });

  it('refuses guests, hidden or unknown videos, one\'s own upload and a long reason', async () => {
    expect((await report(guest(t), v.alpha)).status).toBe(401);
    // A member who may not watch videos may not report one either.
    const blind = await createUser(t, { permissions: ['titles.view'] });
    expect((await report(await new Client(t).login(blind.email, blind.password), v.alpha)).status).toBe(403);
    expect((await report(alice, v.hidden)).status).toBe(404);
    expect((await report(alice, 999999)).status).toBe(404);
    expect((await report(alice, v.alpha, { reason: 'x'.repeat(501) })).status).toBe(422);
    await t.ctx.db.updateTable('videos').set({ user_id: alice.user.id }).where('id', '=', v.charlie).execute();
    const own = await report(alice, v.charlie);
    expect(own.status).toBe(422);
    expect(own.body.message).toBe('You cannot report your own video.');
    expect(await count(v.charlie)).toBe(0);
  });

  it('takes a deleted member\'s report off the count, and a deleted video\'s reports with it', async () => {
    const carol = await asUser(t);
    await report(carol, v.alpha);
    expect(await count(v.alpha)).toBe(1);
    expect((await admin.delete(`/api/v1/users/${carol.user.id}`)).status).toBe(200);
    expect(await count(v.alpha)).toBe(0);
    const doomed = await addVideo('Doomed clip');
    await report(bob, doomed);
    expect((await admin.delete(`/api/v1/videos/${doomed}`)).status).toBe(200);
    const left = await t.ctx.db.selectFrom('content_reports').select('id').where('reportable_type', '=', 'video').where('reportable_id', '=', doomed).execute();
    expect(left).toEqual([]);
  });
});
