import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'tmdb');
const load = (name: string) => JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8'));
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export const TMDB_KEY = 'test-key';
/** Ids the fixture server answers with an error, to test that one failure does not stop an import. */
export const FAILING_ID = 666;
/** Answers after 2 s (timeouts). */
export const SLOW_ID = 999;
/** Answers 429 with Retry-After once, then normally (rate limits). */
export const LIMITED_ID = 429;
/** A movie whose texts are longer than the site's columns (a long character list, an endless tagline). */
export const OVERSIZED_ID = 7777;

function oversized(movie: any) {
  const long = (text: string, n: number) => text.repeat(Math.ceil(n / text.length)).slice(0, n);
  // A person of its own, so the other tests' people keep their credits.
  const voice = { ...movie.credits.cast[0], id: 9002, name: 'A. Voice', character: long('Narrator / Additional Voices / ', 400) };
  return {
    ...movie, id: OVERSIZED_ID, title: long('Très long titre ', 300), original_title: long('Оригинал ', 300), tagline: long('Every tagline 🎬 ', 700),
    imdb_id: long('tt0', 25), original_language: 'en-extra-long',
    release_dates: { results: [{ iso_3166_1: 'US', release_dates: [{ certification: long('Rated ', 60) }] }] },
    keywords: { keywords: [{ id: 9001, name: long('a keyword that never ends ', 150) }] },
    credits: { cast: [voice], crew: [] },
    videos: { results: movie.videos.results.map((v: any) => ({ ...v, name: long('Official trailer ', 300) })) },
  };
}

/**
 * A local server speaking the parts of TMDb's v3 API the importer and the site's search use (movie, tv, tv season,
 * person, discover, search/multi, images), answering from the JSON fixtures. Every request is recorded.
 */
export async function startTmdbServer(port = 0) {
  const requests: URL[] = [];
  const movie = load('movie');
  const series = load('series');
  const season = load('season');
  const person = load('person');
  let limitedOnce = false;
  /**
   * Set by a test: the season's last episode airs on this day instead of the fixture's (a new episode out today);
   * the image host is down.
   */
  const knobs: { lastAirDate?: string; imagesDown?: boolean } = {};
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    requests.push(url);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/health') return json(200, { ok: true });
    const image = /^\/t\/p\/(w\d+|original)\/[\w-]+\.png$/.exec(url.pathname);
    if (image && knobs.imagesDown) return json(503, { status_code: 9, status_message: 'Service offline.' });
    if (image) {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(PNG);
    }
    // The image host answers a missing file with a plain 404 (it takes no key).
    if (url.pathname.startsWith('/t/p/')) return json(404, { status_code: 34, status_message: 'The resource you requested could not be found.' });
    if (url.searchParams.get('api_key') !== TMDB_KEY) return json(401, { status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.' });
    let m: RegExpExecArray | null;
    if (url.pathname === '/3/configuration') return json(200, { images: { secure_base_url: `${url.origin}/t/p/` } });
    if ((m = /^\/3\/discover\/(movie|tv)$/.exec(url.pathname))) {
      const page = Number(url.searchParams.get('page') ?? 1);
      const results = Array.from({ length: 20 }, (_, i) => {
        const id = page === 3 && i === 5 ? FAILING_ID : 10_000 + (page - 1) * 20 + i;
        return m![1] === 'movie' ? { id, title: `Discovered ${id}` } : { id, name: `Discovered ${id}` };
      });
      return json(200, { page, total_pages: 500, total_results: 10_000, results });
    }
    if ((m = /^\/3\/movie\/(\d+)$/.exec(url.pathname))) {
      const id = Number(m[1]);
      if (id === SLOW_ID) {
        setTimeout(() => json(200, { ...movie, id, title: 'Slow' }), 2000);
        return;
      }
      if (id === LIMITED_ID && !limitedOnce) {
        limitedOnce = true;
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        return res.end(JSON.stringify({ status_code: 25, status_message: 'Your request count is over the allowed limit.' }));
      }
      if (id === FAILING_ID) return json(500, { status_code: 11, status_message: 'Internal error.' });
      if (id === OVERSIZED_ID) return json(200, oversized(movie));
      if (id === 404) return json(404, { status_code: 34, status_message: 'The resource you requested could not be found.' });
      return json(200, id === 550 ? movie : { ...movie, id, title: `Discovered ${id}`, imdb_id: null });
    }
    if ((m = /^\/3\/tv\/(\d+)\/season\/(\d+)$/.exec(url.pathname))) {
      const episodes = (season.episodes as { air_date: string }[]).map((e, i, all) => (i === all.length - 1 && knobs.lastAirDate ? { ...e, air_date: knobs.lastAirDate } : e));
      return json(200, { ...season, season_number: Number(m[2]), episodes });
    }
    if ((m = /^\/3\/tv\/(\d+)$/.exec(url.pathname))) {
      const id = Number(m[1]);
      if (id === FAILING_ID) return json(500, { status_code: 11, status_message: 'Internal error.' });
      return json(200, id === 1399 ? series : { ...series, id, name: `Discovered ${id}` });
    }
    if (url.pathname === '/3/search/multi') {
      const q = (url.searchParams.get('query') ?? '').toLowerCase();
      const all = [
        { id: 550, media_type: 'movie', title: movie.title, release_date: movie.release_date, poster_path: movie.poster_path, overview: movie.overview, vote_average: movie.vote_average },
        { id: 1399, media_type: 'tv', name: series.name, first_air_date: series.first_air_date, poster_path: series.poster_path, overview: series.overview, vote_average: series.vote_average },
        { id: 287, media_type: 'person', name: person.name, profile_path: person.profile_path, known_for_department: 'Acting' },
      ];
      const results = all.filter((r) => (r.title ?? r.name ?? '').toLowerCase().includes(q));
      if (q === 'slow search') return void setTimeout(() => json(200, { page: 1, total_pages: 1, total_results: 0, results: [] }), 5000);
      return json(200, { page: 1, total_pages: 1, total_results: results.length, results });
    }
    if ((m = /^\/3\/person\/(\d+)$/.exec(url.pathname))) {
      return Number(m[1]) === 287 ? json(200, person) : json(404, { status_code: 34, status_message: 'The resource you requested could not be found.' });
    }
    return json(404, { status_code: 34, status_message: 'The resource you requested could not be found.' });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** The API root as TMDB_API_URL takes it (the client adds /3). */
    root: base,
    apiUrl: `${base}/3`,
    imageUrl: `${base}/t/p`,
    requests,
    knobs,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Run on its own (the e2e suite's stand-in for TMDb): `npx tsx server/test/catalogue/tmdb-server.ts PORT`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.argv[2]);
  await startTmdbServer(port);
  console.log(`fake TMDb listening on ${port}`);
}
