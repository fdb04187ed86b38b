import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, afterAll } from 'vitest';
import { DEFAULT_HOMEPAGE_APPEARANCE, DEFAULT_MENUS, DEFAULT_THEMES, SEO_PAGE_KEYS, THEME_COOKIE, seoTagsSchema, seoTemplateError } from '@app/contracts';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { sweepUnusedAppearanceImages } from '../src/modules/appearance/sweep.ts';
import { matchSeoPage, registerSeoPage, unknownSeoPlaceholder } from '../src/modules/seo/registry.ts';
import { asAdmin, asUser, createTestApp, guest, type Client } from './helper.ts';

const t = await createTestApp();

function multipart(field: string, filename: string, data: Buffer) {
  const boundary = '----apptest' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
const upload = (c: Client, kind: string, data: Buffer) => {
  const m = multipart('file', 'image.png', data);
  return c.request('POST', `/api/v1/admin/appearance/images/${kind}`, m.body, { 'content-type': m.contentType });
};
const png = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#336699' } }).png().toBuffer();

describe('appearance values and save', () => {
  it('needs appearance.update', async () => {
    expect((await guest(t).get('/api/v1/admin/appearance/values')).status).toBe(401);
    const user = await asUser(t);
    expect((await user.get('/api/v1/admin/appearance/values')).status).toBe(403);
    const editor = await asUser(t, { permissions: ['appearance.update'] });
    expect((await editor.get('/api/v1/admin/appearance/values')).status).toBe(200);
  });

  it('answers defaults and values', async () => {
    const admin = await asAdmin(t);
    const res = await admin.get('/api/v1/admin/appearance/values');
    expect(res.status).toBe(200);
    expect(res.body.values['client.homepage.appearance']).toEqual(DEFAULT_HOMEPAGE_APPEARANCE);
    expect(res.body.defaults['client.themes.all']).toEqual(DEFAULT_THEMES);
    expect(res.body.values['client.menus']).toEqual(DEFAULT_MENUS);
  });

  it('saves only the changes and they reach the site settings', async () => {
    const admin = await asAdmin(t);
    const homepage = { ...DEFAULT_HOMEPAGE_APPEARANCE, headerTitle: 'Rebranded header', headerImageOpacity: 0.4, headerOverlayColor1: '#abc8' };
    const res = await admin.post('/api/v1/admin/appearance', { changes: { 'client.homepage.appearance': homepage, 'client.branding.site_name': 'Flix' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Changes saved');
    expect(res.body.values['client.homepage.appearance'].headerTitle).toBe('Rebranded header');
    const me = await guest(t).get('/api/v1/auth/me');
    expect(me.body.settings['client.branding.site_name']).toBe('Flix');
    expect(me.body.settings['client.homepage.appearance'].headerOverlayColor1).toBe('#abc8');
    // Untouched keys keep their defaults (nothing else was written).
    const rows = await t.ctx.db.selectFrom('settings').select('name').where('name', 'like', 'client.%').execute();
    expect(rows.map((r) => r.name).sort()).toEqual(['client.branding.site_name', 'client.homepage.appearance']);
  });

  it("keeps the custom HTML (it runs as the site's script in an admin's browser too) to administrators; editors keep the rest", async () => {
    const admin = await asAdmin(t);
    const editor = await asUser(t, { permissions: ['appearance.update'] });
    const html = '<script>window.siteSnippet = 1</script>';
    expect((await admin.post('/api/v1/admin/appearance', { changes: { 'client.custom_code.html': html } })).status).toBe(200);
    // An editor's script would run with the session of the next admin who opens the site: refused, nothing saved.
    const escalate = '<script>fetch("/api/v1/users/1", { method: "PUT" })</script>';
    const refused = await editor.post('/api/v1/admin/appearance', { changes: { 'client.custom_code.html': escalate, 'client.branding.site_name': 'Taken over' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only an admin can change the custom HTML and JavaScript.');
    expect(refused.body.errors['client.custom_code.html']).toEqual(['Only an admin can change the custom HTML and JavaScript.']);
    expect(await t.ctx.settings.get('client.custom_code.html')).toBe(html);
    expect(await t.ctx.settings.get('client.branding.site_name')).not.toBe('Taken over');
    // The rest of the editor, custom CSS included, and the saved HTML sent back as it is, stay the editor's.
    const saved = await editor.post('/api/v1/admin/appearance', { changes: { 'client.custom_code.css': '.hero{color:red}', 'client.custom_code.html': html } });
    expect(saved.status).toBe(200);
    expect(saved.body.values['client.custom_code.css']).toBe('.hero{color:red}');
    // The general settings call keeps the same rule for a staff member who manages settings.
    const settingsStaff = await asUser(t, { permissions: ['settings.update'] });
    for (const client of [{ 'custom_code.html': escalate }, { 'client.custom_code.html': escalate }]) {
      const viaSettings = await settingsStaff.post('/api/v1/settings', { client });
      expect(viaSettings.status).toBe(403);
      expect(viaSettings.body.message).toBe('Only an admin can change the custom HTML and JavaScript.');
    }
    expect((await settingsStaff.post('/api/v1/settings', { client: { 'custom_code.html': html } })).status).toBe(200);
    expect(await t.ctx.settings.get('client.custom_code.html')).toBe(html);
    expect((await admin.post('/api/v1/admin/appearance', { changes: { 'client.custom_code.html': '', 'client.custom_code.css': '' } })).status).toBe(200);
  });

  it('refuses bad input with field errors and saves nothing', async () => {
    const admin = await asAdmin(t);
    const before = (await admin.get('/api/v1/admin/appearance/values')).body.values;
    const cases: [Record<string, unknown>, string][] = [
      [{ 'client.homepage.appearance': { ...DEFAULT_HOMEPAGE_APPEARANCE, headerOverlayColor1: 'red' } }, 'client.homepage.appearance.headerOverlayColor1'],
      [{ 'client.homepage.appearance': { ...DEFAULT_HOMEPAGE_APPEARANCE, headerOverlayColor2: '#12345' } }, 'client.homepage.appearance.headerOverlayColor2'],
      [{ 'client.homepage.appearance': { ...DEFAULT_HOMEPAGE_APPEARANCE, headerImageOpacity: 1.5 } }, 'client.homepage.appearance.headerImageOpacity'],
      [{ 'client.homepage.appearance': { ...DEFAULT_HOMEPAGE_APPEARANCE, headerImageOpacity: 0.25 } }, 'client.homepage.appearance.headerImageOpacity'],
      [{ 'client.themes.all': [{ ...DEFAULT_THEMES[0], colors: { ...DEFAULT_THEMES[0].colors, primary: 'blue' } }] }, 'client.themes.all.0.colors.primary'],
      [{ 'client.menus': [{ ...DEFAULT_MENUS[0], items: [{ ...DEFAULT_MENUS[0].items[0], type: 'link', action: 'not a url' }] }] }, 'client.menus.0.items.0.action'],
      [{ 'client.menus': [{ ...DEFAULT_MENUS[0], items: [{ ...DEFAULT_MENUS[0].items[0], type: 'route', action: '/nowhere' }] }] }, 'client.menus.0.items.0.action'],
      [{ 'client.menus': [{ ...DEFAULT_MENUS[0], items: [{ ...DEFAULT_MENUS[0].items[0], permissions: ['not.a.permission'] }] }] }, 'client.menus.0.items.0.permissions.0'],
      [{ 'client.branding.site_name': '  ' }, 'client.branding.site_name'],
      [{ 'server.app_url': 'http://evil' }, 'server.app_url'],
      // Names Object's prototype carries are unknown keys like any other, not a crash.
      [{ constructor: 1 }, 'constructor'],
      [{ toString: 'x' }, 'toString'],
      // A landing-page button obeys the menu items' rules: a route from the list, a link to a safe URL.
      [{ 'client.homepage.appearance': { ...DEFAULT_HOMEPAGE_APPEARANCE, actions: { ...DEFAULT_HOMEPAGE_APPEARANCE.actions, cta1: { label: 'Go', type: 'route', action: 'javascript:alert(1)', target: '_self' } } } }, 'client.homepage.appearance.actions.cta1.action'],
      [{ 'client.homepage.appearance': { ...DEFAULT_HOMEPAGE_APPEARANCE, actions: { ...DEFAULT_HOMEPAGE_APPEARANCE.actions, cta2: { label: 'Go', type: 'route', action: '//evil.example', target: '_self' } } } }, 'client.homepage.appearance.actions.cta2.action'],
      // Logos and the favicon are image addresses.
      [{ 'client.branding.logo_light': 'javascript:alert(1)' }, 'client.branding.logo_light'],
      [{ 'client.branding.favicon': '//evil.example/icon-512.png' }, 'client.branding.favicon'],
    ];
    for (const [changes, field] of cases) {
      // Each bad change travels with a good one: the good one must not be saved either.
      const res = await admin.post('/api/v1/admin/appearance', { changes: { ...changes, 'client.custom_code.css': 'body{color:red}' } });
      expect(res.status, field).toBe(422);
      expect(res.body.errors[field], field).toBeDefined();
    }
    expect((await admin.get('/api/v1/admin/appearance/values')).body.values).toEqual(before);
  });

  it('refuses menu and menu item ids that repeat (the site keys its menus by them)', async () => {
    const admin = await asAdmin(t);
    const [primary, footer] = DEFAULT_MENUS;
    const twice = { ...primary, items: [...primary.items, { ...primary.items[0], label: 'Home again' }] };
    const res = await admin.post('/api/v1/admin/appearance', { changes: { 'client.menus': [twice, footer] } });
    expect(res.status).toBe(422);
    expect(res.body.errors[`client.menus.0.items.${primary.items.length}.id`]).toEqual(['Menu item ids must be unique.']);
    // Menus placed in one position render as one list: an id another menu's item has is a repeat too.
    const across = { ...footer, items: [...footer.items, { ...primary.items[1] }] };
    const res2 = await admin.post('/api/v1/admin/appearance', { changes: { 'client.menus': [primary, across] } });
    expect(res2.status).toBe(422);
    expect(res2.body.errors[`client.menus.1.items.${footer.items.length}.id`]).toEqual(['Menu item ids must be unique.']);
    const sameMenu = await admin.post('/api/v1/admin/appearance', { changes: { 'client.menus': [primary, { ...footer, id: primary.id }] } });
    expect(sameMenu.body.errors['client.menus.1.id']).toEqual(['Menu ids must be unique.']);
    expect((await admin.get('/api/v1/admin/appearance/values')).body.values['client.menus']).toEqual(DEFAULT_MENUS);
  });

  it('refuses a menu item or landing button leading to a custom page or channel that is not there', async () => {
    const admin = await asAdmin(t);
    const page = await admin.post('/api/v1/custom-pages', { title: 'About us', slug: 'about-us', body: '<p>Hi</p>' });
    expect(page.status).toBe(200);
    const now = new Date().toISOString();
    await t.ctx.db.insertInto('channels').values({ name: 'Picks', slug: 'picks-x', type: 'channel', user_id: null, public: true, internal: false, config: '{}', items_count: 0, version: 1, auto_updated_at: null, auto_update_error: null, created_at: now, updated_at: now } as any).execute();
    const item = (type: string, action: string) => ({ id: `it${action.slice(0, 4)}`, label: 'Go', icon: null, type, action, target: '_self', roles: [], permissions: [] });
    const menus = (...items: ReturnType<typeof item>[]) => [{ ...DEFAULT_MENUS[0], items: [...DEFAULT_MENUS[0].items, ...items] }, DEFAULT_MENUS[1]];
    const n = DEFAULT_MENUS[0].items.length;
    const bad = await admin.post('/api/v1/admin/appearance', { changes: { 'client.menus': menus(item('custom_page', 'about-us'), item('custom_page', 'no-such-page'), item('channel', 'gone-chan')) } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      [`client.menus.0.items.${n + 1}.action`]: ['No custom page has this slug.'],
      [`client.menus.0.items.${n + 2}.action`]: ['No channel has this slug.'],
    });
    const landing = (action: string) => ({ ...DEFAULT_HOMEPAGE_APPEARANCE, actions: { ...DEFAULT_HOMEPAGE_APPEARANCE.actions, cta3: { label: 'Go', type: 'channel', action, target: '_self' as const } } });
    const badButton = await admin.post('/api/v1/admin/appearance', { changes: { 'client.homepage.appearance': landing('gone-chan') } });
    expect(badButton.body.errors['client.homepage.appearance.actions.cta3.action']).toEqual(['No channel has this slug.']);
    // Pages and channels that are there save, and a link saved before its target went never blocks a later save.
    const ok = await admin.post('/api/v1/admin/appearance', { changes: { 'client.menus': menus(item('custom_page', 'about-us'), item('channel', 'picks-x')), 'client.homepage.appearance': landing('picks-x') } });
    expect(ok.status).toBe(200);
    // The general settings call writes menus too, under the same rule.
    const viaSettings = await admin.post('/api/v1/settings', { client: { menus: menus(item('channel', 'gone-chan')) } });
    expect(viaSettings.status).toBe(422);
    expect(viaSettings.body.errors['client.menus']).toEqual(['No channel has this slug.']);
    await t.ctx.db.deleteFrom('channels').where('slug', '=', 'picks-x').execute();
    const later = await admin.post('/api/v1/admin/appearance', { changes: { 'client.menus': menus(item('custom_page', 'about-us'), item('channel', 'picks-x')).reverse() } });
    expect(later.status).toBe(200);
    await admin.post('/api/v1/admin/appearance', { changes: { 'client.menus': DEFAULT_MENUS, 'client.homepage.appearance': DEFAULT_HOMEPAGE_APPEARANCE } });
    await admin.request('DELETE', `/api/v1/custom-pages/${page.body.page.id}`);
  });

  it('requires at least one theme and a valid default theme', async () => {
    const admin = await asAdmin(t);
    const res = await admin.post('/api/v1/admin/appearance', { changes: { 'client.themes.all': [] } });
    expect(res.status).toBe(422);
    expect(res.body.errors['client.themes.all']).toEqual(['At least one theme is required']);
    const both = await admin.post('/api/v1/admin/appearance', { changes: { 'client.themes.all': [{ ...DEFAULT_THEMES[0], default_dark: true }] } });
    expect(both.status).toBe(422);
    const missing = await admin.post('/api/v1/admin/appearance', { changes: { 'client.themes.default_id': 999 } });
    expect(missing.body.errors['client.themes.default_id']).toBeDefined();
    const ok = await admin.post('/api/v1/admin/appearance', { changes: { 'client.themes.default_id': 2 } });
    expect(ok.status).toBe(200);
    // Deleting the default theme falls back to following the system.
    const del = await admin.post('/api/v1/admin/appearance', { changes: { 'client.themes.all': [DEFAULT_THEMES[0]] } });
    expect(del.status).toBe(200);
    expect(del.body.values['client.themes.default_id']).toBe(0);
    await admin.post('/api/v1/admin/appearance', { changes: { 'client.themes.all': DEFAULT_THEMES } });
  });
});

describe('branding images', () => {
  it('a day on, removes the images a newer upload replaced or an editor never saved, and keeps those in use', async () => {
    const admin = await asAdmin(t);
    const stored = (url: string) => path.join(t.storage, 'public', url.slice('/storage/'.length));
    const replaced = (await upload(admin, 'logo_light', await png(200, 50))).body.url;
    expect((await admin.post('/api/v1/admin/appearance', { changes: { 'client.branding.logo_light': replaced } })).status).toBe(200);
    const current = (await upload(admin, 'logo_light', await png(210, 50))).body.url;
    expect((await admin.post('/api/v1/admin/appearance', { changes: { 'client.branding.logo_light': current } })).status).toBe(200);
    const favicon = (await upload(admin, 'favicon', await png(512, 512))).body.url;
    expect((await admin.post('/api/v1/admin/appearance', { changes: { 'client.branding.favicon': favicon } })).status).toBe(200);
    const neverSaved = (await upload(admin, 'logo_dark', await png(200, 50))).body.url;

    // Just uploaded: the editor may still be about to save it.
    await sweepUnusedAppearanceImages(t.ctx);
    expect(fs.existsSync(stored(neverSaved))).toBe(true);
    await sweepUnusedAppearanceImages(t.ctx, Date.now() + 2 * 24 * 3600_000);
    expect([fs.existsSync(stored(replaced)), fs.existsSync(stored(neverSaved))]).toEqual([false, false]);
    expect(fs.existsSync(stored(current))).toBe(true);
    // The favicon setting names the 512 px file; its other sizes stay with it.
    for (const size of [16, 32, 180, 192, 512]) expect(fs.existsSync(stored(favicon.replace('-512.png', `-${size}.png`)))).toBe(true);
    expect((await guest(t).get(current)).status).toBe(200);
  });

  it('generates favicon sizes from a 512x512 image', async () => {
    const admin = await asAdmin(t);
    const res = await upload(admin, 'favicon', await png(600, 600));
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/storage\/appearance\/favicon-.*-512\.png$/);
    for (const size of [16, 32, 180, 192, 512]) {
      const file = path.join(t.storage, 'public', res.body.url.slice('/storage/'.length).replace('-512.png', `-${size}.png`));
      const meta = await sharp(file).metadata();
      expect(meta.width).toBe(size);
    }
  });

  it('refuses a small favicon and a file that is not an image', async () => {
    const admin = await asAdmin(t);
    const small = await upload(admin, 'favicon', await png(256, 256));
    expect(small.status).toBe(422);
    expect(small.body.errors.file).toEqual(['Favicon image should be at least 512x512.']);
    const text = await upload(admin, 'logo_light', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(text.status).toBe(422);
    expect(text.body.errors.file[0]).toMatch(/must be an image/);
    const logo = await upload(admin, 'logo_dark', await png(200, 50));
    expect(logo.status).toBe(200);
    expect((await guest(t).get(logo.body.url)).status).toBe(200);
  });
});

describe('SEO tags', () => {
  it('answers original and custom tags and updates one key', async () => {
    const admin = await asAdmin(t);
    const res = await admin.get('/api/v1/admin/appearance/seo-tags/landing,title');
    expect(res.status).toBe(200);
    expect(res.body.landing.original).toContain('<title>');
    expect(res.body.landing.custom).toBeNull();
    const put = await admin.put('/api/v1/admin/appearance/seo-tags/landing', { tags: '<title>{{site_name}} custom landing</title>' });
    expect(put.status).toBe(200);
    expect(put.body.message).toBe('Updated SEO tags');
    expect((await admin.get('/api/v1/admin/appearance/seo-tags/landing')).body.landing.custom).toBe('<title>{{site_name}} custom landing</title>');
    expect((await admin.put('/api/v1/admin/appearance/seo-tags/nope', { tags: 'x' })).status).toBe(404);
    await admin.put('/api/v1/admin/appearance/seo-tags/landing', { tags: '' });
    expect((await admin.get('/api/v1/admin/appearance/seo-tags/landing')).body.landing.custom).toBeNull();
  });

  it('refuses a template that would break every page using it, and keeps the one saved before', async () => {
    const admin = await asAdmin(t);
    const broken: [string, string][] = [
      ['<title>{{ broken', 'Write each placeholder as {{name}}, closed with }}.'],
      ['<title>{{site_name}}', 'Close each <title> with </title>.'],
      ['<title>x</title><script type="application/ld+json">{}', 'Close each <script> with </script>.'],
    ];
    for (const [tags, message] of broken) {
      const res = await admin.put('/api/v1/admin/appearance/seo-tags/title', { tags });
      expect(res.status, tags).toBe(422);
      expect(res.body.errors.tags).toEqual([message]);
    }
    expect((await admin.get('/api/v1/admin/appearance/seo-tags/title')).body.title.custom).toBeNull();
    // Every built-in template passes, JSON-LD's closing braces included.
    const all = (await admin.get(`/api/v1/admin/appearance/seo-tags/${SEO_PAGE_KEYS.join(',')}`)).body;
    for (const key of SEO_PAGE_KEYS) expect(seoTemplateError(all[key].original), key).toBeNull();
  });

  it('refuses a placeholder the page does not fill in, and takes every one its built-in template uses', async () => {
    const admin = await asAdmin(t);
    // A misspelt one would leave the landing page titled " | " in every tab and search result.
    const typo = await admin.put('/api/v1/admin/appearance/seo-tags/landing', { tags: '<title>{{site_nme}} | {{site_description}}</title>' });
    expect(typo.status).toBe(422);
    expect(typo.body.errors.tags[0]).toMatch(/^\{\{site_nme\}\} is not a placeholder of this page\. Use one of: \{\{site_name\}\}, /);
    // A person's values are not a title page's.
    const foreign = await admin.put('/api/v1/admin/appearance/seo-tags/title', { tags: '<title>{{person.name}}</title>' });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.tags[0]).toContain('{{title.name}}');
    expect((await admin.get('/api/v1/admin/appearance/seo-tags/landing,title')).body).toMatchObject({ landing: { custom: null }, title: { custom: null } });
    // The site's values and the page's own, json form included, are all fine.
    const ok = await admin.put('/api/v1/admin/appearance/seo-tags/title', { tags: '<title>{{ title.name }} - {{site_name}}</title><script type="application/ld+json">{{json ld}}</script><link rel="canonical" href="{{url}}">' });
    expect(ok.status).toBe(200);
    await admin.put('/api/v1/admin/appearance/seo-tags/title', { tags: '' });
  });
});

describe('SEO tags from editors who are not admins', () => {
  it('hold only the tags a head needs for SEO; an admin may still write any markup', async () => {
    const editor = await asUser(t, { permissions: ['appearance.update'] });
    const put = (c: Client, key: string, tags: string) => c.put(`/api/v1/admin/appearance/seo-tags/${key}`, { tags });
    const refused: [string, string][] = [
      ['<title>{{site_name}}</title><meta http-equiv="refresh" content="0;url=https://evil.example">', '<meta http-equiv>'],
      ['<title>{{site_name}}</title>\n<base href="https://evil.example/">', '<base>'],
      ['<title>{{site_name}}</title><link rel="stylesheet" href="https://evil.example/x.css">', '<link rel="stylesheet" href="https://evil.example/x.css">'],
      ['<title>{{site_name}}</title><script>location="https://evil.example"</script>', '<script>'],
      ['<title>{{site_name}}</title><script src="https://evil.example/x.js"></script>', '<script src>'],
      ['<title>{{site_name}}</title><style>body{display:none}</style>', '<style>'],
      ['<title>{{site_name}}</title><meta name="x" content="y" onload="alert(1)">', '<meta onload>'],
      ['<title>{{site_name}}</title><!-- <x> -->', '<!--'],
    ];
    for (const [tags, tag] of refused) {
      const res = await put(editor, 'landing', tags);
      expect(res.status, tags).toBe(422);
      expect(res.body.errors.tags[0], tags).toContain(`Only an administrator can add ${tag} to SEO tags.`);
    }
    expect((await t.ctx.settings.get('server.seo_tags')).landing).toBeUndefined();
    // What a page's head needs: title, meta name/property, canonical and alternate links, JSON-LD (a `<` in text is text).
    const own = `<title>{{site_name}} <3 films</title>
<meta name="description" content="{{site_description}}">
<meta property="og:title" content="{{site_name}}" />
<link rel="canonical" href="{{url}}">
<link rel="alternate" hreflang="fr" href="{{base_url}}/fr">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebSite","name":{{json site_name}},"description":"a < b"}</script>`;
    expect((await put(editor, 'landing', own)).status).toBe(200);
    // Every built-in template passes (an editor can put one back after changing it).
    for (const key of SEO_PAGE_KEYS) {
      const original = (await editor.get(`/api/v1/admin/appearance/seo-tags/${key}`)).body[key].original;
      expect((await put(editor, key, `${original}\n<meta name="robots" content="index">`)).status, key).toBe(200);
      expect((await put(editor, key, '')).status).toBe(200);
    }
    const admin = await asAdmin(t);
    const adminOwn = '<title>{{site_name}}</title>\n<meta http-equiv="content-language" content="en">';
    expect((await put(admin, 'landing', adminOwn)).status).toBe(200);
    expect((await t.ctx.settings.get('server.seo_tags')).landing).toBe(adminOwn);
    await put(admin, 'landing', '');
  });

  it("documents the call with a template the title page fills in", () => {
    const example = (z.globalRegistry.get(seoTagsSchema)?.examples as { tags: string }[])[0].tags;
    expect(example).toContain('{{title.name}}');
    expect(unknownSeoPlaceholder('title', example)).toBeNull();
  });
});

describe('server-rendered HTML', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seo-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>StreamSite</title></head><body><div id="root"></div></body></html>');
  const web = await buildApp(loadConfig({ DATABASE_URL: path.join(dir, 'db.sqlite'), STORAGE_PATH: dir, LOG_LEVEL: 'silent', APP_URL: 'https://flix.test' }, { webDist: dir }));
  afterAll(async () => { await web.close(); fs.rmSync(dir, { recursive: true, force: true }); });
  const get = async (url: string, cookie?: string) => web.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('fills the landing page with its tags, theme and custom code', async () => {
    await web.ctx.settings.set({
      'client.branding.site_name': 'Flix & Co',
      'client.branding.site_description': 'Films "for" everyone',
      'client.custom_code.css': '.x{color:red}',
      'client.custom_code.html': '<script>window.customRan=1</script>',
      'client.branding.favicon': '/storage/appearance/favicon-a-512.png',
    });
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Flix &amp; Co - Films &quot;for&quot; everyone</title>');
    expect(html).not.toContain('<title>StreamSite</title>');
    expect(html).toContain('<meta name="description" content="Films &quot;for&quot; everyone">');
    expect(html).toContain('<link rel="canonical" href="https://flix.test/">');
    expect(html).toContain('<meta property="og:title" content="Flix &amp; Co - Films &quot;for&quot; everyone">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]);
    expect(ld).toMatchObject({
      '@type': 'WebSite', name: 'Flix & Co', url: 'https://flix.test',
      potentialAction: { '@type': 'SearchAction', target: { urlTemplate: 'https://flix.test/search?query={search_term_string}' }, 'query-input': 'required name=search_term_string' },
    });
    expect(html).toContain('<link rel="icon" type="image/png" sizes="32x32" href="/storage/appearance/favicon-a-32.png">');
    // The site is dark by default (client.themes.default_id is the Dark theme); visitors may switch to light.
    expect(html).toMatch(/<style id="be-theme">:root\{--be-bg:#141518;[^@]*<\/style>/);
    expect(html).toContain('<style id="be-custom-css">.x{color:red}</style>');
    // The custom code's script carries the request's CSP nonce (security-headers.ts), so the policy lets it run.
    expect(html).toMatch(/<script nonce="[^"]+">window.customRan=1<\/script>/);
  });

  it('uses custom templates, the visitor theme and keeps custom code off /admin', async () => {
    await web.ctx.settings.set({ 'server.seo_tags': { landing: '<title>{{site_name}} home</title>' } });
    expect((await get('/')).body).toContain('<title>Flix &amp; Co home</title>');
    // A template prints the page's own values only, never what objects inherit.
    await web.ctx.settings.set({ 'server.seo_tags': { landing: '<title>[{{constructor}}|{{site_name.length}}|{{json __proto__}}]</title>' } });
    expect((await get('/')).body).toContain('<title>[||""]</title>');
    await web.ctx.settings.set({ 'server.seo_tags': { landing: '<title>{{site_name}} home</title>' } });
    const dark = await get('/', `${THEME_COOKIE}=2`);
    expect(dark.body).toMatch(/<style id="be-theme">:root\{--be-bg:#141518;[^@]*<\/style>/);
    const admin = (await get('/admin/appearance')).body;
    expect(admin).toContain('<meta name="robots" content="noindex">');
    expect(admin).not.toContain('be-custom-css');
    expect(admin).not.toContain('customRan');
  });

  it('lets other features register their pages', async () => {
    // A stand-in replaces the article page for this test; the registry is shared by the other files of this test
    // process, so the real one goes back after.
    const real = matchSeoPage('/news/1')!.page;
    registerSeoPage({
      key: 'news-article', pattern: '/news/:id',
      resolve: (_ctx, { params }) => (params.id === '7' ? { article: { title: 'Ada </title><script>', description: 'Actor' } } : null),
    });
    try {
      const html = (await get('/news/7')).body;
      expect(html).toContain('<title>Ada &lt;/title&gt;&lt;script&gt; - Flix &amp; Co</title>');
      expect(html).toContain('"headline":"Ada \\u003c/title\\u003e\\u003cscript\\u003e"');
      // An unknown article gets the generic tags.
      expect((await get('/news/8')).body).toContain('<title>Flix &amp; Co</title>');
    } finally {
      registerSeoPage(real);
    }
  });
});
