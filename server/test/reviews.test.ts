import { beforeAll, describe, expect, it } from 'vitest';
import { POSTING_LIMITS, SUSPENDED_MESSAGE, assertCanPost } from '../src/modules/reviews/posting.ts';
import { Client, asAdmin, asUser, createTestApp, createUser, guest, listUrl } from './helper.ts';

const t = await createTestApp();
let admin: Client;
let alice: Client & { user: { id: number } };
let bob: Client & { user: { id: number } };
const ids = { movie: 0, series: 0, episode: 0 };
const BODY = 'A long and careful review body that easily goes past the one hundred characters the rules ask for, with room to spare.';
const good = (over: Record<string, unknown> = {}) => ({ reviewable_id: ids.movie, score: 8, title: 'Worth watching', body: BODY, ...over });

beforeAll(async () => {
  admin = await asAdmin(t);
  alice = await asUser(t, { first_name: 'Alice' });
  bob = await asUser(t, { first_name: 'Bob' });
  ids.movie = (await admin.post('/api/v1/titles', { name: 'Review Movie' })).body.title.id;
  ids.series = (await admin.post('/api/v1/titles', { name: 'Review Series', is_series: true })).body.title.id;
  await admin.post(`/api/v1/titles/${ids.series}/seasons`, { number: 1 });
  await admin.post(`/api/v1/titles/${ids.series}/seasons/1/episodes`, { name: 'Pilot', episode_number: 1 });
  ids.episode = (await t.ctx.db.selectFrom('episodes').select('id').where('title_id', '=', ids.series).executeTakeFirstOrThrow()).id;
});

