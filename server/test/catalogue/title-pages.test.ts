import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSitemap } from '../../src/modules/settings/sitemap.ts';
import { asAdmin, asUser, createTestApp, guest, type Client } from '../helper.ts';

// The server fills the built index.html; a minimal one stands in for web/dist.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'title-pages-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>StreamSite</title></head><body><div id="root"></div></body></html>');
// The build's map of scripts (web/vite.config.ts moduleChunks): the layout and the title page merged into chunks of
// other names, the person page in its own.
fs.mkdirSync(path.join(webDist, '.vite'));
fs.writeFileSync(path.join(webDist, '.vite', 'module-chunks.json'), JSON.stringify({ chunks: {
  'assets/index-E.js': { entry: true, imports: ['assets/shared-S.js'], modules: ['src/main.tsx'] },
  'assets/shared-S.js': { entry: false, imports: [], modules: ['src/ui/Button.tsx'] },
  'assets/SiteLayout-L.js': { entry: false, imports: ['assets/index-E.js', 'assets/icons-I.js'], modules: ['src/site/Header.tsx', 'src/site/SiteLayout.tsx'] },
  'assets/icons-I.js': { entry: false, imports: [], modules: ['src/ui/icons.tsx'] },
  'assets/Rows-T.js': { entry: false, imports: ['assets/index-E.js', 'assets/shared-S.js', 'assets/parts-P.js'], modules: ['src/site/titles/Rows.tsx', 'src/site/titles/TitlePage.tsx'] },
  'assets/parts-P.js': { entry: false, imports: ['assets/icons-I.js'], modules: ['src/site/titles/parts.tsx'] },
  'assets/TitleReviews-R.js': { entry: false, imports: [], modules: ['src/site/reviews/TitleReviews.tsx'] },
  'assets/PersonPage-P.js': { entry: false, imports: ['assets/index-E.js'], modules: ['src/site/people/PersonPage.tsx'] },
} }));
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));
const t = await createTestApp({ APP_URL: 'https://flix.test' }, { webDist });
afterAll(() => t.close());

let admin: Client;
const ids = { series: 0, movie: 0, other: 0, actor: 0, director: 0, approved: 0, unapproved: 0, trailer: 0, episodeVideo: 0 };

const ok = async (res: Promise<{ status: number; body: any; text: string }>) => {
  const r = await res;
  expect(r.status, r.text).toBe(200);
  return r.body;
};
const pageData = (html: string) => JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)![1]);
const ldJson = (html: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]);
const htmlOf = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  admin = await asAdmin(t);
  ids.series = (await ok(admin.post('/api/v1/titles', { name: 'Kingdom </script> of Ice', is_series: true, release_date: '2020-03-01', description: 'Cold <b>throne</b>.', certification: 'TV-14', budget: 1000000 }))).title.id;
  ids.movie = (await ok(admin.post('/api/v1/titles', { name: 'Frozen Crown', release_date: '2019-01-01', runtime: 120 }))).title.id;
  ids.other = (await ok(admin.post('/api/v1/titles', { name: 'Unrelated', release_date: '2018-01-01' }))).title.id;
  for (const id of [ids.series, ids.movie]) {
    await ok(admin.post(`/api/v1/titles/${id}/tags/genre`, { tag_name: 'Drama' }));
    await ok(admin.post(`/api/v1/titles/${id}/tags/keyword`, { tag_name: 'ice' }));
  }
  await ok(admin.post(`/api/v1/titles/${ids.series}/tags/production_country`, { tag_name: 'Norway' }));
  for (const n of [1, 2]) {
    await ok(admin.post(`/api/v1/titles/${ids.series}/seasons`, { number: n }));
    for (const e of [1, 2]) await ok(admin.post(`/api/v1/titles/${ids.series}/seasons/${n}/episodes`, { name: `S${n}E${e} name`, episode_number: e }));
  }
  ids.actor = (await ok(admin.post('/api/v1/people', { name: 'Ada Frost', description: 'An actor.' }))).person.id;
  ids.director = (await ok(admin.post('/api/v1/people', { name: 'Dan Direct' }))).person.id;
  await ok(admin.post(`/api/v1/titles/${ids.series}/credits`, { person_id: ids.actor, department: 'Actors', job: 'Actor', character: 'Queen' }));
  await ok(admin.post(`/api/v1/titles/${ids.series}/credits`, { person_id: ids.director, department: 'Directing', job: 'Director' }));
  await ok(admin.post(`/api/v1/titles/${ids.series}/credits`, { person_id: ids.actor, department: 'Actors', job: 'Actor', character: 'Queen', season: 1, episode: 2 }));
  await ok(admin.post(`/api/v1/titles/${ids.movie}/credits`, { person_id: ids.actor, department: 'Actors', job: 'Actor', character: 'Lead' }));
  const video = (v: Record<string, unknown>) => ok(admin.post('/api/v1/videos', { title_id: ids.series, type: 'video', src: '/storage/secret.mp4', ...v }));
  ids.approved = (await video({ name: 'Full', category: 'full', approved: true })).video.id;
  ids.unapproved = (await video({ name: 'Hidden', category: 'full', approved: false, src: '/storage/hidden.mp4' })).video.id;
  ids.trailer = (await video({ name: 'Trailer', category: 'trailer', type: 'embed', src: 'https://www.youtube.com/embed/x' })).video.id;
  ids.episodeVideo = (await video({ name: 'Episode full', category: 'full', season_num: 1, episode_num: 2 })).video.id;
});

