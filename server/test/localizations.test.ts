import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, LOCALE_COOKIE } from '@app/contracts';
import { seedDefaultLocalization } from '../src/db/seed/localizations.ts';
import { CODE_LINES } from '../src/modules/localizations/repository.ts';
import { Client, asAdmin, asUser, createTestApp, guest, listUrl } from './helper.ts';

const t = await createTestApp();
let admin: Client;
let englishId: number;
const SOME_KEY = Object.keys(CODE_LINES)[0];

async function create(name: string, language: string) {
  const res = await admin.post('/api/v1/localizations', { name, language });
  expect(res.status, res.text).toBe(200);
  return res.body.localization as { id: number; name: string; language: string; is_default: boolean; updated_at: string };
}

beforeAll(async () => {
  await seedDefaultLocalization(t.ctx.db);
  await seedDefaultLocalization(t.ctx.db); // a second start seeds nothing more
  admin = await asAdmin(t);
  englishId = (await t.ctx.db.selectFrom('localizations').select('id').where('language', '=', 'en').executeTakeFirstOrThrow()).id;
});

describe('permissions', () => {
  it('admin calls need localizations.update; the site calls are public', async () => {
    const user = await asUser(t);
    expect((await guest(t).get('/api/v1/localizations')).status).toBe(401);
    expect((await user.get('/api/v1/localizations')).status).toBe(403);
    expect((await user.get(`/api/v1/localizations/${englishId}`)).status).toBe(403);
    expect((await user.post('/api/v1/localizations', { name: 'X', language: 'de' })).status).toBe(403);
    expect((await user.put(`/api/v1/localizations/${englishId}`, { name: 'X' })).status).toBe(403);
    expect((await user.delete(`/api/v1/localizations/${englishId}`)).status).toBe(403);
    expect((await user.get('/api/v1/localizations/languages')).status).toBe(403);
    const translator = await asUser(t, { permissions: ['localizations.update'] });
    expect((await translator.get('/api/v1/localizations')).status).toBe(200);
    expect((await guest(t).get('/api/v1/localizations/en/lines')).status).toBe(200);
    expect((await guest(t).get('/api/v1/localizations/available')).status).toBe(200);
  });
});

describe('seed and English', () => {
  it('English is seeded once, from the code, and is the default', async () => {
    const rows = await t.ctx.db.selectFrom('localizations').selectAll().where('language', '=', 'en').execute();
    expect(rows).toHaveLength(1);
    const res = await admin.get(`/api/v1/localizations/${englishId}`);
    expect(res.status).toBe(200);
    expect(res.body.localization).toMatchObject({ id: englishId, name: 'English', language: 'en', is_default: true });
    expect(res.body.localization.lines).toEqual(CODE_LINES);
  });

  it('lines added to the code later appear under the stored overrides', async () => {
    // Simulate an older release's stored document that lacks today's keys but overrides one.
    await t.ctx.db.updateTable('localizations').set({ lines: JSON.stringify({ [SOME_KEY]: 'Overridden', 'Old custom line': 'Kept' }) })
      .where('id', '=', englishId).execute();
    const lines = (await admin.get(`/api/v1/localizations/${englishId}`)).body.localization.lines;
    expect(lines[SOME_KEY]).toBe('Overridden');
    expect(lines['Old custom line']).toBe('Kept');
    for (const key of Object.keys(CODE_LINES).filter((k) => k !== SOME_KEY)) expect(lines[key]).toBe(CODE_LINES[key]);
    await t.ctx.db.updateTable('localizations').set({ lines: '{}' }).where('id', '=', englishId).execute();
  });
});

