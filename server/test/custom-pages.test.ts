import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_MEDIA_MAX_BYTES } from '@app/contracts';
import { CONTACT_MAX_PER_WINDOW } from '../src/modules/contact/routes.ts';
import { sweepUnsavedPageMedia } from '../src/modules/custom-pages/media.ts';
import { Client, asAdmin, asUser, createTestApp, createUser, guest, listUrl, mailsIn } from './helper.ts';

const t = await createTestApp();
let admin: Client;
let editor: Client;
let adminId: number;

function multipart(filename: string, type: string, content: Buffer) {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  admin = await asAdmin(t);
  adminId = (await admin.get('/api/v1/auth/me')).body.user.id;
  // An editor: may manage pages but is not an administrator, so their HTML is sanitized.
  editor = await asUser(t, { permissions: ['custom_pages.update', 'admin.access'], first_name: 'Eddie', last_name: 'Editor' });
});

describe('create and update', () => {
  it('creates a page and answers "Page created"', async () => {
    const res = await admin.post('/api/v1/custom-pages', { title: 'About us', slug: 'about-us', body: '<h2>Who</h2><p>We are.</p>' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Page created');
    expect(res.body.page).toMatchObject({ title: 'About us', slug: 'about-us', type: 'default', user_id: adminId });
    expect(res.body.page.user).toMatchObject({ id: adminId });
    expect(typeof res.body.page.id).toBe('number');
  });

  it('makes the slug from the title when none is given', async () => {
    const res = await admin.post('/api/v1/custom-pages', { title: 'Terms of Service', body: '' });
    expect(res.status).toBe(200);
    expect(res.body.page.slug).toBe('terms-of-service');
  });

  it('updates a page and answers "Page updated"', async () => {
    const created = (await admin.post('/api/v1/custom-pages', { title: 'Draft', slug: 'draft', body: '<p>a</p>' })).body.page;
    const res = await admin.put(`/api/v1/custom-pages/${created.id}`, { title: 'Final', slug: 'final', body: '<p>b</p>' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Page updated');
    expect(res.body.page).toMatchObject({ id: created.id, title: 'Final', slug: 'final', body: '<p>b</p>' });
    // Saving with its own slug again is not a duplicate.
    expect((await admin.put(`/api/v1/custom-pages/${created.id}`, { title: 'Final', slug: 'final', body: '' })).status).toBe(200);
  });

  it('keeps a typed slug lower-case: "Press-Kit" is the same address as "press-kit", found by either spelling and by the list search', async () => {
    const res = await admin.post('/api/v1/custom-pages', { title: 'Press kit', slug: 'Press-Kit', body: '' });
    expect(res.status).toBe(200);
    expect(res.body.page.slug).toBe('press-kit');
    const twin = await admin.post('/api/v1/custom-pages', { title: 'Press kit again', slug: 'press-kit', body: '' });
    expect(twin.status).toBe(422);
    expect(twin.body.errors.slug).toEqual(['This slug is already in use.']);
    expect((await guest(t).get('/api/v1/custom-pages/slug/PRESS-KIT')).body.page).toMatchObject({ id: res.body.page.id, slug: 'press-kit' });
    // A query under three characters matches a slug prefix, which the search reads as lower-case.
    const found = (await admin.get('/api/v1/custom-pages?query=Pr')).body.pagination.data.map((p: { id: number }) => p.id);
    expect(found).toContain(res.body.page.id);
  });

  it('makes a readable slug from a title in any script and takes one typed with vowel signs', async () => {
    const made = async (title: string) => (await admin.post('/api/v1/custom-pages', { title, body: '' })).body.page?.slug;
    expect(await made('Über uns')).toBe('uber-uns');
    expect(await made('ページについて')).toBe('ページについて');
    expect(await made('한국어 안내')).toBe('한국어-안내');
    expect(await made('हिन्दी पृष्ठ')).toBe('हिन्दी-पृष्ठ');
    const typed = await admin.post('/api/v1/custom-pages', { title: 'Thai', slug: 'ภาษาไทย', body: '<p>สวัสดี</p>' });
    expect(typed.status, typed.text).toBe(200);
    const shown = await guest(t).get(`/api/v1/custom-pages/slug/${encodeURIComponent('ภาษาไทย')}`);
    expect(shown.body.page?.title).toBe('Thai');
  });

  it('numbers the slug it makes from a title another page has; a typed slug must be free as typed', async () => {
    const first = (await admin.post('/api/v1/custom-pages', { title: 'Same Title', body: '' })).body.page;
    const second = await admin.post('/api/v1/custom-pages', { title: 'Same Title', body: '' });
    expect(second.status, second.text).toBe(200);
    expect([first.slug, second.body.page.slug]).toEqual(['same-title', 'same-title-2']);
    // Saving the second again keeps its own slug, not a third number.
    const again = await admin.put(`/api/v1/custom-pages/${second.body.page.id}`, { title: 'Same Title', body: '<p>x</p>' });
    expect(again.body.page.slug).toBe('same-title-2');
    await admin.delete(`/api/v1/custom-pages/${first.id},${second.body.page.id}`);
  });

  it('refuses a duplicate slug and one with spaces, saving nothing', async () => {
    const before = (await admin.get('/api/v1/custom-pages?perPage=100')).body.pagination.total;
    const dup = await admin.post('/api/v1/custom-pages', { title: 'Another about', slug: 'about-us', body: '' });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.slug).toEqual(['This slug is already in use.']);
    const spaces = await admin.post('/api/v1/custom-pages', { title: 'Spaced', slug: 'has spaces', body: '' });
    expect(spaces.status).toBe(422);
    expect(spaces.body.errors.slug).toContain('The slug may not contain spaces.');
    const slash = await admin.post('/api/v1/custom-pages', { title: 'Slash', slug: 'a/b', body: '' });
    expect(slash.status).toBe(422);
    for (const slug of ['-', '__', '-_-']) {
      const dashes = await admin.post('/api/v1/custom-pages', { title: 'Dashes', slug, body: '' });
      expect(dashes.status, slug).toBe(422);
      expect(dashes.body.errors.slug).toEqual(['The slug must contain a letter or a number.']);
    }
    expect((await admin.get('/api/v1/custom-pages?perPage=100')).body.pagination.total).toBe(before);

    const other = (await admin.post('/api/v1/custom-pages', { title: 'Other', slug: 'other', body: '' })).body.page;
    const taken = await admin.put(`/api/v1/custom-pages/${other.id}`, { title: 'Other', slug: 'about-us', body: '' });
    expect(taken.status).toBe(422);
    expect((await admin.get(`/api/v1/custom-pages/${other.id}`)).body.page.slug).toBe('other');
  });

  it('takes a slug and a title typed composed or decomposed as one: "über-uns" either way is the same page', async () => {
    const nfd = 'u\u0308ber-uns';
    const res = await admin.post('/api/v1/custom-pages', { title: 'U\u0308ber uns', slug: nfd, body: '' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.page).toMatchObject({ title: 'Über uns', slug: 'über-uns' });
    const again = await admin.post('/api/v1/custom-pages', { title: 'Über uns', slug: 'über-uns', body: '' });
    expect(again.status).toBe(422);
    expect(again.body.errors.slug).toEqual(['This slug is already in use.']);
    for (const typed of [nfd, 'über-uns']) {
      expect((await guest(t).get(`/api/v1/custom-pages/slug/${encodeURIComponent(typed)}`)).body.page?.id, typed).toBe(res.body.page.id);
    }
    const article = await admin.post('/api/v1/news', { title: 'Neu\u0308es', slug: 'neu\u0308es', body: '' });
    expect(article.body.article).toMatchObject({ title: 'Neües', slug: 'neües' });
  });

  it('requires a title', async () => {
    const res = await admin.post('/api/v1/custom-pages', { title: '  ', slug: 'x', body: '' });
    expect(res.status).toBe(422);
    expect(res.body.errors.title).toBeDefined();
  });

  it('strips script from a non-admin author but keeps the formatting', async () => {
    const body = '<h1 style="text-align: center">Hi</h1><p>ok<script>alert(1)</script></p><img src="/storage/page_media/x.png" onerror="alert(2)">'
      + '<a href="javascript:alert(3)">bad</a><a href="https://example.com" target="_blank">good</a><pre><code class="language-javascript">let a;</code></pre>'
      + '<iframe src="https://www.youtube.com/embed/abc"></iframe><iframe src="http://insecure.example/x"></iframe>';
    const res = await editor.post('/api/v1/custom-pages', { title: 'Editor page', slug: 'editor-page', body });
    expect(res.status).toBe(200);
    const saved = res.body.page.body as string;
    expect(saved).not.toMatch(/<script|alert|onerror|javascript:|insecure/);
    expect(saved).toContain('<h1 style="text-align:center">Hi</h1>');
    expect(saved).toContain('<img src="/storage/page_media/x.png" />');
    expect(saved).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a>');
    expect(saved).toContain('<code class="language-javascript">');
    // YouTube plays from its no-cookie host, so the frame stores nothing before the reader plays.
    expect(saved).toContain('<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>');
    // The same on update.
    const upd = await editor.put(`/api/v1/custom-pages/${res.body.page.id}`, { title: 'Editor page', slug: 'editor-page', body: '<p onclick="x()">p</p><script>1</script>' });
    expect(upd.body.page.body).toBe('<p>p</p>');
  });

  it('keeps an administrator\'s HTML as written', async () => {
    const body = '<div class="custom"><script>window.x = 1</script></div>';
    const res = await admin.post('/api/v1/custom-pages', { title: 'Admin page', slug: 'admin-page', body });
    expect(res.body.page.body).toBe(body);
  });
});

describe('permissions', () => {
  it('guards every write and the admin list', async () => {
    const user = await asUser(t);
    expect((await user.get('/api/v1/custom-pages')).status).toBe(403);
    expect((await user.post('/api/v1/custom-pages', { title: 'x', slug: 'x', body: '' })).status).toBe(403);
    expect((await user.delete('/api/v1/custom-pages/1')).status).toBe(403);
    expect((await guest(t).get('/api/v1/custom-pages')).status).toBe(401);
  });
});

describe('public show by slug', () => {
  it('answers the page to guests without owner details', async () => {
    const res = await guest(t).get('/api/v1/custom-pages/slug/about-us');
    expect(res.status).toBe(200);
    expect(res.body.page).toMatchObject({ title: 'About us', slug: 'about-us', body: '<h2>Who</h2><p>We are.</p>' });
    expect(res.body.page.user).toBeUndefined();
    expect(res.body.page.user_id).toBeUndefined();
    expect((await guest(t).get('/api/v1/custom-pages/slug/nope')).status).toBe(404);
  });
});

describe('list', () => {
  const ids: Record<string, number> = {};
  let ownerId: number;
  beforeAll(async () => {
    ownerId = (await createUser(t, { first_name: 'Olga', last_name: 'Owner' })).id;
    const rows = [
      { key: 'alpha', title: 'Zebra fixture alpha', type: 'default', created: '2022-01-01T00:00:00.000Z', updated: '2022-03-01T00:00:00.000Z', user: ownerId },
      { key: 'beta', title: 'Yak fixture beta', type: 'legal', created: '2022-01-02T00:00:00.000Z', updated: '2022-03-02T00:00:00.000Z', user: ownerId },
      { key: 'gamma', title: 'Xerus fixture gamma', type: 'default', created: '2022-01-03T00:00:00.000Z', updated: '2022-02-01T00:00:00.000Z', user: adminId },
    ];
    for (const r of rows) {
      ids[r.key] = (await t.ctx.db.insertInto('custom_pages').values({
        title: r.title, slug: `fx-${r.key}`, body: '<p>x</p>', type: r.type, user_id: r.user, created_at: r.created, updated_at: r.updated,
      }).returning('id').executeTakeFirstOrThrow()).id;
    }
  });
  const fxIds = (res: { body: any }) => res.body.pagination.data.map((p: { id: number }) => p.id);

  it('answers the pagination shape with owners and no bodies', async () => {
    const res = await admin.get(listUrl('/api/v1/custom-pages', { query: 'fixture', with: 'user', perPage: 10 }));
    expect(res.status).toBe(200);
    expect(res.body.pagination).toMatchObject({ current_page: 1, per_page: 10, from: 1, to: 3, total: 3, last_page: 1 });
    const alpha = res.body.pagination.data.find((p: { id: number }) => p.id === ids.alpha);
    expect(alpha.user).toMatchObject({ id: ownerId, display_name: 'Olga Owner' });
    expect(alpha.body).toBeUndefined();
  });

  it('searches titles through the index', async () => {
    expect(fxIds(await admin.get(listUrl('/api/v1/custom-pages', { query: 'Yak fix' })))).toEqual([ids.beta]);
    expect(fxIds(await admin.get(listUrl('/api/v1/custom-pages', { query: 'nothing-like-this' })))).toEqual([]);
  });

  it('sorts by each whitelisted column and refuses others', async () => {
    const q = (orderBy: string, orderDir: string) => admin.get(listUrl('/api/v1/custom-pages', { query: 'fixture', orderBy, orderDir }));
    expect(fxIds(await q('title', 'asc'))).toEqual([ids.gamma, ids.beta, ids.alpha]);
    expect(fxIds(await q('updated_at', 'desc'))).toEqual([ids.beta, ids.alpha, ids.gamma]);
    expect(fxIds(await q('created_at', 'asc'))).toEqual([ids.alpha, ids.beta, ids.gamma]);
    expect(fxIds(await q('slug', 'desc'))).toEqual([ids.gamma, ids.beta, ids.alpha]);
    expect((await q('body', 'asc')).status).toBe(422);
  });

  it('filters by user, type and dates', async () => {
    const f = (filters: unknown) => admin.get(listUrl('/api/v1/custom-pages', { query: 'fixture', filters, orderBy: 'created_at', orderDir: 'asc' }));
    expect(fxIds(await f([{ key: 'user_id', value: ownerId }]))).toEqual([ids.alpha, ids.beta]);
    expect(fxIds(await f([{ key: 'type', value: 'legal' }]))).toEqual([ids.beta]);
    expect(fxIds(await f([{ key: 'created_at', value: { start: '2022-01-02T00:00:00.000Z', end: '2022-01-03T23:59:59.000Z' }, operator: 'between' }]))).toEqual([ids.beta, ids.gamma]);
    expect(fxIds(await f([{ key: 'updated_at', value: '2022-02-15T00:00:00.000Z', operator: '>' }]))).toEqual([ids.alpha, ids.beta]);
    expect((await f([{ key: 'body', value: 'x' }])).status).toBe(422);
  });

  it('offers owners and types for the filters', async () => {
    const res = await admin.get('/api/v1/custom-pages/filter-options');
    expect(res.body.types).toEqual(['default', 'legal']);
    expect(res.body.owners.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining([ownerId, adminId]));
  });

  it('bulk deletes by ids', async () => {
    const res = await admin.delete(`/api/v1/custom-pages/${ids.alpha},${ids.beta}`);
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBe(2);
    expect(fxIds(await admin.get(listUrl('/api/v1/custom-pages', { query: 'fixture' })))).toEqual([ids.gamma]);
    expect((await admin.delete('/api/v1/custom-pages/abc')).status).toBe(422);
    // Ids of no page: 404, as for articles, not a 200 that deleted nothing.
    const none = await admin.delete(`/api/v1/custom-pages/${ids.alpha},${ids.beta}`);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('Page not found');
  });
});

describe('owners', () => {
  it('keeps a page when its owner is deleted, with no owner', async () => {
    const owner = await asUser(t, { permissions: ['custom_pages.update'] });
    const page = (await owner.post('/api/v1/custom-pages', { title: 'Orphan', slug: 'orphan', body: '<p>x</p>' })).body.page;
    expect(page.user_id).toBe(owner.user.id);
    expect((await admin.delete(`/api/v1/users/${owner.user.id}`)).status).toBe(200);
    const after = (await admin.get(`/api/v1/custom-pages/${page.id}`)).body.page;
    expect(after).toMatchObject({ id: page.id, user_id: null, user: null });
    expect((await guest(t).get('/api/v1/custom-pages/slug/orphan')).status).toBe(200);
  });
});

describe('editor image upload', () => {
  const upload = (c: Client, name: string, type: string, content: Buffer) => {
    const { body, headers } = multipart(name, type, content);
    return c.request('POST', '/api/v1/custom-pages/media', body, headers);
  };

  it('stores an image under page_media on the public disk and serves it', async () => {
    const res = await upload(editor, 'pixel.png', 'image/png', PNG);
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/storage\/page_media\/[0-9a-f-]+\.png$/);
    const file = path.join(t.storage, 'public', res.body.url.slice('/storage/'.length));
    // Stored re-encoded (no metadata kept): the same one pixel, still a PNG.
    expect(await sharp(fs.readFileSync(file)).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    const served = await guest(t).get(res.body.url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('refuses a file that is not an image, whatever it claims', async () => {
    const res = await upload(editor, 'evil.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toEqual(['The file must be an image (png, jpeg, gif or webp).']);
  });

  it('refuses an image over 2,097,152 bytes and keeps nothing', async () => {
    const dir = path.join(t.storage, 'public', 'page_media');
    const before = fs.readdirSync(dir).length;
    const big = Buffer.concat([PNG, Buffer.alloc(PAGE_MEDIA_MAX_BYTES)]);
    const res = await upload(editor, 'big.png', 'image/png', big);
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toEqual(['The image may not be greater than 2 MB.']);
    expect(fs.readdirSync(dir)).toHaveLength(before);
    // Exactly the limit is allowed.
    const exact = Buffer.concat([PNG, Buffer.alloc(PAGE_MEDIA_MAX_BYTES - PNG.length)]);
    expect((await upload(editor, 'exact.png', 'image/png', exact)).status).toBe(200);
  });

  it('deletes an inserted image once no page or article body shows it: removed from a body, or its last page or article deleted', async () => {
    const onDisk = (url: string) => fs.existsSync(path.join(t.storage, 'public', url.slice('/storage/'.length)));
    const settle = () => t.ctx.queue.drain();
    const [a, b, c] = await Promise.all([1, 2, 3].map(async (i) => (await upload(editor, `p${i}.png`, 'image/png', PNG)).body.url as string));
    const img = (url: string) => `<p><img src="${url}"></p>`;
    const page = (await admin.post('/api/v1/custom-pages', { title: 'Gallery', body: img(a) + img(b) + img(c) })).body.page;
    const other = (await admin.post('/api/v1/custom-pages', { title: 'Gallery copy', body: img(b) })).body.page;
    const article = (await admin.post('/api/v1/news', { title: 'Gallery news', body: img(c) })).body.article;
    // a taken out of the page's body: nothing else shows it.
    expect((await admin.put(`/api/v1/custom-pages/${page.id}`, { title: 'Gallery', slug: page.slug, body: img(b) + img(c) })).status).toBe(200);
    await settle();
    expect([onDisk(a), onDisk(b), onDisk(c)]).toEqual([false, true, true]);
    // The page deleted: b stays for the other page, c for the article.
    expect((await admin.delete(`/api/v1/custom-pages/${page.id}`)).status).toBe(200);
    await settle();
    expect([onDisk(b), onDisk(c)]).toEqual([true, true]);
    expect((await admin.delete(`/api/v1/custom-pages/${other.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/v1/news/${article.id}`)).status).toBe(200);
    await settle();
    expect([onDisk(b), onDisk(c)]).toEqual([false, false]);
  });

  it('never deletes by an address written into a body, only files the server stored', async () => {
    const outside = path.join(t.storage, 'keep.txt');
    fs.writeFileSync(outside, 'keep');
    const body = '<img src="/storage/page_media/../../keep.txt"><img src="/storage/avatars/00000000-0000-0000-0000-000000000000.png">';
    const page = (await admin.post('/api/v1/custom-pages', { title: 'Tricky', body })).body.page;
    expect((await admin.delete(`/api/v1/custom-pages/${page.id}`)).status).toBe(200);
    await t.ctx.queue.drain();
    expect(fs.existsSync(outside)).toBe(true);
  });

  it('needs a file and the page permission', async () => {
    const res = await editor.request('POST', '/api/v1/custom-pages/media', '', { 'content-type': 'multipart/form-data; boundary=x' });
    expect(res.status).toBe(422);
    const user = await asUser(t);
    expect((await upload(user, 'pixel.png', 'image/png', PNG)).status).toBe(403);
  });

  it('a day on, removes images inserted in a page or article that was never saved; keeps those a body shows', async () => {
    const onDisk = (url: string) => fs.existsSync(path.join(t.storage, 'public', url.slice('/storage/'.length)));
    const [unsaved, shown] = await Promise.all([1, 2].map(async (i) => (await upload(editor, `u${i}.png`, 'image/png', PNG)).body.url as string));
    expect((await admin.post('/api/v1/news', { title: 'Shown inline', body: `<p><img src="${shown}"></p>` })).status).toBe(200);
    await sweepUnsavedPageMedia(t.ctx);
    expect(onDisk(unsaved)).toBe(true);
    await sweepUnsavedPageMedia(t.ctx, Date.now() + 2 * 24 * 3600_000);
    expect([onDisk(unsaved), onDisk(shown)]).toEqual([false, true]);
  });
});

describe('contact page', () => {
  it("mails the contact address setting, with the visitor's address to reply to", async () => {
    await t.ctx.settings.set({ 'client.mail.contact_page_address': 'support@site.test' });
    const res = await guest(t).post('/api/v1/contact', { name: 'Vera Visitor', email: 'vera@example.com', message: 'Hello there' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your message has been submitted.');
    const mail = (await mailsIn(t)).find((m) => m.to === 'support@site.test');
    expect(mail?.subject).toContain('Vera Visitor');
    expect(mail?.text).toContain('vera@example.com');
    expect(mail?.text).toContain('Hello there');
    // The operator's Reply reaches the visitor, not the site's own from address.
    expect(mail?.head).toMatch(/^Reply-To: vera@example\.com$/m);
  });

  it('limits how many messages one address sends', async () => {
    const from = (ip: string) => guest(t).request('POST', '/api/v1/contact', { name: 'Spam', email: 'spam@example.com', message: 'Buy now' }, { 'x-forwarded-for': ip });
    for (let i = 0; i < CONTACT_MAX_PER_WINDOW; i++) expect((await from('203.0.113.9')).status).toBe(200);
    const blocked = await from('203.0.113.9');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many messages. Please try again later.');
    expect((await from('203.0.113.10')).status).toBe(200);
  });

  it('validates name, email and message', async () => {
    const res = await guest(t).post('/api/v1/contact', { name: '', email: 'not-an-email', message: '' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'message', 'name']);
  });
});

describe('menus linking a page', () => {
  it('follow the page to its new slug and leave with it when it is deleted; other items are left alone', async () => {
    const page = (await admin.post('/api/v1/custom-pages', { title: 'Terms', slug: 'terms-old', body: '<p>Rules</p>' })).body.page;
    const before = await t.ctx.settings.get('client.menus');
    const item = (id: string, type: string, action: string) => ({ id, label: id, icon: null, type, action, target: '_self', roles: [], permissions: [] });
    const menu = { id: 'termsmenu1', name: 'Legal', positions: ['footer'], items: [item('terms1', 'custom_page', 'terms-old'), item('link01', 'link', '/pages/terms-old')] };
    expect((await admin.post('/api/v1/admin/appearance', { changes: { 'client.menus': [...before, menu] } })).status).toBe(200);
    try {
      expect((await admin.put(`/api/v1/custom-pages/${page.id}`, { title: 'Terms', slug: 'terms', body: '<p>Rules</p>' })).status).toBe(200);
      const legal = (await t.ctx.settings.get('client.menus')).find((m) => m.id === 'termsmenu1')!;
      expect(legal.items.map((i) => i.action)).toEqual(['terms', '/pages/terms-old']);
      expect((await t.ctx.settings.get('client.menus')).filter((m) => m.id !== 'termsmenu1')).toEqual(before);
      // Deleting the page takes its items along; the plain link stays the operator's.
      expect((await admin.delete(`/api/v1/custom-pages/${page.id}`)).status).toBe(200);
      expect((await t.ctx.settings.get('client.menus')).find((m) => m.id === 'termsmenu1')!.items.map((i) => i.action)).toEqual(['/pages/terms-old']);
    } finally {
      await t.ctx.settings.set({ 'client.menus': before });
    }
  });

  it('landing page buttons follow the page to its new slug and are hidden (no target) when it is deleted', async () => {
    const page = (await admin.post('/api/v1/custom-pages', { title: 'Pricing help', slug: 'pricing-help', body: '<p>Help</p>' })).body.page;
    // A button may only lead to a page that is there (cta3's stays as it is throughout).
    await admin.post('/api/v1/custom-pages', { title: 'Another page', slug: 'another-page', body: '<p>Another</p>' });
    const before = await t.ctx.settings.get('client.homepage.appearance');
    const button = (action: string) => ({ label: 'Read more', type: 'custom_page', action, target: '_self' as const });
    const changed = { ...before, actions: { ...before.actions, cta2: button('pricing-help'), cta3: button('another-page') } };
    expect((await admin.post('/api/v1/admin/appearance', { changes: { 'client.homepage.appearance': changed } })).status).toBe(200);
    try {
      expect((await admin.put(`/api/v1/custom-pages/${page.id}`, { title: 'Pricing help', slug: 'plans-help', body: '<p>Help</p>' })).status).toBe(200);
      let actions = (await t.ctx.settings.get('client.homepage.appearance')).actions;
      expect([actions.cta1, actions.cta2.action, actions.cta3.action]).toEqual([before.actions.cta1, 'plans-help', 'another-page']);
      expect((await admin.delete(`/api/v1/custom-pages/${page.id}`)).status).toBe(200);
      actions = (await t.ctx.settings.get('client.homepage.appearance')).actions;
      expect([actions.cta1, actions.cta2, actions.cta3.action]).toEqual([before.actions.cta1, { ...button(''), action: '' }, 'another-page']);
    } finally {
      await t.ctx.settings.set({ 'client.homepage.appearance': before });
    }
  });
});
