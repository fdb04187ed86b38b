import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_LISTS_LIMIT, PROFILE_REVIEWS_PER_PAGE } from '@app/contracts';
import { nowIso } from '../src/db/index.ts';
import { syncGrants } from '../src/modules/roles/permissions.ts';
import { generateSitemap } from '../src/modules/settings/sitemap.ts';
import { type Client, asAdmin, asUser, createUser, createTestApp, guest } from './helper.ts';

// The server fills the built index.html (the profile page's SEO tags); a minimal one stands in for web/dist.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'profiles-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>StreamSite</title></head><body><div id="root"></div></body></html>');
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));
const t = await createTestApp({}, { webDist });
const titles: number[] = [];

beforeAll(async () => {
  const now = nowIso();
  const rows = await t.ctx.db.insertInto('titles').values(Array.from({ length: 14 }, (_, i) => ({
    name: `Film ${i + 1}`, is_series: i === 0, poster: `/posters/p${i + 1}.jpg`, year: 2000 + i, rating: 7, created_at: now, updated_at: now,
  }))).returning('id').execute();
  titles.push(...rows.map((r) => r.id));
});

/** Reviews straight into the table (the posting limit allows 10 an hour), one minute apart, oldest first. */
async function insertReviews(userId: number, titleIds: number[]) {
  const start = Date.parse('2026-01-01T00:00:00Z');
  await t.ctx.db.insertInto('reviews').values(titleIds.map((id, i) => {
    const at = new Date(start + i * 60_000).toISOString();
    return { user_id: userId, reviewable_type: 'title', reviewable_id: id, score: 1 + (i % 10), title: `Review ${i + 1}`, body: `Body of review ${i + 1}`, created_at: at, updated_at: at };
  })).execute();
}

async function newList(c: Client, body: Record<string, unknown>) {
  const res = await c.post('/api/v1/lists', { name: 'Favourites', public: true, ...body });
  expect(res.status, res.text).toBe(200);
  return res.body.list as { id: number };
}

