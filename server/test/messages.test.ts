import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '@app/contracts';
import { seedDefaultLocalization } from '../src/db/seed/localizations.ts';
import { asAdmin, createUser, guest, mailsIn, type Client, createTestApp } from './helper.ts';

const t = await createTestApp();
let admin: Client;

beforeAll(async () => {
  await seedDefaultLocalization(t.ctx.db);
  admin = await asAdmin(t);
  const fr = await admin.post('/api/v1/localizations', { name: 'Français', language: 'fr' });
  expect(fr.status, fr.text).toBe(200);
  const full = (await admin.get(`/api/v1/localizations/${fr.body.localization.id}`)).body.localization.lines;
  const res = await admin.put(`/api/v1/localizations/${fr.body.localization.id}`, {
    lines: {
      ...full,
      'Enter a valid email address.': 'Saisissez une adresse e-mail valide.',
      'Must be at least [one 1 character|other :count characters].': 'Au moins [one 1 caractère|other :count caractères].',
      'The given data was invalid.': 'Les données ne sont pas valides.',
      'User not found': 'Utilisateur introuvable',
      'The item :id does not exist.': 'L’élément :id n’existe pas.',
      'Reset your password': 'Réinitialisez votre mot de passe',
      'If you did not ask for this, ignore this mail.': 'Si vous n’avez rien demandé, ignorez ce message.',
      'If an account exists for that email, we have sent a password reset link to it.': 'Si un compte existe pour cette adresse, nous lui avons envoyé un lien.',
      'Removed :count users from role': ':count utilisateur(s) retiré(s) du rôle',
      News: 'Actualités',
    },
  });
  expect(res.status, res.text).toBe(200);
});

