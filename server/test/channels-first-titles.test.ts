import { beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, createTestApp, guest, type Client } from './helper.ts';

// A new site (no catalogue, the default channels): the home page's rows fill as the operator adds the first titles,
// without waiting for the daily auto update.
const t = await createTestApp();
let admin: Client;

const rowOf = async (slug: string) => {
  await t.ctx.queue.drain();
  const home = (await guest(t).get('/api/v1/channel/home')).body.channel;
  return home.content.data.find((c: any) => c.slug === slug);
};
const namesIn = async (slug: string) => (await rowOf(slug)).content.data.map((x: any) => x.name);
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  admin = await asAdmin(t);
  expect((await admin.post('/api/v1/channel/reset-to-default')).status).toBe(200);
});

describe('the default home rows on a new site', () => {
  it('start empty', async () => {
    expect(await namesIn('popular-movies')).toEqual([]);
    expect(await namesIn('new-episodes')).toEqual([]);
  });

  it('show a movie, a series and its first episode as soon as they are created', async () => {
    const movie = await admin.post('/api/v1/titles', { name: 'Hand-made movie', is_series: false, release_date: today });
    expect(movie.status, movie.text).toBe(200);
    expect(await namesIn('popular-movies')).toEqual(['Hand-made movie']);
    expect(await namesIn('now-playing')).toEqual(['Hand-made movie']);

    const series = await admin.post('/api/v1/titles', { name: 'Hand-made series', is_series: true });
    const id = series.body.title.id;
    expect((await admin.post(`/api/v1/titles/${id}/seasons`, { release_date: null, poster: null, description: null })).status).toBe(200);
    const episode = await admin.post(`/api/v1/titles/${id}/seasons/1/episodes`, { name: 'Pilot', release_date: today });
    expect(episode.status, episode.text).toBe(200);
    expect(await namesIn('popular-series')).toEqual(['Hand-made series']);
    expect(await namesIn('new-episodes')).toEqual(['Pilot']);
  });

  it('follow an edit that moves a title out of a row', async () => {
    const movie = (await admin.get('/api/v1/titles?query=Hand-made%20movie')).body.pagination.data[0];
    const future = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect((await admin.put(`/api/v1/titles/${movie.id}`, { release_date: future })).status).toBe(200);
    expect(await namesIn('now-playing')).toEqual([]);
    expect(await namesIn('upcoming')).toEqual(['Hand-made movie']);
  });

  it('keep a row untouched (its cached contents too) when a refresh changes nothing in it', async () => {
    const version = async () => {
      await t.ctx.queue.drain();
      return (await t.ctx.db.selectFrom('channels').select('version').where('slug', '=', 'popular-series').executeTakeFirstOrThrow()).version;
    };
    const before = await version();
    expect(before).toBeGreaterThan(0);
    const movie = (await admin.get('/api/v1/titles?query=Hand-made%20movie')).body.pagination.data[0];
    expect((await admin.put(`/api/v1/titles/${movie.id}`, { tagline: 'Made by hand.' })).status).toBe(200);
    expect(await version()).toBe(before);
  });
});
