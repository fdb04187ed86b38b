import { beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, createTestApp, listUrl, type Client } from '../helper.ts';
import { PNG, multipart } from './helpers.ts';
import { sweepUnusedPosters } from '../../src/modules/titles/images-service.ts';

const t = await createTestApp();
let admin: Client;
beforeAll(async () => {
  admin = await asAdmin(t);
});

const person = async (body: Record<string, unknown>) => {
  const res = await admin.post('/api/v1/people', body);
  expect(res.status, res.text).toBe(200);
  return res.body.person;
};

describe('people', () => {
  it('creates with the defaults gender female, known_for Acting, popularity 3', async () => {
    const p = await person({ name: 'Ada Stone' });
    expect(p).toMatchObject({ id: expect.any(Number), name: 'Ada Stone', gender: 'female', known_for: 'Acting', popularity: 3 });
  });

  it('rejects each invalid field with its message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'name', 'Name is required.'],
      [{ name: 'x', known_for: '' }, 'known_for', 'Known for is required.'],
      [{ name: 'x', popularity: 0 }, 'popularity', 'Popularity must be at least 1.'],
      [{ name: 'x', popularity: 'many' }, 'popularity', 'Popularity must be a number.'],
      [{ name: 'x', gender: 'robot' }, 'gender', 'Choose a gender.'],
      [{ name: 'x', birth_date: '12/12/1990' }, 'birth_date', 'Enter a valid date.'],
      [{ name: 'x', birth_date: '0000-99-99' }, 'birth_date', 'Enter a valid date.'],
      [{ name: 'x', death_date: '2023-02-29' }, 'death_date', 'Enter a valid date.'],
      [{ name: 'x', birth_date: '1990-05-02', death_date: '1990-05-01' }, 'death_date', 'The death date must be after the birth date.'],
      [{ name: 'x', popularity: 99999999999999 }, 'popularity', 'Popularity may not be greater than 1,000,000.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post('/api/v1/people', body);
      expect(res.status).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    }
  });

  it('checks a death date sent alone against the stored birth date', async () => {
    const p = await person({ name: 'Lived Long', birth_date: '1920-03-04' });
    const res = await admin.put(`/api/v1/people/${p.id}`, { death_date: '1919-12-31' });
    expect(res.status).toBe(422);
    expect(res.body.errors.death_date).toEqual(['The death date must be after the birth date.']);
    expect((await admin.put(`/api/v1/people/${p.id}`, { death_date: '2004-02-29' })).body.person.death_date).toBe('2004-02-29');
    expect((await admin.put(`/api/v1/people/${p.id}`, { birth_date: '2005-01-01' })).body.errors.death_date).toEqual(['The death date must be after the birth date.']);
  });

  it('updates, lists with a ranked search and filters, deletes', async () => {
    const p = await person({ name: 'Bertrand Quill', gender: 'male', known_for: 'Directing', popularity: 9 });
    await person({ name: 'Quill Bertie', popularity: 2 });
    const upd = await admin.put(`/api/v1/people/${p.id}`, { birth_place: 'Lyon', popularity: 10 });
    expect(upd.body.person).toMatchObject({ name: 'Bertrand Quill', birth_place: 'Lyon', popularity: 10 });
    expect((await admin.put(`/api/v1/people/${p.id}`, { name: '' })).body.errors.name).toEqual(['Name is required.']);
    const list = await admin.get(listUrl('/api/v1/people', { query: 'quill', orderBy: 'popularity', orderDir: 'desc' }));
    expect(list.body.pagination.data.map((x: any) => x.name)).toEqual(['Bertrand Quill', 'Quill Bertie']);
    const directors = await admin.get(listUrl('/api/v1/people', { query: 'quill', filters: [{ key: 'known_for', value: 'Directing' }] }));
    expect(directors.body.pagination.data.map((x: any) => x.name)).toEqual(['Bertrand Quill']);
    expect((await admin.delete(`/api/v1/people/${p.id}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/people/${p.id}`)).status).toBe(404);
  });
});

