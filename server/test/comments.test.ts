import { beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asUser, createTestApp, guest, listUrl, type Client } from './helper.ts';

const t = await createTestApp();
let admin: Client;
let alice: Client & { user: { id: number } };
let bob: Client & { user: { id: number } };
const ids = { movie: 0, other: 0, series: 0, episode: 0, video: 0 };
const post = (c: Client, over: Record<string, unknown> = {}) => c.post('/api/v1/comment', { commentable_type: 'title', commentable_id: ids.movie, content: 'Nice one', ...over });
const thread = (c: Client, q: string) => c.get(`/api/v1/comment/thread?${q}`);

beforeAll(async () => {
  admin = await asAdmin(t);
  alice = await asUser(t, { first_name: 'Alice' });
  bob = await asUser(t, { first_name: 'Bob' });
  ids.movie = (await admin.post('/api/v1/titles', { name: 'Comment Movie' })).body.title.id;
  ids.other = (await admin.post('/api/v1/titles', { name: 'Other Movie' })).body.title.id;
  ids.series = (await admin.post('/api/v1/titles', { name: 'Comment Series', is_series: true })).body.title.id;
  await admin.post(`/api/v1/titles/${ids.series}/seasons`, { number: 1 });
  await admin.post(`/api/v1/titles/${ids.series}/seasons/1/episodes`, { name: 'Pilot', episode_number: 1 });
  ids.episode = (await t.ctx.db.selectFrom('episodes').select('id').where('title_id', '=', ids.series).executeTakeFirstOrThrow()).id;
  ids.video = (await admin.post('/api/v1/videos', { title_id: ids.series, name: 'Clip', type: 'embed', src: 'https://www.youtube.com/embed/x', category: 'clip', approved: true })).body.video.id;
});

