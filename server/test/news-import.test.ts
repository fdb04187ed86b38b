import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_LIMITS } from '../src/modules/news/feeds.ts';
import { importNews } from '../src/modules/news/index.ts';
import { Client, asAdmin, createTestApp } from './helper.ts';

// Private networks are allowed (helper default) so the import reaches the local server standing in for feed hosts.
const t = await createTestApp();
let admin: Client;
const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'news');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const ITEM = (i: number) => `<item><title>Item ${i}</title><guid>item-${i}</guid><description>${'x'.repeat(200)}</description></item>`;

const open = new Set<http.ServerResponse>();
const server = http.createServer((req, res) => {
  const url = req.url ?? '/';
  const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8').replaceAll('{{BASE}}', base());
  if (url === '/rss.xml') res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(fixture('rss2.xml'));
  else if (url === '/atom.xml') res.writeHead(200, { 'content-type': 'application/atom+xml' }).end(fixture('atom.xml'));
  else if (url.startsWith('/images/') && url !== '/images/missing.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  else if (url === '/broken.xml') res.writeHead(200, { 'content-type': 'application/xml' }).end('<rss version="2.0"><channel><item><title>Half</titl');
  else if (url === '/page.html') res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body><h1>Not a feed</h1></body></html>');
  else if (url === '/links.xml') {
    res.writeHead(200, { 'content-type': 'application/rss+xml' }).end('<?xml version="1.0"?><rss version="2.0"><channel><title>Links</title>'
      + '<item><title>Relative link</title><guid>rel-1</guid><link>/stories/relative</link></item>'
      + '<item><title>Script link</title><guid>js-1</guid><link>javascript:alert(1)</link></item></channel></rss>');
  } else if (url === '/loop') res.writeHead(302, { location: '/loop' }).end();
  else if (url === '/error') res.writeHead(500).end('oops');
  else if (url === '/huge.xml') {
    // Valid items streamed past the cap with no content-length: the reader must stop by itself.
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.write('<?xml version="1.0"?><rss version="2.0"><channel><title>Huge</title>');
    let i = 0;
    const pump = () => {
      while (i < 2000) if (!res.write(ITEM(i++))) return void res.once('drain', pump);
      res.end('</channel></rss>');
    };
    res.on('error', () => undefined);
    pump();
  } else if (url === '/slow.xml') {
    // Answers the headers and a first item, then never finishes.
    open.add(res);
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.write(`<?xml version="1.0"?><rss version="2.0"><channel><title>Slow</title>${ITEM(1)}`);
  } else res.writeHead(404).end();
});
const base = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const limits = { ...FEED_LIMITS };

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  admin = await asAdmin(t);
  FEED_LIMITS.timeoutMs = 1000;
  FEED_LIMITS.maxBytes = 64 * 1024;
});
afterAll(async () => {
  Object.assign(FEED_LIMITS, limits);
  for (const res of open) res.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const setFeeds = async (...paths: string[]) => {
  const res = await admin.post('/api/v1/settings', { client: {}, server: { 'server.news.feed_urls': paths.map((p) => (p.startsWith('http') ? p : `${base()}${p}`)).join('\n') } });
  expect(res.status, res.text).toBe(200);
};
const runImport = () => admin.post('/api/v1/news/import-from-remote-provider');
const total = async () => (await admin.get('/api/v1/news?perPage=100')).body.pagination.total as number;
const all = async () => (await admin.get('/api/v1/news?perPage=100')).body.pagination.data as { id: number; title: string; image: string | null; created_at: string }[];

describe('import from remote feeds', () => {
  it('asks for a feed when none is set', async () => {
    const res = await runImport();
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Add at least one feed URL in the content settings first.');
  });

  it('validates the feed URLs setting', async () => {
    const res = await admin.post('/api/v1/settings', { client: {}, server: { 'server.news.feed_urls': 'https://ok.example/feed\nnot a url' } });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body.errors)).toContain('Each line must be an http or https URL.');
  });

  it('imports RSS 2.0 and Atom items ("Imported news articles") with images in storage and sanitized bodies', async () => {
    await setFeeds('/rss.xml', '/atom.xml');
    const res = await runImport();
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ message: 'Imported news articles', imported: 5 });

    const rows = await all();
    expect(rows.map((r) => r.title)).toEqual([
      'Box office weekend report', 'Festival line-up announced: 42 premieres & a surprise closer', 'Restoration of a silent classic',
      "Streaming charts: the week's most watched series", 'Director interview: shooting on film in 2025',
    ]);
    const byTitle = new Map(rows.map((r) => [r.title, r]));
    expect(byTitle.get('Festival line-up announced: 42 premieres & a surprise closer')!.created_at).toBe('2025-06-09T16:00:00.000Z');
    // media:content, an RSS enclosure and an Atom enclosure (relative to the feed) are copied into news_images.
    for (const title of ['Festival line-up announced: 42 premieres & a surprise closer', "Streaming charts: the week's most watched series", 'Box office weekend report']) {
      const image = byTitle.get(title)!.image;
      expect(image, title).toMatch(/^\/storage\/news_images\/[\w-]+\.png$/);
      expect(fs.existsSync(path.join(t.storage, image!.replace('/storage/', 'public/')))).toBe(true);
    }
    // A picture the host does not have leaves the article without one.
    expect(byTitle.get('Director interview: shooting on film in 2025')!.image).toBeNull();

    const festival = (await admin.get(`/api/v1/news/${byTitle.get('Festival line-up announced: 42 premieres & a surprise closer')!.id}`)).body.article;
    expect(festival.body).toContain('<strong>42 world premieres</strong>');
    expect(festival.body).not.toMatch(/<script|onclick|javascript:|evil\.example/);
    expect(festival.source_url).toBe('https://wire.example.com/2025/06/festival-line-up/');
    // The public page links it; an article whose source is the feed itself (imported before links were kept) does not.
    expect((await admin.get(`/api/v1/news/${festival.id}/page`)).body.article.source_url).toBe('https://wire.example.com/2025/06/festival-line-up/');
    await t.ctx.db.updateTable('news_articles').set({ source_url: `${base()}/rss.xml` }).where('id', '=', festival.id).execute();
    expect((await admin.get(`/api/v1/news/${festival.id}/page`)).body.article.source_url).toBeNull();
    const box = (await admin.get(`/api/v1/news/${byTitle.get('Box office weekend report')!.id}`)).body.article;
    expect(box.body).toContain('<h2>Top five</h2>');
    expect(box.body).not.toContain('iframe');
    const silent = (await admin.get(`/api/v1/news/${byTitle.get('Restoration of a silent classic')!.id}`)).body.article;
    expect(silent.source_url).toBe('https://notes.example.org/silent-classic');
    expect(silent.body).toBe('<p>The archive finished a 4K restoration.</p><p>It premieres on the site next month.</p>');
  });

  it('does not import an item twice (deduplicated by the feed item id)', async () => {
    const before = await total();
    const res = await runImport();
    expect(res.body).toMatchObject({ message: 'Imported news articles', imported: 0 });
    expect(await total()).toBe(before);
    // Also when the daily task runs it.
    expect(await importNews(t.ctx)).toMatchObject({ feeds: 2, imported: 0, failures: [] });
  });

  const cases: [string, string][] = [
    ['/broken.xml', 'The address does not serve a valid RSS or Atom feed.'],
    ['/page.html', 'The address does not serve a valid RSS or Atom feed.'],
    ['/huge.xml', 'The feed is larger than 64 KB.'],
    ['/slow.xml', 'The feed did not answer within 1 seconds.'],
    ['/loop', 'Too many redirects.'],
    ['/error', 'The feed answered HTTP 500.'],
  ];
  for (const [feed, message] of cases) {
    it(`refuses ${feed} with a clear message and writes nothing`, async () => {
      await setFeeds(feed);
      const before = await total();
      const files = fs.readdirSync(path.join(t.storage, 'public', 'news_images')).length;
      const res = await runImport();
      expect(res.status, res.text).toBe(422);
      expect(res.body.message).toBe(`Could not import ${base()}${feed}: ${message}`);
      expect(res.body.errors.feeds).toEqual([`${base()}${feed}: ${message}`]);
      expect(await total()).toBe(before);
      expect(fs.readdirSync(path.join(t.storage, 'public', 'news_images')).length).toBe(files);
    });
  }

  it('imports the good feeds when another one fails, and names the failing one', async () => {
    await admin.delete(`/api/v1/news/${(await all()).map((r) => r.id).join(',')}`);
    await setFeeds('/loop', '/atom.xml');
    const res = await runImport();
    expect(res.status).toBe(422);
    expect(res.body.errors.feeds).toEqual([`${base()}/loop: Too many redirects.`]);
    expect(res.body.message).toBe(`Could not import ${base()}/loop: Too many redirects. The other feeds imported 2 articles.`);
    expect(await total()).toBe(2);
  });

  it("links an article to its item's page, made absolute; a script link is no link", async () => {
    await setFeeds('/links.xml');
    expect((await runImport()).status).toBe(200);
    const byTitle = new Map((await all()).map((r) => [r.title, r.id]));
    const page = async (title: string) => (await admin.get(`/api/v1/news/${byTitle.get(title)}/page`)).body.article.source_url;
    expect(await page('Relative link')).toBe(`${base()}/stories/relative`);
    expect(await page('Script link')).toBeNull();
  });
});