describe('ratings', () => {
  it('rates a title 1-10 once per user, changeable and removable, with a maintained average and count', async () => {
    expect((await guest(t).put(`/api/v1/ratings/title/${ids.movie}`, { score: 5 })).status).toBe(401);
    let res = await alice.put(`/api/v1/ratings/title/${ids.movie}`, { score: 6 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.summary).toEqual({ average: 6, count: 1 });
    res = await bob.put(`/api/v1/ratings/title/${ids.movie}`, { score: 9 });
    expect(res.body.summary).toEqual({ average: 7.5, count: 2 });
    res = await alice.put(`/api/v1/ratings/title/${ids.movie}`, { score: 10 });
    expect(res.body.summary).toEqual({ average: 9.5, count: 2 });
    expect((await alice.get(`/api/v1/ratings/title/${ids.movie}`)).body).toEqual({ summary: { average: 9.5, count: 2 }, my_score: 10 });
    expect((await guest(t).get(`/api/v1/ratings/title/${ids.movie}`)).body.my_score).toBeNull();
    res = await alice.delete(`/api/v1/ratings/title/${ids.movie}`);
    expect(res.body.summary).toEqual({ average: 9, count: 1 });
    const totals = await t.ctx.db.selectFrom('rating_totals').selectAll().where('ratable_id', '=', ids.movie).executeTakeFirstOrThrow();
    expect(totals).toMatchObject({ score_sum: 9, count: 1 });
  });

  it('rates an episode; refuses scores outside 1-10, unknown types and missing items', async () => {
    expect((await alice.put(`/api/v1/ratings/episode/${ids.episode}`, { score: 3 })).body.summary).toEqual({ average: 3, count: 1 });
    for (const score of [0, 11, 5.5, 'x']) {
      const res = await alice.put(`/api/v1/ratings/title/${ids.movie}`, { score });
      expect(res.status).toBe(422);
      expect(res.body.errors.score).toEqual(['The score must be a number from 1 to 10.']);
    }
    expect((await alice.put(`/api/v1/ratings/constructor/${ids.movie}`, { score: 3 })).status).toBe(422);
    expect((await alice.put('/api/v1/ratings/title/999999', { score: 3 })).status).toBe(404);
  });
});

describe('POST reviews', () => {
  it('enforces the spec rules with their messages and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: 'Too short' }, 'title', 'The title must be at least 10 characters.'],
      [{ title: '' }, 'title', 'The title is required.'],
      [{ title: undefined }, 'title', 'The title is required.'],
      [{ body: 'Short body.' }, 'body', 'The body must be at least 100 characters.'],
      [{ body: undefined }, 'body', 'The body is required.'],
      [{ score: 0 }, 'score', 'The score must be a number from 1 to 10.'],
      [{ score: 11 }, 'score', 'The score must be a number from 1 to 10.'],
    ];
    for (const [over, field, message] of cases) {
      const res = await alice.post('/api/v1/reviews', good(over));
      expect(res.status, JSON.stringify(over)).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    }
    expect(await t.ctx.db.selectFrom('reviews').select('id').execute()).toHaveLength(0);
    expect((await alice.post('/api/v1/reviews', good({ reviewable_id: 999999 }))).status).toBe(404);
    expect((await guest(t).post('/api/v1/reviews', good())).status).toBe(401);
  });

  it('creates one review per user and title; the second is a 422', async () => {
    const res = await alice.post('/api/v1/reviews', good({ title: '<script>alert(1)</script> great' }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('Review created');
    expect(res.body.review).toMatchObject({ score: 8, title: '<script>alert(1)</script> great', helpful_count: 0, user: { display_name: 'Alice' } });
    expect(res.body.review.user.email).toBeUndefined();
    const again = await alice.post('/api/v1/reviews', good());
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('You have already reviewed this title.');
  });
});

describe('votes, reports and the public list', () => {
  let reviewId = 0;
  beforeAll(async () => {
    reviewId = (await t.ctx.db.selectFrom('reviews').select('id').where('user_id', '=', alice.user.id).executeTakeFirstOrThrow()).id;
  });

  it('lets others vote once (changing the vote is allowed), never on their own review', async () => {
    const own = await alice.post(`/api/v1/reviews/${reviewId}/vote`, { is_helpful: true });
    expect(own.status).toBe(422);
    expect(own.body.message).toBe('You cannot vote on your own review.');
    let res = await bob.post(`/api/v1/reviews/${reviewId}/vote`, { is_helpful: true });
    expect(res.body.review).toMatchObject({ helpful_count: 1, not_helpful_count: 0 });
    res = await bob.post(`/api/v1/reviews/${reviewId}/vote`, { is_helpful: true });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('You have already voted on this review.');
    res = await bob.post(`/api/v1/reviews/${reviewId}/vote`, { is_helpful: false });
    expect(res.body.review).toMatchObject({ helpful_count: 0, not_helpful_count: 1 });
    expect((await bob.post(`/api/v1/reviews/${reviewId}/vote`, { is_helpful: 'yes' })).status).toBe(422);
    expect((await bob.post('/api/v1/reviews/999999/vote', { is_helpful: true })).status).toBe(404);
  });

  it('lets a voter take their vote back, once, moving only their counter', async () => {
    const review = (await t.ctx.db.selectFrom('reviews').select(['id', 'helpful_count', 'not_helpful_count']).where('user_id', '=', alice.user.id).executeTakeFirstOrThrow());
    const voter = await asUser(t);
    expect((await voter.post(`/api/v1/reviews/${review.id}/vote`, { is_helpful: true })).body.review.helpful_count).toBe(review.helpful_count + 1);
    let res = await voter.delete(`/api/v1/reviews/${review.id}/vote`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.review).toEqual({ id: review.id, helpful_count: review.helpful_count, not_helpful_count: review.not_helpful_count });
    const mine = (await voter.get(`/api/v1/reviews/public?reviewable_id=${(await t.ctx.db.selectFrom('reviews').select('reviewable_id').where('id', '=', review.id).executeTakeFirstOrThrow()).reviewable_id}`)).body;
    expect(mine.my_votes).toEqual([]);
    // Nothing left to take back; then a vote the other way can be cast afresh.
    res = await voter.delete(`/api/v1/reviews/${review.id}/vote`);
    expect(res.body.review).toMatchObject({ helpful_count: review.helpful_count, not_helpful_count: review.not_helpful_count });
    expect((await voter.post(`/api/v1/reviews/${review.id}/vote`, { is_helpful: false })).body.review.not_helpful_count).toBe(review.not_helpful_count + 1);
    await voter.delete(`/api/v1/reviews/${review.id}/vote`);
    expect((await voter.delete('/api/v1/reviews/999999/vote')).status).toBe(404);
    expect((await guest(t).delete(`/api/v1/reviews/${review.id}/vote`)).status).toBe(401);
    // A member who may not read reviews may not take a vote back either.
    const blind = await createUser(t, { permissions: ['titles.view'] });
    expect((await new Client(t).login(blind.email, blind.password).then((c) => c.delete(`/api/v1/reviews/${review.id}/vote`))).status).toBe(403);
  });

  it('reports a review once and counts it', async () => {
    const res = await bob.post(`/api/v1/reviews/${reviewId}/report`, { reason: 'spam' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.reports_count).toBe(1);
    const twice = await bob.post(`/api/v1/reviews/${reviewId}/report`, {});
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe('You have already reported this.');
    const own = await alice.post(`/api/v1/reviews/${reviewId}/report`, {});
    expect(own.status).toBe(422);
    expect(own.body.message).toBe('You cannot report your own review.');
  });

  it('shows moderators why a review was reported and lets them dismiss the reports; visitors never see the count', async () => {
    const titleId = (await t.ctx.db.selectFrom('reviews').select('reviewable_id').where('id', '=', reviewId).executeTakeFirstOrThrow()).reviewable_id;
    for (const who of [guest(t), bob, alice]) {
      const body = (await who.get(`/api/v1/reviews/public?reviewable_id=${titleId}`)).body;
      const shown = body.pagination.data.find((r: any) => r.id === reviewId);
      expect(shown).toBeTruthy();
      expect(shown).not.toHaveProperty('reports_count');
      if (body.my_review) expect(body.my_review).not.toHaveProperty('reports_count');
    }
    let res = await admin.get(`/api/v1/reviews/${reviewId}/reports`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.reports).toMatchObject([{ reason: 'spam', user: { display_name: 'Bob' } }]);
    const commentMod = await asUser(t, { roles: [], permissions: ['comments.update'] });
    for (const who of [bob, commentMod]) {
      expect((await who.get(`/api/v1/reviews/${reviewId}/reports`)).status).toBe(403);
      expect((await who.delete(`/api/v1/reviews/${reviewId}/reports`)).status).toBe(403);
    }
    const mod = await asUser(t, { roles: [], permissions: ['reviews.update'] });
    res = await mod.delete(`/api/v1/reviews/${reviewId}/reports`);
    expect(res.body).toEqual({ dismissed: 1, message: 'Reports dismissed' });
    expect((await admin.get(`/api/v1/reviews/${reviewId}`)).body.review.reports_count).toBe(0);
    const reported = (await admin.get(listUrl('/api/v1/reviews', { filters: [{ key: 'reported', value: true }] }))).body.pagination.data;
    expect(reported.map((r: any) => r.id)).not.toContain(reviewId);
    expect((await admin.get('/api/v1/reviews/999999/reports')).status).toBe(404);
    // Put back the report the later tests count on.
    expect((await bob.post(`/api/v1/reviews/${reviewId}/report`, { reason: 'spam' })).body.reports_count).toBe(1);
  });

  it('lists a title\'s reviews 15 a page, most helpful or newest first, with the caller\'s review and votes', async () => {
    const users = await Promise.all(Array.from({ length: 16 }, () => asUser(t)));
    for (const [i, u] of users.entries()) expect((await u.post('/api/v1/reviews', good({ score: (i % 10) + 1 }))).status).toBe(200);
    await users[3].post(`/api/v1/reviews/${reviewId}/vote`, { is_helpful: true });
    await users[4].post(`/api/v1/reviews/${reviewId}/vote`, { is_helpful: true });
    const helpful = (await bob.get(`/api/v1/reviews/public?reviewable_id=${ids.movie}&sort=helpful`)).body;
    expect(helpful.pagination).toMatchObject({ total: 17, per_page: 15, last_page: 2 });
    expect(helpful.pagination.data).toHaveLength(15);
    expect(helpful.pagination.data[0].id).toBe(reviewId);
    expect(helpful.my_votes).toEqual([{ review_id: reviewId, is_helpful: false }]);
    expect(helpful.my_review).toBeNull();
    // Bob's rating of 9 and every writer's score (Alice's 8, then 1 to 10 and 1 to 6): a review rates the title.
    expect(helpful.summary).toEqual({ average: 5.2, count: 18 });
    const newest = (await alice.get(`/api/v1/reviews/public?reviewable_id=${ids.movie}&sort=newest&page=2`)).body;
    expect(newest.pagination.data).toHaveLength(2);
    expect(newest.pagination.data.at(-1).id).toBe(reviewId);
    expect(newest.my_review.id).toBe(reviewId);
    expect((await guest(t).get(`/api/v1/reviews/public?reviewable_id=${ids.movie}&sort=toString`)).status).toBe(422);
  });
});

describe('editing and deleting', () => {
  it('lets the author edit their review ("Review updated"), not someone else\'s', async () => {
    const review = (await alice.get(`/api/v1/reviews/public?reviewable_id=${ids.movie}`)).body.my_review;
    const res = await alice.put(`/api/v1/reviews/${review.id}`, { score: 4, title: 'Changed my mind', body: BODY });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ message: 'Review updated', review: { score: 4, title: 'Changed my mind' } });
    const other = await bob.put(`/api/v1/reviews/${review.id}`, { score: 1, title: 'Hijacked title', body: BODY });
    expect(other.status).toBe(403);
    expect((await alice.put(`/api/v1/reviews/${review.id}`, { score: 4, title: 'short', body: BODY })).body.errors.title)
      .toEqual(['The title must be at least 10 characters.']);
  });

  it('lets the author delete their own review, not someone else\'s', async () => {
    const r = await bob.post('/api/v1/reviews', good());
    expect((await alice.delete(`/api/v1/reviews/${r.body.review.id}`)).status).toBe(403);
    const res = await bob.delete(`/api/v1/reviews/${r.body.review.id}`);
    expect(res.body).toMatchObject({ deleted: 1, message: 'Review deleted' });
  });
});