describe('POST comment', () => {
  it('posts on titles, episodes and videos, keeping the title it belongs to; text is stored as written', async () => {
    let res = await post(alice, { content: '<script>alert(1)</script> see https://example.com' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.comment).toMatchObject({ content: '<script>alert(1)</script> see https://example.com', deleted: false, parent_id: null, title_id: ids.movie, user: { display_name: 'Alice' } });
    res = await post(alice, { commentable_type: 'episode', commentable_id: ids.episode });
    expect(res.body.comment.title_id).toBe(ids.series);
    res = await post(alice, { commentable_type: 'video', commentable_id: ids.video });
    expect(res.body.comment.title_id).toBe(ids.series);
  });

  it('refuses empty, too long, unknown items and guests', async () => {
    let res = await post(alice, { content: '   ' });
    expect(res.status).toBe(422);
    expect(res.body.errors.content).toEqual(['The comment is required.']);
    res = await post(alice, { content: 'x'.repeat(5001) });
    expect(res.body.errors.content).toEqual(['The comment may not be longer than 5000 characters.']);
    res = await post(alice, { commentable_id: 999999 });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('This item cannot be commented on.');
    expect((await post(alice, { commentable_type: 'constructor' })).status).toBe(422);
    // A news article that does not exist takes no comment; one that does takes them like a title.
    expect((await post(alice, { commentable_type: 'news_article', commentable_id: 999999 })).status).toBe(422);
    const now = new Date().toISOString();
    const article = await t.ctx.db.insertInto('news_articles').values({ title: 'Festival line-up', slug: 'festival-line-up', body: '<p>Line-up</p>', excerpt: 'Line-up', image: null, source_url: null, source_guid: null, source_key: null, user_id: null, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    expect((await post(alice, { commentable_type: 'news_article', commentable_id: article.id })).status).toBe(200);
    expect((await post(guest(t))).status).toBe(401);
  });

  it('threads replies; refuses replies to a deleted comment or to a comment of another item', async () => {
    const parent = (await post(alice, { content: 'Parent' })).body.comment;
    const reply = await post(bob, { content: 'Reply', parent_id: parent.id });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.comment.parent_id).toBe(parent.id);
    let res = await post(bob, { commentable_id: ids.other, parent_id: parent.id });
    expect(res.status).toBe(422);
    expect(res.body.errors.parent_id).toEqual(['You can only reply to a comment on the same page.']);
    res = await post(bob, { parent_id: 999999 });
    expect(res.body.errors.parent_id).toEqual(['The comment you are replying to does not exist.']);
    const gone = (await post(alice, { content: 'Soon gone' })).body.comment;
    await alice.delete(`/api/v1/comment/${gone.id}`);
    res = await post(bob, { parent_id: gone.id });
    expect(res.status).toBe(422);
    expect(res.body.errors.parent_id).toEqual(['You cannot reply to a deleted comment.']);
  });
});

describe('threads', () => {
  it('pages top-level comments newest first and replies oldest first, 15 a page; a deleted comment with replies keeps its place', async () => {
    const item = { commentable_type: 'title', commentable_id: ids.other };
    const users = await Promise.all([asUser(t), asUser(t)]);
    const top: number[] = [];
    for (let i = 0; i < 17; i++) top.push((await post(users[i % 2], { ...item, content: `Top ${i}` })).body.comment.id);
    for (let i = 0; i < 16; i++) await post(users[i % 2], { ...item, content: `Reply ${i}`, parent_id: top[16] });
    const leaf = (await post(alice, { ...item, content: 'Leaf to delete' })).body.comment.id;
    await alice.delete(`/api/v1/comment/${leaf}`);

    let page = (await thread(guest(t), `commentable_type=title&commentable_id=${ids.other}`)).body.pagination;
    expect(page).toMatchObject({ total: 17, per_page: 15, last_page: 2 });
    expect(page.data[0]).toMatchObject({ content: 'Top 16', replies_count: 16 });
    page = (await thread(guest(t), `commentable_type=title&commentable_id=${ids.other}&parent_id=${top[16]}&page=2`)).body.pagination;
    expect(page.data.map((c: any) => c.content)).toEqual(['Reply 15']);

    // top[16] is users[0]'s comment.
    const res = await users[1].delete(`/api/v1/comment/${top[16]}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You can only delete your own comments.');
    expect((await users[0].delete(`/api/v1/comment/${top[16]}`)).body).toMatchObject({ deleted: 1, message: 'Comment deleted' });
    page = (await thread(guest(t), `commentable_type=title&commentable_id=${ids.other}`)).body.pagination;
    expect(page.total).toBe(17);
    expect(page.data[0]).toMatchObject({ id: top[16], deleted: true, content: null, user: null, replies_count: 16 });
    expect((await thread(guest(t), 'commentable_type=title&commentable_id=abc')).status).toBe(422);
  });

  it('lets the author edit their comment ("Comment updated"), never someone else\'s', async () => {
    const c = (await post(alice, { content: 'Before' })).body.comment;
    let res = await alice.put(`/api/v1/comment/${c.id}`, { content: 'After' });
    expect(res.body).toMatchObject({ message: 'Comment updated', comment: { content: 'After' } });
    res = await bob.put(`/api/v1/comment/${c.id}`, { content: 'Hijack' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You can only edit your own comments.');
    expect((await alice.put(`/api/v1/comment/${c.id}`, { content: '' })).status).toBe(422);
  });

  it('reports a comment once', async () => {
    const c = (await post(alice, { content: 'Report me' })).body.comment;
    expect((await bob.post(`/api/v1/comment/${c.id}/report`, { reason: 'rude' })).body.reports_count).toBe(1);
    const twice = await bob.post(`/api/v1/comment/${c.id}/report`, {});
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe('You have already reported this.');
    const own = await alice.post(`/api/v1/comment/${c.id}/report`, {});
    expect(own.status).toBe(422);
    expect(own.body.message).toBe('You cannot report your own comment.');
    expect((await t.ctx.db.selectFrom('comments').select('reports_count').where('id', '=', c.id).executeTakeFirstOrThrow()).reports_count).toBe(1);
  });
});

describe('moderation (GET comment, PUT comment/{id}, POST comment/restore)', () => {
  it('is guarded by comments.update', async () => {
    expect((await alice.get('/api/v1/comment')).status).toBe(403);
    expect((await alice.post('/api/v1/comment/restore', { commentIds: [1] })).status).toBe(403);
  });

  it('filters by state, reports, user, title, item and date; sorts; pages at 15', async () => {
    const get = async (params: Record<string, unknown>) => (await admin.get(listUrl('/api/v1/comment', params))).body.pagination;
    const all = await get({});
    expect(all.per_page).toBe(15);
    expect(all.data[0]).toHaveProperty('reports_count');
    const deleted = await get({ filters: [{ key: 'deleted', value: true }] });
    expect(deleted.total).toBe(3);
    expect(deleted.data.every((c: any) => c.deleted && typeof c.content === 'string')).toBe(true);
    expect((await get({ filters: [{ key: 'reported', value: true }] })).data.map((c: any) => c.content)).toEqual(['Report me']);
    expect((await get({ filters: [{ key: 'user_id', value: bob.user.id }] })).total).toBe(1);
    expect((await get({ filters: [{ key: 'title_id', value: ids.series }] })).total).toBe(2);
    const video = await get({ filters: [{ key: 'commentable', value: `video:${ids.video}` }] });
    expect(video.data).toHaveLength(1);
    // Each names what it belongs to and links to where the site shows it, opened at the comment in its thread.
    expect(video.data[0].commentable).toEqual({ id: ids.video, name: 'Clip', link: `/watch/${ids.video}#comment-${video.data[0].id}` });
    const [onEpisode] = (await get({ filters: [{ key: 'commentable', value: `episode:${ids.episode}` }] })).data;
    expect(onEpisode.commentable).toEqual({ id: ids.episode, name: 'Comment Series S1E1: Pilot', link: `/titles/${ids.series}/comment-series/season/1/episode/1#comment-${onEpisode.id}` });
    const [onTitle] = (await get({ filters: [{ key: 'commentable', value: `title:${ids.movie}` }] })).data;
    expect(onTitle.commentable).toEqual({ id: ids.movie, name: 'Comment Movie', link: `/titles/${ids.movie}/comment-movie#comment-${onTitle.id}` });
    const future = { start: '2099-01-01T00:00:00Z', end: '2099-12-31T00:00:00Z' };
    expect((await get({ filters: [{ key: 'created_at', value: future, operator: 'between' }] })).total).toBe(0);
    expect((await get({ orderBy: 'reports_count', orderDir: 'desc' })).data[0].reports_count).toBe(1);
    expect((await admin.get(listUrl('/api/v1/comment', { filters: [{ key: 'commentable', value: 'toString:1' }] }))).status).toBe(422);
    expect((await admin.get(listUrl('/api/v1/comment', { filters: [{ key: 'deleted', value: 'maybe' }] }))).status).toBe(422);
  });

  it('edits, bulk deletes and restores', async () => {
    const [a, b] = (await admin.get(listUrl('/api/v1/comment', { filters: [{ key: 'deleted', value: false }] }))).body.pagination.data;
    const edited = await admin.put(`/api/v1/comment/${a.id}`, { content: 'Moderated' });
    expect(edited.body).toMatchObject({ message: 'Comment updated', comment: { content: 'Moderated' } });
    expect((await admin.delete(`/api/v1/comment/${a.id},${b.id}`)).body.deleted).toBe(2);
    const restore = await admin.post('/api/v1/comment/restore', { commentIds: [a.id, b.id] });
    expect(restore.body).toMatchObject({ restored: 2 });
    const rows = await t.ctx.db.selectFrom('comments').select('deleted').where('id', 'in', [a.id, b.id]).execute();
    expect(rows.every((r) => !r.deleted)).toBe(true);
    const bad = await admin.post('/api/v1/comment/restore', { commentIds: [] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.commentIds).toEqual(['Choose at least one comment.']);
  });

  it('lets a moderator edit and delete what members and staff wrote, but only an admin touches an admin\'s comment', async () => {
    const moderator = await asUser(t, { roles: [], permissions: ['comments.view', 'comments.create', 'comments.update', 'comments.delete'] });
    const other = await asUser(t, { roles: [], permissions: ['comments.view', 'comments.create', 'comments.update'] });
    const byAdmin = (await post(admin, { content: 'Welcome to the site' })).body.comment;
    const byMember = (await post(alice, { content: 'Rude words' })).body.comment;
    const byStaff = (await post(other, { content: 'Staff words' })).body.comment;
    const refused = await moderator.put(`/api/v1/comment/${byAdmin.id}`, { content: 'Rewritten by a moderator' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only an admin can edit or delete what an admin wrote.');
    // A bulk delete with an admin's comment among others changes none of them.
    expect((await moderator.delete(`/api/v1/comment/${byMember.id},${byAdmin.id}`)).status).toBe(403);
    const rows = await t.ctx.db.selectFrom('comments').select(['id', 'content', 'deleted']).where('id', 'in', [byAdmin.id, byMember.id]).orderBy('id').execute();
    expect(rows.map((r) => [r.content, Boolean(r.deleted)])).toEqual([['Welcome to the site', false], ['Rude words', false]]);
    expect((await moderator.put(`/api/v1/comment/${byMember.id}`, { content: 'Moderated words' })).status).toBe(200);
    expect((await moderator.delete(`/api/v1/comment/${byMember.id},${byStaff.id}`)).body.deleted).toBe(2);
    // An admin moderates anyone's, their own included.
    expect((await admin.put(`/api/v1/comment/${byAdmin.id}`, { content: 'Welcome, all' })).status).toBe(200);
    expect((await admin.delete(`/api/v1/comment/${byAdmin.id}`)).body.deleted).toBe(1);
    // What an admin deleted, only an admin brings back.
    const restore = await moderator.post('/api/v1/comment/restore', { commentIds: [byAdmin.id] });
    expect([restore.status, restore.body.message]).toEqual([403, 'Only an admin can edit or delete what an admin wrote.']);
    expect(Boolean((await t.ctx.db.selectFrom('comments').select('deleted').where('id', '=', byAdmin.id).executeTakeFirstOrThrow()).deleted)).toBe(true);
    expect((await moderator.post('/api/v1/comment/restore', { commentIds: [byMember.id] })).body.restored).toBe(1);
  });

  it('tells moderators which authors are admins and which are suspended, in the list; the site\'s threads leave both out', async () => {
    const moderator = await asUser(t, { roles: [], permissions: ['comments.view', 'comments.update', 'comments.delete'] });
    const spammer = await asUser(t, { first_name: 'Spammer' });
    const title = (await admin.post('/api/v1/titles', { name: 'Flagged Authors' })).body.title.id;
    await post(admin, { commentable_id: title, content: 'From the admin' });
    await post(alice, { commentable_id: title, content: 'From a member' });
    await post(spammer, { commentable_id: title, content: 'Buy cheap pills' });
    expect((await admin.post(`/api/v1/users/${spammer.user.id}/ban`, {})).status).toBe(200);
    const list = await moderator.get(listUrl('/api/v1/comment', { filters: [{ key: 'title_id', value: title }] }));
    expect(list.status, list.text).toBe(200);
    const flags = new Map(list.body.pagination.data.map((c: any) => [c.content, { is_admin: c.user.is_admin, suspended: c.user.suspended }]));
    expect(Object.fromEntries(flags)).toEqual({
      'From the admin': { is_admin: true, suspended: false },
      'From a member': { is_admin: false, suspended: false },
      'Buy cheap pills': { is_admin: false, suspended: true },
    });
    const site = await thread(guest(t), `commentable_type=title&commentable_id=${title}`);
    expect(site.status).toBe(200);
    for (const c of site.body.pagination.data) expect(c.user).not.toHaveProperty('is_admin');
    for (const c of site.body.pagination.data) expect(c.user).not.toHaveProperty('suspended');
  });
});

describe('abuse limits', () => {
  it('answers 429 with a clear message past the per-user comment limit', async () => {
    const spammer = await asUser(t);
    let last = { status: 200, body: {} as any };
    for (let i = 0; i < 21 && last.status !== 429; i++) last = await post(spammer, { content: `spam ${i}` });
    expect(last.status).toBe(429);
    expect(last.body.message).toMatch(/^You are posting comments too quickly\. Please try again in \d+ seconds\.$/);
  });
});

describe('moderation search', () => {
  it('finds comments by their author through the users index', async () => {
    const res = await admin.get(listUrl('/api/v1/comment', { query: 'Bob' }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.pagination.data.length).toBeGreaterThan(0);
    expect(res.body.pagination.data.every((c: any) => c.user_id === bob.user.id)).toBe(true);
    expect((await admin.get(listUrl('/api/v1/comment', { query: 'nobody-by-this-name' }))).body.pagination.total).toBe(0);
  });
});

describe('reply counts', () => {
  it('counts only the replies a visitor can open: deleting the last one takes "Show 1 reply" away, and a deleted comment left with none leaves the thread', async () => {
    const movie = (await admin.post('/api/v1/titles', { name: 'Quiet Thread' })).body.title.id;
    const [alice, bob] = await Promise.all([asUser(t), asUser(t)]);
    const item = { commentable_type: 'title', commentable_id: movie };
    const q = `commentable_type=title&commentable_id=${movie}`;
    const top = (await post(alice, { ...item, content: 'Top' })).body.comment.id;
    const middle = (await post(bob, { ...item, content: 'Middle', parent_id: top })).body.comment.id;
    const leaf = (await post(alice, { ...item, content: 'Leaf', parent_id: middle })).body.comment.id;
    const count = async (id: number) => (await t.ctx.db.selectFrom('comments').select('replies_count').where('id', '=', id).executeTakeFirstOrThrow()).replies_count;

    // The top and the middle go; the leaf holds both in place.
    await alice.delete(`/api/v1/comment/${top}`);
    await bob.delete(`/api/v1/comment/${middle}`);
    let page = (await thread(guest(t), q)).body.pagination;
    expect(page.data).toMatchObject([{ id: top, deleted: true, replies_count: 1 }]);
    expect((await thread(guest(t), `${q}&parent_id=${top}`)).body.pagination.data).toMatchObject([{ id: middle, deleted: true, replies_count: 1 }]);

    // The leaf goes too: nothing is left to read, so nothing is left in the thread.
    await alice.delete(`/api/v1/comment/${leaf}`);
    expect([await count(middle), await count(top)]).toEqual([0, 0]);
    page = (await thread(guest(t), q)).body.pagination;
    expect(page).toMatchObject({ total: 0, data: [] });

    // A moderator brings the leaf back: the chain above it shows again.
    expect((await admin.post('/api/v1/comment/restore', { commentIds: [leaf] })).body.restored).toBe(1);
    expect([await count(middle), await count(top)]).toEqual([1, 1]);
    expect((await thread(guest(t), q)).body.pagination.data).toMatchObject([{ id: top, replies_count: 1 }]);

    // A live comment whose only reply goes no longer offers a reply to show.
    const lone = (await post(bob, { ...item, content: 'Lone' })).body.comment.id;
    const answer = (await post(alice, { ...item, content: 'Answer', parent_id: lone })).body.comment.id;
    await alice.delete(`/api/v1/comment/${answer}`);
    expect((await thread(guest(t), q)).body.pagination.data.find((c: any) => c.id === lone)).toMatchObject({ content: 'Lone', replies_count: 0 });
  });
});

describe('reports for moderators (GET and DELETE comment/{id}/reports)', () => {
  it('shows moderators each reason and who reported, then dismisses the reports so the item leaves the "Reported" filter', async () => {
    const c = (await post(alice, { content: 'Reported for reasons' })).body.comment;
    const carol = await asUser(t, { first_name: 'Carol' });
    expect((await bob.post(`/api/v1/comment/${c.id}/report`, { reason: 'Spoils the ending' })).status).toBe(200);
    expect((await carol.post(`/api/v1/comment/${c.id}/report`, {})).status).toBe(200);
    let res = await admin.get(`/api/v1/comment/${c.id}/reports`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.reports.map((r: any) => [r.reason, r.user.display_name])).toEqual([[null, 'Carol'], ['Spoils the ending', 'Bob']]);
    // Members, and moderators of reviews only, cannot read or dismiss them.
    const reviewMod = await asUser(t, { roles: [], permissions: ['reviews.update'] });
    for (const who of [bob, reviewMod]) {
      expect((await who.get(`/api/v1/comment/${c.id}/reports`)).status).toBe(403);
      expect((await who.delete(`/api/v1/comment/${c.id}/reports`)).status).toBe(403);
    }
    expect((await guest(t).get(`/api/v1/comment/${c.id}/reports`)).status).toBe(401);
    const mod = await asUser(t, { roles: [], permissions: ['comments.update'] });
    res = await mod.delete(`/api/v1/comment/${c.id}/reports`);
    expect(res.body).toEqual({ dismissed: 2, message: 'Reports dismissed' });
    expect((await mod.get(`/api/v1/comment/${c.id}/reports`)).body.reports).toEqual([]);
    expect((await admin.get(`/api/v1/comment/${c.id}`)).body.comment.reports_count).toBe(0);
    const reported = (await admin.get(listUrl('/api/v1/comment', { filters: [{ key: 'reported', value: true }] }))).body.pagination.data;
    expect(reported.map((r: any) => r.id)).not.toContain(c.id);
    expect((await admin.get('/api/v1/comment/999999/reports')).status).toBe(404);
    expect((await admin.delete('/api/v1/comment/999999/reports')).status).toBe(404);
    // Checked once does not mean never again: a member can report it afresh.
    expect((await bob.post(`/api/v1/comment/${c.id}/report`, {})).body.reports_count).toBe(1);
  });

  it('never tells visitors how often a comment was reported', async () => {
    const c = (await post(alice, { content: 'Reported quietly' })).body.comment;
    expect(c).not.toHaveProperty('reports_count');
    await bob.post(`/api/v1/comment/${c.id}/report`, { reason: 'rude' });
    for (const who of [guest(t), bob, alice]) {
      const page = (await thread(who, `commentable_type=title&commentable_id=${ids.movie}`)).body.pagination.data;
      const mine = page.find((x: any) => x.id === c.id);
      expect(mine).toBeTruthy();
      expect(mine).not.toHaveProperty('reports_count');
    }
    expect((await alice.put(`/api/v1/comment/${c.id}`, { content: 'Edited' })).body.comment).not.toHaveProperty('reports_count');
    expect((await admin.get(`/api/v1/comment/${c.id}`)).body.comment.reports_count).toBe(1);
  });
});

describe('updated_at: when the text last changed (the site\'s "Edited" mark)', () => {
  it('moves when the text changes, not when it is saved unchanged, deleted or restored', async () => {
    const c = (await post(alice, { content: 'Original words' })).body.comment;
    expect(c.updated_at).toBe(c.created_at);
    const stamp = async () => (await t.ctx.db.selectFrom('comments').select('updated_at').where('id', '=', c.id).executeTakeFirstOrThrow()).updated_at;
    await new Promise((r) => setTimeout(r, 5));
    expect((await alice.put(`/api/v1/comment/${c.id}`, { content: 'Original words' })).status).toBe(200);
    expect(await stamp()).toBe(c.created_at);
    expect((await alice.delete(`/api/v1/comment/${c.id}`)).status).toBe(200);
    expect((await admin.post('/api/v1/comment/restore', { commentIds: [c.id] })).body.restored).toBe(1);
    expect(await stamp()).toBe(c.created_at);
    const edited = (await admin.put(`/api/v1/comment/${c.id}`, { content: 'Moderated words' })).body.comment;
    expect(Date.parse(edited.updated_at)).toBeGreaterThan(Date.parse(edited.created_at));
  });
});

// Last: it adds comments the global counts above do not expect.
describe('linked comments', () => {
  it('GET comment/{id}/context: a linked reply with the comments it answers, top first, as visitors see them', async () => {
    const movie = (await admin.post('/api/v1/titles', { name: 'Context Movie' })).body.title.id;
    const on = { commentable_id: movie };
    const top = (await post(alice, { ...on, content: 'Context top' })).body.comment.id;
    const mid = (await post(bob, { ...on, content: 'Context middle', parent_id: top })).body.comment.id;
    const leaf = (await post(alice, { ...on, content: 'Context leaf', parent_id: mid })).body.comment.id;
    await bob.delete(`/api/v1/comment/${mid}`);
    const res = await guest(t).get(`/api/v1/comment/${leaf}/context`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.comments.map((c: any) => [c.id, c.content, c.deleted])).toEqual([[top, 'Context top', false], [mid, null, true], [leaf, 'Context leaf', false]]);
    expect(res.body.comments[0]).toMatchObject({ commentable_type: 'title', commentable_id: movie, user: { id: alice.user.id } });
    expect(res.body.comments[0]).not.toHaveProperty('reports_count');
    // A top-level comment is its own context.
    expect((await guest(t).get(`/api/v1/comment/${top}/context`)).body.comments.map((c: any) => c.id)).toEqual([top]);
    expect((await guest(t).get('/api/v1/comment/999999999/context')).status).toBe(404);
    expect((await guest(t).get('/api/v1/comment/abc/context')).status).toBe(422);
    // Like the thread itself: only for those who may read comments.
    const noRoles = await asUser(t, { roles: [] });
    expect((await noRoles.get(`/api/v1/comment/${leaf}/context`)).status).toBe(403);
  });
});

describe('a report or a post that must not go through', () => {
  it('answers a report of a deleted comment 404, like a missing one', async () => {
    const [author, reader] = await Promise.all([asUser(t), asUser(t)]);
    const on = { commentable_id: (await admin.post('/api/v1/titles', { name: 'Reported once deleted' })).body.title.id };
    const c = (await post(author, { ...on, content: 'Deleted before reported' })).body.comment;
    expect((await author.delete(`/api/v1/comment/${c.id}`)).status).toBe(200);
    const res = await reader.post(`/api/v1/comment/${c.id}/report`, { reason: 'rude' });
    expect(res.status, res.text).toBe(404);
    expect(res.body.message).toBe('Comment not found');
    expect((await t.ctx.db.selectFrom('content_reports').select('id').where('reportable_type', '=', 'comment').where('reportable_id', '=', c.id).execute())).toEqual([]);
  });

  it('refuses the same text posted again in the same place within a minute, and takes it elsewhere or once deleted', async () => {
    const [author, other] = await Promise.all([asUser(t), asUser(t)]);
    const on = { commentable_id: (await admin.post('/api/v1/titles', { name: 'Said once' })).body.title.id };
    const elsewhere = { commentable_id: (await admin.post('/api/v1/titles', { name: 'Said elsewhere' })).body.title.id };
    const first = (await post(author, { ...on, content: 'Said once' })).body.comment;
    const again = await post(author, { ...on, content: ' Said once ' });
    expect(again.status).toBe(422);
    expect(again.body.errors.content).toEqual(['You have already posted this comment.']);
    expect((await post(author, { ...on, content: 'Said once', parent_id: first.id })).status).toBe(200);
    expect((await post(author, { ...elsewhere, content: 'Said once' })).status).toBe(200);
    expect((await post(other, { ...on, content: 'Said once' })).status).toBe(200);
    expect((await author.delete(`/api/v1/comment/${first.id}`)).status).toBe(200);
    expect((await post(author, { ...on, content: 'Said once' })).status).toBe(200);
  });
});
