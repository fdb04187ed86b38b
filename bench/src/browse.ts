/**
 * Public browse and search figures (issue 10) on the catalogue bench's data (bench/src/catalogue.ts, same sizes
 * and cached file): /movies with two filters and a sort on page 1 and page 50, the /search page's grouped search
 * for 20 different common words (each asked once, cold), and the header's instant search. Calls are made as a
 * visitor (the guests role) through the real app in-process (Fastify inject), as the catalogue figures are.
 */
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { workingCopy } from './cached-db.ts';
import { WORDS, catalogueSizes, ensureCatalogue, median } from './catalogue.ts';

type Report = (figure: string, value: string, target: string, pass: boolean | null) => void;
const PER_PAGE = 24;

export async function browseBench(benchDir: string, report: Report, section: (t: string) => void): Promise<void> {
  const sizes = catalogueSizes();
  section(`Public browse and search: ${sizes.titles.toLocaleString('en')} titles, ${sizes.episodes.toLocaleString('en')} episodes, ${sizes.people.toLocaleString('en')} people (SQLite, in-process, as a visitor)`);
  const file = await ensureCatalogue(benchDir, sizes);
  // A migrated copy: imports and page views never change the cached file.
  const { dir: storage, db, remove } = await workingCopy(file, 'browse');
  const app = await buildApp(loadConfig({ DATABASE_URL: db, STORAGE_PATH: storage, LOG_LEVEL: 'silent', NODE_ENV: 'production', APP_URL: 'http://127.0.0.1' }));
  const get = async (url: string) => {
    const t0 = performance.now();
    const res = await app.app.inject({ method: 'GET', url });
    const took = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return { took, body: JSON.parse(res.body) as any };
  };
  try {
    // Two filters (a genre and a year range) within the movies, sorted by rating: what /movies sends.
    const browseUrl = (genre: number, page: number) => {
      const filters = [{ key: 'type', value: 'movie' }, { key: 'genres', value: String(genre) }, { key: 'year', value: { start: '1980', end: '2015' }, operator: 'between' }];
      return `/api/v1/titles?perPage=${PER_PAGE}&page=${page}&orderBy=rating&orderDir=desc&with=genres&filters=${encodeURIComponent(JSON.stringify(filters))}`;
    };
    for (const page of [1, 50]) {
      const samples: number[] = [];
      for (let i = 0; i < 65; i++) {
        const { took, body } = await get(browseUrl(1 + (i % 5), page));
        if (page === 50 && body.pagination.data.length !== PER_PAGE) throw new Error('page 50 should be full');
        if (i >= 5) samples.push(took);
      }
      const m = median(samples);
      report(`   /movies: genre + year range, by rating, page ${page} (median)`, `${m.toFixed(2)} ms`, '< 20 ms', m < 20);
    }
    const first = await get(browseUrl(1, 1));
    console.log(`  (browse total for one genre and the year range: ${first.body.pagination.total.toLocaleString('en')} movies)`);

    // 20 different common words, each asked once: nothing is served from a warm repeat.
    const words = WORDS.slice(0, 20);
    const searchSamples: number[] = [];
    for (const w of words) searchSamples.push((await get(`/api/v1/search?query=${encodeURIComponent(w)}&limit=12`)).took);
    const s = median(searchSamples);
    report('   /search page: grouped search, 20 different words (median)', `${s.toFixed(2)} ms`, '< 30 ms', s < 30);

    // The instant search as someone types: 3-5 letter prefixes of 20 other words.
    const prefixes = WORDS.slice(20, 40).map((w, i) => w.slice(0, 3 + (i % 3)));
    const instantSamples: number[] = [];
    for (const p of prefixes) instantSamples.push((await get(`/api/v1/search?query=${encodeURIComponent(p)}&limit=4`)).took);
    const inst = median(instantSamples);
    report('   instant search: top hits, 20 different prefixes (median)', `${inst.toFixed(2)} ms`, '< 10 ms', inst < 10);
  } finally {
    await app.close();
    remove();
  }
}
