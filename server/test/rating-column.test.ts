import { beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asUser, createTestApp, listUrl, type Client } from './helper.ts';

/** The content settings' rating column: which rating the site shows, sorts and filters titles and episodes by. */
const t = await createTestApp();
let admin: Client;
let alice: Client & { user: { id: number } };
let bob: Client & { user: { id: number } };
const ids = { a: 0, b: 0, series: 0, episode: 0 };

const useColumn = async (column: 'tmdb_vote_average' | 'local_vote_average') => {
  const res = await admin.post('/api/v1/settings', { server: { rating_column: column } });
  expect(res.status, res.text).toBe(200);
};
const shown = async (id: number) => {
  const { title } = (await admin.get(`/api/v1/titles/${id}`)).body;
  return { rating: title.rating, vote_count: title.vote_count };
};
const byRating = async () => (await admin.get('/api/v1/titles?orderBy=rating&orderDir=desc&perPage=10')).body.pagination.data
  .filter((r: any) => r.rating !== null).map((r: any) => r.name);

beforeAll(async () => {
  admin = await asAdmin(t);
  alice = await asUser(t);
  bob = await asUser(t);
  ids.a = (await admin.post('/api/v1/titles', { name: 'Critics Darling' })).body.title.id;
  ids.b = (await admin.post('/api/v1/titles', { name: 'Crowd Pleaser' })).body.title.id;
  ids.series = (await admin.post('/api/v1/titles', { name: 'Rated Series', is_series: true })).body.title.id;
  await admin.post(`/api/v1/titles/${ids.series}/seasons`, {});
  ids.episode = (await admin.post(`/api/v1/titles/${ids.series}/seasons/1/episodes`, { name: 'Pilot' })).body.episode.id;
  // What an import from the movie database service would have stored.
  const imported = [[ids.a, 8.8, 2000], [ids.b, 5.1, 300], [ids.series, 7.0, 50]] as const;
  for (const [id, rating, votes] of imported) {
    await t.ctx.db.updateTable('titles').set({ rating, tmdb_rating: rating, vote_count: votes, tmdb_vote_count: votes }).where('id', '=', id).execute();
  }
  await t.ctx.db.updateTable('episodes').set({ rating: 6.5, tmdb_rating: 6.5 }).where('id', '=', ids.episode).execute();
});

describe('the rating column setting', () => {
  it('shows the service\'s rating by default; members\' ratings leave it alone', async () => {
    expect((await admin.get('/api/v1/settings')).body.server['server.rating_column']).toBe('tmdb_vote_average');
    await alice.put(`/api/v1/ratings/title/${ids.a}`, { score: 3 });
    await alice.put(`/api/v1/ratings/title/${ids.b}`, { score: 9 });
    await bob.put(`/api/v1/ratings/title/${ids.b}`, { score: 8 });
    await bob.put(`/api/v1/ratings/title/${ids.b}`, { score: 7 });
    expect(await shown(ids.a)).toEqual({ rating: 8.8, vote_count: 2000 });
    expect(await byRating()).toEqual(['Critics Darling', 'Rated Series', 'Crowd Pleaser']);
  });

  it('switched to local, every title and episode shows the members\' average and count, and lists sort by it', async () => {
    await useColumn('local_vote_average');
    expect(await shown(ids.a)).toEqual({ rating: 3, vote_count: 1 });
    expect(await shown(ids.b)).toEqual({ rating: 8, vote_count: 2 });
    // Nobody rated the series or its episode: no rating rather than the service's.
    expect(await shown(ids.series)).toEqual({ rating: null, vote_count: 0 });
    expect((await admin.get(`/api/v1/titles/${ids.series}/seasons/1/episodes/1`)).body.episode.rating).toBeNull();
    expect(await byRating()).toEqual(['Crowd Pleaser', 'Critics Darling']);
    // The public title page and the browse filter see the same figure.
    expect((await alice.get(`/api/v1/titles/${ids.b}/page`)).body.title.rating).toBe(8);
    const filtered = await admin.get(listUrl('/api/v1/titles', { filters: [{ key: 'rating', value: { start: '7', end: '10' }, operator: 'between' }] }));
    expect(filtered.body.pagination.data.map((r: any) => r.name)).toEqual(['Crowd Pleaser']);
  });

  it('follows each rating, change and removal as it happens, rounded to one decimal', async () => {
    await bob.put(`/api/v1/ratings/title/${ids.a}`, { score: 8 });
    const carol = await asUser(t);
    await carol.put(`/api/v1/ratings/title/${ids.a}`, { score: 8 });
    expect(await shown(ids.a)).toEqual({ rating: 6.3, vote_count: 3 });
    await alice.delete(`/api/v1/ratings/title/${ids.a}`);
    expect(await shown(ids.a)).toEqual({ rating: 8, vote_count: 2 });
    await alice.put(`/api/v1/ratings/episode/${ids.episode}`, { score: 9 });
    expect((await admin.get(`/api/v1/titles/${ids.series}/seasons/1/episodes/1`)).body.episode.rating).toBe(9);
    // A member who leaves takes their rating out of what is shown.
    expect((await admin.delete(`/api/v1/users/${carol.user.id}`)).status).toBe(200);
    expect(await shown(ids.a)).toEqual({ rating: 8, vote_count: 1 });
  });

  it('switched back, the service\'s figures return untouched', async () => {
    await useColumn('tmdb_vote_average');
    expect(await shown(ids.a)).toEqual({ rating: 8.8, vote_count: 2000 });
    expect(await shown(ids.series)).toEqual({ rating: 7, vote_count: 50 });
    expect((await admin.get(`/api/v1/titles/${ids.series}/seasons/1/episodes/1`)).body.episode.rating).toBe(6.5);
    await alice.put(`/api/v1/ratings/title/${ids.a}`, { score: 1 });
    expect(await shown(ids.a)).toEqual({ rating: 8.8, vote_count: 2000 });
  });

  it('refuses an unknown column with a field error and changes nothing', async () => {
    const res = await admin.post('/api/v1/settings', { server: { rating_column: 'imdb' } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['server.rating_column']);
    expect(await shown(ids.a)).toEqual({ rating: 8.8, vote_count: 2000 });
  });
});
