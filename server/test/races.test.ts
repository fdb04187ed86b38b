import { describe, expect, it } from 'vitest';
import { issueToken } from '../src/modules/auth/service.ts';
import { PASSWORD, asAdmin, asUser, createTestApp, createUser, guest, type Res } from './helper.ts';

/**
 * The same write sent several times at once (a double-clicked Save, two tabs, two admins): the unique indexes keep
 * one, and every other answer is the error the service's own check gives, never a 500. On PostgreSQL the requests
 * truly overlap (each its own connection); on SQLite they interleave at every await.
 */
const t = await createTestApp();
const admin = await asAdmin(t);
const user = await asUser(t);
const N = 6;

const burst = (send: () => Promise<Res>) => Promise.all(Array.from({ length: N }, send));

/** One request succeeded; the others were refused with `message` on `field`. */
function oneWins(answers: Res[], field: string, message: string) {
  const statuses = answers.map((r) => r.status);
  expect(statuses.filter((s) => s === 200), JSON.stringify(answers.map((r) => [r.status, r.text.slice(0, 120)]))).toHaveLength(1);
  for (const r of answers.filter((a) => a.status !== 200)) {
    expect(r.status, r.text).toBe(422);
    expect(r.body.errors[field]).toEqual([message]);
  }
}

const series = (await admin.post('/api/v1/titles', { name: 'Racing series', is_series: true })).body.title.id as number;