describe('admin moderation (GET reviews, PUT reviews/{id})', () => {
  it('is guarded by reviews.update', async () => {
    expect((await alice.get('/api/v1/reviews')).status).toBe(403);
    expect((await guest(t).get('/api/v1/reviews')).status).toBe(401);
  });

  it('lists with filters, sorting and paging at 15, with reports count, author and title', async () => {
    const all = (await admin.get('/api/v1/reviews')).body.pagination;
    expect(all).toMatchObject({ per_page: 15, total: 17 });
    expect(all.data[0]).toHaveProperty('reports_count');
    // The title's page on the site, at its reviews, for the moderator to read the review in context.
    expect(all.data[0].reviewable).toEqual({ id: ids.movie, name: 'Review Movie', link: `/titles/${ids.movie}/review-movie#reviews` });
    const reported = (await admin.get(listUrl('/api/v1/reviews', { filters: [{ key: 'reported', value: true }] }))).body.pagination;
    expect(reported.data.map((r: any) => r.user_id)).toEqual([alice.user.id]);
    const byUser = (await admin.get(listUrl('/api/v1/reviews', { filters: [{ key: 'user_id', value: alice.user.id }] }))).body.pagination;
    expect(byUser.total).toBe(1);
    const byTitle = (await admin.get(listUrl('/api/v1/reviews', { filters: [{ key: 'title_id', value: ids.series }] }))).body.pagination;
    expect(byTitle.total).toBe(0);
    const future = { start: '2099-01-01T00:00:00Z', end: '2099-12-31T00:00:00Z' };
    expect((await admin.get(listUrl('/api/v1/reviews', { filters: [{ key: 'created_at', value: future, operator: 'between' }] }))).body.pagination.total).toBe(0);
    const sorted = (await admin.get(listUrl('/api/v1/reviews', { orderBy: 'score', orderDir: 'asc' }))).body.pagination.data;
    expect(sorted[0].score).toBe(1);
    expect((await admin.get(listUrl('/api/v1/reviews', { orderBy: '__proto__' }))).status).toBe(422);
    expect((await admin.get(listUrl('/api/v1/reviews', { filters: [{ key: 'constructor', value: 1 }] }))).status).toBe(422);
  });

  it('edits any review ("Review updated") and bulk deletes', async () => {
    const [first, second] = (await admin.get('/api/v1/reviews')).body.pagination.data;
    const res = await admin.put(`/api/v1/reviews/${first.id}`, { score: 2, title: 'Moderated title', body: BODY });
    expect(res.body).toMatchObject({ message: 'Review updated', review: { score: 2, title: 'Moderated title' } });
    const del = await admin.delete(`/api/v1/reviews/${first.id},${second.id}`);
    expect(del.body.deleted).toBe(2);
    expect((await admin.get('/api/v1/reviews')).body.pagination.total).toBe(15);
  });

  it('lets a moderator edit and delete members\' reviews, but only an admin touches an admin\'s review', async () => {
    const moderator = await asUser(t, { roles: [], permissions: ['reviews.view', 'reviews.update', 'reviews.delete'] });
    const title = (await admin.post('/api/v1/titles', { name: 'Moderated Movie' })).body.title.id;
    const member = await asUser(t);
    const byAdmin = (await admin.post('/api/v1/reviews', good({ reviewable_id: title, score: 9, title: 'The official word' }))).body.review;
    const byMember = (await member.post('/api/v1/reviews', good({ reviewable_id: title, score: 2 }))).body.review;
    const refused = await moderator.put(`/api/v1/reviews/${byAdmin.id}`, { score: 1, title: 'Rewritten by a moderator', body: BODY });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only an admin can edit or delete what an admin wrote.');
    expect((await moderator.delete(`/api/v1/reviews/${byMember.id},${byAdmin.id}`)).status).toBe(403);
    const left = await t.ctx.db.selectFrom('reviews').select(['id', 'score', 'title']).where('reviewable_id', '=', title).orderBy('id').execute();
    expect(left.map((r) => [r.score, r.title])).toEqual([[9, 'The official word'], [2, 'Worth watching']]);
    expect((await moderator.put(`/api/v1/reviews/${byMember.id}`, { score: 2, title: 'Moderated title', body: BODY })).status).toBe(200);
    expect((await moderator.delete(`/api/v1/reviews/${byMember.id}`)).body.deleted).toBe(1);
    expect((await admin.delete(`/api/v1/reviews/${byAdmin.id}`)).body.deleted).toBe(1);
  });

  it('tells moderators which authors are admins and which are suspended, in the list', async () => {
    const moderator = await asUser(t, { roles: [], permissions: ['reviews.view', 'reviews.update', 'reviews.delete'] });
    const title = (await admin.post('/api/v1/titles', { name: 'Flagged Reviews' })).body.title.id;
    const member = await asUser(t);
    const spammer = await asUser(t);
    await admin.post('/api/v1/reviews', good({ reviewable_id: title, title: 'From the admin' }));
    await member.post('/api/v1/reviews', good({ reviewable_id: title, title: 'From a member' }));
    await spammer.post('/api/v1/reviews', good({ reviewable_id: title, title: 'Buy cheap pills' }));
    expect((await admin.post(`/api/v1/users/${spammer.user.id}/ban`, {})).status).toBe(200);
    const list = await moderator.get(listUrl('/api/v1/reviews', { filters: [{ key: 'title_id', value: title }] }));
    expect(list.status, list.text).toBe(200);
    expect(Object.fromEntries(list.body.pagination.data.map((r: any) => [r.title, { is_admin: r.user.is_admin, suspended: r.user.suspended }]))).toEqual({
      'From the admin': { is_admin: true, suspended: false },
      'From a member': { is_admin: false, suspended: false },
      'Buy cheap pills': { is_admin: false, suspended: true },
    });
  });
});

