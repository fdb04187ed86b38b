import UAParser from 'ua-parser-js';

export interface DeviceInfo { device: string; browser: string | null; platform: string | null }
export interface GeoInfo { country: string | null; region: string | null; city: string | null; latitude: number | null; longitude: number | null }

/** Device type, browser and operating system from a user agent (ua-parser-js); no type means a desktop. */
export function parseUserAgent(ua: string | undefined): DeviceInfo {
  if (!ua) return { device: 'unknown', browser: null, platform: null };
  const key = ua.slice(0, 512);
  const cached = cacheHit(uaCache, key);
  if (cached) return cached;
  const r = new UAParser(key).getResult();
  const info = { device: r.device.type ?? 'desktop', browser: r.browser.name?.slice(0, 50) ?? null, platform: r.os.name?.slice(0, 50) ?? null };
  remember(uaCache, key, info);
  return info;
}

/** Crawlers, link previews and scripted clients: their page views are not visits (ua-parser-js 1.x has no bot flag). */
const BOT_UA = /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|preview|monitor|pingdom|lighthouse|curl\/|wget\/|python-|java\/|go-http-client|okhttp|axios\/|node-fetch|httpclient|scrapy|phantomjs/i;
export function isBot(ua: string | undefined): boolean {
  return !ua || ua.length < 10 || BOT_UA.test(ua);
}

/** Most viewers share a handful of user agents and come back from the same address: parse each once (a bounded LRU). */
const CACHE_SIZE = 5000;
const uaCache = new Map<string, DeviceInfo>();
const geoCache = new Map<string, GeoInfo>();
/** A hit moves to the back, so the entry dropped when full is the least recently used. */
function cacheHit<V>(cache: Map<string, V>, key: string): V | undefined {
  const value = cache.get(key);
  if (value !== undefined) {
    cache.delete(key);
    cache.set(key, value);
  }
  return value;
}
function remember<V>(cache: Map<string, V>, key: string, value: V) {
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
}

type GeoLookup = (ip: string) => { country?: string; region?: string; city?: string; ll?: [number, number] } | null;
let geo: Promise<GeoLookup> | null = null;

/**
 * Country and city from the offline GeoIP database shipped with geoip-lite (no remote lookup). It loads about a
 * second's worth of data, so only when the first play is written, and off the request path.
 */
export async function locate(ip: string | undefined): Promise<GeoInfo> {
  if (!ip) return { country: null, region: null, city: null, latitude: null, longitude: null };
  const cached = cacheHit(geoCache, ip);
  if (cached) return cached;
  geo ??= import('geoip-lite').then((m) => (m.default ?? m).lookup as GeoLookup);
  const hit = (await geo)(ip.replace(/^::ffff:/, ''));
  const info = { country: hit?.country?.slice(0, 2) || null, region: hit?.region?.slice(0, 100) || null, city: hit?.city?.slice(0, 100) || null,
    latitude: hit?.city ? hit.ll?.[0] ?? null : null, longitude: hit?.city ? hit.ll?.[1] ?? null : null };
  remember(geoCache, ip, info);
  return info;
}