describe('the same write sent at once', () => {
  it('registers one account per email, and creates one user per email from the admin', async () => {
    oneWins(await burst(() => guest(t).post('/api/v1/auth/register', { email: 'twice@example.com', password: 'correct horse battery', password_confirmation: 'correct horse battery' })),
      'email', 'This email has already been taken.');
    oneWins(await burst(() => admin.post('/api/v1/users', { email: 'twice-admin@example.com', password: 'correct horse battery' })), 'email', 'This email has already been taken.');
    const others = await Promise.all(Array.from({ length: N }, async (_, i) => (await admin.post('/api/v1/users', { email: `rename-${i}@example.com`, password: 'correct horse battery' })).body.user.id));
    const renamed = await Promise.all(others.map((id) => admin.put(`/api/v1/users/${id}`, { email: 'renamed@example.com' })));
    oneWins(renamed, 'email', 'This email has already been taken.');
  });

  it('keeps names unique: tags, roles, genres, localizations, page and channel slugs', async () => {
    oneWins(await burst(() => admin.post('/api/v1/tags', { name: 'twice', type: 'custom' })), 'name', 'A tag with this name already exists.');
    oneWins(await burst(() => admin.post('/api/v1/roles', { name: 'Twice' })), 'name', 'A role with this name already exists.');
    oneWins(await burst(() => admin.post('/api/v1/title-tags/genre', { name: 'twice genre' })), 'name', 'A tag with this name already exists.');
    oneWins(await burst(() => admin.post('/api/v1/localizations', { name: 'Twice', language: 'fr' })), 'language', 'A localization for this language already exists.');
    oneWins(await burst(() => admin.post('/api/v1/custom-pages', { title: 'Twice', slug: 'twice', body: '<p>x</p>' })), 'slug', 'This slug is already in use.');
    oneWins(await burst(() => admin.post('/api/v1/channel', { name: 'Twice', slug: 'twice-channel' })), 'slug', 'This slug is already in use.');
  });

  it('adds a season or an episode number once, and attaches a new genre once', async () => {
    oneWins(await burst(() => admin.post(`/api/v1/titles/${series}/seasons`, { number: 4 })), 'number', 'This season already exists.');
    oneWins(await burst(() => admin.post(`/api/v1/titles/${series}/seasons/4/episodes`, { name: 'Pilot', episode_number: 1 })), 'episode_number', 'This episode already exists.');
    // Asked for "the next one": each answer is a new number or that same refusal.
    for (const r of await burst(() => admin.post(`/api/v1/titles/${series}/seasons/4/episodes`, { name: 'Next' }))) expect([200, 422], r.text).toContain(r.status);
    const attached = await burst(() => admin.post(`/api/v1/titles/${series}/tags/genre`, { tag_name: 'Brand New Genre' }));
    expect(attached.map((r) => r.status)).toEqual(Array(N).fill(200));
    const genres = (await admin.get(`/api/v1/titles/${series}`)).body.title.genres as { name: string }[];
    expect(genres.filter((g) => g.name === 'brand new genre')).toHaveLength(1);
  });

  it('keeps one review, one vote and one report per member', async () => {
    const body = 'A body long enough for a review, written twice by a double click on the submit button. '.repeat(2);
    oneWins(await burst(() => user.post('/api/v1/reviews', { reviewable_type: 'title', reviewable_id: series, score: 8, title: 'Clicked twice', body })),
      'reviewable_id', 'You have already reviewed this title.');
    const review = (await admin.post('/api/v1/reviews', { reviewable_type: 'title', reviewable_id: series, score: 6, title: 'The admin review', body })).body.review.id;
    oneWins(await burst(() => user.post(`/api/v1/reviews/${review}/vote`, { is_helpful: true })), 'is_helpful', 'You have already voted on this review.');
    oneWins(await burst(() => user.post(`/api/v1/reviews/${review}/report`, { reason: 'Spoilers' })), 'reason', 'You have already reported this.');
  });

  it('posts a comment or a reply once when it is sent several times at once (a double click, a retried request)', async () => {
    const post = (body: object) => user.post('/api/v1/comment', { commentable_type: 'title', commentable_id: series, content: 'Posted twice?', ...body });
    oneWins(await burst(() => post({})), 'content', 'You have already posted this comment.');
    const parent = (await admin.post('/api/v1/comment', { commentable_type: 'title', commentable_id: series, content: 'Answer me' })).body.comment.id;
    oneWins(await burst(() => post({ parent_id: parent })), 'content', 'You have already posted this comment.');
    const rows = await t.ctx.db.selectFrom('comments').select(['parent_id']).where('user_id', '=', user.user.id).where('content', '=', 'Posted twice?').execute();
    expect(rows.map((r) => r.parent_id).sort()).toEqual([parent, null].sort());
    const { replies_count } = await t.ctx.db.selectFrom('comments').select('replies_count').where('id', '=', parent).executeTakeFirstOrThrow();
    expect(replies_count).toBe(1);
  });

  it('moves list items from several requests at once one after the other (PostgreSQL deadlocked them)', async () => {
    const list = (await user.post('/api/v1/lists', { name: 'Dragged fast' })).body.list.id;
    const titles = await Promise.all([1, 2, 3, 4].map(async (i) => (await admin.post('/api/v1/titles', { name: `Dragged ${i}` })).body.title.id as number));
    for (const id of titles) expect((await user.post(`/api/v1/lists/${list}/items`, { titleId: id })).status).toBe(200);
    const moves = await Promise.all(Array.from({ length: N }, (_, i) => user.put(`/api/v1/lists/${list}/items/${titles[i % 4]}/position`, { position: (i * 3) % 4 })));
    expect(moves.map((r) => r.status), moves.map((r) => r.text).join('\n')).toEqual(Array(N).fill(200));
    const items = (await user.get(`/api/v1/lists/${list}`)).body.items.data as { id: number }[];
    expect(items.map((i) => i.id).sort()).toEqual([...titles].sort());
  });

  it('answers an edit of something deleted at the same moment 404 or 409, never 500 or an empty 200', async () => {
    const title = (await admin.post('/api/v1/titles', { name: 'Deleted while edited' })).body.title.id;
    const edits = await Promise.all(Array.from({ length: N }, (_, i) => (i % 2 ? admin.delete(`/api/v1/titles/${title}`) : admin.put(`/api/v1/titles/${title}`, { name: 'Edited' }))));
    for (const [i, r] of edits.entries()) {
      expect(r.status, r.text).toBeLessThan(500);
      if (i % 2 === 0 && r.status === 200) expect(r.body.title.id).toBe(title);
    }
    const doomed = await asUser(t);
    const bans = await Promise.all(Array.from({ length: N }, (_, i) => (i % 2 ? admin.delete(`/api/v1/users/${doomed.user.id}`) : admin.post(`/api/v1/users/${doomed.user.id}/ban`, { permanent: true }))));
    for (const r of bans) expect([200, 404, 409], r.text).toContain(r.status);
  });

  it('starts two-factor set-up once whatever the clicks, and the watchlist and ratings stay idempotent', async () => {
    // Each click proves the password, which counts against its limit: past it a click is told to wait; none fails.
    const starts = await burst(() => user.post('/api/v1/account/two-factor', { password: PASSWORD }));
    for (const r of starts) expect([200, 429], r.text).toContain(r.status);
    expect(starts.some((r) => r.status === 200)).toBe(true);
    expect((await burst(() => user.post('/api/v1/watchlist', { titleId: series }))).map((r) => r.status)).toEqual(Array(N).fill(200));
    expect((await burst(() => user.put(`/api/v1/ratings/title/${series}`, { score: 7 }))).map((r) => r.status)).toEqual(Array(N).fill(200));
    expect((await user.get(`/api/v1/ratings/title/${series}`)).body).toMatchObject({ my_score: 7 });
  });

  it('confirms an email address once when its link is opened twice at once, and both clicks say it is confirmed', async () => {
    const member = await createUser(t, { verified: false });
    const token = await issueToken(t.ctx, member.id, 'email_verification');
    const answers = await burst(() => guest(t).post('/api/v1/auth/email/verify', { token }));
    expect(answers.map((r) => r.status), answers.map((r) => r.text).join('\n')).toEqual(Array(N).fill(200));
    const row = await t.ctx.db.selectFrom('users').select('email_verified_at').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(row.email_verified_at).not.toBeNull();
    // A click minutes later still says so; once the used link expires, it is invalid; a used link confirms nothing.
    expect((await guest(t).post('/api/v1/auth/email/verify', { token })).status).toBe(200);
    await t.ctx.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', member.id).execute();
    expect((await guest(t).post('/api/v1/auth/email/verify', { token })).status).toBe(422);
    await t.ctx.db.updateTable('user_tokens').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('user_id', '=', member.id).execute();
    expect((await guest(t).post('/api/v1/auth/email/verify', { token })).status).toBe(422);
  });

  it('moves a title’s rating totals once per change when one member rates it several times at once (PostgreSQL counted twice)', async () => {
    const title = (await admin.post('/api/v1/titles', { name: 'Rated fast' })).body.title.id;
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(Array.from({ length: N }, (_, i) => user.put(`/api/v1/ratings/title/${title}`, { score: 1 + ((i + round) % 10) })));
      expect(answers.map((r) => r.status), answers.map((r) => r.text).join('\n')).toEqual(Array(N).fill(200));
      const { summary, my_score } = (await user.get(`/api/v1/ratings/title/${title}`)).body;
      expect(summary).toEqual({ count: 1, average: my_score });
    }
    await Promise.all([user.delete(`/api/v1/ratings/title/${title}`), user.put(`/api/v1/ratings/title/${title}`, { score: 4 }), user.delete(`/api/v1/ratings/title/${title}`)]);
    const { summary, my_score } = (await user.get(`/api/v1/ratings/title/${title}`)).body;
    expect(summary).toEqual(my_score === null ? { count: 0, average: null } : { count: 1, average: my_score });
  });
});