describe('title page call', () => {
  it('answers the title with facts, seasons, latest episodes, cast, crew, videos, related and section settings', async () => {
    const d = await ok(guest(t).get(`/api/v1/titles/${ids.series}/page`));
    expect(d.title).toMatchObject({ id: ids.series, name: 'Kingdom </script> of Ice', certification: 'TV-14', budget: 1000000 });
    expect(d.title.genres.map((g: any) => g.name)).toEqual(['drama']);
    expect(d.title.production_countries.map((g: any) => g.name)).toEqual(['no']);
    expect(d.seasons.map((s: any) => s.number)).toEqual([1, 2]);
    expect(d.episodes.map((e: any) => e.name)).toEqual(['S2E1 name', 'S2E2 name']);
    expect(d.cast).toEqual([expect.objectContaining({ id: ids.actor, name: 'Ada Frost', pivot: expect.objectContaining({ character: 'Queen' }) })]);
    expect(d.crew.map((c: any) => c.name)).toEqual(['Dan Direct']);
    expect(d.related.map((r: any) => r.id)).toEqual([ids.movie]);
    expect(d.sections.map((s: any) => s.name)).toEqual(['episodes', 'seasons', 'videos', 'images', 'reviews', 'cast', 'related']);
    expect(d.video_panel).toEqual({ mode: 'carousel', content: 'all' });
    expect(d.play_video_id).toBe(ids.approved);
    expect(d.play_episode).toBeNull();
    expect(d.trailer_video_id).toBe(ids.trailer);
  });

  it('plays a series without a full video of its own from its first episode that has one (approved, for visitors)', async () => {
    const series = (await ok(admin.post('/api/v1/titles', { name: 'Episodes Only', is_series: true }))).title.id;
    const video = async (season: number, episode: number, approved = true, category = 'full') => (await ok(admin.post('/api/v1/videos', {
      title_id: series, type: 'video', src: '/storage/ep.mp4', name: `S${season}E${episode}`, category, approved, season_num: season, episode_num: episode,
    }))).video.id as number;
    // Videos hang on existing episodes: S1E1-3 and S2E1 (season 3 stays without any).
    for (const [n, episodes] of [[1, 3], [2, 1], [3, 0]]) {
      await ok(admin.post(`/api/v1/titles/${series}/seasons`, {}));
      for (let e = 0; e < episodes; e++) await ok(admin.post(`/api/v1/titles/${series}/seasons/${n}/episodes`, { name: `Part ${n}.${e + 1}` }));
    }
    await video(2, 1);
    const s1e3 = await video(1, 3);
    const hidden = await video(1, 1, false);
    await video(1, 2, true, 'trailer');
    const d = await ok(guest(t).get(`/api/v1/titles/${series}/page`));
    expect([d.play_video_id, d.play_episode]).toEqual([s1e3, { season: 1, episode: 3 }]);
    // An editor sees the unapproved episode video, as in the video lists.
    const a = await ok(admin.get(`/api/v1/titles/${series}/page`));
    expect([a.play_video_id, a.play_episode]).toEqual([hidden, { season: 1, episode: 1 }]);
    // The server-rendered page embeds the same.
    expect(pageData((await htmlOf(`/titles/${series}`)).body).data.play_episode).toEqual({ season: 1, episode: 3 });
    // A season page plays from the season's own first episode with a video; a season without one has no Play.
    const season = async (c: Client, n: number) => { const s = await ok(c.get(`/api/v1/titles/${series}/seasons/${n}/page`)); return [s.play_video_id, s.play_episode]; };
    expect(await season(guest(t), 1)).toEqual([s1e3, { season: 1, episode: 3 }]);
    expect(await season(admin, 1)).toEqual([hidden, { season: 1, episode: 1 }]);
    expect((await season(guest(t), 2))[1]).toEqual({ season: 2, episode: 1 });
    expect(await season(guest(t), 3)).toEqual([null, null]);
    expect((await ok(guest(t).get(`/api/v1/titles/${series}/seasons/1/page`))).resume).toBeNull();
  });

  it('lists only approved videos to visitors and never sends them a src; editors get both', async () => {
    const d = await ok(guest(t).get(`/api/v1/titles/${ids.series}/page`));
    expect(d.videos.map((v: any) => v.id).sort()).toEqual([ids.approved, ids.trailer].sort());
    for (const v of d.videos) expect(v).not.toHaveProperty('src');
    expect(JSON.stringify(d)).not.toContain('secret.mp4');
    const user = await asUser(t);
    const u = await ok(user.get(`/api/v1/titles/${ids.series}/page`));
    expect(u.videos.some((v: any) => v.id === ids.unapproved)).toBe(false);
    expect(JSON.stringify(u)).not.toContain('.mp4');
    const a = await ok(admin.get(`/api/v1/titles/${ids.series}/page`));
    expect(a.videos.map((v: any) => v.id)).toContain(ids.unapproved);
    expect(a.videos.find((v: any) => v.id === ids.approved).src).toBe('/storage/secret.mp4');
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const url of ['/api/v1/titles/999999/page', '/api/v1/titles/abc/page', '/api/v1/titles/0/page', '/api/v1/titles/-1/page', '/api/v1/titles/1.5/page', '/api/v1/titles/99999999999999/page']) {
      const r = await guest(t).get(url);
      expect(r.status, url).toBe(404);
      expect(r.body.message).toBe('Title not found');
    }
  });
});

