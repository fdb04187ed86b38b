import { beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asUser, createTestApp, type Client } from './helper.ts';

// What visitors wrote about a title, an episode, a video or an article goes when it is deleted (no orphans in the
// moderation tables or on members' profiles), and nothing about anything else goes with it.
const t = await createTestApp();
let admin: Client;
let alice: Client & { user: { id: number } };
let bob: Client & { user: { id: number } };
const BODY = 'A long and careful review body that easily goes past the one hundred characters the rules ask for, with room to spare.';

const count = async (table: 'comments' | 'reviews' | 'ratings' | 'rating_totals' | 'content_reports' | 'review_votes') =>
  Number((await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** A title with a review (voted on and reported), a rating, and a reported comment with a reply, on each of `about`. */
async function feedbackOn(about: { type: 'title' | 'episode' | 'video' | 'news_article'; id: number }[], reviewTitle?: number) {
  for (const { type, id } of about) {
    const comment = (await alice.post('/api/v1/comment', { commentable_type: type, commentable_id: id, content: `About ${type} ${id}` })).body.comment;
    expect(comment?.id, type).toBeTruthy();
    expect((await bob.post('/api/v1/comment', { commentable_type: type, commentable_id: id, parent_id: comment.id, content: 'A reply' })).status).toBe(200);
    expect((await bob.post(`/api/v1/comment/${comment.id}/report`, { reason: 'spam' })).status).toBe(200);
    if (type === 'title' || type === 'episode') expect((await alice.put(`/api/v1/ratings/${type}/${id}`, { score: 7 })).status).toBe(200);
  }
  if (reviewTitle) {
    const review = (await alice.post('/api/v1/reviews', { reviewable_id: reviewTitle, score: 8, title: 'Worth watching', body: BODY })).body.review;
    expect((await bob.post(`/api/v1/reviews/${review.id}/vote`, { is_helpful: true })).status).toBe(200);
    expect((await bob.post(`/api/v1/reviews/${review.id}/report`, { reason: 'spoilers' })).status).toBe(200);
  }
}

async function seriesWithEpisodeAndVideo(name: string) {
  const title = (await admin.post('/api/v1/titles', { name, is_series: true })).body.title.id as number;
  await admin.post(`/api/v1/titles/${title}/seasons`, { number: 1 });
  await admin.post(`/api/v1/titles/${title}/seasons/1/episodes`, { name: 'Pilot', episode_number: 1 });
  const episode = (await t.ctx.db.selectFrom('episodes').select('id').where('title_id', '=', title).executeTakeFirstOrThrow()).id;
  const video = (await admin.post('/api/v1/videos', {
    name: 'Trailer', title_id: title, type: 'embed', src: 'https://www.youtube.com/embed/abc', category: 'trailer', quality: 'hd', language: 'en',
  })).body.video.id as number;
  return { title, episode, video };
}

beforeAll(async () => {
  admin = await asAdmin(t);
  alice = await asUser(t, { first_name: 'Alice' });
  bob = await asUser(t, { first_name: 'Bob' });
});

describe('deleting what visitors wrote about', () => {
  it('a title takes its reviews, ratings, comments and their reports, and its episodes\' and videos\'; another title keeps its own', async () => {
    const kept = await seriesWithEpisodeAndVideo('Kept series');
    await feedbackOn([{ type: 'title', id: kept.title }, { type: 'episode', id: kept.episode }, { type: 'video', id: kept.video }], kept.title);
    const before = { comments: await count('comments'), reviews: await count('reviews'), ratings: await count('ratings'), totals: await count('rating_totals'), reports: await count('content_reports'), votes: await count('review_votes') };

    const gone = await seriesWithEpisodeAndVideo('Gone series');
    await feedbackOn([{ type: 'title', id: gone.title }, { type: 'episode', id: gone.episode }, { type: 'video', id: gone.video }], gone.title);
    expect((await admin.delete(`/api/v1/titles/${gone.title}`)).status).toBe(200);

    expect(await count('comments')).toBe(before.comments);
    expect(await count('reviews')).toBe(before.reviews);
    expect(await count('ratings')).toBe(before.ratings);
    expect(await count('rating_totals')).toBe(before.totals);
    expect(await count('content_reports')).toBe(before.reports);
    expect(await count('review_votes')).toBe(before.votes);
    // The member's profile lists no review of a deleted title.
    const profile = await alice.get(`/api/v1/users/${alice.user.id}/reviews`);
    expect(profile.status, profile.text).toBe(200);
    expect(profile.text).toContain('Kept series');
    expect(profile.text).not.toContain(`"reviewable_id":${gone.title}`);
    expect((await admin.get('/api/v1/reviews?perPage=100')).body.pagination.data.map((r: { reviewable_id: number }) => r.reviewable_id)).not.toContain(gone.title);
  });

  it('an episode, a video or an article takes only what was written about it', async () => {
    // Fresh members: the first test used up some of the posting limits.
    alice = await asUser(t, { first_name: 'Carol' });
    bob = await asUser(t, { first_name: 'Dave' });
    const s = await seriesWithEpisodeAndVideo('Pruned series');
    const article = (await admin.post('/api/v1/news', { title: 'An article to go', body: '<p>Soon gone.</p>' })).body.article.id as number;
    await feedbackOn([{ type: 'title', id: s.title }, { type: 'episode', id: s.episode }, { type: 'video', id: s.video }, { type: 'news_article', id: article }]);
    const on = async (type: string, id: number) => Number((await t.ctx.db.selectFrom('comments').select((eb) => eb.fn.countAll().as('n'))
      .where('commentable_type', '=', type as 'title').where('commentable_id', '=', id).executeTakeFirstOrThrow()).n);
    expect(await on('episode', s.episode)).toBe(2);

    expect((await admin.delete(`/api/v1/episodes/${s.episode}`)).status).toBe(200);
    expect(await on('episode', s.episode)).toBe(0);
    expect(await t.ctx.db.selectFrom('ratings').select('id').where('ratable_type', '=', 'episode').where('ratable_id', '=', s.episode).executeTakeFirst()).toBeUndefined();
    expect(await on('title', s.title)).toBe(2);

    expect((await admin.delete(`/api/v1/videos/${s.video}`)).status).toBe(200);
    expect(await on('video', s.video)).toBe(0);
    expect(await on('title', s.title)).toBe(2);

    expect((await admin.delete(`/api/v1/news/${article}`)).status).toBe(200);
    expect(await on('news_article', article)).toBe(0);
    const orphanReports = await t.ctx.db.selectFrom('content_reports').select('reportable_id').where('reportable_type', '=', 'comment')
      .where('reportable_id', 'not in', t.ctx.db.selectFrom('comments').select('id')).execute();
    expect(orphanReports).toEqual([]);
  });
});
