import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBody } from '../src/modules/custom-pages/seo.ts';
import { CHANNEL_PAGE_SIZE, responsiveImage } from '@app/contracts';
import { asAdmin, createTestApp, guest } from './helper.ts';

// The server fills the built index.html; a minimal one stands in for web/dist.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'seo-pages-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>StreamSite</title></head><body><div id="root"></div></body></html>');
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));
const t = await createTestApp({ APP_URL: 'https://flix.test' }, { webDist });
const html = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const ldJson = (page: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(page)![1]);

beforeAll(async () => {
  await t.ctx.settings.set({ 'client.branding.site_name': 'Flix & Co', 'client.branding.site_description': 'Films for everyone', 'client.branding.logo_light': '/storage/logo.png' });
});

describe('SEO tags of custom pages', () => {
  it('renders the page title, its body as description, canonical, og, twitter and WebPage ld+json', async () => {
    const admin = await asAdmin(t);
    const body = `<h1>About "us"</h1><p>We started in 1999 &amp; never stopped.</p><script>alert(1)</script><p>${'Long story. '.repeat(30)}</p>`;
    const res = await admin.post('/api/v1/custom-pages', { title: 'About <us>', slug: 'about-us', body });
    expect(res.status, res.text).toBe(200);

    const page = await html('/pages/about-us');
    expect(page).not.toContain('<title>StreamSite</title>');
    expect(page).toContain('<title>About &lt;us&gt; - Flix &amp; Co</title>');
    const description = describeBody(body);
    expect(description.startsWith('About "us" We started in 1999 & never stopped. Long story.')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).not.toContain('alert');
    expect(page).toContain(`<meta name="description" content="${description.replace(/"/g, '&quot;').replace(/&(?!quot;)/g, '&amp;')}">`);
    expect(page).toContain('<link rel="canonical" href="https://flix.test/pages/about-us">');
    expect(page).toContain('<meta property="og:url" content="https://flix.test/pages/about-us">');
    expect(page).toContain('<meta property="og:title" content="About &lt;us&gt; - Flix &amp; Co">');
    expect(page).toContain('<meta property="og:type" content="article">');
    expect(page).toContain('<meta property="og:image" content="https://flix.test/storage/logo.png">');
    expect(page).toContain('<meta name="twitter:title" content="About &lt;us&gt; - Flix &amp; Co">');
    expect(page).toContain('<meta name="twitter:description" content="About &quot;us&quot;');
    expect(ldJson(page)).toMatchObject({ '@type': 'WebPage', name: 'About <us>', description, url: 'https://flix.test/pages/about-us' });
    // Nothing from the body's markup reaches the head unescaped.
    expect(page.indexOf('alert(1)')).toBe(-1);
  });

  it('gives an unknown slug the not-found page\'s title and a 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pages/no-such-page' });
    expect(res.statusCode).toBe(404);
    const page = res.body;
    // As the app's not-found page reads, so the tab and a shared link do not name the missing page after the home page.
    expect(page).toContain('<title>Page not found - Flix &amp; Co</title>');
    expect(page).toContain('<meta property="og:title" content="Page not found - Flix &amp; Co">');
    expect(page).toContain('<link rel="canonical" href="https://flix.test/pages/no-such-page">');
  });

  it('sends the former slugs of a renamed page on to its current one, until a page takes the slug or the page goes', async () => {
    const admin = await asAdmin(t);
    const page = (await admin.post('/api/v1/custom-pages', { title: 'Shipping', slug: 'shipping-old', body: '<p>Ships</p>' })).body.page;
    const rename = async (slug: string) => expect((await admin.put(`/api/v1/custom-pages/${page.id}`, { title: 'Shipping', slug, body: '<p>Ships</p>' })).status).toBe(200);
    await rename('shipping');
    await rename('delivery');
    for (const old of ['shipping-old', 'shipping']) {
      const res = await t.app.inject({ method: 'GET', url: `/pages/${old}?ref=mail` });
      expect(res.statusCode, old).toBe(301);
      expect(res.headers.location).toBe('/pages/delivery?ref=mail');
      // The site's own call answers the page under its current slug (the page then shows that address).
      const api = await guest(t).get(`/api/v1/custom-pages/slug/${old}`);
      expect(api.body.page).toMatchObject({ id: page.id, slug: 'delivery' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/pages/delivery' })).statusCode).toBe(200);
    // A page made at a former slug is that page; renaming back makes the slug live again.
    const other = (await admin.post('/api/v1/custom-pages', { title: 'Shipping rates', slug: 'shipping', body: '' })).body.page;
    expect((await guest(t).get('/api/v1/custom-pages/slug/shipping')).body.page.id).toBe(other.id);
    await rename('shipping-old');
    expect((await guest(t).get('/api/v1/custom-pages/slug/shipping-old')).body.page).toMatchObject({ id: page.id, slug: 'shipping-old' });
    expect((await guest(t).get('/api/v1/custom-pages/slug/delivery')).body.page).toMatchObject({ id: page.id, slug: 'shipping-old' });
    // A deleted page leaves no redirect behind.
    expect((await admin.delete(`/api/v1/custom-pages/${page.id},${other.id}`)).status).toBe(200);
    for (const old of ['shipping-old', 'shipping', 'delivery']) {
      expect((await t.app.inject({ method: 'GET', url: `/pages/${old}` })).statusCode, old).toBe(404);
      expect((await guest(t).get(`/api/v1/custom-pages/slug/${old}`)).status).toBe(404);
    }
  });
});

describe('a page made at another page\'s former slug', () => {
  it('takes the slug over for good: deleted again, the slug no longer sends visitors to the renamed page', async () => {
    const admin = await asAdmin(t);
    const renamed = (await admin.post('/api/v1/custom-pages', { title: 'Returns', slug: 'returns-old', body: '' })).body.page;
    expect((await admin.put(`/api/v1/custom-pages/${renamed.id}`, { title: 'Returns', slug: 'returns', body: '' })).status).toBe(200);
    const taker = (await admin.post('/api/v1/custom-pages', { title: 'Old returns', slug: 'returns-old', body: '' })).body.page;
    expect((await guest(t).get('/api/v1/custom-pages/slug/returns-old')).body.page.id).toBe(taker.id);
    expect((await admin.delete(`/api/v1/custom-pages/${taker.id}`)).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/pages/returns-old' })).statusCode).toBe(404);
    expect((await guest(t).get('/api/v1/custom-pages/slug/returns-old')).status).toBe(404);
    expect((await guest(t).get('/api/v1/custom-pages/slug/returns')).body.page.id).toBe(renamed.id);
  });
});

describe('SEO tags of the other public pages', () => {
  it.each([
    ['/contact', 'Contact us'],
    ['/login', 'Sign in to your account'],
    ['/register', 'Create a new account'],
    ['/movies', 'Movies'],
    ['/series', 'Series'],
    ['/pricing', 'Pricing'],
  ])('%s has its own title with the generic description and tags', async (url, title) => {
    const page = await html(url);
    expect(page).toContain(`<title>${title} - Flix &amp; Co</title>`);
    expect(page).not.toContain('name="robots"');
    expect(page).toContain('<meta name="description" content="Films for everyone">');
    expect(page).toContain(`<link rel="canonical" href="https://flix.test${url}">`);
    expect(page).toContain(`<meta property="og:title" content="${title} - Flix &amp; Co">`);
    expect(page).toContain(`<meta name="twitter:title" content="${title} - Flix &amp; Co">`);
  });
});

describe('the search page', () => {
  it('names its query (escaped) as its heading does, and asks search engines not to index its results', async () => {
    const empty = await html('/search');
    expect(empty).toContain('<title>Search - Flix &amp; Co</title>');
    const page = await html(`/search?query=${encodeURIComponent(' "Noir" <b>films</b> ')}`);
    expect(page).toContain('<title>Search results for &quot;&quot;Noir&quot; &lt;b&gt;films&lt;/b&gt;&quot; - Flix &amp; Co</title>');
    expect(page).toContain('<link rel="canonical" href="https://flix.test/search">');
    expect(page).toContain('<meta name="robots" content="noindex, follow">');
    expect(page).not.toContain('<b>films');
    // As long as the search box takes, no longer.
    expect(await html(`/search?query=${'x'.repeat(300)}`)).toContain(`for &quot;${'x'.repeat(100)}&quot; - `);
  });
});

describe('the app\'s HTML', () => {
  it('is every unknown page, with a 404, but never a missing build file (a stale tab reloads on that 404)', async () => {
    for (const url of ['/no/such/page', '/titles', '/movies/12', '/login/elsewhere', '/channel/no-such-channel', '/watch/99999999', '/lists/99999999', '/news/99999999', '//example.com/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      // The app still renders and shows its own not-found page, which search engines are asked not to list.
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
      expect(res.body, url).toContain('<title>Page not found - Flix &amp; Co</title>');
    }
    // A file the site does not have is a plain 404, not a page; a page's slug may have a dot.
    for (const url of ['/wp-login.php', '/.env', '/apple-touch-icon.png', '/storage/nothing.jpg']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/titles/1/mr.-robot.html' })).headers['content-type']).toMatch(/^text\/html/);
    // The site's pages, with any query, and the admin area's (its router has its own not-found page) answer 200.
    for (const url of ['/', '/movies?genre=drama', '/Series/', '/search?query=x', '/pricing', '/admin', '/admin/no/such/screen', '/pages/about-us']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/ReportPage-OLDHASH1.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers an address with a broken percent-escape as a missing page, and the API with its own error shape', async () => {
    for (const [url, to] of [['/titles/%ff', '/titles/%25ff'], ['/pages/%ff%fe?x=1', '/pages/%25ff%25fe?x=1'], ['//%ff/x', '/%25ff/x']]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(to);
      const page = await t.app.inject({ method: 'GET', url: to });
      expect(page.statusCode, to).toBe(404);
      expect(page.body, to).toContain('<div id="root">');
    }
    for (const url of ['/api/v1/channel/%ff', '/api/v1/custom-pages/slug/%ff%fe']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: 'The address is not valid.' });
    }
  });
});

describe('the site\'s icons and manifest', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('a new site has a default icon in its theme\'s colours', async () => {
    const ico = await get('/favicon.ico');
    expect(ico.statusCode).toBe(302);
    expect(ico.headers.location).toBe('/favicon.svg');
    const svg = await get('/favicon.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(svg.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // The default theme is the dark one.
    expect(svg.body).toContain('<style>.b{fill:#f06a6e}.p{fill:#15161a}</style>');
    const page = (await get('/contact')).body;
    expect(page).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(page).toContain('<meta name="theme-color" content="#141518">');
  });

  it('a site that follows the system\'s mode has each mode\'s colours', async () => {
    await t.ctx.settings.set({ 'client.themes.default_id': 0 });
    try {
      expect((await get('/favicon.svg')).body).toContain('.b{fill:#2f5fd0}.p{fill:#ffffff}@media (prefers-color-scheme:dark){.b{fill:#f06a6e}.p{fill:#15161a}}');
      const page = (await get('/contact')).body;
      expect(page).toContain('<meta name="theme-color" media="(prefers-color-scheme: light)" content="#ffffff">');
      expect(page).toContain('<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#141518">');
      // A splash screen cannot follow the mode: the manifest has the dark theme's.
      expect(JSON.parse((await get('/manifest.webmanifest')).body).background_color).toBe('#141518');
    } finally {
      await t.ctx.settings.set({ 'client.themes.default_id': 2 });
    }
  });

  it('the branding favicon replaces the default icon once one is set', async () => {
    await t.ctx.settings.set({ 'client.branding.favicon': '/storage/appearance/favicon-abc-512.png' });
    try {
      const res = await get('/favicon.ico');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/storage/appearance/favicon-abc-32.png');
      const page = (await get('/contact')).body;
      expect(page).not.toContain('/favicon.svg');
      expect(page).toContain('<link rel="icon" type="image/png" sizes="32x32" href="/storage/appearance/favicon-abc-32.png">');
      expect(JSON.parse((await get('/manifest.webmanifest')).body).icons).toEqual([
        { src: '/storage/appearance/favicon-abc-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/storage/appearance/favicon-abc-512.png', sizes: '512x512', type: 'image/png' },
      ]);
    } finally {
      await t.ctx.settings.set({ 'client.branding.favicon': '' });
    }
  });

  it('the manifest names the site and opens it as an app of its own', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(JSON.parse(res.body)).toEqual({
      name: 'Flix & Co', short_name: 'Flix & Co', description: expect.any(String), lang: 'en', dir: 'ltr', start_url: '/', scope: '/', display: 'standalone',
      background_color: '#141518', theme_color: '#141518', icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
    });
  });
});

describe('the page\'s language', () => {
  it('is the visitor\'s, in the html lang and the shell pages\' titles, before the app loads', async () => {
    const admin = await asAdmin(t);
    const english = (await t.app.inject({ method: 'GET', url: '/contact' })).body;
    expect(english).toContain('<html lang="en" dir="ltr">');
    // Link previews read the page's language in Open Graph's language_TERRITORY form.
    expect(english).toContain('<meta property="og:locale" content="en_US">');
    const res = await admin.post('/api/v1/localizations', { name: 'Deutsch', language: 'de' });
    expect(res.status, res.text).toBe(200);
    const id = res.body.localization.id;
    const lines = (await admin.get(`/api/v1/localizations/${id}`)).body.localization.lines;
    expect((await admin.put(`/api/v1/localizations/${id}`, { lines: { ...lines, 'Contact us': 'Kontakt' } })).status).toBe(200);
    await t.ctx.settings.set({ 'client.locale.default': 'de' });
    try {
      const page = (await t.app.inject({ method: 'GET', url: '/contact' })).body;
      expect(page).toContain('<html lang="de" dir="ltr">');
      expect(page).toContain('<meta property="og:locale" content="de_DE">');
      expect(page).toContain('<title>Kontakt - Flix &amp; Co</title>');
      // A line nobody translated stays English.
      expect((await t.app.inject({ method: 'GET', url: '/login' })).body).toContain('<title>Sign in to your account - Flix &amp; Co</title>');
    } finally {
      await t.ctx.settings.set({ 'client.locale.default': 'en' });
    }
  });

  it('sets the page right to left for a language written that way', async () => {
    const admin = await asAdmin(t);
    expect((await admin.post('/api/v1/localizations', { name: 'العربية', language: 'ar' })).status).toBe(200);
    await t.ctx.settings.set({ 'client.locale.default': 'ar' });
    try {
      const page = (await t.app.inject({ method: 'GET', url: '/contact' })).body;
      expect(page).toContain('<html lang="ar" dir="rtl">');
      // Open Graph spells Arabic ar_AR (not the likely territory, ar_EG); the landing page says it too, once.
      expect(page).toContain('<meta property="og:locale" content="ar_AR">');
      expect((await t.app.inject({ method: 'GET', url: '/' })).body.match(/property="og:locale"/g)).toHaveLength(1);
      expect(JSON.parse((await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' })).body)).toMatchObject({ lang: 'ar', dir: 'rtl' });
    } finally {
      await t.ctx.settings.set({ 'client.locale.default': 'en' });
    }
  });
});

describe('pages a visitor may not read', () => {
  it('a custom page or channel tells a visitor without its view permission nothing of it (403), and the sitemap skips them', async () => {
    const admin = await asAdmin(t);
    expect((await admin.post('/api/v1/custom-pages', { title: 'Staff handbook', slug: 'staff-handbook', body: '<p>Secret salary bands</p>' })).status).toBe(200);
    expect((await admin.post('/api/v1/channel', { name: 'Staff picks', slug: 'staff-picks-seo', public: true, config: { contentType: 'manual', contentModel: 'titles', layout: 'grid' } })).status).toBe(200);
    const guests = (await admin.get(`/api/v1/roles/${t.roles.guests}`)).body.role.permissions.map((p: { name: string }) => ({ name: p.name }));
    const keep = guests.filter((p: { name: string }) => !['custom_pages.view', 'channels.view', 'lists.view', 'news.view'].includes(p.name));
    expect((await admin.put(`/api/v1/roles/${t.roles.guests}`, { permissions: keep })).status).toBe(200);
    try {
      for (const url of ['/pages/staff-handbook', '/channel/staff-picks-seo', '/news']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(403);
        expect(res.body).toContain('<title>You do not have access to this page - Flix &amp; Co</title>');
        expect(res.body).not.toMatch(/Staff handbook|Secret salary|Staff picks/);
      }
      expect((await admin.post('/api/v1/sitemap/generate')).status).toBe(200);
      await t.ctx.queue.drain();
      const sitemap = fs.readFileSync(path.join(t.storage, 'sitemaps', 'sitemap-1.xml'), 'utf8');
      expect(sitemap).toContain('<loc>https://flix.test/contact</loc>');
      expect(sitemap).not.toMatch(/\/pages\/|\/channel\/|\/lists\/|\/news/);
    } finally {
      await admin.put(`/api/v1/roles/${t.roles.guests}`, { permissions: guests });
    }
    // With the permission back, both pages name themselves again.
    expect(await html('/pages/staff-handbook')).toContain('<title>Staff handbook - Flix &amp; Co</title>');
    expect(await html('/channel/staff-picks-seo')).toContain('<title>Staff picks - Flix &amp; Co</title>');
  });

  it('the sitemap leaves out a channel of titles while guests may not view titles (crawlers would find it empty)', async () => {
    const admin = await asAdmin(t);
    const title = (await admin.post('/api/v1/titles', { name: 'Mapped title', is_series: false })).body.title;
    const created = await admin.post('/api/v1/channel', {
      name: 'Mapped picks', slug: 'mapped-picks', public: true, items: [{ id: title.id, model_type: 'title' }],
      config: { contentType: 'manual', contentModel: 'titles', layout: 'grid' },
    });
    expect(created.status, created.text).toBe(200);
    const sitemap = async () => {
      expect((await admin.post('/api/v1/sitemap/generate')).status).toBe(200);
      await t.ctx.queue.drain();
      return fs.readFileSync(path.join(t.storage, 'sitemaps', 'sitemap-1.xml'), 'utf8');
    };
    expect(await sitemap()).toContain('/channel/mapped-picks</loc>');
    const guests = (await admin.get(`/api/v1/roles/${t.roles.guests}`)).body.role.permissions.map((p: { name: string }) => ({ name: p.name }));
    expect((await admin.put(`/api/v1/roles/${t.roles.guests}`, { permissions: guests.filter((p: { name: string }) => p.name !== 'titles.view') })).status).toBe(200);
    try {
      expect(await sitemap()).not.toContain('/channel/mapped-picks</loc>');
    } finally {
      await admin.put(`/api/v1/roles/${t.roles.guests}`, { permissions: guests });
      await admin.delete(`/api/v1/channel/${created.body.channel.id}`);
      await admin.delete(`/api/v1/titles/${title.id}`);
    }
  });
});

describe('the first data of the home page and of a channel page', () => {
  const pageData = (page: string) => {
    const m = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(page);
    return m ? JSON.parse(m[1]) : null;
  };

  it('comes in the HTML as the channel call answers the visitor, so the first render needs no round trip', async () => {
    const admin = await asAdmin(t);
    expect((await admin.post('/api/v1/channel/reset-to-default')).status).toBe(200);
    expect((await admin.post('/api/v1/titles', { name: 'Harbour Lights', is_series: false })).status).toBe(200);
    // A new title queues a refresh of the home rows: let it run, or it could land between the page and the call.
    await t.ctx.queue.drain();
    const visitor = guest(t);
    for (const [url, slug] of [['/', 'home'], ['/channel/movies', 'movies']]) {
      const data = pageData(await html(url));
      expect(data?.key, url).toBe(`channel/${slug}`);
      const api = await visitor.get(`/api/v1/channel/${slug}?page=1&perPage=${CHANNEL_PAGE_SIZE}`);
      expect(api.status).toBe(200);
      expect(data.data, url).toEqual(api.body);
    }
  });

  it('preloads the hero slider\'s first slide as it is shown: the backdrop on wide screens, the poster on phones', async () => {
    const admin = await asAdmin(t);
    const made = await admin.post('/api/v1/titles', { name: 'Lighthouse Keepers', is_series: false, popularity: 1e6, poster: 'https://img.test/p.jpg', backdrop: 'https://img.test/b.jpg' });
    expect(made.status, made.text).toBe(200);
    // The default rows fill themselves from the catalogue as it is now.
    expect((await admin.post('/api/v1/channel/reset-to-default')).status).toBe(200);
    const hero = pageData(await html('/')).data.channel.content.data[0].content.data[0];
    expect(hero.name).toBe('Lighthouse Keepers');
    const page = await html('/');
    expect(pageData(page).data.channel.content.data[0].content.data[0]).toMatchObject({ id: hero.id, backdrop: 'https://img.test/b.jpg' });
    expect(page).toContain('<link rel="preload" as="image" fetchpriority="high" href="https://img.test/b.jpg" media="(min-width: 640px)">');
    expect(page).toContain('<link rel="preload" as="image" fetchpriority="high" href="https://img.test/p.jpg" media="not all and (min-width: 640px)">');
    // A channel whose rows open with a carousel has no single first image: nothing is preloaded.
    expect(await html('/channel/movies')).not.toContain('rel="preload" as="image"');
  });

  it('preloads a stored picture with the widths and sizes the page lists, so the browser fetches the one it shows', async () => {
    const admin = await asAdmin(t);
    const made = await admin.post('/api/v1/titles', { name: 'Stored Backdrop', is_series: false, backdrop: '/storage/title-images/b.jpg', poster: '/storage/title-images/p.jpg' });
    const page = await html(`/titles/${made.body.title.id}/stored-backdrop`);
    const wide = responsiveImage('/storage/title-images/b.jpg', 'wide');
    expect(page).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${wide.src}" imagesrcset="${wide.srcSet}" imagesizes="100vw">`);
    expect(wide.srcSet).toContain('/storage/title-images/b.jpg?w=1280 1280w');
  });

  it('is left out when the site shows its marketing landing or its home channel is gone, and the home page stays a 200', async () => {
    try {
      await t.ctx.settings.set({ 'client.homepage.type': 'landing' });
      expect(pageData(await html('/'))).toBeNull();
      await t.ctx.settings.set({ 'client.homepage.type': 'channel', 'client.homepage.channel': 'no-such-home' });
      expect(pageData(await html('/'))).toBeNull();
    } finally {
      await t.ctx.settings.set({ 'client.homepage.type': 'channel', 'client.homepage.channel': 'home' });
    }
  });
});

describe('the canonical URL of a news article', () => {
  it('is /news/{id}/{slug} whichever slug, or none, the visitor came by', async () => {
    const admin = await asAdmin(t);
    const res = await admin.post('/api/v1/news', { title: 'Premiere night', slug: 'premiere-night', body: '<p>Red carpet.</p>', image: '' });
    expect(res.status, res.text).toBe(200);
    const id = res.body.article.id;
    for (const url of [`/news/${id}`, `/news/${id}/old-slug`, `/news/${id}/premiere-night?utm_source=x`]) {
      const page = await html(url);
      expect(page, url).toContain(`<link rel="canonical" href="https://flix.test/news/${id}/premiere-night">`);
      expect(page, url).toContain(`<meta property="og:url" content="https://flix.test/news/${id}/premiere-night">`);
    }
  });
});

describe("a channel's share preview", () => {
  it('shows its first item\'s backdrop (else poster) on a large card; a channel without pictures the site\'s image on a small one', async () => {
    const admin = await asAdmin(t);
    const title = (await admin.post('/api/v1/titles', { name: 'Share Picture', is_series: false, poster: '/storage/p-share.jpg', backdrop: 'https://img.test/b-share.jpg' })).body.title;
    const bare = (await admin.post('/api/v1/titles', { name: 'Share Bare', is_series: false })).body.title;
    const manual = (items: number[]) => ({ public: true, config: { contentType: 'manual', contentModel: 'titles', contentOrder: 'manual', layout: 'grid' }, items: items.map((id) => ({ id, model_type: 'title' })) });
    expect((await admin.post('/api/v1/channel', { name: 'Share row', slug: 'share-row', ...manual([bare.id, title.id]) })).status).toBe(200);
    expect((await admin.post('/api/v1/channel', { name: 'Share bare', slug: 'share-bare', ...manual([bare.id]) })).status).toBe(200);
    const page = await html('/channel/share-row');
    expect(page).toContain('<meta property="og:image" content="https://img.test/b-share.jpg">');
    expect(page).toContain('<meta name="twitter:image" content="https://img.test/b-share.jpg">');
    expect(page).toContain('<meta name="twitter:card" content="summary_large_image">');
    const plain = await html('/channel/share-bare');
    expect(plain).toContain('<meta property="og:image" content="https://flix.test/storage/logo.png">');
    expect(plain).toContain('<meta name="twitter:card" content="summary">');
    // Without a backdrop the poster, made absolute.
    expect((await admin.put(`/api/v1/titles/${title.id}`, { backdrop: null })).status).toBe(200);
    expect(await html('/channel/share-row')).toContain('<meta property="og:image" content="https://flix.test/storage/p-share.jpg">');
  });
});