describe('season and episode page calls', () => {
  it('season page: episodes, previous and next season', async () => {
    const d = await ok(guest(t).get(`/api/v1/titles/${ids.series}/seasons/1/page`));
    expect(d.season.number).toBe(1);
    expect(d.episodes.map((e: any) => e.episode_number)).toEqual([1, 2]);
    expect(d).toMatchObject({ previous: null, next: 2 });
    expect((await ok(guest(t).get(`/api/v1/titles/${ids.series}/seasons/2/page`)))).toMatchObject({ previous: 1, next: null });
  });

  it('episode page: cast, its videos without src, previous and next across seasons', async () => {
    const d = await ok(guest(t).get(`/api/v1/titles/${ids.series}/seasons/1/episodes/2/page`));
    expect(d.episode.name).toBe('S1E2 name');
    expect(d.cast.map((c: any) => c.name)).toEqual(['Ada Frost']);
    expect(d.videos.map((v: any) => v.id)).toEqual([ids.episodeVideo]);
    expect(d.videos[0]).not.toHaveProperty('src');
    expect(d.play_video_id).toBe(ids.episodeVideo);
    expect(d.previous).toEqual({ season: 1, episode: 1, name: 'S1E1 name' });
    expect(d.next).toEqual({ season: 2, episode: 1, name: 'S2E1 name' });
    const first = await ok(guest(t).get(`/api/v1/titles/${ids.series}/seasons/1/episodes/1/page`));
    expect(first.previous).toBeNull();
    const last = await ok(guest(t).get(`/api/v1/titles/${ids.series}/seasons/2/episodes/2/page`));
    expect(last.next).toBeNull();
  });

  it('answers 404 for seasons and episodes that do not exist or are malformed', async () => {
    const cases: [string, string][] = [
      [`/api/v1/titles/${ids.series}/seasons/9/page`, 'Season not found'],
      [`/api/v1/titles/${ids.series}/seasons/x/page`, 'Season not found'],
      [`/api/v1/titles/999999/seasons/1/page`, 'Title not found'],
      [`/api/v1/titles/${ids.series}/seasons/1/episodes/9/page`, 'Episode not found'],
      [`/api/v1/titles/${ids.series}/seasons/9/episodes/1/page`, 'Season not found'],
      [`/api/v1/titles/${ids.series}/seasons/1/episodes/constructor/page`, 'Episode not found'],
    ];
    for (const [url, message] of cases) {
      const r = await guest(t).get(url);
      expect(r.status, url).toBe(404);
      expect(r.body.message, url).toBe(message);
    }
  });
});

