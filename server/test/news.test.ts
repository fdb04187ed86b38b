import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GUEST_PERMISSIONS, PAGE_MEDIA_MAX_BYTES } from '@app/contracts';
import { syncGrants } from '../src/modules/roles/permissions.ts';
import { loadNewsCards } from '../src/modules/news/index.ts';
import { excerptOf } from '../src/modules/news/text.ts';
import { sweepUnsavedNewsImages } from '../src/modules/news/service.ts';
import { Client, asAdmin, asUser, createTestApp, guest } from './helper.ts';

// The server fills the built index.html for the SEO checks; a minimal one stands in for web/dist.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'news-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>StreamSite</title></head><body><div id="root"></div></body></html>');
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));
const t = await createTestApp({ APP_URL: 'https://flix.test' }, { webDist });
let admin: Client;
let member: Client;

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
const LONG = `<p>${'Premieres, festivals and box office. '.repeat(20)}</p>`;

beforeAll(async () => {
  admin = await asAdmin(t);
  member = await asUser(t);
});

describe('create, update and delete', () => {
  it('creates an article ("Article created"), slug from the title, body sanitized, excerpt cut at 200 characters', async () => {
    const res = await admin.post('/api/v1/news', {
      title: 'Summer line-up revealed', body: `<h2>Big news</h2><script>alert(1)</script><p onclick="x()">Hello <a href="javascript:alert(2)">there</a></p>${LONG}`,
      image: '/storage/news_images/cover.png',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('Article created');
    const a = res.body.article;
    expect(a).toMatchObject({ title: 'Summer line-up revealed', slug: 'summer-line-up-revealed', image: '/storage/news_images/cover.png' });
    expect(typeof a.id).toBe('number');
    expect(a.body).toContain('<h2>Big news</h2>');
    expect(a.body).not.toMatch(/script|onclick|javascript:/);
    expect(a.excerpt.startsWith('Big news Hello there Premieres, festivals')).toBe(true);
    expect(a.excerpt.length).toBeLessThanOrEqual(200);
    expect(a.excerpt.endsWith('…')).toBe(true);
  });

  it('keeps a table whole: caption, merged cells, header scope and footer (a schedule from a feed or a pasted page)', async () => {
    const table = '<table><caption>Screenings</caption><colgroup><col span="2" /></colgroup><thead><tr><th scope="col" colspan="2">Friday</th></tr></thead>'
      + '<tbody><tr><td rowspan="2">Hall A</td><td>18:00</td></tr><tr><td>21:00</td></tr></tbody><tfoot><tr><td colspan="2">Doors open 30 minutes early</td></tr></tfoot></table>';
    const res = await admin.post('/api/v1/news', { title: 'Festival timetable', body: `${table}<table><tr><td colspan="x" onclick="a()">bad</td></tr></table>` });
    expect(res.status).toBe(200);
    const body: string = res.body.article.body;
    expect(body).toContain(table);
    expect(body).toContain('<td>bad</td>');
  });

  it('cuts the excerpt at 200 characters on a word and keeps short bodies whole', () => {
    expect(excerptOf('<p>Short &amp; sweet.</p>')).toBe('Short & sweet.');
    const cut = excerptOf(`<p>${'word '.repeat(100)}</p>`);
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(cut).toMatch(/word…$/);
  });

  it('updates title, slug, body and image ("Article updated")', async () => {
    const { article } = (await admin.post('/api/v1/news', { title: 'Draft', body: '<p>a</p>' })).body;
    const res = await admin.put(`/api/v1/news/${article.id}`, { title: 'Final cut', slug: 'final-cut', body: '<p>b</p>', image: 'https://images.example.com/p.jpg' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Article updated');
    expect(res.body.article).toMatchObject({ id: article.id, title: 'Final cut', slug: 'final-cut', body: '<p>b</p>', excerpt: 'b', image: 'https://images.example.com/p.jpg' });
    const cleared = await admin.put(`/api/v1/news/${article.id}`, { title: 'Final cut', slug: 'final-cut', body: '<p>b</p>', image: null });
    expect(cleared.body.article.image).toBeNull();
    expect((await admin.get(`/api/v1/news/${article.id}`)).body.article.title).toBe('Final cut');
  });

  it('refuses bad input with field messages and saves nothing', async () => {
    const before = (await admin.get('/api/v1/news')).body.pagination.total;
    const noTitle = await admin.post('/api/v1/news', { title: '  ', body: '' });
    expect(noTitle.status).toBe(422);
    expect(noTitle.body.errors.title).toEqual(['The title is required.']);
    const spaced = await admin.post('/api/v1/news', { title: 'x', slug: 'has spaces' });
    expect(spaced.body.errors.slug).toContain('The slug may not contain spaces.');
    const script = await admin.post('/api/v1/news', { title: 'x', image: 'javascript:alert(1)' });
    expect(script.status).toBe(422);
    expect(script.body.errors.image).toEqual(['Enter a valid image URL.']);
    const wrongType = await admin.post('/api/v1/news', { title: 42, body: [] });
    expect(wrongType.status).toBe(422);
    expect((await admin.get('/api/v1/news')).body.pagination.total).toBe(before);
  });

  it('answers 404 for an unknown id and 422 for a malformed one', async () => {
    expect((await admin.get('/api/v1/news/999999')).status).toBe(404);
    expect((await admin.put('/api/v1/news/999999', { title: 'x', body: '<p>x</p>' })).status).toBe(404);
    for (const id of ['abc', '0', '1.5']) {
      expect((await admin.get(`/api/v1/news/${id}`)).status, id).toBe(422);
      expect((await admin.put(`/api/v1/news/${id}`, { title: 'x' })).status, id).toBe(422);
    }
    expect((await admin.delete('/api/v1/news/999999')).status).toBe(404);
  });

  it('deletes articles by id ("Article deleted")', async () => {
    const a = (await admin.post('/api/v1/news', { title: 'Gone soon' })).body.article;
    const b = (await admin.post('/api/v1/news', { title: 'Gone too' })).body.article;
    const res = await admin.delete(`/api/v1/news/${a.id},${b.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Article deleted', deleted: 2 });
    expect((await admin.get(`/api/v1/news/${a.id}`)).status).toBe(404);
    expect((await admin.delete('/api/v1/news/x,1')).status).toBe(422);
  });
});

describe('lists', () => {
  it('pages newest first with excerpts and no bodies, searches titles, whitelists sorts', async () => {
    for (let i = 1; i <= 3; i++) await admin.post('/api/v1/news', { title: `Weekly roundup ${i}`, body: `<p>Roundup ${i}</p>` });
    const res = await guest(t).get('/api/v1/news?perPage=10');
    expect(res.status).toBe(200);
    const { data, total, per_page: perPage } = res.body.pagination;
    expect(perPage).toBe(10);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(data[0].title).toBe('Weekly roundup 3');
    expect(data[0]).not.toHaveProperty('body');
    expect(data[0].excerpt).toBe('Roundup 3');
    const found = await admin.get('/api/v1/news?query=roundup');
    expect(found.body.pagination.data.map((r: { title: string }) => r.title).sort()).toEqual(['Weekly roundup 1', 'Weekly roundup 2', 'Weekly roundup 3']);
    expect((await admin.get('/api/v1/news?orderBy=title&orderDir=asc')).status).toBe(200);
    for (const bad of ['constructor', '__proto__', 'body']) expect((await admin.get(`/api/v1/news?orderBy=${bad}`)).status, bad).toBe(422);
  });

  it('loads cards in the order asked (the channels loader), skipping unknown ids', async () => {
    const rows = (await admin.get('/api/v1/news?perPage=10')).body.pagination.data as { id: number }[];
    const ids = [rows[2].id, 999999, rows[0].id];
    const cards = await loadNewsCards(t.ctx.db, ids);
    expect(cards.map((c) => c.id)).toEqual([rows[2].id, rows[0].id]);
    expect(cards[0]).not.toHaveProperty('body');
  });

  it('answers the article page with related articles', async () => {
    const a = (await admin.post('/api/v1/news', { title: 'Page test', body: '<p>Body</p>' })).body.article;
    const res = await guest(t).get(`/api/v1/news/${a.id}/page`);
    expect(res.status).toBe(200);
    expect(res.body.article).toMatchObject({ id: a.id, body: '<p>Body</p>' });
    expect(res.body.related.length).toBeGreaterThan(0);
    expect(res.body.related.some((r: { id: number }) => r.id === a.id)).toBe(false);
  });
});

describe('permissions', () => {
  it('lets visitors read, and only news.update write', async () => {
    const anon = guest(t);
    expect((await anon.get('/api/v1/news')).status).toBe(200);
    expect((await anon.post('/api/v1/news', { title: 'x' })).status).toBe(401);
    expect((await member.post('/api/v1/news', { title: 'x' })).status).toBe(403);
    expect((await member.put('/api/v1/news/1', { title: 'x' })).status).toBe(403);
    expect((await member.delete('/api/v1/news/1')).status).toBe(403);
    expect((await member.post('/api/v1/news/import-from-remote-provider')).status).toBe(403);
    const editor = await asUser(t, { permissions: ['news.update'] });
    expect((await editor.post('/api/v1/news', { title: 'By an editor', body: '<p>ok</p>' })).body.message).toBe('Article created');
  });
});

describe('image upload', () => {
  const upload = (c: Client, name: string, type: string, data: Buffer) => {
    const { body, headers } = multipart(name, type, data);
    return c.request('POST', '/api/v1/news/images', body, headers);
  };

  it('stores an image under news_images', async () => {
    const res = await upload(admin, 'cover.png', 'image/png', PNG);
    expect(res.status, res.text).toBe(200);
    expect(res.body.url).toMatch(/^\/storage\/news_images\/[\w-]+\.png$/);
    expect(fs.existsSync(path.join(t.storage, res.body.url.replace('/storage/', 'public/')))).toBe(true);
  });

  it('refuses a file that is not an image, and one over 2,097,152 bytes', async () => {
    const text = await upload(admin, 'cover.png', 'image/png', Buffer.from('not an image at all, just text'));
    expect(text.status).toBe(422);
    expect(text.body.errors.file).toEqual(['The file must be an image (png, jpeg, gif or webp).']);
    const big = await upload(admin, 'big.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(PAGE_MEDIA_MAX_BYTES)]));
    expect(big.status).toBe(422);
    expect(big.body.errors.file).toEqual(['The image may not be greater than 2 MB.']);
    expect((await upload(member, 'cover.png', 'image/png', PNG)).status).toBe(403);
  });

  it('removes an image no article shows any more: replaced, or its last article deleted', async () => {
    const onDisk = (url: string) => fs.existsSync(path.join(t.storage, url.replace('/storage/', 'public/')));
    const first = (await upload(admin, 'a.png', 'image/png', PNG)).body.url;
    const second = (await upload(admin, 'b.png', 'image/png', PNG)).body.url;
    const a = (await admin.post('/api/v1/news', { title: 'Cover swap', image: first })).body.article;
    expect((await admin.put(`/api/v1/news/${a.id}`, { title: 'Cover swap', slug: a.slug, body: '', image: second })).status).toBe(200);
    expect(onDisk(first)).toBe(false);
    const b = (await admin.post('/api/v1/news', { title: 'Same cover', image: second })).body.article;
    expect((await admin.delete(`/api/v1/news/${a.id}`)).status).toBe(200);
    expect(onDisk(second)).toBe(true);
    expect((await admin.delete(`/api/v1/news/${b.id}`)).status).toBe(200);
    expect(onDisk(second)).toBe(false);
  });

  it('a day on, removes an image uploaded in an article editor that was never saved; keeps one an article shows', async () => {
    const onDisk = (url: string) => fs.existsSync(path.join(t.storage, url.replace('/storage/', 'public/')));
    const unsaved = (await upload(admin, 'u.png', 'image/png', PNG)).body.url;
    const cover = (await upload(admin, 'c.png', 'image/png', PNG)).body.url;
    expect((await admin.post('/api/v1/news', { title: 'Kept cover', image: cover })).status).toBe(200);
    await sweepUnsavedNewsImages(t.ctx);
    expect(onDisk(unsaved)).toBe(true);
    await sweepUnsavedNewsImages(t.ctx, Date.now() + 2 * 24 * 3600_000);
    expect([onDisk(unsaved), onDisk(cover)]).toEqual([false, true]);
  });
});

describe('SEO', () => {
  it('renders the article tags with NewsArticle ld+json and its first data', async () => {
    const a = (await admin.post('/api/v1/news', { title: 'Oscars <night>', body: '<p>Winners &amp; losers.</p>', image: '/storage/news_images/o.png' })).body.article;
    const res = await t.app.inject({ method: 'GET', url: `/news/${a.id}/${a.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Oscars &lt;night&gt; - ');
    expect(res.body).toContain('<meta name="description" content="Winners &amp; losers.">');
    expect(res.body).toContain('<meta property="og:image" content="https://flix.test/storage/news_images/o.png">');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(res.body)![1]);
    expect(ld).toMatchObject({ '@type': 'NewsArticle', headline: 'Oscars <night>', image: 'https://flix.test/storage/news_images/o.png', datePublished: a.created_at });
    expect(res.body).toContain(`"key":"news/${a.id}/page"`);
    expect((await t.app.inject({ method: 'GET', url: '/news/999999/nope' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/news' })).body).toContain('<title>News - ');
  });

  it('offers the newest articles as an RSS feed, linked from the news pages, to whoever may read the news', async () => {
    const a = (await admin.post('/api/v1/news', { title: 'Festival "news" & <more>', body: `<p>Tom &amp; Jerry\u0007 premiere.</p>`, image: '/storage/news_images/f.jpg' })).body.article;
    const res = await guest(t).get('/news/rss.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(res.text).toContain('<atom:link href="https://flix.test/news/rss.xml" rel="self" type="application/rss+xml"/>');
    const items = res.text.match(/<item>.*?<\/item>/gs)!;
    expect(items.length).toBeGreaterThan(1);
    expect(items.length).toBeLessThanOrEqual(20);
    // Newest first, escaped, with its date, link and picture; no control character reaches the XML.
    expect(items[0]).toContain('<title>Festival &quot;news&quot; &amp; &lt;more&gt;</title>');
    expect(items[0]).toContain(`<link>https://flix.test/news/${a.id}/${a.slug}</link>`);
    expect(items[0]).toContain(`<pubDate>${new Date(a.created_at).toUTCString()}</pubDate>`);
    expect(items[0]).toContain('<description>Tom &amp; Jerry premiere.</description>');
    expect(items[0]).toContain('<enclosure url="https://flix.test/storage/news_images/f.jpg" type="image/jpeg" length="0"/>');
    expect(res.text).not.toContain('\u0007');
    const feedLink = '<link rel="alternate" type="application/rss+xml" title="News - ';
    expect((await t.app.inject({ method: 'GET', url: '/news' })).body).toContain(feedLink);
    expect((await t.app.inject({ method: 'GET', url: `/news/${a.id}/${a.slug}` })).body).toContain(feedLink);

    await syncGrants(t.ctx.db, 'role', t.roles.guests, DEFAULT_GUEST_PERMISSIONS.filter((p) => p !== 'news.view').map((name) => ({ name })));
    try {
      expect((await guest(t).get('/news/rss.xml')).status).toBe(403);
      expect((await admin.get('/news/rss.xml')).status).toBe(200);
    } finally {
      await syncGrants(t.ctx.db, 'role', t.roles.guests, DEFAULT_GUEST_PERMISSIONS.map((name) => ({ name })));
    }
  });

  it('lists articles in the sitemap', async () => {
    const res = await admin.post('/api/v1/sitemap/generate');
    expect(res.status).toBeLessThan(300);
    await t.ctx.queue.drain();
    const dir = path.join(t.storage, 'sitemaps');
    const all = fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('\n');
    expect(all).toMatch(/https:\/\/flix\.test\/news\/\d+\/oscars-night/);
  });
});