describe('list', () => {
  it('paginates with name, language and last updated, sorts and searches through the index', async () => {
    await create('Deutsch', 'de');
    await create('Français', 'fr');
    await create('Português (Brasil)', 'pt-BR');
    const res = await admin.get(listUrl('/api/v1/localizations', { orderBy: 'name', orderDir: 'asc', perPage: 10 }));
    expect(res.status).toBe(200);
    const p = res.body.pagination;
    expect(p).toMatchObject({ current_page: 1, per_page: 10, from: 1, total: 4, last_page: 1 });
    expect(p.data.map((l: { name: string }) => l.name)).toEqual(['Deutsch', 'English', 'Français', 'Português (Brasil)']);
    expect(Object.keys(p.data[0]).sort()).toEqual(['created_at', 'id', 'is_default', 'language', 'name', 'updated_at']);
    expect(p.data[0].lines).toBeUndefined();

    const search = async (query: string) => (await admin.get(listUrl('/api/v1/localizations', { query }))).body.pagination.data.map((l: { language: string }) => l.language);
    expect(await search('Fran')).toEqual(['fr']);
    expect(await search('pt')).toEqual(['pt-BR']);
    expect(await search('Brasil')).toEqual(['pt-BR']);
    expect(await search('nothing-like-this')).toEqual([]);

    expect((await admin.get(listUrl('/api/v1/localizations', { orderBy: 'lines' }))).status).toBe(422);
    const page2 = (await admin.get(listUrl('/api/v1/localizations', { perPage: 10, page: 2 }))).body.pagination;
    expect(page2).toMatchObject({ current_page: 2, from: null, data: [] });
  });

  it('the languages lookup lists codes and names and narrows by query', async () => {
    const all = (await admin.get('/api/v1/localizations/languages')).body.languages;
    expect(all).toEqual(LANGUAGES);
    expect(all).toContainEqual({ code: 'fr', name: 'French' });
    const some = (await admin.get(listUrl('/api/v1/localizations/languages', { query: 'port' }))).body.languages;
    expect(some.map((l: { code: string }) => l.code)).toEqual(['pt', 'pt-BR']);
  });
});

