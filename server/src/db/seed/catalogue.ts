import fs from 'node:fs';
import { sql } from 'kysely';
import { fileURLToPath } from 'node:url';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../index.ts';
import { needsSync } from '../../modules/search/sync.ts';
import { refreshCounts } from '../../modules/titles/repository.ts';
import { generatedImage } from './png.ts';
import { rng } from './random.ts';

const GENRES = ['Action', 'Adventure', 'Animation', 'Comedy', 'Crime', 'Documentary', 'Drama', 'Family', 'Fantasy', 'History', 'Horror', 'Mystery', 'Romance', 'Science Fiction', 'Thriller', 'Western'];
const KEYWORDS = ['heist', 'time travel', 'small town', 'road trip', 'based on novel', 'revenge', 'friendship', 'space', 'detective', 'coming of age', 'dystopia', 'haunted house', 'courtroom', 'survival', 'artificial intelligence', 'family secrets', 'island', 'winter', 'music', 'sports'];
/** What a demo title's overview says the story goes through (one per keyword, so the seeded draws stay the same). */
const PLOTS = ['a heist gone wrong', 'a tear in time', 'a small-town mystery', 'a road trip across the country', 'a stolen manuscript', 'a long-awaited revenge',
  'a friendship tested', 'a voyage to the edge of space', 'an unsolved case', 'one last summer', 'a city under watch', 'a night in a haunted house',
  'a trial nobody expected', 'a winter in the wild', 'a machine that learns to lie', 'a family secret', 'a season on a remote island', 'the longest winter',
  'a song nobody forgot', 'a championship season'];
const COUNTRIES: [string, string][] = [['us', 'United States of America'], ['gb', 'United Kingdom'], ['fr', 'France'], ['de', 'Germany'], ['jp', 'Japan'], ['kr', 'South Korea'], ['it', 'Italy'], ['ca', 'Canada']];
const ADJ = ['Silent', 'Crimson', 'Broken', 'Golden', 'Hidden', 'Last', 'Midnight', 'Frozen', 'Wild', 'Electric', 'Distant', 'Burning', 'Hollow', 'Northern', 'Secret', 'Velvet', 'Iron', 'Paper', 'Glass', 'Lonely'];
const NOUN = ['Harbor', 'Signal', 'Orchard', 'Empire', 'Frontier', 'Lighthouse', 'Garden', 'Machine', 'River', 'Kingdom', 'Station', 'Circus', 'Archive', 'Summer', 'Detective', 'Voyage', 'Echo', 'Mountain', 'City', 'Promise'];
const FIRST = ['Ava', 'Liam', 'Mia', 'Noah', 'Zoe', 'Ethan', 'Chloe', 'Lucas', 'Emma', 'Mason', 'Isla', 'Leo', 'Aria', 'Owen', 'Nora', 'Eli', 'Ruby', 'Jack', 'Lily', 'Finn', 'Maya', 'Hugo', 'Ivy', 'Theo', 'Elena', 'Omar', 'Sofia', 'Kai', 'Greta', 'Ravi'];
const LAST = ['Garcia', 'Smith', 'Nguyen', 'Johnson', 'Kowalski', 'Brown', 'Rossi', 'Dubois', 'Silva', 'Tanaka', 'Olsen', 'Novak', 'Evans', 'Ahmed', 'Costa', 'Schmidt', 'Walsh', 'Moreau', 'Lopez', 'Okafor', 'Lindqvist', 'Haddad', 'Petrov', 'Sato', 'Byrne'];
const CITIES = ['London, England', 'Lyon, France', 'Osaka, Japan', 'Toronto, Canada', 'Austin, Texas, USA', 'Seoul, South Korea', 'Naples, Italy', 'Hamburg, Germany'];
const CREW: [string, string, string][] = [['Directing', 'Director', 'Directing'], ['Writing', 'Screenplay', 'Writing'], ['Production', 'Producer', 'Production'], ['Sound', 'Original Music Composer', 'Sound'], ['Camera', 'Director of Photography', 'Camera']];
const CHARACTERS = ['Detective', 'Captain', 'Doctor', 'Professor', 'Agent', 'Mayor', 'Pilot', 'Teacher', 'Chef', 'Reporter'];