describe('abuse limits', () => {
  it('refuses a suspended user', async () => {
    const carol = await asUser(t);
    await t.ctx.db.updateTable('users').set({ banned_at: new Date().toISOString() }).where('id', '=', carol.user.id).execute();
    const res = await carol.post('/api/v1/reviews', good({ reviewable_id: ids.series }));
    // The ban ends the session at once (auth.ts), so the post is refused before it reaches the service.
    expect(res.status).not.toBe(200);
    expect(await t.ctx.db.selectFrom('reviews').select('id').where('user_id', '=', carol.user.id).execute()).toHaveLength(0);
    // A request that raced the ban (or any other path in) meets the service's own check.
    await expect(assertCanPost(t.ctx, carol.user.id, POSTING_LIMITS.reviews)).rejects.toMatchObject({ status: 403, message: SUSPENDED_MESSAGE });
    expect(SUSPENDED_MESSAGE).toBe('Your account is suspended, so you cannot post.');
  });

  it('answers 429 with a clear message past the per-user vote limit', async () => {
    const dave = await asUser(t);
    const review = (await admin.get('/api/v1/reviews')).body.pagination.data[0];
    let last = { status: 200, body: {} as any };
    for (let i = 0; i < 61 && last.status !== 429; i++) last = await dave.post(`/api/v1/reviews/${review.id}/vote`, { is_helpful: i % 2 === 0 });
    expect(last.status).toBe(429);
    expect(last.body.message).toMatch(/^You are voting too quickly\. Please try again in \d+ seconds\.$/);
  });
});