describe('person poster upload', () => {
  it('stores an image under person-posters and refuses other files', async () => {
    const ok = multipart({}, { name: 'p.png', type: 'image/png', content: PNG });
    const res = await admin.request('POST', '/api/v1/people/poster', ok.body, ok.headers);
    expect(res.status, res.text).toBe(200);
    expect(res.body.url).toMatch(/^\/storage\/person-posters\/.+\.png$/);
    expect((await admin.get(res.body.url)).status).toBe(200);
    const bad = multipart({}, { name: 'p.png', type: 'image/png', content: Buffer.from('nope') });
    expect((await admin.request('POST', '/api/v1/people/poster', bad.body, bad.headers)).body.errors.file).toEqual(['The file must be an image (png, jpeg, gif or webp).']);
    const none = multipart({});
    expect((await admin.request('POST', '/api/v1/people/poster', none.body, none.headers)).body.errors.file).toEqual(['Please select a file.']);
  });

  it('removes an uploaded poster with its person, or when an edit replaces it, unless something else still shows it', async () => {
    const upload = async () => {
      const form = multipart({}, { name: 'p.png', type: 'image/png', content: PNG });
      return (await admin.request('POST', '/api/v1/people/poster', form.body, form.headers)).body.url as string;
    };
    const [first, second, shared] = [await upload(), await upload(), await upload()];
    const p = await person({ name: 'Pictured Person', poster: first });
    expect((await admin.put(`/api/v1/people/${p.id}`, { poster: second })).status).toBe(200);
    expect((await admin.get(first)).status).toBe(404);
    expect((await admin.get(second)).status).toBe(200);
    expect((await admin.delete(`/api/v1/people/${p.id}`)).status).toBe(200);
    expect((await admin.get(second)).status).toBe(404);

    // The same address pasted into another person and a title: deleting one person leaves the file for the others.
    const a = await person({ name: 'Shares A Poster', poster: shared });
    const b = await person({ name: 'Shares It Too', poster: shared });
    const title = (await admin.post('/api/v1/titles', { name: 'Borrowed Picture', poster: shared })).body.title;
    await admin.delete(`/api/v1/people/${a.id}`);
    await admin.put(`/api/v1/people/${b.id}`, { poster: null });
    expect((await admin.get(shared)).status).toBe(200);
    expect((await admin.get(`/api/v1/titles/${title.id}`)).body.title.poster).toBe(shared);

    // Uploaded in a form never saved: a day later the daily sweep removes it; what people and titles show stays.
    const abandoned = await upload();
    await sweepUnusedPosters(t.ctx);
    expect((await admin.get(abandoned)).status).toBe(200);
    await sweepUnusedPosters(t.ctx, Date.now() + 2 * 24 * 3600_000);
    expect((await admin.get(abandoned)).status).toBe(404);
    expect((await admin.get(shared)).status).toBe(200);
  });
});

