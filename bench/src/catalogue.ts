/**
 * Catalogue figures (issue 6), sized by env; the full size is the default:
 *
 *   BENCH_TITLES=200000   titles (a third of them series); episodes, people and credits default from it:
 *   BENCH_EPISODES=2000000  BENCH_PEOPLE=1000000  BENCH_CREDITS=10000000
 *   BENCH_IMPORT_PAGES=500  pages (20 titles each) imported from the local TMDb server
 *
 * The data is generated straight into a SQLite file under storage/bench/ (cached by size), then the real app
 * answers the calls in-process (Fastify inject: routing, guard, validation, SQL and serialisation, no sockets).
 */
import path from 'node:path';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { workingCopy } from './cached-db.ts';
import { cachedDataFile, injectSession, recountTables } from './harness.ts';
import { createDb } from '../../server/src/db/index.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { seedDefaultRoles } from '../../server/src/db/seed/roles.ts';
import { hashPassword } from '../../server/src/lib/crypto.ts';
import { TMDB_KEY, startTmdbServer } from '../../server/test/catalogue/tmdb-server.ts';

type Report = (figure: string, value: string, target: string, pass: boolean | null) => void;
const ADMIN = { email: 'bench-admin@bench.local', password: 'bench-admin-password' };
const DATA_VERSION = 3;
const GENRES = 20;
const KEYWORDS = 1000;
export const WORDS = ['star', 'night', 'river', 'iron', 'glass', 'storm', 'silent', 'golden', 'shadow', 'winter', 'summer', 'ocean', 'empire', 'garden', 'machine', 'dream', 'city', 'fire', 'stone', 'echo',
  'harbor', 'signal', 'orchard', 'frontier', 'kingdom', 'station', 'circus', 'archive', 'voyage', 'mountain', 'promise', 'velvet', 'paper', 'crimson', 'hidden', 'broken', 'wild', 'electric', 'lonely', 'northern'];

function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const log = (msg: string) => process.stdout.write(`  ${msg}\n`);

export function catalogueSizes() {
  const titles = Number(process.env.BENCH_TITLES ?? 200_000);
  return {
    titles,
    episodes: Number(process.env.BENCH_EPISODES ?? titles * 10),
    people: Number(process.env.BENCH_PEOPLE ?? titles * 5),
    credits: Number(process.env.BENCH_CREDITS ?? titles * 50),
    importPages: Number(process.env.BENCH_IMPORT_PAGES ?? 500),
  };
}