describe('a write about something deleted at the same moment', () => {
  const count = async (table: 'comments' | 'reviews' | 'ratings' | 'content_reports' | 'review_votes', column: string, id: number) =>
    Number((await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(column as any, '=', id).executeTakeFirstOrThrow()).n);

  it('answers a vote or report on a review or comment being deleted 404, never 500, and leaves no vote or report of a deleted review', async () => {
    for (let round = 0; round < 4; round++) {
      const title = (await admin.post('/api/v1/titles', { name: `Reported ${round}` })).body.title.id as number;
      const author = await asUser(t);
      const review = (await author.post('/api/v1/reviews', { reviewable_id: title, score: 7, title: 'Soon deleted', body: 'x'.repeat(120) })).body.review.id as number;
      const comment = (await author.post('/api/v1/comment', { commentable_type: 'title', commentable_id: title, content: 'Soon deleted' })).body.comment.id as number;
      const members = await Promise.all([1, 2, 3].map(() => asUser(t)));
      const answers = await Promise.all([
        ...members.map((m) => m.post(`/api/v1/reviews/${review}/vote`, { is_helpful: true })),
        ...members.map((m) => m.post(`/api/v1/reviews/${review}/report`, { reason: 'Spam' })),
        author.delete(`/api/v1/reviews/${review}`),
        ...members.map((m) => m.post(`/api/v1/comment/${comment}/report`, { reason: 'Spam' })),
        admin.delete(`/api/v1/comment/${comment}`),
      ]);
      for (const r of answers) expect([200, 404], r.text).toContain(r.status);
      expect(await count('review_votes', 'review_id', review)).toBe(0);
      // A deleted comment stays (restorable) with its reports; a deleted review goes with its votes and reports.
      const reports = await t.ctx.db.selectFrom('content_reports').select('id').where('reportable_type', '=', 'review').where('reportable_id', '=', review).execute();
      expect(reports).toEqual([]);
    }
  });

  it('leaves no report of a review or comment whose title is deleted while members report them', async () => {
    for (let round = 0; round < 6; round++) {
      const title = (await admin.post('/api/v1/titles', { name: `Reported as deleted ${round}` })).body.title.id as number;
      const author = await asUser(t);
      const posted = await author.post('/api/v1/reviews', { reviewable_id: title, score: 7, title: 'Soon gone with the title', body: 'x'.repeat(120) });
      expect(posted.status, posted.text).toBe(200);
      const review = posted.body.review.id as number;
      const comment = (await author.post('/api/v1/comment', { commentable_type: 'title', commentable_id: title, content: 'Soon gone' })).body.comment.id as number;
      const members = await Promise.all([1, 2, 3].map(() => asUser(t)));
      const answers = await Promise.all([
        admin.delete(`/api/v1/titles/${title}`),
        ...members.flatMap((m) => [m.post(`/api/v1/reviews/${review}/report`, { reason: 'Spam' }), m.post(`/api/v1/comment/${comment}/report`, { reason: 'Spam' })]),
      ]);
      for (const r of answers) expect([200, 404], r.text).toContain(r.status);
      const left = await t.ctx.db.selectFrom('content_reports').select(['reportable_type', 'reportable_id'])
        .where((eb) => eb.or([eb.and([eb('reportable_type', '=', 'review'), eb('reportable_id', '=', review)]), eb.and([eb('reportable_type', '=', 'comment'), eb('reportable_id', '=', comment)])]))
        .execute();
      expect(left, `round ${round}`).toEqual([]);
    }
  });

  it('leaves no comment, review or rating on a title deleted while members post them', async () => {
    for (let round = 0; round < 4; round++) {
      const title = (await admin.post('/api/v1/titles', { name: `Deleted while discussed ${round}` })).body.title.id as number;
      const members = await Promise.all([1, 2, 3].map(() => asUser(t)));
      const answers = await Promise.all([
        ...members.map((m) => m.post('/api/v1/comment', { commentable_type: 'title', commentable_id: title, content: 'Posted as it went' })),
        admin.delete(`/api/v1/titles/${title}`),
        ...members.map((m, i) => m.post('/api/v1/reviews', { reviewable_id: title, score: 5 + i, title: 'Posted as it went', body: 'y'.repeat(120) })),
        ...members.map((m) => m.put(`/api/v1/ratings/title/${title}`, { score: 4 })),
      ]);
      for (const r of answers) expect(r.status, r.text).toBeLessThan(500);
      expect((await admin.get(`/api/v1/titles/${title}`)).status, answers[3].text).toBe(404);
      expect([await count('comments', 'commentable_id', title), await count('reviews', 'reviewable_id', title), await count('ratings', 'ratable_id', title)]).toEqual([0, 0, 0]);
    }
  });
});

