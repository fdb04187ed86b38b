import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_FULL_MESSAGE, MAX_LIST_ITEMS, UNKNOWN_TITLE_MESSAGE } from '@app/contracts';
import { nowIso } from '../src/db/index.ts';
import { generateSitemap } from '../src/modules/settings/sitemap.ts';
import { Client, asAdmin, asUser, createTestApp, guest } from './helper.ts';

// The server fills the built index.html (the shareable page's SEO tags); a minimal one stands in for web/dist.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'lists-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>StreamSite</title></head><body><div id="root"></div></body></html>');
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));
const t = await createTestApp({}, { webDist });
const titles: number[] = [];

/** Titles straight into the table: the lists only need ids, names and posters. */
async function insertTitles(count: number, prefix = 'Film'): Promise<number[]> {
  const now = nowIso();
  const rows = Array.from({ length: count }, (_, i) => ({
    name: `${prefix} ${i + 1}`, is_series: i % 3 === 0, poster: `/posters/${prefix}-${i + 1}.jpg`, year: 2000 + (i % 20), rating: 7, created_at: now, updated_at: now,
  }));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const res = await t.ctx.db.insertInto('titles').values(rows.slice(i, i + 500)).returning('id').execute();
    ids.push(...res.map((r) => r.id));
  }
  return ids;
}

async function newList(c: Client, body: Record<string, unknown> = {}) {
  const res = await c.post('/api/v1/lists', { name: 'Favourites', description: 'Best ones', public: true, ...body });
  expect(res.status, res.text).toBe(200);
  return res.body.list as { id: number; slug: string; public: boolean; items_count: number };
}

const channelRow = (id: number) => t.ctx.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  titles.push(...await insertTitles(6));
});

describe('lists: create, edit, delete', () => {
  it('creates a list with a generated slug, pages my lists, edits and deletes it', async () => {
    const u = await asUser(t);
    const list = await newList(u);
    expect(list.slug).toMatch(/^[A-Za-z0-9_-]{3,20}$/);
    expect(list.public).toBe(true);
    const row = await channelRow(list.id);
    expect(row.type).toBe('list');
    expect(row.user_id).toBe(u.user.id);
    expect(JSON.parse(row.config)).toMatchObject({ contentType: 'manual', contentModel: 'titles', layout: 'grid' });

    await newList(u, { name: 'Second', public: false });
    const mine = await u.get('/api/v1/lists?perPage=10');
    expect(mine.status).toBe(200);
    expect(mine.body.pagination.total).toBe(2);
    expect(mine.body.pagination.data.map((l: { name: string }) => l.name)).toEqual(['Second', 'Favourites']);

    const edited = await u.put(`/api/v1/lists/${list.id}`, { name: 'Renamed', description: '', public: false });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.message).toBe('List updated');
    expect(edited.body.list).toMatchObject({ name: 'Renamed', description: null, public: false });
    expect((await channelRow(list.id)).version).toBeGreaterThan(row.version);

    expect((await u.delete(`/api/v1/lists/${list.id}`)).status).toBe(200);
    expect((await u.get(`/api/v1/lists/${list.id}`)).status).toBe(404);
  });

  it('answers 422 with field errors for bad input', async () => {
    const u = await asUser(t);
    const res = await u.post('/api/v1/lists', { name: '  ', public: 'yes' });
    expect(res.status).toBe(422);
    expect(res.body.errors.name).toEqual(['The name field is required.']);
    expect(res.body.errors.public).toBeDefined();
    expect((await u.post('/api/v1/lists', { name: 'x'.repeat(101) })).body.errors.name).toBeDefined();
    expect((await u.get('/api/v1/lists?perPage=1000')).status).toBe(422);
    expect((await u.get('/api/v1/lists?orderBy=constructor')).status).toBe(422);
    const list = await newList(u);
    expect((await u.post(`/api/v1/lists/${list.id}/items`, { titleId: 'abc' })).status).toBe(422);
    expect((await u.put(`/api/v1/lists/${list.id}/items/${titles[0]}/position`, { position: -1 })).status).toBe(422);
    expect((await u.get('/api/v1/lists/abc')).status).toBe(422);
  });

  it('guests get 401 on every write and on "my lists"', async () => {
    const g = guest(t);
    const owner = await asUser(t);
    const list = await newList(owner);
    expect((await g.get('/api/v1/lists')).status).toBe(401);
    expect((await g.post('/api/v1/lists', { name: 'Mine' })).status).toBe(401);
    expect((await g.put(`/api/v1/lists/${list.id}`, { name: 'Mine' })).status).toBe(401);
    expect((await g.delete(`/api/v1/lists/${list.id}`)).status).toBe(401);
    expect((await g.post(`/api/v1/lists/${list.id}/items`, { titleId: titles[0] })).status).toBe(401);
    expect((await g.post('/api/v1/watchlist', { titleId: titles[0] })).status).toBe(401);
    expect((await g.get('/api/v1/watchlist/ids')).status).toBe(401);
    expect((await g.get(`/api/v1/lists/for-title/${titles[0]}`)).status).toBe(401);
    // A public list is readable by guests.
    expect((await g.get(`/api/v1/lists/${list.id}`)).status).toBe(200);
  });
});