describe('public profiles', () => {
  it("shows a member's name, counts, public lists with covers and reviews with their titles, never the email", async () => {
    const author = await asUser(t, { first_name: 'Ada', last_name: 'Lovelace' });
    const shown = await newList(author, { name: 'Shown list' });
    await author.post(`/api/v1/lists/${shown.id}/items`, { titleId: titles[0] });
    await newList(author, { name: 'Private list', public: false });
    await insertReviews(author.user.id, titles.slice(0, 12));

    const viewer = await asUser(t);
    const res = await viewer.get(`/api/v1/users/${author.user.id}/profile`);
    expect(res.status, res.text).toBe(200);
    expect(res.text).not.toContain(author.user.email);
    expect(res.body.is_me).toBe(false);
    expect(res.body.user).toMatchObject({ id: author.user.id, display_name: 'Ada Lovelace', avatar: null, reviews_count: 12, lists_count: 1 });
    expect(res.body.lists.map((l: { name: string }) => l.name)).toEqual(['Shown list']);
    expect(res.body.lists[0].posters).toEqual(['/posters/p1.jpg']);
    const first = res.body.reviews;
    expect(first).toMatchObject({ total: 12, per_page: PROFILE_REVIEWS_PER_PAGE, last_page: 2, from: 1, to: 10 });
    // Newest first, each with its title's card.
    expect(first.data[0]).toMatchObject({ title: 'Review 12', score: 2, reviewable: { id: titles[11], name: 'Film 12', poster: '/posters/p12.jpg', year: 2011, is_series: false } });
    expect(first.data[9].title).toBe('Review 3');

    const second = await viewer.get(`/api/v1/users/${author.user.id}/reviews?page=2`);
    expect(second.status).toBe(200);
    expect(second.body.pagination.data.map((r: { title: string }) => r.title)).toEqual(['Review 2', 'Review 1']);
    expect(second.body.pagination.data[1].reviewable.is_series).toBe(true);

    expect((await author.get(`/api/v1/users/${author.user.id}/profile`)).body.is_me).toBe(true);
  });

  it('shows the newest public lists first and every other one on later pages (GET users/{id}/lists), never a private one', async () => {
    const author = await asUser(t);
    for (let i = 0; i < PROFILE_LISTS_LIMIT + 2; i++) await newList(author, { name: `List ${i + 1}` });
    await newList(author, { name: 'Kept to myself', public: false });
    const viewer = await asUser(t);
    const res = await viewer.get(`/api/v1/users/${author.user.id}/profile`);
    expect(res.body.user.lists_count).toBe(PROFILE_LISTS_LIMIT + 2);
    expect(res.body.lists).toHaveLength(PROFILE_LISTS_LIMIT);
    expect(res.body.lists[0].name).toBe(`List ${PROFILE_LISTS_LIMIT + 2}`);

    const second = await viewer.get(`/api/v1/users/${author.user.id}/lists?page=2`);
    expect(second.status, second.text).toBe(200);
    expect(second.body.pagination).toMatchObject({ current_page: 2, total: PROFILE_LISTS_LIMIT + 2, last_page: 2 });
    expect(second.body.pagination.data.map((l: { name: string }) => l.name)).toEqual(['List 2', 'List 1']);
    expect(second.body.pagination.data[0]).toHaveProperty('posters');
    const first = await viewer.get(`/api/v1/users/${author.user.id}/lists`);
    expect(first.body.pagination.data.map((l: { id: number }) => l.id)).toEqual(res.body.lists.map((l: { id: number }) => l.id));

    // Same visibility as the profile: guests are asked to sign in, a hidden member is not found, bad pages are a 422.
    expect((await guest(t).get(`/api/v1/users/${author.user.id}/lists`)).status).toBe(401);
    const quiet = await asUser(t);
    await newList(quiet, { name: 'Only private', public: false });
    expect((await viewer.get(`/api/v1/users/${quiet.user.id}/lists`)).status).toBe(404);
    for (const bad of ['0', 'x', '100001']) expect((await viewer.get(`/api/v1/users/${author.user.id}/lists?page=${bad}`)).status).toBe(422);
  });

  it('hides members who published nothing or are suspended, except from themselves and user managers', async () => {
    const viewer = await asUser(t);
    const admin = await asAdmin(t);
    const quiet = await asUser(t);
    await newList(quiet, { name: 'Only private', public: false });
    expect((await viewer.get(`/api/v1/users/${quiet.user.id}/profile`)).status).toBe(404);
    expect((await viewer.get(`/api/v1/users/${quiet.user.id}/reviews`)).status).toBe(404);
    const own = await quiet.get(`/api/v1/users/${quiet.user.id}/profile`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ is_me: true, lists: [], user: { reviews_count: 0, lists_count: 0 } });
    expect((await admin.get(`/api/v1/users/${quiet.user.id}/profile`)).status).toBe(200);

    // A comment is enough to have a profile (comment authors' names link to it).
    const commenter = await asUser(t);
    const posted = await commenter.post('/api/v1/comment', { commentable_type: 'title', commentable_id: titles[2], content: 'A fine film indeed.' });
    expect(posted.status, posted.text).toBe(200);
    expect((await viewer.get(`/api/v1/users/${commenter.user.id}/profile`)).status).toBe(200);

    const banned = await asUser(t);
    await insertReviews(banned.user.id, [titles[3]]);
    expect((await viewer.get(`/api/v1/users/${banned.user.id}/profile`)).status).toBe(200);
    expect((await admin.post(`/api/v1/users/${banned.user.id}/ban`, { comment: 'Spam' })).status).toBe(200);
    expect((await viewer.get(`/api/v1/users/${banned.user.id}/profile`)).status).toBe(404);
    expect((await admin.get(`/api/v1/users/${banned.user.id}/profile`)).status).toBe(200);
    // Their review stays on the title, but their name leads nowhere: the profile would answer 404.
    const authorOf = async (titleId: number, userId: number) =>
      ((await viewer.get(`/api/v1/reviews/public?reviewable_id=${titleId}`)).body.pagination.data as { user: { id: number; has_profile: boolean } }[]).find((r) => r.user.id === userId)?.user;
    expect(await authorOf(titles[3], banned.user.id)).toMatchObject({ has_profile: false });
    expect((await viewer.get(`/api/v1/users/${commenter.user.id}/profile`)).status).toBe(200);

    expect((await viewer.get('/api/v1/users/99999999/profile')).status).toBe(404);
  });

  it('needs users.view; lists and reviews follow lists.view and reviews.view; bad input is a 422', async () => {
    const author = await asUser(t);
    await newList(author, { name: 'Public one' });
    await insertReviews(author.user.id, [titles[4]]);
    // The default guests role does not hold users.view: signed-out visitors are asked to sign in.
    expect((await guest(t).get(`/api/v1/users/${author.user.id}/profile`)).status).toBe(401);
    expect((await guest(t).get(`/api/v1/users/${author.user.id}/reviews`)).status).toBe(401);

    // A signed-in member whose roles lack users.view is refused (the API and the server-rendered page alike).
    const without = await createUser(t, { permissions: ['reviews.view', 'lists.view'] });
    const w = await guest(t).login(without.email, without.password);
    expect((await w.get(`/api/v1/users/${author.user.id}/profile`)).status).toBe(403);
    expect((await w.get(`/api/v1/users/${author.user.id}/reviews`)).status).toBe(403);
    expect((await w.get(`/api/v1/users/${author.user.id}/lists`)).status).toBe(403);
    expect((await guest(t).get(`/api/v1/users/${author.user.id}/lists`)).status).toBe(401);
    expect((await w.get(`/users/${author.user.id}`)).status).toBe(403);

    const bare = await createUser(t, { permissions: ['users.view'] });
    const c = await guest(t).login(bare.email, bare.password);
    const res = await c.get(`/api/v1/users/${author.user.id}/profile`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.lists).toEqual([]);
    expect(res.body.reviews.data).toEqual([]);
    expect(res.body.user).toMatchObject({ reviews_count: 1, lists_count: 1 });
    expect((await c.get(`/api/v1/users/${author.user.id}/reviews`)).body.pagination.data).toEqual([]);

    const v = await asUser(t);
    for (const bad of ['abc', '0', '-1', '99999999999', 'constructor']) expect((await v.get(`/api/v1/users/${bad}/profile`)).status).toBe(422);
    for (const bad of ['0', 'x', '100001']) expect((await v.get(`/api/v1/users/${author.user.id}/reviews?page=${bad}`)).status).toBe(422);
    for (const bad of ['0', 'x', '100001']) expect((await v.get(`/api/v1/users/${author.user.id}/lists?page=${bad}`)).status).toBe(422);
    expect((await v.get('/api/v1/users/constructor/lists')).status).toBe(422);
  });
});