describe('person page call', () => {
  it('answers the person, credits newest first and known for', async () => {
    const d = await ok(guest(t).get(`/api/v1/people/${ids.actor}/page`));
    expect(d.person.name).toBe('Ada Frost');
    expect(d.credits.map((c: any) => c.year)).toEqual([2020, 2020, 2019]);
    expect(d.credits.find((c: any) => c.creditable_type === 'episode')).toMatchObject({ season: 1, episode: 2 });
    expect(d.known_for.map((k: any) => k.id).sort()).toEqual([ids.series, ids.movie].sort());
  });
  it('answers 404 for unknown or malformed ids', async () => {
    for (const url of ['/api/v1/people/999999/page', '/api/v1/people/abc/page', '/api/v1/people/__proto__/page']) {
      const r = await guest(t).get(url);
      expect(r.status, url).toBe(404);
    }
  });
});

describe('server-rendered HTML', () => {
  it('title page: SEO tags, Movie/TVSeries ld+json with VideoObjects, embedded page data with < escaped', async () => {
    const res = await htmlOf(`/titles/${ids.series}/kingdom-of-ice`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Kingdom &lt;/script&gt; of Ice - ');
    expect(res.body).toContain(`<link rel="canonical" href="https://flix.test/titles/${ids.series}/kingdom-script-of-ice">`);
    const ld = ldJson(res.body);
    expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'TVSeries', name: 'Kingdom </script> of Ice', contentRating: 'TV-14', numberOfSeasons: 2 });
    expect(ld.video.map((v: any) => v['@type'])).toEqual(['VideoObject', 'VideoObject']);
    expect(ld.actor).toEqual([{ '@type': 'Person', name: 'Ada Frost' }]);
    // Only one closing tag per script: the name's "</script>" is escaped in both.
    expect(res.body.match(/<\/script>/g)!.length).toBe(2);
    const data = pageData(res.body);
    expect(data.key).toBe(`titles/${ids.series}/page`);
    expect(data.data.title.name).toBe('Kingdom </script> of Ice');
    expect(data.data.videos.every((v: any) => !('src' in v))).toBe(true);
    expect(res.body).not.toContain('secret.mp4');

    const movie = await htmlOf(`/titles/${ids.movie}`);
    expect(ldJson(movie.body)).toMatchObject({ '@type': 'Movie', name: 'Frozen Crown', duration: 'PT120M' });
  });

  it('canonical URL: the page path with its current slug, whichever slug (or none) the visitor came by', async () => {
    const canonicalOf = async (url: string) => /<link rel="canonical" href="([^"]*)">/.exec((await htmlOf(url)).body)![1];
    const series = `https://flix.test/titles/${ids.series}/kingdom-script-of-ice`;
    expect(await canonicalOf(`/titles/${ids.series}`)).toBe(series);
    expect(await canonicalOf(`/titles/${ids.series}/an-old-name`)).toBe(series);
    expect(await canonicalOf(`/titles/${ids.series}/an-old-name/season/2`)).toBe(`${series}/season/2`);
    expect(await canonicalOf(`/titles/${ids.series}/season/1/episode/2`)).toBe(`${series}/season/1/episode/2`);
    expect(await canonicalOf(`/people/${ids.actor}`)).toBe(`https://flix.test/people/${ids.actor}/ada-frost`);
    const ld = ldJson((await htmlOf(`/titles/${ids.series}`)).body);
    expect(ld.url).toBe(series);
    expect((await htmlOf(`/titles/${ids.series}`)).body).toContain('<meta property="og:url" content="' + series + '">');
  });

  it('og:type: a series is a TV show, a movie a movie', async () => {
    expect((await htmlOf(`/titles/${ids.series}`)).body).toContain('<meta property="og:type" content="video.tv_show">');
    expect((await htmlOf(`/titles/${ids.movie}`)).body).toContain('<meta property="og:type" content="video.movie">');
  });

  it('a name in another script keeps its words in the slug; a name with none gets no slug, never an empty segment', async () => {
    const cjk = (await ok(admin.post('/api/v1/titles', { name: '千と千尋の神隠し', is_series: true }))).title.id;
    await ok(admin.post(`/api/v1/titles/${cjk}/seasons`, { number: 1 }));
    const bare = (await ok(admin.post('/api/v1/titles', { name: '!!!', is_series: true }))).title.id;
    await ok(admin.post(`/api/v1/titles/${bare}/seasons`, { number: 1 }));
    const slug = encodeURI('千と千尋の神隠し');
    const cjkSeason = await htmlOf(`/titles/${cjk}/${slug}/season/1`);
    expect(cjkSeason.statusCode).toBe(200);
    expect(cjkSeason.body).toContain(`<link rel="canonical" href="https://flix.test/titles/${cjk}/${slug}/season/1">`);
    expect((await htmlOf(`/titles/${bare}/season/1`)).body).toContain(`<link rel="canonical" href="https://flix.test/titles/${bare}/season/1">`);

    await generateSitemap(t.ctx);
    const chunks: Buffer[] = [];
    for await (const c of t.ctx.storage.read('sitemaps/sitemap-1.xml')) chunks.push(Buffer.from(c));
    const xml = Buffer.concat(chunks).toString();
    expect(xml).toContain(`<loc>https://flix.test/titles/${cjk}/${slug}/season/1</loc>`);
    expect(xml).toContain(`<loc>https://flix.test/titles/${bare}/season/1</loc>`);
    expect(xml).not.toMatch(/flix\.test\/titles\/\d+\/\//);
  });

  it('season, episode and person pages carry TVSeason, TVEpisode and Person ld+json and their data', async () => {
    const season = await htmlOf(`/titles/${ids.series}/kingdom-of-ice/season/1`);
    expect(season.statusCode).toBe(200);
    expect(ldJson(season.body)).toMatchObject({ '@type': 'TVSeason', seasonNumber: 1, partOfSeries: { '@type': 'TVSeries', name: 'Kingdom </script> of Ice' } });
    expect(pageData(season.body).key).toBe(`titles/${ids.series}/seasons/1/page`);

    const episode = await htmlOf(`/titles/${ids.series}/kingdom-of-ice/season/1/episode/2`);
    expect(episode.statusCode).toBe(200);
    expect(episode.body).toContain('<title>S1E2 name - Kingdom &lt;/script&gt; of Ice - ');
    expect(ldJson(episode.body)).toMatchObject({ '@type': 'TVEpisode', episodeNumber: 2, partOfSeason: { seasonNumber: 1 } });
    expect(pageData(episode.body).data.next).toEqual({ season: 2, episode: 1, name: 'S2E1 name' });

    const person = await htmlOf(`/people/${ids.actor}/ada-frost`);
    expect(person.statusCode).toBe(200);
    expect(ldJson(person.body)).toMatchObject({ '@type': 'Person', name: 'Ada Frost', description: 'An actor.' });
    expect(pageData(person.body).data.credits).toHaveLength(3);
  });

  it('answers 404 for unknown ids, seasons and episodes, without page data', async () => {
    for (const url of ['/titles/999999/x', '/titles/abc', `/titles/${ids.series}/x/season/9`, `/titles/${ids.series}/x/season/1/episode/9`, '/people/999999/nobody', '/people/0']) {
      const res = await htmlOf(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.body).not.toContain('id="page-data"');
    }
    // Other site pages still answer 200.
    expect((await htmlOf('/contact')).statusCode).toBe(200);
  });

  it('preloads the page\'s route chunks (not the entry\'s, not lazy sections) and its boot calls', async () => {
    const preloads = (html: string) => [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"[^>]*>/g)].map((m) => m[2]);
    const title = await htmlOf(`/titles/${ids.movie}/frozen-crown`);
    expect(preloads(title.body)).toEqual(['/api/v1/localizations/active/lines', '/api/v1/auth/me',
      '/assets/SiteLayout-L.js', '/assets/icons-I.js', '/assets/Rows-T.js', '/assets/parts-P.js']);
    // Under the Content-Security-Policy the chunks carry this response's nonce.
    const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(String(title.headers['content-security-policy']))?.[1];
    expect(title.body).toContain(`<link rel="modulepreload" crossorigin href="/assets/Rows-T.js" nonce="${nonce}">`);
    expect(preloads((await htmlOf(`/people/${ids.actor}/ada-frost`)).body)).toContain('/assets/PersonPage-P.js');
    // Not found, or a page without a known route chunk: nothing to preload.
    expect(preloads((await htmlOf('/titles/999999/x')).body)).toEqual([]);
    expect(preloads((await htmlOf('/contact')).body)).toEqual([]);
  });
});

