import { beforeAll, describe, expect, it } from 'vitest';
import { syncGrants } from '../../src/modules/roles/permissions.ts';
import { DEFAULT_GUEST_PERMISSIONS } from '@app/contracts';
import { asAdmin, asUser, createTestApp, guest, listUrl, type Client } from '../helper.ts';

const t = await createTestApp();
let admin: Client;
const ids = new Map<string, number>();
let drama = 0;
let comedy = 0;
let france = 0;

/** Six movies and two series with known years, ratings, genres, countries, languages and certifications. */
const CATALOGUE: { name: string; date: string; rating: number; popularity: number; series?: boolean; genres: string[]; country?: string; language: string; cert: string }[] = [
  { name: 'Alpha Drama', date: '1995-03-01', rating: 7.5, popularity: 10, genres: ['Drama'], country: 'France', language: 'fr', cert: 'PG' },
  { name: 'Bravo Drama', date: '2001-06-01', rating: 8.2, popularity: 50, genres: ['Drama'], language: 'en', cert: 'R' },
  { name: 'Charlie Comedy', date: '2003-01-01', rating: 6.1, popularity: 30, genres: ['Comedy'], country: 'France', language: 'fr', cert: 'PG' },
  { name: 'Delta Both', date: '2010-09-09', rating: 9.0, popularity: 5, genres: ['Drama', 'Comedy'], language: 'en', cert: 'PG-13' },
  { name: 'Echo Old', date: '1980-01-01', rating: 4.0, popularity: 1, genres: [], language: 'de', cert: 'R' },
  { name: 'Foxtrot New', date: '2020-05-05', rating: 5.5, popularity: 80, genres: ['Comedy'], language: 'en', cert: 'PG' },
  { name: 'Golf Series', date: '2005-01-01', rating: 8.8, popularity: 40, series: true, genres: ['Drama'], language: 'en', cert: 'TV-MA' },
  { name: 'Hotel Series', date: '2015-01-01', rating: 7.0, popularity: 20, series: true, genres: ['Comedy'], language: 'en', cert: 'TV-14' },
];

beforeAll(async () => {
  admin = await asAdmin(t);
  for (const c of CATALOGUE) {
    const res = await admin.post('/api/v1/titles', { name: c.name, release_date: c.date, popularity: c.popularity, is_series: Boolean(c.series), language: c.language, certification: c.cert });
    expect(res.status, res.text).toBe(200);
    const id = res.body.title.id as number;
    ids.set(c.name, id);
    await t.ctx.db.updateTable('titles').set({ rating: c.rating }).where('id', '=', id).execute();
    for (const g of c.genres) {
      const tagged = await admin.post(`/api/v1/titles/${id}/tags/genre`, { tag_name: g });
      const tag = tagged.body.title.genres.find((x: any) => x.display_name === g);
      if (g === 'Drama') drama = tag.id;
      else comedy = tag.id;
    }
    if (c.country) france = (await admin.post(`/api/v1/titles/${id}/tags/production_country`, { tag_name: c.country })).body.title.production_countries[0].id;
  }
});

type Filter = { key: string; value: unknown; operator?: string };
const browse = (filters: Filter[], p: Record<string, unknown> = {}, client = guest(t)) =>
  client.get(listUrl('/api/v1/titles', { perPage: 50, orderBy: 'popularity', orderDir: 'desc', ...p, filters }));
const names = (res: { body: any }) => res.body.pagination.data.map((x: any) => x.name);
const movies: Filter = { key: 'type', value: 'movie' };