describe('credits', () => {
  it('adds cast and crew to a title, a season and an episode; edits, reorders, deletes', async () => {
    const title = (await admin.post('/api/v1/titles', { name: 'Credit Show', is_series: true, release_date: '2019-03-03' })).body.title;
    await admin.post(`/api/v1/titles/${title.id}/seasons`, {});
    await admin.post(`/api/v1/titles/${title.id}/seasons/1/episodes`, { name: 'E1' });
    const a = await person({ name: 'Actor A' });
    const b = await person({ name: 'Actor B' });
    const d = await person({ name: 'Director D', known_for: 'Directing' });

    const add = (body: Record<string, unknown>) => admin.post(`/api/v1/titles/${title.id}/credits`, body);
    const c1 = await add({ person_id: a.id, department: 'Actors', job: 'Actor', character: 'Hero' });
    expect(c1.status, c1.text).toBe(200);
    expect(c1.body.credit).toMatchObject({ id: a.id, name: 'Actor A', pivot: { character: 'Hero', department: 'Actors', job: 'Actor', order: 0 } });
    const c2 = await add({ person_id: b.id, department: 'Actors', job: 'Actor', character: 'Villain' });
    await add({ person_id: d.id, department: 'Directing', job: 'Director' });
    await add({ person_id: a.id, department: 'Actors', job: 'Actor', character: 'Season hero', season: 1 });
    await add({ person_id: b.id, department: 'Actors', job: 'Actor', character: 'Guest', season: 1, episode: 1 });

    const bad: [Record<string, unknown>, string, string][] = [
      [{ person_id: a.id, job: 'Actor', character: 'x' }, 'department', 'Department is required.'],
      [{ person_id: a.id, department: 'Actors', character: 'x' }, 'job', 'Job is required.'],
      [{ person_id: a.id, department: 'Actors', job: 'Actor' }, 'character', 'Character is required for actors.'],
      [{ department: 'Directing', job: 'Director' }, 'person_id', 'Choose a person.'],
    ];
    for (const [body, field, message] of bad) expect((await add(body)).body.errors[field]).toEqual([message]);
    expect((await add({ person_id: a.id, department: 'Actors', job: 'Actor', character: 'x', season: 9 })).status).toBe(404);

    const list = (q: string) => admin.get(`/api/v1/titles/${title.id}/credits?${q}`);
    const cast = await list('crewType=cast');
    expect(cast.body.pagination.per_page).toBe(30);
    expect(cast.body.pagination.data.map((c: any) => c.pivot.character)).toEqual(['Hero', 'Villain']);
    expect((await list('crewType=crew')).body.pagination.data.map((c: any) => c.pivot.job)).toEqual(['Director']);
    expect((await list('crewType=cast&season=1')).body.pagination.data.map((c: any) => c.pivot.character)).toEqual(['Season hero']);
    expect((await list('crewType=cast&season=1&episode=1')).body.pagination.data.map((c: any) => c.pivot.character)).toEqual(['Guest']);

    const edited = await admin.put(`/api/v1/titles/${title.id}/credits/${c2.body.credit.pivot.id}`, { department: 'Actors', job: 'Actor', character: 'Anti-hero' });
    expect(edited.body.credit.pivot.character).toBe('Anti-hero');
    expect((await admin.put(`/api/v1/titles/${title.id}/credits/${c2.body.credit.pivot.id}`, { department: 'Actors', job: 'Actor' })).body.errors.character)
      .toEqual(['Character is required for actors.']);

    const ids = cast.body.pagination.data.map((c: any) => c.pivot.id).reverse();
    expect((await admin.post('/api/v1/titles/credits/reorder', { ids })).status).toBe(200);
    expect((await list('crewType=cast')).body.pagination.data.map((c: any) => c.pivot.character)).toEqual(['Anti-hero', 'Hero']);
    const crewId = (await list('crewType=crew')).body.pagination.data[0].pivot.id;
    expect((await admin.post('/api/v1/titles/credits/reorder', { ids: [ids[0], crewId, 999999] })).status).toBe(422);

    // The person's credits tab: title, year, Series flag.
    const page = await admin.get(`/api/v1/people/${a.id}`);
    expect(page.body.credits).toHaveLength(2);
    expect(page.body.credits[0]).toMatchObject({ name: 'Credit Show', year: 2019, is_series: true });

    // Delete a season credit only with its season parameter.
    const seasonCredit = (await list('crewType=cast&season=1')).body.pagination.data[0].pivot.id;
    expect((await admin.delete(`/api/v1/titles/${title.id}/credits/${seasonCredit}`)).status).toBe(404);
    expect((await admin.delete(`/api/v1/titles/${title.id}/credits/${seasonCredit}?season=1`)).status).toBe(200);
    expect((await list('crewType=cast&season=1')).body.pagination.data).toEqual([]);
  });

  it('refuses an identical second credit, also from a double-clicked Add, and an edit that would make one', async () => {
    const title = (await admin.post('/api/v1/titles', { name: 'Twice Told', is_series: true })).body.title;
    const p = await person({ name: 'Doubled Person' });
    const add = (body: Record<string, unknown>) => admin.post(`/api/v1/titles/${title.id}/credits`, body);
    const director = { person_id: p.id, department: 'Directing', job: 'Director' };
    const raced = await Promise.all([add(director), add(director), add(director)]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 422, 422]);
    expect(raced.find((r) => r.status === 422)!.body.errors.person_id).toEqual(['This person already has this credit.']);
    expect((await add({ ...director, character: '' })).status).toBe(422);

    // The same person in another job, another role or on a season is a different credit.
    expect((await add({ ...director, job: 'Writer', department: 'Writing' })).status).toBe(200);
    const hero = await add({ person_id: p.id, department: 'Actors', job: 'Actor', character: 'Hero' });
    expect((await add({ person_id: p.id, department: 'Actors', job: 'Actor', character: 'Twin' })).status).toBe(200);
    await admin.post(`/api/v1/titles/${title.id}/seasons`, {});
    expect((await add({ ...director, season: 1 })).status).toBe(200);

    const edit = (body: Record<string, unknown>) => admin.put(`/api/v1/titles/${title.id}/credits/${hero.body.credit.pivot.id}`, body);
    expect((await edit({ department: 'Actors', job: 'Actor', character: 'Twin' })).body.errors.person_id).toEqual(['This person already has this credit.']);
    expect((await edit({ department: 'Actors', job: 'Actor', character: 'Hero' })).status).toBe(200);
    const all = await admin.get(`/api/v1/titles/${title.id}/credits`);
    expect(all.body.pagination.data.map((c: any) => c.pivot.order)).toEqual([0, 1, 2, 3]);
  });

  it('takes a department only from the list, so a credit is never checked as cast and listed as crew', async () => {
    const title = (await admin.post('/api/v1/titles', { name: 'Department Store' })).body.title;
    const p = await person({ name: 'Listed Person' });
    const url = `/api/v1/titles/${title.id}/credits`;
    for (const department of ['actors', 'Acting', 'Nonsense<script>', 'constructor']) {
      const res = await admin.post(url, { person_id: p.id, department, job: 'Actor', character: 'Someone' });
      expect(res.status, department).toBe(422);
      expect(res.body.errors.department).toEqual(['Choose a department from the list.']);
    }
    expect((await admin.post(url, { person_id: p.id, job: 'Actor' })).body.errors.department).toEqual(['Department is required.']);
    const cast = await admin.post(url, { person_id: p.id, department: 'Actors', job: 'Actor', character: 'Someone' });
    expect(cast.status).toBe(200);
    const edited = await admin.put(`${url}/${cast.body.credit.pivot.id}`, { department: 'actors', job: 'Actor', character: 'Someone' });
    expect(edited.body.errors.department).toEqual(['Choose a department from the list.']);
    expect((await admin.get(`${url}?crewType=crew`)).body.pagination.total).toBe(0);
    expect((await admin.get(`${url}?crewType=cast`)).body.pagination.data.map((c: any) => c.pivot.character)).toEqual(['Someone']);
  });
});