const POSTERS = 40;
const BACKDROPS = 16;
const TITLES = 200;
const SERIES_EVERY = 3;
const PEOPLE = 500;

function asset(name: string): string {
  for (const rel of [`./assets/${name}`, `../src/db/seed/assets/${name}`]) {
    const file = fileURLToPath(new URL(rel, import.meta.url));
    if (fs.existsSync(file)) return file;
  }
  throw new Error(`Seed asset ${name} not found`);
}

/** The date (YYYY-MM-DD) `weeks` weeks after `date`: a season's episodes air weekly. */
const weeksAfter = (date: string, weeks: number) => new Date(Date.parse(date) + weeks * 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);

/**
 * A believable demo catalogue: 200 titles (a third series, with seasons and episodes), 500 people with cast and
 * crew credits, genres, keywords and countries, posters and backdrops drawn in code, and a few videos that play
 * from a local file with captions.
 */
export async function seedDemoCatalogue(ctx: AppContext): Promise<void> {
  // Written in one transaction: a demo title present means a first start that died later already made them.
  if (await ctx.db.selectFrom('titles').select('id').where('poster', 'like', '/storage/demo/%').limit(1).executeTakeFirst()) return;
  const rand = rng(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const now = nowIso();
  const day = 24 * 3600 * 1000;

  for (let i = 0; i < POSTERS; i++) await ctx.storage.put(`public/demo/poster-${i}.png`, generatedImage(200, 300, i));
  for (let i = 0; i < BACKDROPS; i++) await ctx.storage.put(`public/demo/backdrop-${i}.png`, generatedImage(480, 270, i + 100));
  for (let i = 0; i < 12; i++) await ctx.storage.put(`public/demo/person-${i}.png`, generatedImage(120, 180, i + 200));
  await ctx.storage.put('public/demo/demo.webm', fs.createReadStream(asset('demo.webm')));
  await ctx.storage.put('public/demo/demo-en.vtt', fs.createReadStream(asset('demo-en.vtt')));

  await ctx.db.transaction().execute(async (trx) => {
    const tagIds: Record<string, number[]> = { genre: [], keyword: [], production_country: [], custom: [] };
    const tags = [
      ...GENRES.map((g) => ({ type: 'genre' as const, name: g.toLowerCase(), display_name: g })),
      ...KEYWORDS.map((k) => ({ type: 'keyword' as const, name: k, display_name: k })),
      ...COUNTRIES.map(([code, name]) => ({ type: 'production_country' as const, name: code, display_name: name })),
      // The site's own labels, on a few titles.
      ...['Staff pick', 'Hidden gem'].map((t) => ({ type: 'custom' as const, name: t.toLowerCase(), display_name: t })),
    ];
    for (const tag of tags) {
      const row = await trx.insertInto('title_tags').values({ ...tag, tmdb_id: null, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
      tagIds[tag.type].push(row.id);
    }

    const personIds: number[] = [];
    const people = Array.from({ length: PEOPLE }, (_, i) => {
      const first = FIRST[i % FIRST.length];
      const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
      const crew = i % 10 === 0;
      const born = 1940 + Math.floor(rand() * 60);
      return {
        name: `${first} ${last}${i >= FIRST.length * LAST.length ? ` ${i}` : ''}`, known_for: crew ? pick(CREW)[2] : 'Acting',
        poster: i % 3 === 0 ? `/storage/demo/person-${i % 12}.png` : null, birth_date: `${born}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
        death_date: i % 97 === 0 ? `${born + 70}-01-01` : null, birth_place: pick(CITIES), description: `${first} ${last} is a performer and filmmaker known for character work across film and television.`,
        gender: i % 2 === 0 ? 'female' : 'male', popularity: Math.round((1 + rand() * 99) * 10) / 10, tmdb_id: null, imdb_id: null, created_at: now, updated_at: now,
      };
    });
    for (let i = 0; i < people.length; i += 100) {
      const rows = await trx.insertInto('people').values(people.slice(i, i + 100)).returning('id').execute();
      personIds.push(...rows.map((r) => r.id));
    }

    const credits: { person_id: number; creditable_type: 'title' | 'season' | 'episode'; creditable_id: number; title_id: number; character: string | null; department: string; job: string; order: number; created_at: string }[] = [];
    const videos: any[] = [];
    for (let i = 0; i < TITLES; i++) {
      const isSeries = i % SERIES_EVERY === 1;
      const released = new Date(Date.now() - Math.floor(rand() * 40 * 365) * day).toISOString().slice(0, 10);
      const name = `${ADJ[i % ADJ.length]} ${NOUN[Math.floor(i / ADJ.length) % NOUN.length]}${i >= ADJ.length * NOUN.length ? ` ${i}` : ''}`;
      const created = new Date(Date.now() - (TITLES - i) * 3600 * 1000).toISOString();
      const title = await trx.insertInto('titles').values({
        name, is_series: isSeries, original_title: name, poster: `/storage/demo/poster-${i % POSTERS}.png`, backdrop: `/storage/demo/backdrop-${i % BACKDROPS}.png`,
        release_date: released, year: Number(released.slice(0, 4)), tagline: `Every ${NOUN[i % NOUN.length].toLowerCase()} has a story.`,
        description: `${name} follows an unlikely group through ${pick(PLOTS)} that changes everything they believe about home.`,
        runtime: isSeries ? 40 + Math.floor(rand() * 20) : 85 + Math.floor(rand() * 70), certification: pick(['G', 'PG', 'PG-13', 'R', 'TV-14', 'TV-MA']),
        budget: isSeries ? null : 1_000_000 * (1 + Math.floor(rand() * 150)), revenue: isSeries ? null : 1_000_000 * (1 + Math.floor(rand() * 600)),
        language: pick(['en', 'en', 'en', 'fr', 'ja', 'ko', 'de']), popularity: Math.round((1 + rand() * 199) * 10) / 10, views: Math.floor(rand() * 50_000),
        rating: Math.round((4 + rand() * 5.5) * 10) / 10, vote_count: Math.floor(rand() * 9000), tmdb_id: null, imdb_id: null, created_at: created, updated_at: created,
      }).returning('id').executeTakeFirstOrThrow();

      const chosen = new Set([pick(tagIds.genre), pick(tagIds.genre), pick(tagIds.keyword), pick(tagIds.keyword), pick(tagIds.keyword), pick(tagIds.production_country)]);
      if (i % 7 === 0) chosen.add(tagIds.custom[0]);
      if (i % 11 === 3) chosen.add(tagIds.custom[1]);
      await trx.insertInto('title_tag').values([...chosen].map((tag_id) => ({ title_id: title.id, tag_id }))).execute();
      await trx.insertInto('images').values([0, 1, 2].map((k) => ({
        model_type: 'title' as const, model_id: title.id, url: `/storage/demo/backdrop-${(i + k * 5) % BACKDROPS}.png`, type: 'backdrop', source: 'local', order: k, created_at: created,
      }))).execute();

      const cast = new Set<number>();
      while (cast.size < 8) cast.add(personIds[Math.floor(rand() * PEOPLE)]);
      [...cast].forEach((person_id, order) => credits.push({
        person_id, creditable_type: 'title', creditable_id: title.id, title_id: title.id, character: `${pick(CHARACTERS)} ${pick(LAST)}`, department: 'Actors', job: 'Actor', order, created_at: created,
      }));
      for (const [k, [department, job]] of CREW.slice(0, 3).entries()) {
        credits.push({ person_id: personIds[(i * 10 + k * 10) % PEOPLE], creditable_type: 'title', creditable_id: title.id, title_id: title.id, character: null, department, job, order: 100 + k, created_at: created });
      }

      if (isSeries) {
        // Only seasons that have begun by now: a recent series is in its first season, its later episodes still to air.
        const begun = 1 + Math.floor((Date.now() - Date.parse(released)) / (52 * 7 * day));
        const seasons = Math.min(1 + Math.floor(rand() * 3), begun);
        for (let s = 1; s <= seasons; s++) {
          const season = await trx.insertInto('seasons').values({
            title_id: title.id, number: s, name: `Season ${s}`, poster: `/storage/demo/poster-${(i + s) % POSTERS}.png`, description: null,
            // A season a year after the one before it, the first on the series' own release date.
            release_date: weeksAfter(released, (s - 1) * 52), created_at: created, updated_at: created,
          }).returning('id').executeTakeFirstOrThrow();
          const count = 4 + Math.floor(rand() * 5);
          const episodes = await trx.insertInto('episodes').values(Array.from({ length: count }, (_, e) => ({
            title_id: title.id, season_id: season.id, season_number: s, episode_number: e + 1, name: `${pick(ADJ)} ${pick(NOUN)}`,
            description: 'A turning point for everyone involved.', poster: `/storage/demo/backdrop-${(i + e) % BACKDROPS}.png`,
            release_date: weeksAfter(released, (s - 1) * 52 + e), runtime: 40 + Math.floor(rand() * 20),
            popularity: Math.round((1 + rand() * 20) * 10) / 10, rating: Math.round((6 + rand() * 3.5) * 10) / 10, tmdb_id: null, created_at: created, updated_at: created,
          }))).returning('id').execute();
          credits.push({ person_id: personIds[Math.floor(rand() * PEOPLE)], creditable_type: 'episode', creditable_id: episodes[0].id, title_id: title.id, character: `${pick(CHARACTERS)} (guest)`, department: 'Actors', job: 'Actor', order: 0, created_at: created });
          // The first playable series get a video for every episode of their first season, so up-next has somewhere to go.
          if (i < 6 && s === 1) {
            for (let e = 1; e <= count; e++) {
              videos.push({
                name: `${name} S1E${e}`, title_id: title.id, season_num: 1, episode_num: e, thumbnail: `/storage/demo/backdrop-${(i + e - 1) % BACKDROPS}.png`,
                type: 'video', src: '/storage/demo/demo.webm', quality: '720p', language: 'en', category: 'full', approved: true, origin: 'local', order: 0, user_id: null, created_at: created, updated_at: created,
              });
            }
          }
          await refreshCounts(trx, title.id, season.id);
        }
        await refreshCounts(trx, title.id);
      }
      // A few titles play a local 30-second video (recorded in Chromium, see assets/README.md) with English captions.
      if (i < 6) {
        if (!isSeries) videos.push({
          name: `${name} (full)`, title_id: title.id, season_num: null, episode_num: null, thumbnail: `/storage/demo/backdrop-${i % BACKDROPS}.png`,
          type: 'video', src: '/storage/demo/demo.webm', quality: '720p', language: 'en', category: 'full', approved: true, origin: 'local', order: 0, user_id: null, created_at: created, updated_at: created,
        });
        videos.push({
          name: `${name} trailer`, title_id: title.id, season_num: null, episode_num: null, thumbnail: `/storage/demo/backdrop-${(i + 1) % BACKDROPS}.png`,
          type: 'video', src: '/storage/demo/demo.webm', quality: 'sd', language: 'en', category: 'trailer', approved: true, origin: 'local', order: 1, user_id: null, created_at: created, updated_at: created,
        });
      }
    }
    for (let i = 0; i < credits.length; i += 200) await trx.insertInto('creditables').values(credits.slice(i, i + 200)).execute();
    const inserted = await trx.insertInto('videos').values(videos).returning('id').execute();
    await trx.insertInto('video_captions').values(inserted.map((v) => ({ video_id: v.id, name: 'English', language: 'en', url: '/storage/demo/demo-en.vtt', created_at: now }))).execute();
    // The demo's ratings stand for the movie database service's (set apart here so the seeded sequence stays as it was).
    await trx.updateTable('titles').set({ tmdb_rating: sql.ref('rating'), tmdb_vote_count: sql.ref('vote_count') }).execute();
    await trx.updateTable('episodes').set({ tmdb_rating: sql.ref('rating') }).execute();
  });
  // A hosted search engine gets the whole demo catalogue in a queued reindex (the database's indexes followed the inserts).
  for (const model of ['titles', 'people', 'episodes']) {
    if (await needsSync(ctx, model)) await ctx.queue.dispatch('search.import', { model });
  }
}