describe('create, update, delete', () => {
  it('a new localization starts as a copy of the English lines', async () => {
    await admin.put(`/api/v1/localizations/${englishId}`, { lines: { ...CODE_LINES, [SOME_KEY]: 'English override' } });
    const it = await create('Italiano', 'it');
    expect(it).toMatchObject({ name: 'Italiano', language: 'it', is_default: false });
    const lines = (await admin.get(`/api/v1/localizations/${it.id}`)).body.localization.lines;
    expect(lines).toEqual({ ...CODE_LINES, [SOME_KEY]: 'English override' });
    await admin.put(`/api/v1/localizations/${englishId}`, { lines: CODE_LINES });
  });

  it('requires name and a known language, and refuses a duplicate language', async () => {
    const before = await t.ctx.db.selectFrom('localizations').select('id').execute();
    let res = await admin.post('/api/v1/localizations', { name: '', language: 'es' });
    expect(res.status).toBe(422);
    expect(res.body.errors.name).toBeDefined();
    res = await admin.post('/api/v1/localizations', { name: 'Spanish' });
    expect(res.status).toBe(422);
    expect(res.body.errors.language).toBeDefined();
    res = await admin.post('/api/v1/localizations', { name: 'Klingon', language: 'tlh' });
    expect(res.status).toBe(422);
    expect(res.body.errors.language).toEqual(['The selected language is invalid.']);
    res = await admin.post('/api/v1/localizations', { name: 'German again', language: 'de' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'A localization for this language already exists.', errors: { language: ['A localization for this language already exists.'] } });
    expect(await t.ctx.db.selectFrom('localizations').select('id').execute()).toHaveLength(before.length);
  });

  it('updates name and language; refuses a taken language and changing English', async () => {
    const es = await create('Espanol', 'es');
    await new Promise((r) => setTimeout(r, 5));
    let res = await admin.put(`/api/v1/localizations/${es.id}`, { name: 'Español', language: 'es-MX' });
    expect(res.status).toBe(200);
    expect(res.body.localization).toMatchObject({ id: es.id, name: 'Español', language: 'es-MX' });
    expect(res.body.localization.updated_at > es.updated_at).toBe(true);
    res = await admin.put(`/api/v1/localizations/${es.id}`, { language: 'de' });
    expect(res.status).toBe(422);
    expect(res.body.errors.language).toEqual(['A localization for this language already exists.']);
    res = await admin.put(`/api/v1/localizations/${englishId}`, { language: 'en-GB' });
    expect(res.status).toBe(422);
    expect((await admin.get(`/api/v1/localizations/${es.id}`)).body.localization.language).toBe('es-MX');
    expect((await admin.put('/api/v1/localizations/99999', { name: 'Nobody' })).status).toBe(404);
  });

  it("refuses changing the site default's language, which would switch the site to English", async () => {
    const ar = await create('Arabic', 'ar');
    await t.ctx.settings.set({ 'client.locale.default': 'ar' });
    const res = await admin.put(`/api/v1/localizations/${ar.id}`, { language: 'fa' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ language: ["The default localization's language cannot be changed."] });
    expect((await admin.get(`/api/v1/localizations/${ar.id}`)).body.localization.language).toBe('ar');
    // Renaming is still fine.
    expect((await admin.put(`/api/v1/localizations/${ar.id}`, { name: 'العربية' })).status).toBe(200);
    await t.ctx.settings.set({ 'client.locale.default': 'en' });
    expect((await admin.put(`/api/v1/localizations/${ar.id}`, { language: 'fa' })).status).toBe(200);
    // English, while another language is the default, is refused for what it is: the fallback, not the default.
    await t.ctx.settings.set({ 'client.locale.default': 'fa' });
    const english = (await admin.get('/api/v1/localizations')).body.pagination.data.find((l: { language: string }) => l.language === 'en');
    const refusal = await admin.put(`/api/v1/localizations/${english.id}`, { language: 'en-GB' });
    expect(refusal.body.errors).toEqual({ language: ["English's language cannot be changed: the site falls back to it for lines without a translation."] });
    await t.ctx.settings.set({ 'client.locale.default': 'en' });
  });

  it('the settings call refuses a default language that has no localization', async () => {
    let res = await admin.post('/api/v1/settings', { client: { 'client.locale.default': 'xx' } });
    expect(res.status).toBe(422);
    expect(res.body.errors['client.locale.default']).toEqual(['Choose a language that has a localization.']);
    expect(await t.ctx.settings.get('client.locale.default')).toBe('en');
    const it = await create('Suomi', 'fi');
    for (const language of ['fi', 'auto', 'en']) {
      res = await admin.post('/api/v1/settings', { client: { 'client.locale.default': language } });
      expect(res.status, res.text).toBe(200);
    }
    expect((await admin.delete(`/api/v1/localizations/${it.id}`)).status).toBe(200);
  });

  it('saves translation lines; an empty key is refused and nothing is saved', async () => {
    const de = (await admin.get(listUrl('/api/v1/localizations', { query: 'de' }))).body.pagination.data[0];
    const full = (await admin.get(`/api/v1/localizations/${de.id}`)).body.localization.lines;
    let res = await admin.put(`/api/v1/localizations/${de.id}`, { lines: { ...full, [SOME_KEY]: 'Auf Deutsch', 'Custom key': 'Eigener Text' } });
    expect(res.status).toBe(200);
    expect(res.body.localization.lines[SOME_KEY]).toBe('Auf Deutsch');
    expect(res.body.localization.lines['Custom key']).toBe('Eigener Text');
    // Only the differences from the code are stored.
    const stored = await t.ctx.db.selectFrom('localizations').select('lines').where('id', '=', de.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.lines)).toEqual({ [SOME_KEY]: 'Auf Deutsch', 'Custom key': 'Eigener Text' });

    res = await admin.put(`/api/v1/localizations/${de.id}`, { name: 'Changed', lines: { ...full, '  ': 'blank key' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.lines).toEqual(['The translation key is required.']);
    res = await admin.put(`/api/v1/localizations/${de.id}`, { lines: { a: 5 } });
    expect(res.status).toBe(422);
    const after = (await admin.get(`/api/v1/localizations/${de.id}`)).body.localization;
    expect(after.name).toBe('Deutsch');
    expect(after.lines[SOME_KEY]).toBe('Auf Deutsch');

    // Deleting a line removes it, a built-in one too: it stays deleted across saves and loads (the site
    // then shows the English text, its key).
    const { 'Custom key': _gone, [SOME_KEY]: _deleted, ...rest } = after.lines;
    res = await admin.put(`/api/v1/localizations/${de.id}`, { lines: rest });
    expect(res.body.localization.lines['Custom key']).toBeUndefined();
    expect(Object.hasOwn(res.body.localization.lines, SOME_KEY)).toBe(false);
    res = await admin.put(`/api/v1/localizations/${de.id}`, { lines: res.body.localization.lines });
    expect(Object.hasOwn(res.body.localization.lines, SOME_KEY)).toBe(false);
    expect(Object.hasOwn((await admin.get(`/api/v1/localizations/${de.id}`)).body.localization.lines, SOME_KEY)).toBe(false);
    // Prototype names are plain lines, never the object's prototype.
    res = await admin.put(`/api/v1/localizations/${de.id}`, { lines: { ...rest, constructor: 'Ctor', toString: 'Text' } });
    expect(res.status).toBe(200);
    expect(res.body.localization.lines.constructor).toBe('Ctor');
    expect(res.body.localization.lines.toString).toBe('Text');
    // A "__proto__" key is refused by the body parser before it reaches the lines.
    res = await admin.put(`/api/v1/localizations/${de.id}`, { lines: JSON.parse('{"__proto__": "Proto"}') });
    expect(res.status).toBe(400);
  });

  it('refuses a plural line whose forms are malformed, on that line, and saves nothing; well-formed forms of every category pass', async () => {
    const de = (await admin.get(listUrl('/api/v1/localizations', { query: 'de' }))).body.pagination.data[0];
    const full = (await admin.get(`/api/v1/localizations/${de.id}`)).body.localization.lines;
    const key = '[one 1 line|other :count lines]';
    for (const broken of ['[one 1 Zeile|other :count Zeilen', '[eins 1 Zeile|andere :count Zeilen]', '[one 1 Zeile|other :count Zeilen]]', '[one|other :count Zeilen]']) {
      const res = await admin.put(`/api/v1/localizations/${de.id}`, { lines: { ...full, [key]: broken } });
      expect(res.status, broken).toBe(422);
      expect(res.body.errors[`lines.${key}`]).toEqual(['The plural forms of this translation are malformed.']);
    }
    expect((await admin.get(`/api/v1/localizations/${de.id}`)).body.localization.lines[key]).not.toContain('Zeile');
    // Every CLDR category, a translation without any plural, and an empty one (the English shows) are all fine.
    for (const fine of ['[zero keine Zeilen|one 1 Zeile|two 2 Zeilen|few :count Zeilen|many :count Zeilen|other :count Zeilen]', ':count Zeile(n)', '']) {
      expect((await admin.put(`/api/v1/localizations/${de.id}`, { lines: { ...full, [key]: fine } })).status, fine).toBe(200);
    }
  });

  it('accepts a 10,000-line document', async () => {
    const big: Record<string, string> = {};
    for (let i = 0; i < 10_000; i++) big[`Line number ${i} of a long localization with some words`] = `Zeile ${i} einer langen Übersetzung mit einigen Wörtern`;
    const fr = (await admin.get(listUrl('/api/v1/localizations', { query: 'fr' }))).body.pagination.data[0];
    const res = await admin.put(`/api/v1/localizations/${fr.id}`, { lines: { ...CODE_LINES, ...big } });
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    expect(Object.keys(res.body.localization.lines).length).toBe(10_000 + Object.keys(CODE_LINES).length);
  });

  it('marks exactly one localization as the default, whichever the admin chose last', async () => {
    const ar = await create('Arabic default', 'ar');
    const pt = await create('Portuguese default', 'pt');
    const defaults = async () => (await admin.get(listUrl('/api/v1/localizations', { perPage: 100 }))).body.pagination.data
      .filter((l: { is_default: boolean }) => l.is_default).map((l: { language: string }) => l.language);
    expect(await defaults()).toEqual(['en']);
    for (const language of ['ar', 'pt', 'ar']) {
      expect((await admin.post('/api/v1/settings', { client: { 'client.locale.default': language } })).status).toBe(200);
      expect(await defaults()).toEqual([language]);
      expect((await admin.get(`/api/v1/localizations/${englishId}`)).body.localization.is_default).toBe(false);
    }
    // Both chosen at once: the last write wins, and still only one is the default.
    await Promise.all(['pt', 'ar'].map((language) => admin.post('/api/v1/settings', { client: { 'client.locale.default': language } })));
    expect(await defaults()).toHaveLength(1);
    // English is not the default now but is still never deleted: the site falls back to it.
    const res = await admin.delete(`/api/v1/localizations/${englishId}`);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('English cannot be deleted: the site falls back to it for lines without a translation.');
    // Following the browser, English is the default again.
    expect((await admin.post('/api/v1/settings', { client: { 'client.locale.default': 'auto' } })).status).toBe(200);
    expect(await defaults()).toEqual(['en']);
    expect((await admin.post('/api/v1/settings', { client: { 'client.locale.default': 'en' } })).status).toBe(200);
    expect((await admin.delete(`/api/v1/localizations/${ar.id},${pt.id}`)).status).toBe(200);
  });

  it('never deletes the default; deletes others', async () => {
    let res = await admin.delete(`/api/v1/localizations/${englishId}`);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The default localization cannot be deleted.');
    const it = await create('Temp', 'sv');
    res = await admin.delete(`/api/v1/localizations/${it.id},${englishId}`);
    expect(res.status).toBe(422);
    expect((await admin.get(`/api/v1/localizations/${it.id}`)).status).toBe(200);
    // The site default language is protected too.
    await t.ctx.settings.set({ 'client.locale.default': 'sv' });
    expect((await admin.delete(`/api/v1/localizations/${it.id}`)).status).toBe(422);
    await t.ctx.settings.set({ 'client.locale.default': 'en' });
    res = await admin.delete(`/api/v1/localizations/${it.id}`);
    expect(res.status).toBe(200);
    expect((await admin.get(`/api/v1/localizations/${it.id}`)).status).toBe(404);
    expect((await admin.delete('/api/v1/localizations/99999')).status).toBe(404);
  });
});

describe('site language', () => {
  let itId: number;
  beforeAll(async () => {
    const it = (await admin.get(listUrl('/api/v1/localizations', { query: 'Italiano' }))).body.pagination.data[0];
    itId = it.id;
    const lines = (await admin.get(`/api/v1/localizations/${itId}`)).body.localization.lines;
    await admin.put(`/api/v1/localizations/${itId}`, { lines: { ...lines, [SOME_KEY]: 'In italiano' } });
  });

  it('serves a locale with an ETag and answers 304 until it changes', async () => {
    const visitor = guest(t);
    const first = await visitor.get('/api/v1/localizations/it/lines');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ language: 'it', name: 'Italiano' });
    expect(first.body.lines[SOME_KEY]).toBe('In italiano');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"it-/);
    const again = await visitor.request('GET', '/api/v1/localizations/it/lines', undefined, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    await admin.put(`/api/v1/localizations/${itId}`, { name: 'Italiano!' });
    const changed = await visitor.request('GET', '/api/v1/localizations/it/lines', undefined, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body.name).toBe('Italiano!');
    expect((await visitor.get('/api/v1/localizations/xx/lines')).status).toBe(404);
  });

  it('sends only the lines that differ from their English key: English as the code writes it is an empty document', async () => {
    const english = await guest(t).get('/api/v1/localizations/en/lines');
    expect(english.status).toBe(200);
    expect(english.body).toEqual({ language: 'en', name: 'English', lines: {} });
    const italian = (await guest(t).get('/api/v1/localizations/it/lines')).body.lines as Record<string, string>;
    expect(italian[SOME_KEY]).toBe('In italiano');
    // A line left as its English text (not translated yet) shows the key anyway: it is not sent again.
    const untranslated = Object.keys(CODE_LINES).find((k) => k !== SOME_KEY)!;
    expect(Object.hasOwn(italian, untranslated)).toBe(false);
    for (const [key, value] of Object.entries(italian)) expect(value === key || value === '', key).toBe(false);
    // An English line the admin rewrote is sent, and the server's own answers use it.
    const lines = (await admin.get(`/api/v1/localizations/${englishId}`)).body.localization.lines;
    await admin.put(`/api/v1/localizations/${englishId}`, { lines: { ...lines, [SOME_KEY]: 'Rewritten' } });
    expect((await guest(t).get('/api/v1/localizations/en/lines')).body.lines).toEqual({ [SOME_KEY]: 'Rewritten' });
    await admin.put(`/api/v1/localizations/${englishId}`, { lines });
  });

  it('a guest sees the site default until choosing; the choice is kept in a cookie', async () => {
    const visitor = guest(t);
    expect((await visitor.get('/api/v1/localizations/active/lines')).body.language).toBe('en');
    let res = await visitor.post('/api/v1/localizations/choose', { language: 'it' });
    expect(res.status).toBe(200);
    expect(visitor.cookies.get(LOCALE_COOKIE)).toBe('it');
    const active = await visitor.get('/api/v1/localizations/active/lines');
    expect(active.body.language).toBe('it');
    expect(active.body.lines[SOME_KEY]).toBe('In italiano');
    const available = (await visitor.get('/api/v1/localizations/available')).body;
    expect(available.current).toBe('it');
    expect(available.localizations).toContainEqual({ name: 'Italiano!', language: 'it' });
    res = await visitor.post('/api/v1/localizations/choose', { language: 'xx' });
    expect(res.status).toBe(422);
    expect(res.body.errors.language).toEqual(['The selected language is invalid.']);
  });

  it('a user keeps the choice on the account, across devices', async () => {
    const user = await asUser(t);
    await user.post('/api/v1/localizations/choose', { language: 'it' });
    const row = await t.ctx.db.selectFrom('users').select('language').where('id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(row.language).toBe('it');
    const otherDevice = await new Client(t).login(user.user.email, user.user.password);
    expect((await otherDevice.get('/api/v1/localizations/active/lines')).body.language).toBe('it');
  });

  it("a localization's new language code keeps the users who chose it", async () => {
    const he = await create('Hebrew', 'he');
    const user = await asUser(t);
    await user.post('/api/v1/localizations/choose', { language: 'he' });
    expect((await admin.put(`/api/v1/localizations/${he.id}`, { language: 'ur' })).status).toBe(200);
    const row = await t.ctx.db.selectFrom('users').select('language').where('id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(row.language).toBe('ur');
    expect((await user.get('/api/v1/localizations/active/lines')).body.language).toBe('ur');
    expect((await admin.delete(`/api/v1/localizations/${he.id}`)).status).toBe(200);
    const after = await t.ctx.db.selectFrom('users').select('language').where('id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(after.language).toBeNull();
  });

  it("answers with the plural form of the visitor's language, for every category it has (Arabic: 8 is 'few')", async () => {
    const ar = await create('العربية', 'ar');
    const key = 'Must be at least [one 1 character|other :count characters].';
    const lines = (await admin.get(`/api/v1/localizations/${ar.id}`)).body.localization.lines;
    const arabic = 'يجب ألا يقل عن [zero لا شيء|one حرف واحد|two حرفين|few :count أحرف|many :count حرفًا|other :count حرف].';
    expect((await admin.put(`/api/v1/localizations/${ar.id}`, { lines: { ...lines, [key]: arabic } })).status).toBe(200);
    const visitor = guest(t);
    await visitor.post('/api/v1/localizations/choose', { language: 'ar' });
    const res = await visitor.post('/api/v1/auth/register', { email: 'plural@example.com', password: 'abc', password_confirmation: 'abc' });
    expect(res.status).toBe(422);
    expect(res.body.errors.password).toEqual(['يجب ألا يقل عن 8 أحرف.']);
    expect((await admin.delete(`/api/v1/localizations/${ar.id}`)).status).toBe(200);
  });

  it('follows the site default, and ignores choices while i18n is off', async () => {
    const visitor = guest(t);
    await visitor.post('/api/v1/localizations/choose', { language: 'it' });
    await t.ctx.settings.set({ 'client.locale.default': 'de' });
    expect((await guest(t).get('/api/v1/localizations/active/lines')).body.language).toBe('de');
    await t.ctx.settings.set({ 'client.i18n.enable': false });
    expect((await visitor.get('/api/v1/localizations/active/lines')).body.language).toBe('de');
    const res = await visitor.post('/api/v1/localizations/choose', { language: 'it' });
    expect(res.status).toBe(422);
    await t.ctx.settings.set({ 'client.locale.default': 'auto', 'client.i18n.enable': true });
    const auto = await guest(t).request('GET', '/api/v1/localizations/active/lines', undefined, { 'accept-language': 'it-IT,it;q=0.9,en;q=0.5' });
    expect(auto.body.language).toBe('it');
    await t.ctx.settings.set({ 'client.locale.default': 'en' });
  });
});
