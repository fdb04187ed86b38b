import type { Insertable } from 'kysely';
import type { AppContext } from '../../context.ts';
import { parseUserAgent } from '../../modules/plays/device.ts';
import type { PlaysTable } from '../../modules/plays/schema.ts';
import { rollup } from '../../modules/reports/rollup.ts';
import type { PageViewsTable } from '../../modules/reports/schema.ts';
import { rng } from './random.ts';

/**
 * Ninety days of visits for the quick start: visitors from a dozen countries browse the catalogue and play the demo
 * videos, written as the beacon and the player write them (raw page views and plays, video and title play counts) and
 * rolled up as the scheduler does, so the admin's first screen is a report with something in it and the home page's
 * "Most watched this week" has titles. Nobody visits from the United Kingdom: the e2e visitor does, and its drill-down
 * expects to find only itself there. Members who browse signed in are the demo community's authors (community.ts).
 */
const DAYS = 90;
const ANONYMOUS = 2500;

interface Place { country: string; region: string; city: string; latitude: number; longitude: number; weight: number }
const PLACES: Place[] = [
  { country: 'US', region: 'NY', city: 'New York', latitude: 40.7128, longitude: -74.006, weight: 9 },
  { country: 'US', region: 'CA', city: 'Los Angeles', latitude: 34.0522, longitude: -118.2437, weight: 7 },
  { country: 'US', region: 'IL', city: 'Chicago', latitude: 41.8781, longitude: -87.6298, weight: 4 },
  { country: 'US', region: 'TX', city: 'Austin', latitude: 30.2672, longitude: -97.7431, weight: 3 },
  { country: 'CA', region: 'ON', city: 'Toronto', latitude: 43.6532, longitude: -79.3832, weight: 4 },
  { country: 'CA', region: 'BC', city: 'Vancouver', latitude: 49.2827, longitude: -123.1207, weight: 2 },
  { country: 'DE', region: 'BE', city: 'Berlin', latitude: 52.52, longitude: 13.405, weight: 4 },
  { country: 'DE', region: 'BY', city: 'Munich', latitude: 48.1351, longitude: 11.582, weight: 2 },
  { country: 'FR', region: 'IDF', city: 'Paris', latitude: 48.8566, longitude: 2.3522, weight: 4 },
  { country: 'ES', region: 'M', city: 'Madrid', latitude: 40.4168, longitude: -3.7038, weight: 3 },
  { country: 'NL', region: 'NH', city: 'Amsterdam', latitude: 52.3676, longitude: 4.9041, weight: 2 },
  { country: 'SE', region: 'AB', city: 'Stockholm', latitude: 59.3293, longitude: 18.0686, weight: 1 },
  { country: 'PL', region: '14', city: 'Warsaw', latitude: 52.2297, longitude: 21.0122, weight: 2 },
  { country: 'BR', region: 'SP', city: 'São Paulo', latitude: -23.5505, longitude: -46.6333, weight: 4 },
  { country: 'MX', region: 'CMX', city: 'Mexico City', latitude: 19.4326, longitude: -99.1332, weight: 2 },
  { country: 'IN', region: 'MH', city: 'Mumbai', latitude: 19.076, longitude: 72.8777, weight: 3 },
  { country: 'JP', region: '13', city: 'Tokyo', latitude: 35.6762, longitude: 139.6503, weight: 2 },
  { country: 'AU', region: 'NSW', city: 'Sydney', latitude: -33.8688, longitude: 151.2093, weight: 2 },
];

const AGENTS: [string, number][] = [
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 8],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 7],
  ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 6],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 4],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 3],
  ['Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 2],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 2],
  ['Mozilla/5.0 (SMART-TV; Linux; Tizen 8.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/7.0 Chrome/120.0.0.0 TV Safari/537.36', 1],
];

/** Where a visit came from: most arrive directly (no referrer). */
const REFERRERS: [string | null, number][] = [[null, 10], ['www.google.com', 6], ['www.bing.com', 1], ['duckduckgo.com', 1], ['www.reddit.com', 2], ['www.facebook.com', 1], ['t.co', 1]];
const SECTIONS = ['/', '/movies', '/series', '/news', '/lists'];

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

function weighted<T>(items: [T, number][], r: number): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let x = r * total;
  for (const [item, w] of items) if ((x -= w) < 0) return item;
  return items[items.length - 1][0];
}

interface Visitor { id: string; userId: number | null; place: Place; agent: ReturnType<typeof parseUserAgent> }