describe('the profile page and the sitemap', () => {
  it('server-renders the SEO tags, a ProfilePage ld+json and the first data; 403 and 404 pages as the API', async () => {
    const author = await asUser(t, { first_name: 'Grace', last_name: 'Hopper <3' });
    await insertReviews(author.user.id, [titles[5]]);
    const viewer = await asUser(t);
    const html = await viewer.get(`/users/${author.user.id}`);
    expect(html.status).toBe(200);
    expect(html.text).toContain('<title>Grace Hopper &lt;3 - ');
    expect(html.text).toContain('"@type":"ProfilePage"');
    expect(html.text).not.toContain(author.user.email);
    const data = JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html.text)![1]);
    expect(data.key).toBe(`users/${author.user.id}/profile`);
    expect(data.data.reviews.data[0].reviewable.id).toBe(titles[5]);

    expect((await guest(t).get(`/users/${author.user.id}`)).status).toBe(403);
    const quiet = await asUser(t);
    expect((await viewer.get(`/users/${quiet.user.id}`)).status).toBe(404);
    expect((await viewer.get('/users/abc')).status).toBe(404);
  });

  it('never names a member by their e-mail: without a name they are "Member :id" everywhere others see them', async () => {
    const member = await asUser(t, { email: 'jane.private1985@mail.example' });
    const quiet = member.user;
    const list = await newList(member, { name: 'Unnamed favourites' });
    await insertReviews(quiet.id, [titles[7]]);
    const comment = await member.post('/api/v1/comment', { commentable_type: 'title', commentable_id: titles[7], content: 'Hello' });
    expect(comment.status, comment.text).toBe(200);
    const viewer = await asUser(t);
    const answers = [
      await viewer.get(`/api/v1/users/${quiet.id}/profile`),
      await viewer.get(`/api/v1/lists/${list.id}`),
      await viewer.get(`/api/v1/reviews/public?reviewable_type=title&reviewable_id=${titles[7]}`),
      await viewer.get(`/api/v1/comment/thread?commentable_type=title&commentable_id=${titles[7]}`),
      await viewer.get(`/users/${quiet.id}`),
      await viewer.get(`/lists/${list.id}`),
    ];
    for (const [i, res] of answers.entries()) {
      expect(res.status, `${i}: ${res.text}`).toBe(200);
      expect(res.text).not.toContain('jane.private1985');
    }
    expect(answers[0].body.user.display_name).toBe('');
    expect(answers[1].body.list.user).toMatchObject({ id: quiet.id, display_name: '' });
    expect(answers[4].text).toContain(`<title>Member ${quiet.id} - `);
    expect(answers[5].text).toContain(`A list by Member ${quiet.id}: 0 titles.`);
    // Their own review and comment come back to them with the public name too.
    const edited = await member.put(`/api/v1/comment/${comment.body.comment.id}`, { content: 'Hello again' });
    expect([edited.status, edited.body.comment?.user?.display_name]).toEqual([200, '']);
    // Moderators still tell members apart by the e-mail's start.
    const admin = await asAdmin(t);
    const reviews = await admin.get(`/api/v1/reviews?perPage=50`);
    expect(reviews.body.pagination.data.find((r: { user_id: number }) => r.user_id === quiet.id).user.display_name).toBe('jane.private1985');
    const comments = await admin.get(`/api/v1/comment?perPage=50`);
    expect(comments.body.pagination.data.find((c: { user_id: number }) => c.user_id === quiet.id).user.display_name).toBe('jane.private1985');
  });

  it('lists profiles in the sitemap only when signed-out visitors may open them', async () => {
    const author = await asUser(t);
    await insertReviews(author.user.id, [titles[6]]);
    const quiet = await asUser(t);
    const sitemap = async () => {
      await generateSitemap(t.ctx);
      const chunks: Buffer[] = [];
      for await (const c of t.ctx.storage.read('sitemaps/sitemap-1.xml')) chunks.push(Buffer.from(c));
      return Buffer.concat(chunks).toString();
    };
    expect(await sitemap()).not.toContain('/users/');
    const guests = await t.ctx.db.selectFrom('permission_grants').select('name').where('model_type', '=', 'role').where('model_id', '=', t.roles.guests).execute();
    await syncGrants(t.ctx.db, 'role', t.roles.guests, [...guests.map((g) => ({ name: g.name })), { name: 'users.view' }]);
    try {
      const xml = await sitemap();
      expect(xml).toContain(`/users/${author.user.id}</loc>`);
      expect(xml).not.toContain(`/users/${quiet.user.id}</loc>`);
      expect((await guest(t).get(`/api/v1/users/${author.user.id}/profile`)).status).toBe(200);
    } finally {
      await syncGrants(t.ctx.db, 'role', t.roles.guests, guests.map((g) => ({ name: g.name })));
    }
  });
});