describe('list items', () => {
  it('adds titles (idempotent), pages them as cards, reorders and removes, keeping items_count', async () => {
    const u = await asUser(t);
    const list = await newList(u);
    for (const id of titles.slice(0, 4)) {
      const res = await u.post(`/api/v1/lists/${list.id}/items`, { titleId: id });
      expect(res.status, res.text).toBe(200);
      expect(res.body.added).toBe(true);
    }
    const again = await u.post(`/api/v1/lists/${list.id}/items`, { titleId: titles[0] });
    expect(again.body.added).toBe(false);
    expect((await channelRow(list.id)).items_count).toBe(4);

    const page = await guest(t).get(`/api/v1/lists/${list.id}?perPage=10`);
    expect(page.status).toBe(200);
    expect(page.body.list).toMatchObject({ id: list.id, name: 'Favourites', public: true, items_count: 4 });
    expect(page.body.list.user.id).toBe(u.user.id);
    expect(page.body.can_edit).toBe(false);
    expect(page.body.items.total).toBe(4);
    expect(page.body.items.data.map((x: { id: number }) => x.id)).toEqual(titles.slice(0, 4));
    expect(page.body.items.data[0]).toMatchObject({ name: 'Film 1', poster: '/posters/Film-1.jpg', is_series: true });
    expect((await u.get(`/api/v1/lists/${list.id}`)).body.can_edit).toBe(true);

    // Move the last to the front, then the front to the third place.
    expect((await u.put(`/api/v1/lists/${list.id}/items/${titles[3]}/position`, { position: 0 })).status).toBe(200);
    expect((await u.put(`/api/v1/lists/${list.id}/items/${titles[3]}/position`, { position: 2 })).status).toBe(200);
    const order = (await u.get(`/api/v1/lists/${list.id}?perPage=10`)).body.items.data.map((x: { id: number }) => x.id);
    expect(order).toEqual([titles[0], titles[1], titles[3], titles[2]]);
    expect((await u.put(`/api/v1/lists/${list.id}/items/${titles[5]}/position`, { position: 0 })).status).toBe(404);

    expect((await u.delete(`/api/v1/lists/${list.id}/items/${titles[1]}`)).body.removed).toBe(true);
    expect((await u.delete(`/api/v1/lists/${list.id}/items/${titles[1]}`)).body.removed).toBe(false);
    expect((await channelRow(list.id)).items_count).toBe(3);
    const paged = await u.get(`/api/v1/lists/${list.id}?perPage=10&page=1`);
    expect(paged.body.items.data.map((x: { id: number }) => x.id)).toEqual([titles[0], titles[3], titles[2]]);
  });

  it('adding an unknown title is a 422 and writes nothing', async () => {
    const u = await asUser(t);
    const list = await newList(u);
    const before = await channelRow(list.id);
    const res = await u.post(`/api/v1/lists/${list.id}/items`, { titleId: 99_999_999 });
    expect(res.status).toBe(422);
    expect(res.body.errors.titleId).toEqual([UNKNOWN_TITLE_MESSAGE]);
    expect((await channelRow(list.id)).version).toBe(before.version);
    const w = await u.post('/api/v1/watchlist', { titleId: 99_999_999 });
    expect(w.status).toBe(422);
    // Nor does it create the watchlist.
    expect(await t.ctx.db.selectFrom('channels').select('id').where('user_id', '=', u.user.id).where('internal', '=', true as never).execute()).toEqual([]);
  });

  it(`holds at most ${MAX_LIST_ITEMS} items: the next add is a clear 422 and nothing is written`, async () => {
    const u = await asUser(t);
    const list = await newList(u);
    const many = await insertTitles(MAX_LIST_ITEMS + 1, 'Bulk');
    const now = nowIso();
    const rows = many.slice(0, MAX_LIST_ITEMS).map((id, i) => ({ channel_id: list.id, channelable_type: 'title' as const, channelable_id: id, order: i, created_at: now }));
    for (let i = 0; i < rows.length; i += 500) await t.ctx.db.insertInto('channelables').values(rows.slice(i, i + 500)).execute();
    await t.ctx.db.updateTable('channels').set({ items_count: MAX_LIST_ITEMS }).where('id', '=', list.id).execute();

    const res = await u.post(`/api/v1/lists/${list.id}/items`, { titleId: many[MAX_LIST_ITEMS] });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(LIST_FULL_MESSAGE);
    expect(res.body.errors.titleId).toEqual([LIST_FULL_MESSAGE]);
    const count = await t.ctx.db.selectFrom('channelables').select((eb) => eb.fn.countAll<number>().as('n')).where('channel_id', '=', list.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(MAX_LIST_ITEMS);
    // A title already there is still "added" without a write, and a deep page reads fine.
    expect((await u.post(`/api/v1/lists/${list.id}/items`, { titleId: many[0] })).body.added).toBe(false);
    const deep = await u.get(`/api/v1/lists/${list.id}?perPage=100&page=100`);
    expect(deep.body.items.total).toBe(MAX_LIST_ITEMS);
    expect(deep.body.items.data.at(-1).id).toBe(many[MAX_LIST_ITEMS - 1]);
    // Moving the last item to the front of a full list.
    expect((await u.put(`/api/v1/lists/${list.id}/items/${many[MAX_LIST_ITEMS - 1]}/position`, { position: 0 })).status).toBe(200);
    expect((await u.get(`/api/v1/lists/${list.id}?perPage=10`)).body.items.data[0].id).toBe(many[MAX_LIST_ITEMS - 1]);
  }, 60_000);
});

describe('who may see and change a list', () => {
  it('a private list opened by someone else is 404, not 403; the owner and moderators see it', async () => {
    const owner = await asUser(t);
    const other = await asUser(t);
    const list = await newList(owner, { public: false });
    expect((await other.get(`/api/v1/lists/${list.id}`)).status).toBe(404);
    expect((await guest(t).get(`/api/v1/lists/${list.id}`)).status).toBe(404);
    expect((await other.post(`/api/v1/lists/${list.id}/items`, { titleId: titles[0] })).status).toBe(404);
    expect((await other.put(`/api/v1/lists/${list.id}`, { name: 'Hijack' })).status).toBe(404);
    expect((await other.delete(`/api/v1/lists/${list.id}`)).status).toBe(404);
    expect((await owner.get(`/api/v1/lists/${list.id}`)).status).toBe(200);
    expect((await (await asAdmin(t)).get(`/api/v1/lists/${list.id}`)).status).toBe(200);
  });

  it("public lists with their owners (GET channel?type=list&with=user) name the owner but show the email to managers only", async () => {
    const owner = await asUser(t);
    const list = await newList(owner, { name: 'Owner email check' });
    const ownerOf = async (c: Client) => {
      const res = await c.get('/api/v1/channel?type=list&with=user&perPage=100');
      expect(res.status, res.text).toBe(200);
      return res.body.pagination.data.find((l: { id: number }) => l.id === list.id)?.user as Record<string, unknown> | undefined;
    };
    for (const c of [guest(t), await asUser(t), owner]) {
      const user = await ownerOf(c);
      expect(user).toMatchObject({ id: owner.user.id });
      expect(user).not.toHaveProperty('email');
    }
    expect(await ownerOf(await asAdmin(t))).toMatchObject({ id: owner.user.id, email: owner.user.email });
  });

  it("a suspended member's public lists answer 404 as their profile does, to all but list managers (page, API, channels, sitemap)", async () => {
    const admin = await asAdmin(t);
    const owner = await asUser(t);
    const list = await newList(owner, { name: 'Banned member picks' });
    await owner.post(`/api/v1/lists/${list.id}/items`, { titleId: titles[0] });
    const other = await asUser(t);
    expect((await other.get(`/api/v1/lists/${list.id}`)).status).toBe(200);
    expect((await admin.post(`/api/v1/users/${owner.user.id}/ban`, {})).status).toBe(200);

    expect((await other.get(`/api/v1/users/${owner.user.id}/profile`)).status).toBe(404);
    for (const c of [guest(t), other]) {
      expect((await c.get(`/api/v1/lists/${list.id}`)).status).toBe(404);
      expect((await c.get(`/api/v1/channel/${list.id}`)).status).toBe(404);
      expect((await c.get(`/api/v1/channel/${list.slug}`)).status).toBe(404);
      const listed = (await c.get('/api/v1/channel?type=list&perPage=100')).body.pagination.data as { id: number }[];
      expect(listed.map((l) => l.id)).not.toContain(list.id);
      const page = await c.get(`/lists/${list.id}`);
      expect(page.status).toBe(404);
      expect(page.text).not.toContain('Banned member picks');
    }
    // Others cannot tell it from a missing list when writing either.
    expect((await other.post(`/api/v1/lists/${list.id}/items`, { titleId: titles[1] })).status).toBe(404);
    // List managers still see it (to moderate it).
    expect((await admin.get(`/api/v1/lists/${list.id}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/channel/${list.id}`)).status).toBe(200);
    expect(((await admin.get('/api/v1/channel?type=list&perPage=100')).body.pagination.data as { id: number }[]).map((l) => l.id)).toContain(list.id);

    await generateSitemap(t.ctx);
    const chunks: Buffer[] = [];
    for await (const c of t.ctx.storage.read('sitemaps/sitemap-1.xml')) chunks.push(Buffer.from(c));
    expect(Buffer.concat(chunks).toString()).not.toContain(`/lists/${list.id}</loc>`);

    // Lifting the suspension makes the list public again.
    expect((await admin.delete(`/api/v1/users/${owner.user.id}/unban`)).status).toBe(200);
    expect((await guest(t).get(`/api/v1/lists/${list.id}`)).status).toBe(200);
  });

  it('only the owner changes a public list (403 for others)', async () => {
    const owner = await asUser(t);
    const other = await asUser(t);
    const list = await newList(owner);
    expect((await other.put(`/api/v1/lists/${list.id}`, { name: 'Hijack' })).status).toBe(403);
    expect((await other.delete(`/api/v1/lists/${list.id}`)).status).toBe(403);
    expect((await other.post(`/api/v1/lists/${list.id}/items`, { titleId: titles[0] })).status).toBe(403);
    expect((await other.delete(`/api/v1/lists/${list.id}/items/${titles[0]}`)).status).toBe(403);
    expect((await other.put(`/api/v1/lists/${list.id}/items/${titles[0]}/position`, { position: 0 })).status).toBe(403);
    expect((await channelRow(list.id)).name).toBe('Favourites');
  });

  it('a suspended user cannot write (session and API token alike)', async () => {
    const admin = await asAdmin(t);
    const u = await asUser(t);
    const list = await newList(u);
    const api = new Client(t);
    api.bearer = (await u.post('/api/v1/auth/access-tokens', { tokenName: 'lists' })).body.plainTextToken;
    expect((await admin.post(`/api/v1/users/${u.user.id}/ban`, {})).status).toBe(200);
    // The ban ended the session: a browser gets a fresh CSRF token (419 first), then 401.
    expect([401, 419]).toContain((await u.post(`/api/v1/lists/${list.id}/items`, { titleId: titles[0] })).status);
    await u.get('/api/v1/auth/me');
    expect((await u.post(`/api/v1/lists/${list.id}/items`, { titleId: titles[0] })).status).toBe(401);
    expect((await u.post('/api/v1/watchlist', { titleId: titles[0] })).status).toBe(401);
    expect((await api.post(`/api/v1/lists/${list.id}/items`, { titleId: titles[0] })).status).toBe(401);
    expect((await api.post('/api/v1/lists', { name: 'New' })).status).toBe(401);
    expect((await channelRow(list.id)).items_count).toBe(0);
  });
});

describe('watchlist', () => {
  it('is created on first use (one per user), newest first, with ids for the cards', async () => {
    const u = await asUser(t);
    expect((await u.get('/api/v1/watchlist/ids')).body.ids).toEqual([]);
    const [a, b] = await Promise.all([u.post('/api/v1/watchlist', { titleId: titles[0] }), u.post('/api/v1/watchlist', { titleId: titles[1] })]);
    expect(a.status, a.text).toBe(200);
    expect(b.status, b.text).toBe(200);
    expect((await u.post('/api/v1/watchlist', { titleId: titles[1] })).body.added).toBe(false);
    const rows = await t.ctx.db.selectFrom('channels').selectAll().where('user_id', '=', u.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Watchlist', type: 'list', items_count: 2 });

    const ids = (await u.get('/api/v1/watchlist/ids')).body.ids as number[];
    expect(ids.sort()).toEqual([titles[0], titles[1]].sort());
    await u.post('/api/v1/watchlist', { titleId: titles[2] });
    const page = await u.get('/api/v1/watchlist?perPage=10');
    expect(page.status).toBe(200);
    expect(page.body.list.internal).toBe(true);
    expect(page.body.items.data[0].id).toBe(titles[2]);
    expect(page.body.items.total).toBe(3);

    expect((await u.delete(`/api/v1/watchlist/${titles[2]}`)).body.removed).toBe(true);
    expect((await u.get('/api/v1/watchlist/ids')).body.ids).not.toContain(titles[2]);

    // It is not among "my lists", and cannot be renamed or deleted.
    expect((await u.get('/api/v1/lists')).body.pagination.total).toBe(0);
    expect((await u.put(`/api/v1/lists/${rows[0].id}`, { name: 'Other' })).status).toBe(422);
    expect((await u.delete(`/api/v1/lists/${rows[0].id}`)).status).toBe(422);
    // Private: others do not see it.
    expect((await (await asUser(t)).get(`/api/v1/lists/${rows[0].id}`)).status).toBe(404);
  });

  it('tells which of my lists hold a title', async () => {
    const u = await asUser(t);
    const a = await newList(u, { name: 'A' });
    const b = await newList(u, { name: 'B' });
    await u.post(`/api/v1/lists/${a.id}/items`, { titleId: titles[4] });
    await u.post('/api/v1/watchlist', { titleId: titles[4] });
    const res = await u.get(`/api/v1/lists/for-title/${titles[4]}`);
    expect(res.status).toBe(200);
    expect(res.body.watchlist).toBe(true);
    const byName = new Map((res.body.lists as { name: string; has: boolean }[]).map((l) => [l.name, l.has]));
    expect(byName.get('A')).toBe(true);
    expect(byName.get('B')).toBe(false);
    expect(res.body.lists).toHaveLength(2);
    expect((await u.get(`/api/v1/lists/for-title/${titles[5]}`)).body.watchlist).toBe(false);
    expect((await u.get('/api/v1/lists/for-title/abc')).status).toBe(422);
    void b;
  });
});

describe('the shareable page and the sitemap', () => {
  it('server-renders a public list\'s SEO title and first data; a private one is a 404 page for others', async () => {
    const owner = await asUser(t);
    const pub = await newList(owner, { name: 'Night <Films>' });
    await owner.post(`/api/v1/lists/${pub.id}/items`, { titleId: titles[0] });
    const html = await guest(t).get(`/lists/${pub.id}`);
    expect(html.status).toBe(200);
    expect(html.text).toContain('<title>Night &lt;Films&gt; - ');
    expect(html.text).toContain('"@type":"ItemList"');
    const data = JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html.text)![1]);
    expect(data.key).toBe(`lists/${pub.id}`);
    expect(data.data.items.data[0].id).toBe(titles[0]);

    const priv = await newList(owner, { name: 'Secret plans', public: false });
    const hidden = await guest(t).get(`/lists/${priv.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.text).not.toContain('Secret plans');
    const own = await owner.get(`/lists/${priv.id}`);
    expect(own.status).toBe(200);
    expect(own.text).toContain('id="page-data"');
    // Its owner reads the list's own title, and search engines are told to leave the page out.
    expect(own.text).toContain('<title>Secret plans - ');
    expect(own.text).toContain('<meta name="robots" content="noindex">');
    expect(html.text).not.toContain('name="robots"');
    expect((await guest(t).get('/lists/abc')).status).toBe(404);
  });

  it('a shared /channel/{slug} link to a public list moves for good to /lists/{id}; a private one stays 404 to others', async () => {
    const owner = await asUser(t);
    const pub = await newList(owner, { name: 'Shared by slug' });
    expect((await guest(t).get(`/api/v1/channel/${pub.slug}`)).status).toBe(200);
    for (const path of [`/channel/${pub.slug}`, `/channel/${pub.id}`]) {
      const res = await guest(t).get(path);
      expect(res.status, path).toBe(301);
      expect(res.headers.location).toBe(`/lists/${pub.id}`);
    }
    expect((await guest(t).get(`/channel/${pub.slug}?page=2`)).headers.location).toBe(`/lists/${pub.id}?page=2`);

    const priv = await newList(owner, { name: 'Kept to myself', public: false });
    const hidden = await guest(t).get(`/channel/${priv.slug}`);
    expect(hidden.status).toBe(404);
    expect(hidden.headers.location).toBeUndefined();
    expect(hidden.text).not.toContain('Kept to myself');
    expect((await owner.get(`/channel/${priv.slug}`)).headers.location).toBe(`/lists/${priv.id}`);
  });

  it('lists public lists only in the sitemap', async () => {
    const u = await asUser(t);
    const pub = await newList(u, { name: 'Shown' });
    const priv = await newList(u, { name: 'Hidden', public: false });
    await generateSitemap(t.ctx);
    const chunks: Buffer[] = [];
    for await (const c of t.ctx.storage.read('sitemaps/sitemap-1.xml')) chunks.push(Buffer.from(c));
    const xml = Buffer.concat(chunks).toString();
    expect(xml).toContain(`/lists/${pub.id}</loc>`);
    expect(xml).not.toContain(`/lists/${priv.id}</loc>`);
  });
});

describe("a member's list in the admin's list editor", () => {
  it('reads as manual content in its own order, and saving it from there keeps its items', async () => {
    const u = await asUser(t);
    const list = await newList(u, { name: 'Kept' });
    for (const id of [titles[2], titles[0]]) expect((await u.post(`/api/v1/lists/${list.id}/items`, { titleId: id })).status).toBe(200);
    const admin = await asAdmin(t);
    const read = await admin.get(`/api/v1/channel/${list.id}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.channel.config).toMatchObject({ contentType: 'manual', contentOrder: 'manual' });
    expect(read.body.channel.content.data.map((x: { id: number }) => x.id)).toEqual([titles[2], titles[0]]);
    // The editor sends back what it read, renamed.
    const saved = await admin.put(`/api/v1/channel/${list.id}`, { name: 'Kept (renamed)', slug: read.body.channel.slug, type: 'list', public: true, config: read.body.channel.config });
    expect(saved.status, saved.text).toBe(200);
    expect((await u.get(`/api/v1/lists/${list.id}`)).body.list.items_count).toBe(2);
  });
});