it('saves a member’s review and their rating of the same title sent at once (PostgreSQL deadlocked them into a 409)', async () => {
  for (let round = 0; round < 4; round++) {
    const title = (await admin.post('/api/v1/titles', { name: `Reviewed and rated ${round}` })).body.title.id as number;
    const members = await Promise.all([1, 2, 3].map(() => asUser(t)));
    const answers = await Promise.all(members.flatMap((m) => [
      m.post('/api/v1/reviews', { reviewable_id: title, score: 8, title: 'Rated as I wrote', body: 'z'.repeat(120) }),
      m.put(`/api/v1/ratings/title/${title}`, { score: 3 }),
    ]));
    expect(answers.map((r) => r.status), answers.map((r) => r.text).join('\n')).toEqual(Array(6).fill(200));
    const { summary } = (await guest(t).get(`/api/v1/ratings/title/${title}`)).body;
    expect(summary.count).toBe(3);
  }
});

it('numbers the slug it makes from the name when pages or channels of one name are saved at once, never refusing a slug nobody typed', async () => {
  const pages = await burst(() => admin.post('/api/v1/custom-pages', { title: 'Same name page', body: '<p>x</p>' }));
  expect(pages.map((r) => r.status), pages.map((r) => r.text).join('\n')).toEqual(Array(N).fill(200));
  expect(pages.map((r) => r.body.page.slug).sort()).toEqual(['same-name-page', ...[2, 3, 4, 5, 6].map((n) => `same-name-page-${n}`)].sort());
  const channels = await burst(() => admin.post('/api/v1/channel', { name: 'Same name' }));
  expect(channels.map((r) => r.status), channels.map((r) => r.text).join('\n')).toEqual(Array(N).fill(200));
  expect(new Set(channels.map((r) => r.body.channel.slug)).size).toBe(N);
});