describe('deleting a user', () => {
  it('takes their ratings, votes, reports and replies out of the counters', async () => {
    const title = (await admin.post('/api/v1/titles', { name: 'Counted Movie' })).body.title.id;
    const erin = await asUser(t);
    const frank = await asUser(t);
    await erin.put(`/api/v1/ratings/title/${title}`, { score: 8 });
    await frank.put(`/api/v1/ratings/title/${title}`, { score: 2 });
    const review = (await erin.post('/api/v1/reviews', good({ reviewable_id: title }))).body.review;
    expect((await frank.post(`/api/v1/reviews/${review.id}/vote`, { is_helpful: true })).status).toBe(200);
    expect((await frank.post(`/api/v1/reviews/${review.id}/report`, { reason: 'spoilers' })).status).toBe(200);
    const comment = (await erin.post('/api/v1/comment', { commentable_type: 'title', commentable_id: title, content: 'Loved it' })).body.comment;
    expect((await frank.post('/api/v1/comment', { commentable_type: 'title', commentable_id: title, content: 'Not me', parent_id: comment.id })).status).toBe(200);
    expect((await frank.post(`/api/v1/comment/${comment.id}/report`, {})).status).toBe(200);
    // Frank's reply he deleted himself already counts no more; Erin's deleted comment stays only for Frank's reply.
    const answered = (await erin.post('/api/v1/comment', { commentable_type: 'title', commentable_id: title, content: 'Answered' })).body.comment;
    const withdrawn = (await frank.post('/api/v1/comment', { commentable_type: 'title', commentable_id: title, content: 'Withdrawn', parent_id: answered.id })).body.comment;
    expect((await frank.delete(`/api/v1/comment/${withdrawn.id}`)).status).toBe(200);
    const held = (await erin.post('/api/v1/comment', { commentable_type: 'title', commentable_id: title, content: 'Held' })).body.comment;
    await frank.post('/api/v1/comment', { commentable_type: 'title', commentable_id: title, content: 'Holding', parent_id: held.id });
    expect((await erin.delete(`/api/v1/comment/${held.id}`)).status).toBe(200);
    const replyCounts = async () => (await t.ctx.db.selectFrom('comments').select('replies_count').where('id', 'in', [answered.id, held.id]).orderBy('id').execute())
      .map((r) => r.replies_count);
    expect(await replyCounts()).toEqual([0, 1]);
    const counters = async () => ({
      rating: (await guest(t).get(`/api/v1/ratings/title/${title}`)).body.summary,
      review: await t.ctx.db.selectFrom('reviews').select(['helpful_count', 'reports_count']).where('id', '=', review.id).executeTakeFirstOrThrow(),
      comment: await t.ctx.db.selectFrom('comments').select(['replies_count', 'reports_count']).where('id', '=', comment.id).executeTakeFirstOrThrow(),
    });
    expect(await counters()).toEqual({ rating: { average: 5, count: 2 }, review: { helpful_count: 1, reports_count: 1 }, comment: { replies_count: 1, reports_count: 1 } });

    const res = await admin.delete(`/api/v1/users/${frank.user.id}`);
    expect(res.status, res.text).toBe(200);
    expect(await counters()).toEqual({ rating: { average: 8, count: 1 }, review: { helpful_count: 0, reports_count: 0 }, comment: { replies_count: 0, reports_count: 0 } });
    expect(await replyCounts()).toEqual([0, 0]);
    const thread = (await guest(t).get(`/api/v1/comment/thread?commentable_type=title&commentable_id=${title}`)).body.pagination;
    expect(thread.data.map((c: any) => c.id)).not.toContain(held.id);
  });
});

