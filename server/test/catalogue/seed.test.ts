import { describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../../src/db/seed/catalogue.ts';
import { seedDemoAnalytics } from '../../src/db/seed/analytics.ts';
import { demoAuthors, seedDemoCommunity } from '../../src/db/seed/community.ts';
import { seedDemoUsers } from '../../src/db/seed/users.ts';
import { asAdmin, asUser, createTestApp } from '../helper.ts';

const t = await createTestApp();
let members: number[] = [];
const count = async (table: 'titles' | 'seasons' | 'episodes' | 'people' | 'creditables' | 'videos' | 'video_captions' | 'title_tags') =>
  Number((await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('demo catalogue seed', () => {
  it('seeds 200 titles with seasons and episodes, 500 people with credits, tags, images and playable videos, quickly', async () => {
    const t0 = performance.now();
    await seedDemoCatalogue(t.ctx);
    expect(performance.now() - t0).toBeLessThan(10_000);
    expect(await count('titles')).toBe(200);
    expect(await count('people')).toBe(500);
    expect(await count('seasons')).toBeGreaterThan(60);
    expect(await count('episodes')).toBeGreaterThan(300);
    expect(await count('creditables')).toBeGreaterThan(2000);
    // Genres, keywords and countries, and two custom tags ("Staff pick", "Hidden gem").
    expect(await count('title_tags')).toBe(46);
    expect(await count('videos')).toBeGreaterThan(0);
    expect(await count('video_captions')).toBe(await count('videos'));

    const admin = await asAdmin(t);
    const list = await admin.get('/api/v1/titles?orderBy=popularity&orderDir=desc&with=genres');
    const top = list.body.pagination.data[0];
    expect(top.genres.length).toBeGreaterThan(0);
    const poster = await admin.get(top.poster);
    expect(poster.status).toBe(200);
    expect(poster.headers['content-type']).toBe('image/png');
    const series = (await admin.get('/api/v1/titles?filters=' + encodeURIComponent(JSON.stringify([{ key: 'type', value: 'series' }])))).body.pagination.data[0];
    expect(series.seasons_count).toBeGreaterThan(0);
    expect(series.episodes_count).toBeGreaterThan(0);
    const video = (await admin.get('/api/v1/videos?filters=' + encodeURIComponent(JSON.stringify([{ key: 'type', value: 'video' }])))).body.pagination.data[0];
    const file = await admin.get(video.src);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('video/webm');
    expect((await admin.get(video.captions[0].url)).text).toMatch(/^WEBVTT/);

    // A series airs its first season on its release date, each later season a year on, an episode a week.
    const airings = await t.ctx.db.selectFrom('episodes').innerJoin('seasons', 'seasons.id', 'episodes.season_id').innerJoin('titles', 'titles.id', 'episodes.title_id')
      .select(['titles.release_date as premiere', 'seasons.number', 'seasons.release_date as season_date', 'episodes.episode_number', 'episodes.release_date'])
      .where('titles.id', '=', series.id).orderBy('seasons.number').orderBy('episodes.episode_number').execute();
    const weeks = (from: string | null, to: string | null) => (Date.parse(to!) - Date.parse(from!)) / (7 * 24 * 3600 * 1000);
    for (const a of airings) {
      expect(weeks(a.premiere, a.season_date)).toBe((a.number - 1) * 52);
      expect(weeks(a.season_date, a.release_date)).toBe(a.episode_number - 1);
    }
    // No series lists a season that has not begun (its episodes may still be airing).
    const today = new Date().toISOString().slice(0, 10);
    const unbegun = await t.ctx.db.selectFrom('seasons').select('id').where('release_date', '>', today).execute();
    expect(unbegun).toEqual([]);
  });

  it('seeds members\' reviews and comments on the popular titles and four public lists, shown on title pages and profiles', async () => {
    members = await seedDemoUsers(t.ctx, t.roles);
    await seedDemoCommunity(t.ctx, members);
    const reviews = await t.ctx.db.selectFrom('reviews').select(['user_id', 'reviewable_id']).execute();
    expect(reviews).toHaveLength(79);
    const lists = await t.ctx.db.selectFrom('channels').select(['id', 'user_id', 'items_count', 'public']).where('type', '=', 'list').execute();
    expect(lists).toHaveLength(4);
    for (const l of lists) expect(l.items_count).toBe(8);
    // Suspended or unconfirmed accounts write nothing.
    const writers = await t.ctx.db.selectFrom('users').select(['banned_at', 'email_verified_at'])
      .where('id', 'in', [...reviews.map((r) => r.user_id), ...lists.map((l) => l.user_id!)]).execute();
    for (const w of writers) expect([w.banned_at, Boolean(w.email_verified_at)]).toEqual([null, true]);

    const viewer = await asUser(t);
    const page = await viewer.get(`/api/v1/reviews/public?reviewable_id=${reviews[0].reviewable_id}`);
    expect(page.body.pagination.total).toBeGreaterThan(0);
    // Each reviewer rated the title with their review's score: the summary is their average.
    const scores = page.body.pagination.data.map((r: { score: number }) => r.score);
    expect(page.body.summary).toEqual({ count: scores.length, average: Math.round((scores.reduce((a: number, b: number) => a + b, 0) / scores.length) * 10) / 10 });
    // Two comments on each of the 15 most popular titles, the first answered once.
    const comments = await t.ctx.db.selectFrom('comments').select(['commentable_id', 'parent_id', 'replies_count', 'content']).execute();
    expect(comments).toHaveLength(45);
    // No text is repeated across the demo's title pages.
    expect(new Set(comments.map((c) => c.content)).size).toBe(45);
    const thread = await viewer.get(`/api/v1/comment/thread?commentable_type=title&commentable_id=${comments[0].commentable_id}`);
    expect(thread.status, thread.text).toBe(200);
    expect(thread.body.pagination.data.map((c: { replies_count: number }) => c.replies_count).sort()).toEqual([0, 1]);
    const profile = await viewer.get(`/api/v1/users/${lists[0].user_id}/profile`);
    expect(profile.status).toBe(200);
    expect(profile.body.lists[0].posters).toHaveLength(4);
    expect(profile.body.reviews.total).toBeGreaterThan(0);
  });

  it('seeds ninety days of visits and plays of the demo videos, rolled up so the reports and "Most watched" show them', async () => {
    const t0 = performance.now();
    await seedDemoAnalytics(t.ctx, demoAuthors(members));
    expect(performance.now() - t0).toBeLessThan(15_000);
    const raw = async (table: 'page_views' | 'plays') => Number((await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const views = await raw('page_views');
    const plays = await raw('plays');
    expect(views).toBeGreaterThan(10_000);
    expect(plays).toBeGreaterThan(500);
    // The play counters agree with the plays.
    const counted = await t.ctx.db.selectFrom('videos').select((eb) => eb.fn.sum<number>('plays_count').as('n')).executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(plays);

    // The report over the whole seeded period counts every raw row (the rollup ran); nobody visits from the United Kingdom.
    const end = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - 95 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const admin = await asAdmin(t);
    const res = await admin.get(`/api/v1/admin/reports?types=header,visitors,plays&startDate=${start}&endDate=${end}&timezone=UTC`);
    expect(res.status, res.text).toBe(200);
    const header = new Map(res.body.headerReport.map((i: { name: string; currentValue: number }) => [i.name, i.currentValue]));
    expect(header.get('Page views')).toBe(views);
    expect(header.get('Plays')).toBe(plays);
    const countries = res.body.visitorsReport.locations.datasets[0].data.map((l: { code: string }) => l.code);
    expect(countries.length).toBeGreaterThan(10);
    expect(countries).not.toContain('GB');
    expect(res.body.playsReport.topUsers.datasets[0].data.length).toBeGreaterThan(0);
  });
});