it('leaves nothing on an episode or video deleted while commented, rated or reported, nor a deleted title in a list or watchlist', async () => {
  const n = async (q: any) => Number((await q.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const show = await (async () => (await admin.post('/api/v1/titles', { name: 'Episodes go', is_series: true })).body.title.id as number)();
  await admin.post(`/api/v1/titles/${show}/seasons`, { number: 1 });
  const members = await Promise.all([1, 2].map(() => asUser(t)));
  const lists = await Promise.all(members.map(async (m) => (await m.post('/api/v1/lists', { name: 'Soon short' })).body.list.id as number));
  for (let round = 0; round < 3; round++) {
    const episode = (await admin.post(`/api/v1/titles/${show}/seasons/1/episodes`, { name: `Gone ${round}`, episode_number: round + 1 })).body.episode.id as number;
    const video = (await admin.post('/api/v1/videos', { title_id: show, type: 'embed', src: 'https://www.youtube.com/embed/x', name: `Gone ${round}`, category: 'trailer', approved: true })).body.video.id as number;
    const title = (await admin.post('/api/v1/titles', { name: `Listed ${round}` })).body.title.id as number;
    const answers = await Promise.all([
      ...members.flatMap((m) => [
        m.post('/api/v1/comment', { commentable_type: 'episode', commentable_id: episode, content: 'On the episode' }),
        m.put(`/api/v1/ratings/episode/${episode}`, { score: 3 }),
        m.post('/api/v1/comment', { commentable_type: 'video', commentable_id: video, content: 'On the video' }),
        m.post(`/api/v1/videos/${video}/report`, { reason: 'Spam' }),
      ]),
      admin.delete(`/api/v1/episodes/${episode}`),
      admin.delete(`/api/v1/videos/${video}`),
      ...members.flatMap((m, i) => [m.post(`/api/v1/lists/${lists[i]}/items`, { titleId: title }), m.post('/api/v1/watchlist', { titleId: title })]),
      admin.delete(`/api/v1/titles/${title}`),
    ]);
    expect(answers.map((r, i) => [i, r.status, r.text.slice(0, 80)]).filter(([, s]) => s === 409 || (s as number) >= 500)).toEqual([]);
    expect([
      await n(t.ctx.db.selectFrom('comments').where('commentable_type', '=', 'episode').where('commentable_id', '=', episode)),
      await n(t.ctx.db.selectFrom('ratings').where('ratable_type', '=', 'episode').where('ratable_id', '=', episode)),
      await n(t.ctx.db.selectFrom('comments').where('commentable_type', '=', 'video').where('commentable_id', '=', video)),
      await n(t.ctx.db.selectFrom('content_reports').where('reportable_type', '=', 'video').where('reportable_id', '=', video)),
      await n(t.ctx.db.selectFrom('channelables').where('channelable_type', '=', 'title').where('channelable_id', '=', title)),
    ]).toEqual([0, 0, 0, 0, 0]);
  }
  for (const list of lists) expect((await admin.get(`/api/v1/lists/${list}`)).body.items.total).toBe(0);
});