describe('permissions', () => {
  it('a role without titles.view or people.view gets 403 from the calls and the HTML', async () => {
    await t.ctx.db.deleteFrom('permission_grants').where('model_type', '=', 'role').where('model_id', '=', t.roles.guests)
      .where('name', 'in', ['titles.view', 'people.view']).execute();
    try {
      // A visitor: the call asks to sign in, the HTML says forbidden.
      expect((await guest(t).get(`/api/v1/titles/${ids.series}/page`)).status).toBe(401);
      expect((await htmlOf(`/titles/${ids.series}/x`)).statusCode).toBe(403);
      expect((await htmlOf(`/people/${ids.actor}/x`)).statusCode).toBe(403);
      // A signed-in user whose roles lack them: 403 with a clear message.
      const user = await asUser(t, { roles: [] });
      const r = await user.get(`/api/v1/titles/${ids.series}/page`);
      expect(r.status).toBe(403);
      expect(r.body.message).toBeTruthy();
      expect((await user.get(`/api/v1/people/${ids.actor}/page`)).status).toBe(403);
    } finally {
      await t.ctx.db.insertInto('permission_grants').values(['titles.view', 'people.view'].map((name) => ({ model_type: 'role', model_id: t.roles.guests, name, restrictions: null }))).execute();
    }
    expect((await htmlOf(`/titles/${ids.series}/x`)).statusCode).toBe(200);
  });
});

describe('sitemap', () => {
  it('lists titles, seasons, episodes and people with their slugs', async () => {
    const { urls } = await generateSitemap(t.ctx);
    expect(urls).toBeGreaterThanOrEqual(1 + 3 + 2 + 4 + 2);
    const chunks: Buffer[] = [];
    for await (const c of t.ctx.storage.read('sitemaps/sitemap-1.xml')) chunks.push(Buffer.from(c));
    const xml = Buffer.concat(chunks).toString();
    expect(xml).toContain(`<loc>https://flix.test/titles/${ids.series}/kingdom-script-of-ice</loc>`);
    expect(xml).toContain(`<loc>https://flix.test/titles/${ids.series}/kingdom-script-of-ice/season/2</loc>`);
    expect(xml).toContain(`<loc>https://flix.test/titles/${ids.series}/kingdom-script-of-ice/season/1/episode/2</loc>`);
    expect(xml).toContain(`<loc>https://flix.test/people/${ids.actor}/ada-frost</loc>`);
  });
});