export async function seedDemoAnalytics(ctx: AppContext, memberIds: number[], now = new Date()): Promise<void> {
  const rand = rng(2026);
  const places = PLACES.map((p): [Place, number] => [p, p.weight]);
  const visitor = (id: string, userId: number | null): Visitor =>
    ({ id, userId, place: weighted(places, rand()), agent: parseUserAgent(weighted(AGENTS, rand())) });
  const hex = () => Array.from({ length: 4 }, () => Math.floor(rand() * 2 ** 32).toString(16).padStart(8, '0')).join('');
  const visitors = [...memberIds.map((id) => visitor(`u${id}`, id)), ...Array.from({ length: ANONYMOUS }, () => visitor(hex(), null))];

  const titles = await ctx.db.selectFrom('titles').select('id').orderBy('popularity', 'desc').orderBy('id').execute();
  const videos = await ctx.db.selectFrom('videos').select(['id', 'title_id', 'season_num', 'episode_num'])
    .where('category', '=', 'full').where('approved', '=', true).orderBy('id').execute();
  const playable = new Map<number, typeof videos>();
  for (const v of videos) playable.set(v.title_id, [...(playable.get(v.title_id) ?? []), v]);
  const playableIds = [...playable.keys()];
  if (!titles.length || !playableIds.length) return;

  const views: Insertable<PageViewsTable>[] = [];
  const plays: Insertable<PlaysTable>[] = [];
  const end = now.getTime();
  const firstDay = Math.floor(end / DAY) - (DAYS - 1);
  for (let d = firstDay; d * DAY < end; d++) {
    const age = Math.floor(end / DAY) - d;
    const weekend = [0, 6].includes(new Date(d * DAY).getUTCDay());
    // Growing over the quarter, busier at weekends, never the same two days running.
    const count = Math.round((40 + (DAYS - age) / 3) * (weekend ? 1.3 : 1) * (0.8 + rand() * 0.4));
    for (let n = 0; n < count; n++) {
      // Members and returning visitors come back more often than the rest.
      const v = visitors[Math.floor(rand() ** 2 * visitors.length)];
      // Visitors from around the world: any hour, busier in the (UTC) afternoon and evening.
      let at = d * DAY + (rand() < 0.4 ? rand() * 24 : 12 + Math.sqrt(rand()) * 12) * HOUR;
      if (at >= end) continue;
      const pages = 1 + Math.floor(rand() ** 1.5 * 6);
      for (let p = 0; p < pages && at < end; p++, at += (1 + rand() * 4) * 60_000) {
        const section = p === 0 && rand() < 0.4 ? SECTIONS[Math.floor(rand() * SECTIONS.length)] : null;
        // Mostly the popular titles; now and then one of the few the demo can play (its hero and "Play" buttons lead there).
        const title = section ? null : rand() < 0.2 ? playableIds[Math.floor(rand() * playableIds.length)] : titles[Math.floor(rand() ** 2.5 * titles.length)].id;
        views.push({
          visitor_id: v.id, user_id: v.userId, path: section ?? `/titles/${title}`, model_type: title ? 'title' : null, model_id: title,
          referrer: p === 0 ? weighted(REFERRERS, rand()) : null, ...v.agent, country: v.place.country, region: v.place.region,
          city: v.place.city, latitude: v.place.latitude, longitude: v.place.longitude, created_at: new Date(at).toISOString(),
        });
        const episodes = title ? playable.get(title) : undefined;
        if (!episodes || rand() > 0.5) continue;
        // A series is mostly started from its first episode; the watch page is a page view of its own.
        const video = episodes[rand() < 0.6 ? 0 : Math.floor(rand() * episodes.length)];
        const started = at + 30_000;
        if (started >= end) continue;
        views.push({ ...views[views.length - 1], path: `/watch/${video.id}`, model_type: 'video', model_id: video.id, referrer: null, created_at: new Date(started).toISOString() });
        // The demo video is 30 seconds long.
        const seconds = 5 + Math.floor(rand() * 26);
        plays.push({
          video_id: video.id, title_id: video.title_id, season_num: video.season_num, episode_num: video.episode_num, user_id: v.userId,
          visitor_id: v.id, seconds_watched: seconds, position: seconds, device: v.agent.device, browser: v.agent.browser,
          platform: v.agent.platform, country: v.place.country, region: v.place.region, city: v.place.city, latitude: v.place.latitude,
          longitude: v.place.longitude,
          created_at: new Date(started).toISOString(), updated_at: new Date(started + seconds * 1000).toISOString(),
        });
      }
    }
  }

  const perVideo = new Map<number, number>();
  const perTitle = new Map<number, number>();
  for (const p of plays) {
    perVideo.set(p.video_id, (perVideo.get(p.video_id) ?? 0) + 1);
    perTitle.set(p.title_id, (perTitle.get(p.title_id) ?? 0) + 1);
  }
  // Raw rows in time order, as they would have arrived: the rollup reads them by id.
  const byTime = (a: { created_at: string }, b: { created_at: string }) => a.created_at.localeCompare(b.created_at);
  views.sort(byTime);
  plays.sort(byTime);
  // Written in one transaction: visits present means a first start that died later already wrote them (the rollup
  // below is run again: it picks up where it stopped).
  const written = memberIds.length && await ctx.db.selectFrom('page_views').select('id').where('user_id', 'in', memberIds).limit(1).executeTakeFirst();
  if (!written) await ctx.db.transaction().execute(async (trx) => {
    // 50 rows x 16 columns per statement stays under every driver's parameter limit.
    for (let i = 0; i < views.length; i += 50) await trx.insertInto('page_views').values(views.slice(i, i + 50)).execute();
    for (let i = 0; i < plays.length; i += 50) await trx.insertInto('plays').values(plays.slice(i, i + 50)).execute();
    for (const [id, n] of perVideo) await trx.updateTable('videos').set((eb) => ({ plays_count: eb('plays_count', '+', n) })).where('id', '=', id).execute();
    for (const [id, n] of perTitle) await trx.updateTable('titles').set((eb) => ({ views: eb('views', '+', n) })).where('id', '=', id).execute();
  });
  await rollup(ctx, 'visit', now);
  await rollup(ctx, 'play', now);
}