/** Generates the catalogue with prepared statements; indexes and FTS triggers are dropped during the load and rebuilt. */
export async function ensureCatalogue(dir: string, s: ReturnType<typeof catalogueSizes>): Promise<string> {
  const file = path.join(dir, `catalogue-${s.titles}-${s.episodes}-${s.people}-${s.credits}-v${DATA_VERSION}.sqlite`);
  const cache = cachedDataFile(file);
  if (cache.cached) return file;
  const t0 = performance.now();
  const handle = createDb({ kind: 'sqlite', file });
  await migrate(handle);
  const roles = await seedDefaultRoles(handle.db);
  const now = new Date().toISOString();
  const admin = await handle.db.insertInto('users').values({
    email: ADMIN.email, password: await hashPassword(ADMIN.password), first_name: 'Bench', last_name: 'Admin', avatar: null, available_space: null,
    email_verified_at: now, banned_at: null, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await handle.db.insertInto('user_role').values({ user_id: admin.id, role_id: roles.admin, created_at: now }).execute();
  const raw = handle.sqlite!;
  raw.pragma('synchronous = OFF');
  raw.pragma('cache_size = -262144');
  const tables = ['titles', 'seasons', 'episodes', 'people', 'creditables', 'title_tags', 'title_tag'];
  const triggers = raw.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('titles', 'people', 'episodes')`).all() as { name: string; sql: string }[];
  const indexes = raw.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN (${tables.map(() => '?').join(',')}) AND sql IS NOT NULL`).all(...tables) as { name: string; sql: string }[];
  for (const t of triggers) raw.exec(`DROP TRIGGER ${t.name}`);
  for (const i of indexes) raw.exec(`DROP INDEX ${i.name}`);

  const rand = mulberry32(7);
  const word = () => WORDS[Math.floor(rand() * WORDS.length)];
  const cap = (w: string) => w[0].toUpperCase() + w.slice(1);
  const tag = raw.prepare('INSERT INTO title_tags (type, name, display_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
  raw.transaction(() => {
    for (let g = 0; g < GENRES; g++) tag.run('genre', `genre-${g}`, `Genre ${g}`, now, now);
    for (let k = 0; k < KEYWORDS; k++) tag.run('keyword', `keyword-${k}`, `Keyword ${k}`, now, now);
  })();

  const series = Math.floor(s.titles / 3);
  const epPerSeries = Math.max(1, Math.round(s.episodes / Math.max(1, series)));
  const epPerSeason = 10;
  const insTitle = raw.prepare(`INSERT INTO titles (name, is_series, original_title, release_date, year, runtime, language, popularity, views, rating, vote_count, seasons_count, episodes_count, created_at, updated_at)
    VALUES (?, ?, NULL, ?, ?, ?, 'en', ?, ?, ?, 0, ?, ?, ?, ?)`);
  const insPivot = raw.prepare('INSERT OR IGNORE INTO title_tag (title_id, tag_id) VALUES (?, ?)');
  const insSeason = raw.prepare('INSERT INTO seasons (title_id, number, episodes_count, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
  const insEpisode = raw.prepare(`INSERT INTO episodes (title_id, season_id, season_number, episode_number, name, runtime, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 45, ?, ?)`);
  let episodesLeft = s.episodes;
  const batchTitles = raw.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const isSeries = i % 3 === 1 && episodesLeft > 0;
      const eps = isSeries ? Math.min(episodesLeft, epPerSeries) : 0;
      const seasons = Math.ceil(eps / epPerSeason);
      const day = new Date(Date.UTC(1950, 0, 1) + Math.floor(rand() * 75 * 365) * 86_400_000).toISOString().slice(0, 10);
      const id = Number(insTitle.run(`${cap(word())} ${cap(word())} ${i}`, isSeries ? 1 : 0, day, Number(day.slice(0, 4)), 80 + Math.floor(rand() * 80),
        Math.round(rand() * 10_000) / 10, Math.floor(rand() * 100_000), Math.round(rand() * 100) / 10, seasons, eps, now, now).lastInsertRowid);
      insPivot.run(id, 1 + (i % GENRES));
      insPivot.run(id, 1 + ((i * 7 + 3) % GENRES));
      for (let k = 0; k < 3; k++) insPivot.run(id, GENRES + 1 + Math.floor(rand() * KEYWORDS));
      for (let n = 1, left = eps; n <= seasons; n++) {
        const count = Math.min(epPerSeason, left);
        left -= count;
        const seasonId = Number(insSeason.run(id, n, count, now, now).lastInsertRowid);
        for (let e = 1; e <= count; e++) insEpisode.run(id, seasonId, n, e, `${cap(word())} ${word()}`, now, now);
      }
      episodesLeft -= eps;
    }
  });
  for (let done = 0; done < s.titles; done += 10_000) batchTitles(done, Math.min(s.titles, done + 10_000));
  log(`titles, seasons, episodes: ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const insPerson = raw.prepare(`INSERT INTO people (name, known_for, gender, popularity, views, created_at, updated_at) VALUES (?, 'Acting', ?, ?, 0, ?, ?)`);
  const batchPeople = raw.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) insPerson.run(`${cap(word())} ${cap(word())}son ${i}`, i % 2 ? 'male' : 'female', Math.round(rand() * 1000) / 10 + 1, now, now);
  });
  for (let done = 0; done < s.people; done += 50_000) batchPeople(done, Math.min(s.people, done + 50_000));
  const insCredit = raw.prepare(`INSERT INTO creditables (person_id, creditable_type, creditable_id, title_id, character, department, job, "order", created_at)
    VALUES (?, 'title', ?, ?, ?, ?, ?, ?, ?)`);
  const perTitle = Math.max(1, Math.round(s.credits / s.titles));
  const batchCredits = raw.transaction((from: number, to: number) => {
    for (let t = from; t < to; t++) {
      for (let k = 0; k < perTitle; k++) {
        const person = 1 + Math.floor(rand() * s.people);
        const cast = k < perTitle - 3;
        insCredit.run(person, t + 1, t + 1, cast ? `Character ${k}` : null, cast ? 'Actors' : 'Directing', cast ? 'Actor' : 'Director', k, now);
      }
    }
  });
  for (let done = 0; done < s.titles; done += 5_000) batchCredits(done, Math.min(s.titles, done + 5_000));
  const t1 = performance.now();
  log(`people and credits: ${((t1 - t0) / 1000).toFixed(1)} s`);
  for (const i of indexes) raw.exec(i.sql);
  for (const t of ['titles', 'people', 'episodes']) raw.exec(`INSERT INTO ${t}_fts(${t}_fts) VALUES ('rebuild')`);
  for (const t of triggers) raw.exec(t.sql);
  // The count triggers were dropped with the others: the kept totals are counted once here.
  recountTables(raw, tables);
  raw.exec('ANALYZE');
  raw.pragma('wal_checkpoint(TRUNCATE)');
  await handle.destroy();
  cache.done();
  log(`generated the catalogue in ${((performance.now() - t0) / 1000).toFixed(1)} s (indexes and FTS ${((performance.now() - t1) / 1000).toFixed(1)} s)`);
  return file;
}

export function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export async function runCatalogueBench(benchDir: string, report: Report, section: (t: string) => void): Promise<void> {
  const sizes = catalogueSizes();
  section(`Catalogue: ${sizes.titles.toLocaleString('en')} titles, ${sizes.episodes.toLocaleString('en')} episodes, ${sizes.people.toLocaleString('en')} people, ${sizes.credits.toLocaleString('en')} credits (SQLite, in-process)`);
  const file = await ensureCatalogue(benchDir, sizes);
  // A migrated copy: imports and page views never change the cached file.
  const { dir: storage, db, remove } = await workingCopy(file, 'catalogue');
  // The imports below talk to a local TMDb server, which outbound calls refuse unless private networks are allowed.
  const app = await buildApp(loadConfig({ DATABASE_URL: db, STORAGE_PATH: storage, LOG_LEVEL: 'silent', NODE_ENV: 'production', APP_URL: 'http://127.0.0.1', ALLOW_PRIVATE_NETWORKS: '1' }));
  try {
    const headers = await injectSession(app.app, ADMIN);
    const time = async (urls: string[], runs = 60) => {
      const samples: number[] = [];
      for (let i = 0; i < runs + 5; i++) {
        const t0 = performance.now();
        for (const url of urls) {
          const res = await app.app.inject({ method: 'GET', url, headers });
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        }
        if (i >= 5) samples.push(performance.now() - t0);
      }
      return median(samples);
    };
    const genre = (g: number) => encodeURIComponent(JSON.stringify([{ key: 'genres', value: g }]));
    // Five different genres, each timed on its own; the figure is the median of their medians.
    const genres = [1, 5, 9, 13, 17];
    for (const sort of ['popularity', 'release_date']) {
      const perGenre: number[] = [];
      for (const g of genres) perGenre.push(await time([`/api/v1/titles?orderBy=${sort}&orderDir=desc&perPage=15&filters=${genre(g)}`], 20));
      const m = median(perGenre);
      report(`   titles list, sort ${sort} desc, genre filter (median over genres ${genres.join(', ')})`, `${m.toFixed(2)} ms`, '< 20 ms', m < 20);
    }
    // The unfiltered lists the admin opens first: totals from maintained counters, the page from the sort index.
    for (const [label, url] of [
      ['titles list, unfiltered, newest first', '/api/v1/titles?perPage=15'],
      ['titles list, unfiltered, sort popularity desc', '/api/v1/titles?perPage=15&orderBy=popularity&orderDir=desc'],
      ['people list, unfiltered, newest first', '/api/v1/people?perPage=15'],
      ['people list, unfiltered, sort popularity desc', '/api/v1/people?perPage=15&orderBy=popularity&orderDir=desc'],
    ] as const) {
      const m = await time([url], 30);
      report(`   ${label} (median)`, `${m.toFixed(2)} ms`, '< 20 ms', m < 20);
    }
    // The admin list's search box: matches from the search driver (the database's own index here), best first.
    // Each query timed on its own (a rare phrase and common words: "golden" matches about 10,000 titles); the
    // figure is the median of their medians.
    const queries = ['sta', 'night riv', 'golden', 'echo 12'];
    const perSearch: number[] = [];
    for (const q of queries) perSearch.push(await time([`/api/v1/titles?query=${encodeURIComponent(q)}&perPage=15`], 30));
    log(`search medians: ${queries.map((q, i) => `"${q}" ${perSearch[i].toFixed(2)} ms`).join(', ')}`);
    const searched = median(perSearch);
    report('   titles list, search query, by relevance (median over 4 queries)', `${searched.toFixed(2)} ms`, '< 20 ms', searched < 20);
    const perQuery: number[] = [];
    for (const q of queries) perQuery.push(await time([`/api/v1/titles/autocomplete?query=${encodeURIComponent(q)}`], 30));
    log(`autocomplete medians: ${queries.map((q, i) => `"${q}" ${perQuery[i].toFixed(2)} ms`).join(', ')}`);
    const auto = median(perQuery);
    report('   titles autocomplete (median over 4 queries)', `${auto.toFixed(2)} ms`, '< 10 ms', auto < 10);
    const id = Math.floor(sizes.titles / 2);
    const edit = await time([`/api/v1/titles/${id}`, `/api/v1/titles/${id}/credits?crewType=cast`, `/api/v1/titles/${id}/credits?crewType=crew`, `/api/v1/titles/${id}/seasons`]);
    report('   title edit page data (title, cast, crew, seasons; median)', `${edit.toFixed(2)} ms`, '< 30 ms', edit < 30);

    // Imports from the local TMDb server, one page per call as the dialog makes them.
    const tmdb = await startTmdbServer();
    try {
      Object.assign(app.ctx.config, { tmdbApiUrl: tmdb.root, tmdbImageUrl: tmdb.imageUrl });
      await app.ctx.settings.set({ 'server.tmdb_api_key': TMDB_KEY });
      global.gc?.();
      const base = process.memoryUsage().rss;
      let peak = base;
      const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
      // "Flat" is judged on the import's second half: the first pages fill bounded caches (SQLite's page cache of
      // 64 MB a connection, the LRU caches), which a leak would not stop growing past.
      const half = Math.ceil(sizes.importPages / 2);
      let peakAtHalf = base;
      const curve: string[] = [];
      const t0 = performance.now();
      let imported = 0;
      for (let p = 1; p <= sizes.importPages; p++) {
        const res = await app.app.inject({
          method: 'POST', url: '/api/v1/tmdb/import', headers: { ...headers, 'content-type': 'application/json' },
          payload: { type: 'movie', pages_to_import: sizes.importPages, start_from_page: 1, current_page: p },
        });
        if (res.statusCode !== 200) throw new Error(`import page ${p}: ${res.statusCode} ${res.body}`);
        imported += (res.json().items as { status: string }[]).filter((i) => i.status === 'imported').length;
        if (p === half) peakAtHalf = peak;
        if (p % Math.ceil(sizes.importPages / 10) === 0) curve.push(`${p}: ${(process.memoryUsage().rss / 1048576).toFixed(0)}`);
      }
      const secs = (performance.now() - t0) / 1000;
      clearInterval(timer);
      const rate = imported / secs;
      log(`imported ${imported.toLocaleString('en')} titles from ${sizes.importPages} pages in ${secs.toFixed(1)} s; RSS ${(base / 1048576).toFixed(0)} -> peak ${(peak / 1048576).toFixed(0)} MB`);
      report('   TMDb import rate (local server)', `${rate.toFixed(1)} titles/s`, '>= 20 titles/s', rate >= 20);
      log(`RSS (MB) after pages ${curve.join(', ')}; peak growth over the whole import ${((peak - base) / 1048576).toFixed(1)} MB`);
      report('   TMDb import memory growth over its second half (peak RSS)', `${((peak - peakAtHalf) / 1048576).toFixed(1)} MB`, '< 100 MB (flat)', peak - peakAtHalf < 100 * 1048576);
    } finally {
      await tmdb.close();
    }
  } finally {
    await app.close();
    remove();
  }
}