describe('a review\'s score is its writer\'s rating', () => {
  it('rates the title on writing, follows the writer\'s edits, not a moderator\'s, and stays when the review goes', async () => {
    const title = (await admin.post('/api/v1/titles', { name: 'Rated By Review' })).body.title.id;
    const carol = await asUser(t);
    const dave = await asUser(t);
    await dave.put(`/api/v1/ratings/title/${title}`, { score: 2 });
    // Carol had rated 9; her review of 6 is her rating now.
    await carol.put(`/api/v1/ratings/title/${title}`, { score: 9 });
    const review = (await carol.post('/api/v1/reviews', good({ reviewable_id: title, score: 6 }))).body.review;
    const state = async (c: Client) => (await c.get(`/api/v1/ratings/title/${title}`)).body;
    expect(await state(carol)).toEqual({ summary: { average: 4, count: 2 }, my_score: 6 });
    expect((await carol.put(`/api/v1/reviews/${review.id}`, { score: 8, title: 'Better the second time', body: BODY })).status).toBe(200);
    expect(await state(carol)).toEqual({ summary: { average: 5, count: 2 }, my_score: 8 });
    expect((await admin.put(`/api/v1/reviews/${review.id}`, { score: 1, title: 'Moderated title here', body: BODY })).status).toBe(200);
    expect(await state(carol)).toEqual({ summary: { average: 5, count: 2 }, my_score: 8 });
    expect(await state(admin)).toMatchObject({ my_score: null });
    expect((await carol.delete(`/api/v1/reviews/${review.id}`)).status).toBe(200);
    expect(await state(carol)).toEqual({ summary: { average: 5, count: 2 }, my_score: 8 });
    // A second review racing the first leaves one review and one rating.
    const erin = await asUser(t);
    const raced = await Promise.all([erin.post('/api/v1/reviews', good({ reviewable_id: title, score: 10 })), erin.post('/api/v1/reviews', good({ reviewable_id: title, score: 10 }))]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await state(erin)).toEqual({ summary: { average: 6.7, count: 3 }, my_score: 10 });
  });

  it('moves the review\'s score with its writer\'s rating, and keeps the rating while the review stands', async () => {
    const title = (await admin.post('/api/v1/titles', { name: 'Rated Twice' })).body.title.id;
    const frank = await asUser(t);
    const review = (await frank.post('/api/v1/reviews', good({ reviewable_id: title, score: 7 }))).body.review;
    expect((await frank.put(`/api/v1/ratings/title/${title}`, { score: 3 })).status).toBe(200);
    const score = async () => (await t.ctx.db.selectFrom('reviews').select('score').where('id', '=', review.id).executeTakeFirstOrThrow()).score;
    expect(await score()).toBe(3);
    const removed = await frank.delete(`/api/v1/ratings/title/${title}`);
    expect(removed.status).toBe(422);
    expect(removed.body.errors.score).toEqual(['Your review carries this rating: change its score, or delete the review, instead.']);
    expect((await frank.get(`/api/v1/ratings/title/${title}`)).body).toEqual({ summary: { average: 3, count: 1 }, my_score: 3 });
    expect((await frank.delete(`/api/v1/reviews/${review.id}`)).status).toBe(200);
    expect((await frank.delete(`/api/v1/ratings/title/${title}`)).status).toBe(200);
  });
});