describe('validation messages people can read', () => {
  it('name an unknown value list, even one whose name is a plural word of the site\'s texts ("NaN titles" before)', async () => {
    for (const bad of ['titles', 'people', 'genres,titles', 'nope']) {
      const r = await guest(t).get(`/api/v1/value-lists/${bad}`);
      expect(r.status, bad).toBe(422);
      expect(r.body.message, bad).toBe(`Unknown value list: ${bad.split(',').pop()}`);
      expect(r.body.errors.names, bad).toEqual([r.body.message]);
    }
  });

  it('are written for people, not zod defaults', async () => {
    const res = await guest(t).post('/api/v1/auth/register', { email: 'not-an-email', password: 'short', password_confirmation: 'short' });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual(['Enter a valid email address.']);
    expect(res.body.errors.password).toEqual(['Must be at least 8 characters.']);
    const all = JSON.stringify(res.body);
    expect(all).not.toMatch(/Too small|expected string|Invalid email/);
  });

  it('say a name is too long, not that it is required, and still say so when it is missing', async () => {
    const long = 'x'.repeat(300);
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['/api/v1/people', { name: long, known_for: 'Acting' }, 'name', 'Must be at most 255 characters.'],
      ['/api/v1/roles', { name: long }, 'name', 'Must be at most 100 characters.'],
      ['/api/v1/tags', { name: long, type: 'custom' }, 'name', 'Must be at most 100 characters.'],
      ['/api/v1/titles/1/credits', { person_id: 1, department: 'Directing', job: long }, 'job', 'Must be at most 100 characters.'],
    ];
    for (const [url, body, field, message] of cases) {
      const res = await admin.post(url, body);
      expect(res.status, url).toBe(422);
      expect(res.body.errors[field], url).toEqual([message]);
    }
    expect((await admin.post('/api/v1/people', { known_for: 'Acting' })).body.errors.name).toEqual(['Name is required.']);
    expect((await admin.post('/api/v1/roles', { name: 5 })).body.errors.name).toEqual(['The name field is required.']);
  });

  it('never show the largest safe integer', async () => {
    const res = await admin.get('/api/v1/users/99999999999999999999');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(JSON.stringify(res.body)).not.toContain('9007199254740991');
  });

  it('are answered in the caller’s language, values filled in', async () => {
    const visitor = guest(t);
    visitor.cookies.set(LOCALE_COOKIE, 'fr');
    const res = await visitor.post('/api/v1/auth/register', { email: 'not-an-email', password: 'short', password_confirmation: 'short' });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual(['Saisissez une adresse e-mail valide.']);
    expect(res.body.errors.password).toEqual(['Au moins 8 caractères.']);
    admin.cookies.set(LOCALE_COOKIE, 'fr');
    const missing = await admin.get('/api/v1/users/987654');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Utilisateur introuvable');
    // A message the server fills in (translate with values) is answered in the caller's language too.
    const channel = await admin.post('/api/v1/channel', {
      name: 'Row', slug: 'row', items: [{ id: 424242, model_type: 'title' }],
      config: { contentType: 'manual', contentModel: 'titles', contentOrder: 'manual', layout: 'grid' },
    });
    expect(channel.status).toBe(422);
    expect(channel.body.errors.items).toEqual(['L’élément 424242 n’existe pas.']);
    admin.cookies.delete(LOCALE_COOKIE);
  });

  it('the news feed is named in the reader’s language, never "auto"', async () => {
    const channel = (res: { text: string }) => [/<title>(.*?) - /.exec(res.text)?.[1], /<language>(.*?)<\/language>/.exec(res.text)?.[1]];
    expect(channel(await guest(t).get('/news/rss.xml'))).toEqual(['News', 'en']);
    const visitor = guest(t);
    visitor.cookies.set(LOCALE_COOKIE, 'fr');
    const fr = await visitor.get('/news/rss.xml');
    expect(channel(fr)).toEqual(['Actualités', 'fr']);
    expect(fr.headers.vary).toMatch(/^Cookie, Accept-Language\b/);
    const before = await t.ctx.settings.get('client.locale.default');
    await t.ctx.settings.set({ 'client.locale.default': 'auto' });
    try {
      expect(channel(await guest(t).request('GET', '/news/rss.xml', undefined, { 'accept-language': 'fr-CA,fr;q=0.9' }))).toEqual(['Actualités', 'fr']);
      expect(channel(await guest(t).get('/news/rss.xml'))).toEqual(['News', 'en']);
    } finally {
      await t.ctx.settings.set({ 'client.locale.default': before });
    }
  });

  it('success messages too, values filled in; English without a translation', async () => {
    const visitor = guest(t);
    visitor.cookies.set(LOCALE_COOKIE, 'fr');
    const sent = await visitor.post('/api/v1/auth/password/email', { email: 'nobody-here@example.com' });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.message).toBe('Si un compte existe pour cette adresse, nous lui avons envoyé un lien.');
    expect((await guest(t).post('/api/v1/auth/password/email', { email: 'nobody-here@example.com' })).body.message)
      .toBe('If an account exists for that email, we have sent a password reset link to it.');
    admin.cookies.set(LOCALE_COOKIE, 'fr');
    const role = await admin.post('/api/v1/roles', { name: 'Translated role' });
    const member = (await createUser(t)).id;
    expect((await admin.post(`/api/v1/roles/${role.body.role.id}/add-users`, { userIds: [member] })).status).toBe(200);
    const removed = await admin.post(`/api/v1/roles/${role.body.role.id}/remove-users`, { userIds: [member] });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.message).toBe('1 utilisateur(s) retiré(s) du rôle');
    admin.cookies.delete(LOCALE_COOKIE);
  });
});

describe('mails', () => {
  const resetMail = async (email: string, cookie?: string) => {
    const visitor = guest(t);
    if (cookie) visitor.cookies.set(LOCALE_COOKIE, cookie);
    expect((await visitor.post('/api/v1/auth/password/email', { email })).status).toBe(200);
    return (await mailsIn(t)).filter((m) => m.to === email).at(-1)!;
  };

  it('are written in the language the recipient reads: the one they chose, else the one they asked in', async () => {
    const reader = await createUser(t);
    const asked = await resetMail(reader.email, 'fr');
    expect(asked.subject).toBe('Réinitialisez votre mot de passe');
    expect(asked.text).toContain('Si vous n’avez rien demandé, ignorez ce message.');
    expect(asked.text).toMatch(/\/password\/reset\/[\w-]+/);

    const english = await createUser(t);
    expect((await resetMail(english.email)).subject).toBe('Reset your password');

    // Chosen on the account: it wins over a request made in another language.
    const chooser = await createUser(t);
    await t.ctx.db.updateTable('users').set({ language: 'fr' }).where('id', '=', chooser.id).execute();
    expect((await resetMail(chooser.email)).subject).toBe('Réinitialisez votre mot de passe');
  });
});