describe('title tags (genres, keywords)', () => {
  it('creates, lists, searches, updates and deletes; names are unique per type', async () => {
    const created = await admin.post('/api/v1/title-tags/genre', { name: 'Sci-Fi', display_name: 'Science Fiction' });
    expect(created.body.tag).toMatchObject({ name: 'sci-fi', display_name: 'Science Fiction', type: 'genre' });
    expect((await admin.post('/api/v1/title-tags/genre', { name: 'SCI-FI' })).body.errors.name).toEqual(['A tag with this name already exists.']);
    expect((await admin.post('/api/v1/title-tags/keyword', { name: 'sci-fi' })).status).toBe(200);
    expect((await admin.post('/api/v1/title-tags/genre', { name: '' })).body.errors.name).toEqual(['Name is required.']);
    await admin.post('/api/v1/title-tags/genre', { name: 'Western' });
    const list = await admin.get(listUrl('/api/v1/title-tags/genre', { query: 'sci' }));
    expect(list.body.pagination.data.map((x: any) => x.name)).toEqual(['sci-fi']);
    const sorted = await admin.get(listUrl('/api/v1/title-tags/genre', { orderBy: 'name', orderDir: 'asc' }));
    expect(sorted.body.pagination.data.map((x: any) => x.name)).toEqual(['sci-fi', 'western']);
    const upd = await admin.put(`/api/v1/title-tags/genre/${created.body.tag.id}`, { name: 'scifi', display_name: 'Sci-fi' });
    expect(upd.body.tag.name).toBe('scifi');
    expect((await admin.delete(`/api/v1/title-tags/genre/${created.body.tag.id}`)).status).toBe(200);
    expect((await admin.get('/api/v1/title-tags/genre')).body.pagination.total).toBe(1);
    expect((await admin.get('/api/v1/title-tags/mood')).status).toBe(404);
  });
});