describe('public browse (/movies, /series)', () => {
  it('lists movies or series only, most popular first', async () => {
    expect(names(await browse([movies]))).toEqual(['Foxtrot New', 'Bravo Drama', 'Charlie Comedy', 'Alpha Drama', 'Delta Both', 'Echo Old']);
    expect(names(await browse([{ key: 'type', value: 'series' }]))).toEqual(['Golf Series', 'Hotel Series']);
  });

  it('filters by genres (any of), country, language and certification', async () => {
    expect(names(await browse([movies, { key: 'genres', value: String(drama) }]))).toEqual(['Bravo Drama', 'Alpha Drama', 'Delta Both']);
    expect(names(await browse([movies, { key: 'genres', value: `${drama},${comedy}` }]))).toEqual(['Foxtrot New', 'Bravo Drama', 'Charlie Comedy', 'Alpha Drama', 'Delta Both']);
    expect(names(await browse([movies, { key: 'countries', value: france }]))).toEqual(['Charlie Comedy', 'Alpha Drama']);
    expect(names(await browse([movies, { key: 'language', value: 'fr' }]))).toEqual(['Charlie Comedy', 'Alpha Drama']);
    expect(names(await browse([movies, { key: 'certification', value: 'R' }]))).toEqual(['Bravo Drama', 'Echo Old']);
  });

  it('filters by year and rating ranges, open or closed, combined with a genre', async () => {
    const years = (start: string, end: string): Filter => ({ key: 'year', value: { start, end }, operator: 'between' });
    const ratings = (start: string, end: string): Filter => ({ key: 'rating', value: { start, end }, operator: 'between' });
    expect(names(await browse([movies, years('2000', '2010')]))).toEqual(['Bravo Drama', 'Charlie Comedy', 'Delta Both']);
    expect(names(await browse([movies, years('2005', '')]))).toEqual(['Foxtrot New', 'Delta Both']);
    expect(names(await browse([movies, years('', '1990')]))).toEqual(['Echo Old']);
    expect(names(await browse([movies, ratings('8', '10')]))).toEqual(['Bravo Drama', 'Delta Both']);
    expect(names(await browse([movies, ratings('', '5')]))).toEqual(['Echo Old']);
    const both = await browse([movies, { key: 'genres', value: String(drama) }, years('1990', '2005')], { orderBy: 'rating' });
    expect(names(both)).toEqual(['Bravo Drama', 'Alpha Drama']);
    expect(both.body.pagination.total).toBe(2);
  });

  it('sorts by popularity, release date, rating and name both ways', async () => {
    expect(names(await browse([movies], { orderBy: 'release_date', orderDir: 'desc' }))).toEqual(['Foxtrot New', 'Delta Both', 'Charlie Comedy', 'Bravo Drama', 'Alpha Drama', 'Echo Old']);
    expect(names(await browse([movies], { orderBy: 'rating', orderDir: 'desc' }))).toEqual(['Delta Both', 'Bravo Drama', 'Alpha Drama', 'Charlie Comedy', 'Foxtrot New', 'Echo Old']);
    expect(names(await browse([movies], { orderBy: 'name', orderDir: 'asc' }))).toEqual(['Alpha Drama', 'Bravo Drama', 'Charlie Comedy', 'Delta Both', 'Echo Old', 'Foxtrot New']);
    expect(names(await browse([movies], { orderBy: 'popularity', orderDir: 'asc' }))).toEqual(['Echo Old', 'Delta Both', 'Alpha Drama', 'Charlie Comedy', 'Bravo Drama', 'Foxtrot New']);
  });

  it('pages without overlap and answers the filtered total', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await browse([movies], { perPage: 10, page });
      expect(res.body.pagination).toMatchObject({ current_page: page, total: 6, last_page: 1 });
      seen.push(...names(res));
    }
    expect(seen).toHaveLength(6);
    const paged = [1, 2, 3].map((page) => browse([movies], { perPage: 10, page: 1 }).then(() => page));
    await Promise.all(paged);
    // perPage is at least 10: three small pages through a bigger filter instead.
    const p1 = await browse([movies, { key: 'year', value: { start: '1900', end: '2100' } }], { perPage: 10, page: 1 });
    expect(p1.body.pagination).toMatchObject({ from: 1, to: 6, total: 6 });
    const p2 = await browse([movies], { perPage: 10, page: 2 });
    expect(p2.body.pagination).toMatchObject({ from: null, data: [] });
  });

  it('recounts a filtered total after the catalogue changes', async () => {
    const f = [movies, { key: 'genres', value: String(drama) }];
    expect((await browse(f)).body.pagination.total).toBe(3);
    const res = await admin.post(`/api/v1/titles/${ids.get('Foxtrot New')}/tags/genre`, { tag_name: 'Drama' });
    expect(res.status).toBe(200);
    expect((await browse(f)).body.pagination.total).toBe(4);
    await admin.delete(`/api/v1/titles/${ids.get('Foxtrot New')}/tags/genre/${drama}`);
    expect((await browse(f)).body.pagination.total).toBe(3);
  });

  it('answers 422 with a clear message for impossible ranges and bad values', async () => {
    const cases: [Filter, string][] = [
      [{ key: 'year', value: { start: '2010', end: '2000' } }, 'The start year must not be after the end year.'],
      [{ key: 'year', value: { start: '20x', end: '' } }, 'Invalid value for year'],
      [{ key: 'year', value: { start: '1500', end: '' } }, 'Years must be whole numbers between 1800 and 2200.'],
      [{ key: 'rating', value: { start: '9', end: '3' } }, 'The lowest rating must not be above the highest rating.'],
      [{ key: 'rating', value: { start: '-1', end: '5' } }, 'Ratings must be between 0 and 10.'],
      [{ key: 'rating', value: { start: '0', end: '11' } }, 'Ratings must be between 0 and 10.'],
      [{ key: 'rating', value: { start: '', end: '' } }, 'Invalid value for rating'],
      [{ key: 'genres', value: 'drama' }, 'Invalid value for genres'],
      [{ key: 'type', value: 'cartoon' }, 'Invalid value for type'],
    ];
    for (const [filter, message] of cases) {
      const res = await browse([movies, filter]);
      expect(res.status, JSON.stringify(filter)).toBe(422);
      expect(res.body).toEqual({ message, errors: { filters: [message] } });
    }
    expect((await browse([movies], { orderBy: 'views_per_day' })).status).toBe(422);
  });

  it('answers guests only public columns; editors all of them', async () => {
    const row = (await browse([movies])).body.pagination.data[0];
    expect(Object.keys(row).sort()).toEqual([
      'backdrop', 'budget', 'certification', 'description', 'episodes_count', 'id', 'is_series', 'language', 'name', 'original_title',
      'popularity', 'poster', 'rating', 'release_date', 'revenue', 'runtime', 'seasons_count', 'tagline', 'vote_count', 'year',
    ]);
    const full = (await browse([movies], {}, admin)).body.pagination.data[0];
    expect(full).toHaveProperty('tmdb_id');
    expect(full).toHaveProperty('created_at');
  });

  it('serves the filter options from value-lists, cached, and rejects unknown lists', async () => {
    const res = await guest(t).get('/api/v1/value-lists/genres,countries,languages,certifications');
    expect(res.status, res.text).toBe(200);
    expect(res.body.genres).toEqual([{ value: comedy, name: 'Comedy' }, { value: drama, name: 'Drama' }]);
    expect(res.body.countries).toEqual([{ value: france, name: 'France' }]);
    expect(res.body.languages.map((x: any) => x.value)).toEqual(['de', 'en', 'fr']);
    expect(res.body.certifications.map((x: any) => x.value)).toEqual(['PG', 'PG-13', 'R', 'TV-14', 'TV-MA']);
    const one = await guest(t).get('/api/v1/value-lists/genres');
    expect(Object.keys(one.body)).toEqual(['genres']);
    for (const bad of ['nope', 'genres,users', '__proto__', 'constructor']) {
      const r = await guest(t).get(`/api/v1/value-lists/${bad}`);
      expect(r.status, bad).toBe(422);
      expect(r.body.message).toMatch(/^Unknown value list/);
    }
  });

  it('refuses visitors whose role lacks titles.view', async () => {
    const user = await asUser(t, { roles: [] });
    await syncGrants(t.ctx.db, 'role', t.roles.guests, DEFAULT_GUEST_PERMISSIONS.filter((p) => p !== 'titles.view').map((name) => ({ name })));
    try {
      expect((await browse([movies])).status).toBe(401);
      expect((await guest(t).get('/api/v1/value-lists/genres')).status).toBe(401);
      expect((await browse([movies], {}, user)).status).toBe(403);
    } finally {
      await syncGrants(t.ctx.db, 'role', t.roles.guests, DEFAULT_GUEST_PERMISSIONS.map((name) => ({ name })));
    }
    expect((await browse([movies])).status).toBe(200);
  });
});