describe("the operator's upload settings apply to uploaded images", () => {
  const send = (url: string, name: string, fields: Record<string, string> = {}) => {
    const m = multipart(fields, { name, type: 'image/png', content: PNG });
    return admin.request('POST', url, m.body, m.headers);
  };
  const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

  it('refuses blocked and not allowed extensions and files over the largest size, with the Files messages', async () => {
    const titleId = (await admin.post('/api/v1/titles', { name: 'Upload rules', is_series: false })).body.title.id;
    const endpoints: [string, Record<string, string>][] = [
      ['/api/v1/people/poster', {}], ['/api/v1/images', { titleId: String(titleId) }], ['/api/v1/admin/appearance/images/logo_light', {}],
      ['/api/v1/news/images', {}], ['/api/v1/custom-pages/media', {}], ['/api/v1/account/avatar', {}],
    ];
    try {
      await t.ctx.settings.set({ 'client.uploads.blocked_extensions': ['png'], 'client.uploads.allowed_extensions': [], 'client.uploads.max_size': null });
      for (const [url, fields] of endpoints) {
        const res = await send(url, 'poster.png', fields);
        expect(res.status, url).toBe(422);
        expect(res.body.errors.file, url).toEqual(['Files with the .png extension are not allowed.']);
      }
      // The type the image is stored as counts too: a PNG named .jpg is still a .png on the disk.
      expect((await send('/api/v1/people/poster', 'poster.jpg')).body.errors.file).toEqual(['Files with the .png extension are not allowed.']);

      await t.ctx.settings.set({ 'client.uploads.blocked_extensions': [], 'client.uploads.allowed_extensions': ['jpg', 'png'] });
      const gif = multipart({}, { name: 'poster.gif', type: 'image/gif', content: GIF });
      expect((await admin.request('POST', '/api/v1/people/poster', gif.body, gif.headers)).body.errors.file).toEqual(['Files with the .gif extension are not allowed.']);
      expect((await send('/api/v1/people/poster', 'poster.png')).status).toBe(200);

      await t.ctx.settings.set({ 'client.uploads.allowed_extensions': [], 'client.uploads.max_size': 50 });
      for (const [url, fields] of endpoints) {
        const res = await send(url, 'poster.png', fields);
        expect(res.status, url).toBe(422);
        expect(res.body.errors.file, url).toEqual(['The file may not be greater than 50 B.']);
      }
      await t.ctx.settings.set({ 'client.uploads.max_size': PNG.length });
      expect((await send('/api/v1/people/poster', 'poster.png')).status).toBe(200);
    } finally {
      await t.ctx.settings.set({ 'client.uploads.blocked_extensions': ['exe', 'php', 'sh', 'bat', 'js'], 'client.uploads.allowed_extensions': [], 'client.uploads.max_size': 100 * 1024 * 1024 });
    }
  });
});
