/**
 * Generators of hostile requests (issue 17 item 18), shared by the API fuzz test (a sample, in `npm test`)
 * and the bench (`BENCH_ONLY=fuzz`, every case over HTTP). Each case is plain data: method, path, query,
 * body and headers, so the same case can be sent through Fastify's inject or a real socket.
 */

export interface FuzzRoute { method: string; url: string }
export interface FuzzCase {
  method: string;
  /** Path and query string, already encoded. */
  url: string;
  body?: string;
  headers: Record<string, string>;
  /** What kind of attack, for the report. */
  kind: 'param' | 'query' | 'body' | 'header';
}

/** Names that resolve to built-in members on a plain object. */
export const PROTO_KEYS = [
  '__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf',
  'propertyIsEnumerable', 'toLocaleString', '__defineGetter__', '__lookupGetter__', '__defineSetter__', '__lookupSetter__',
];

/** Path segments, already percent-encoded where needed. */
export const PARAM_VALUES = [
  ...PROTO_KEYS,
  '%00', 'a%00b', '-1', '0', '1.5', '99999999999999999999', '9007199254740993', '1e308', 'NaN', 'Infinity', '0x10',
  '..', '%2e%2e', '..%2F..%2Fetc%2Fpasswd', '%2F', '%5C..%5C', '%F0%9F%98%80', '%E2%80%AE', '%ED%A0%80', '%C0%AE', '%FF', '%EF%BF%BF',
  'x'.repeat(3000), '1,2,constructor', ',,,', '1,,2', `${'9,'.repeat(1200)}9`, '%20', '%27%20OR%201%3D1--', '%3Cscript%3E', 'movie', 'genre', 'keyword',
];

const FTS = ['"', 'abc"', '"abc', 'a* OR b', 'NEAR(a b)', 'NEAR(', '-abc', 'a AND NOT b', '^abc', 'name:abc', '(((', 'a:b:c', '*', "'; DROP TABLE users; --", '%', '_', '\\', '{}', 'a & b | !c', "a' <-> 'b"];
const enc = encodeURIComponent;
const json = (v: unknown) => enc(JSON.stringify(v));
const FILTER_KEYS = ['created_at', 'updated_at', 'type', 'genres', 'keywords', 'countries', 'release_date', 'language', 'certification', 'gender', 'known_for', 'roles', 'permissions', 'email_verified_at', 'banned_at', 'user_id', 'parent_id'];
const ODD_VALUES: unknown[] = [null, [], {}, { start: 'x', end: {} }, { start: [], end: null }, JSON.parse('{"__proto__":1}'), -1, 1e308, 'x'.repeat(500), '1,'.repeat(100), '\u202e', true, [[[[1]]]]];

/** Query strings (without `?`), already encoded. */
export const QUERY_STRINGS: string[] = [
  ...PROTO_KEYS.flatMap((k) => [
    `orderBy=${enc(k)}`, `orderBy=${enc(k)}&query=a%00b`, `filters=${json([{ key: k, value: 1 }])}`, `orderDir=${enc(k)}`, `${enc(k)}=1`, `with=${enc(k)}`,
    `filters=${json([{ key: 'created_at', value: { start: '2020-01-01', end: '2021-01-01' }, operator: k }])}`,
  ]),
  ...FTS.map((q) => `query=${enc(q)}`),
  ...FTS.map((q) => `query=${enc(q)}&orderBy=relevance`),
  ...FILTER_KEYS.flatMap((key) => ODD_VALUES.map((value) => `filters=${json([{ key, value, operator: '=' }])}`)),
  'query=a%00b', 'query=abc%00&orderBy=toString', 'query=%00', `query=${'a'.repeat(20_000)}`, `query=${'%F0%9F%98%80'.repeat(3000)}`,
  'query=%ED%A0%80', 'query=%FF%FE', 'query=%C0%80', 'query=%E2%80%AE%E2%80%AE', 'query=%20%20%20', 'query=ab', 'query=a',
  'page=-1', 'page=0', 'page=99999999999999999999', 'page=1e9', 'perPage=1e9', 'perPage=-5', 'perPage=abc', 'page=1.5', 'page=NaN',
  'filters=not-json', 'filters=%7B%7D', 'filters=%5Bnull%5D', 'filters=%5B%5B%5B%5B%5D%5D%5D%5D', `filters=${enc('['.repeat(500) + ']'.repeat(500))}`,
  `filters=${json(Array.from({ length: 200 }, () => ({ key: 'created_at', value: '2020-01-01', operator: '>' })))}`,
  'query[]=a&query[]=b', 'orderBy=name&orderBy=id', 'orderBy[]=name', `with=${'x,'.repeat(1000)}`, 'query=%E2%80%AE', 'type=__proto__', 'roleId=constructor',
  'roleId=-1', 'preview_token=%00', 'thumbnail=1&download=1', 'popup=1&code=x&state=__proto__', 'code=%00&state=%ED%A0%80', 'error=access_denied',
  'orderDir=sideways', 'perPage=100&page=999999', `${'a'.repeat(5000)}=1`, 'a=1&'.repeat(1000), '=&=&=', '%00=%00', 'query=%25%5F%5C',
];

/** Field names our forms use, each given a wrong type by WRONG_TYPES. */
const FIELDS = ['id', 'ids', 'name', 'email', 'password', 'first_name', 'last_name', 'permissions', 'roles', 'users', 'title', 'body', 'slug', 'type',
  'value', 'tags', 'display_name', 'description', 'language', 'client', 'server', 'tokenName', 'token', 'query', 'file', 'url', 'order', 'season', 'episode_number',
  'release_date', 'is_series', 'department', 'character', 'credits', 'ban_until', 'permanent', 'current_password', 'password_confirmation', 'lines', 'provider', 'seo_tags', 'tags_to_add'];
const WRONG: unknown[] = [[], {}, 1e308, -1, true, null, '', 'x'.repeat(20_000), [null], JSON.parse('{"__proto__":{"admin":true}}'), ['__proto__'], '\u202e'];

const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

/** JSON (and not quite JSON) bodies, with the content type each one is sent as. */
export const BODIES: { body: string; type: string }[] = [
  ...['[]', '"str"', 'null', '123', 'true', '{}', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', '[{"__proto__":1}]'].map((body) => ({ body, type: 'application/json' })),
  ...WRONG.map((v) => ({ body: JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, v]))), type: 'application/json' })),
  ...FIELDS.map((f) => ({ body: JSON.stringify({ [f]: { [f]: [{ [f]: f }] } }), type: 'application/json' })),
  { body: deep(40), type: 'application/json' },
  { body: deep(5000), type: 'application/json' },
  { body: `${'['.repeat(200_000)}${']'.repeat(200_000)}`, type: 'application/json' },
  { body: `{"name":"${'a'.repeat(1_100_000)}"}`, type: 'application/json' },
  { body: JSON.stringify({ ids: Array.from({ length: 100_000 }, (_, i) => i) }), type: 'application/json' },
  { body: '{"name":"\\ud800","email":"\\udfff@x.y"}', type: 'application/json' },
  { body: '{"name":"a\\u0000b","\\u0000":"x"}', type: 'application/json' },
  { body: '{', type: 'application/json' },
  { body: '{"a":1,"a":2}', type: 'application/json' },
  { body: '', type: 'application/json' },
  { body: 'name=x&email=y', type: 'application/x-www-form-urlencoded' },
  { body: 'plain text', type: 'text/plain' },
  { body: '{"name":"x"}', type: 'application/json; charset=utf-16' },
  { body: '{"name":"x"}', type: 'application/xml' },
  { body: '--x\r\nContent-Disposition: form-data; name="file"; filename="../../a.php"\r\n\r\n<?php ?>\r\n--x--\r\n', type: 'multipart/form-data; boundary=x' },
  { body: 'garbage', type: 'multipart/form-data' },
  { body: '--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n{}\r\n--x--\r\n', type: 'multipart/form-data; boundary=x' },
];

/** Odd headers, sent with an otherwise plain request. */
export const HEADERS: Record<string, string>[] = [
  { 'accept-language': '__proto__' }, { 'accept-language': 'x'.repeat(4000) }, { range: 'bytes=-5-,abc' }, { range: 'bytes=99999999999999999999-' },
  { 'if-none-match': 'W/"x"'.repeat(500) }, { 'if-modified-since': 'yesterday' }, { authorization: 'Bearer __proto__' }, { authorization: 'Bearer ' + 'x'.repeat(5000) },
  { authorization: 'Basic %%%' }, { 'x-forwarded-for': '::ffff:999.1.1.1, garbage, ' }, { 'x-forwarded-host': '__proto__' }, { 'x-forwarded-proto': 'gopher' },
  { accept: 'application/json;q=__proto__' }, { 'x-xsrf-token': '__proto__' }, { 'user-agent': '\u00ff'.repeat(3000) }, { cookie: '__proto__=1; constructor=2; session=%ZZ' },
  { 'content-type': 'application/json', 'content-encoding': 'gzip' }, { 'accept-encoding': 'br;q=2, *;q=__proto__' }, { origin: 'null' }, { host: 'evil.example' },
];

/** A small deterministic random generator (mulberry32): a failure is reproduced by its seed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A route path with every `:param` (and `*`) filled: the fuzzed one with `bad`, the others with an id that does not exist. */
function fill(url: string, bad: string | null, which: number): string {
  let i = 0;
  return url.replace(/:[a-zA-Z_]+|\*$/g, () => (i++ === which && bad !== null ? bad : '999999'));
}

const paramCount = (url: string) => (url.match(/:[a-zA-Z_]+|\*$/g) ?? []).length;

/** Routes a fuzzer must not call: they end the fuzzing identity's own session. */
export const SKIP = new Set(['POST /api/v1/auth/logout', 'POST /api/v1/account/sessions/logout-others']);

/**
 * Every case for one route: each bad param value in each param, each query string (GET), each body
 * (writes), each odd header. `pick` (0..1] keeps a random share of each kind, for a fast test run.
 */
export function casesFor(route: FuzzRoute, pick = 1, random: () => number = Math.random): FuzzCase[] {
  const out: FuzzCase[] = [];
  const keep = () => pick >= 1 || random() < pick;
  const write = route.method !== 'GET' && route.method !== 'DELETE';
  const plain = fill(route.url, null, -1);
  for (let p = 0; p < paramCount(route.url); p++) {
    for (const v of PARAM_VALUES) if (keep()) out.push({ method: route.method, url: fill(route.url, v, p), headers: {}, kind: 'param', ...(write ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}) });
  }
  if (route.method === 'GET' || route.method === 'DELETE' || route.url.includes('export')) {
    for (const q of QUERY_STRINGS) if (keep()) out.push({ method: route.method, url: `${plain}?${q}`, headers: {}, kind: 'query' });
  }
  if (write) {
    for (const b of BODIES) if (keep()) out.push({ method: route.method, url: plain, body: b.body, headers: { 'content-type': b.type }, kind: 'body' });
  }
  for (const h of HEADERS) if (keep()) out.push({ method: route.method, url: plain, headers: h, kind: 'header', ...(write ? { body: '{}' } : {}) });
  return out;
}

/** Pages of the single-page app (the not-found handler renders them), walked like routes. */
export const PAGE_ROUTES: FuzzRoute[] = ['/', '/titles/:id', '/titles/:id/:slug', '/people/:id', '/search', '/pages/:slug', '/admin/users', '/watch/:id', '/*']
  .map((url) => ({ method: 'GET', url }));
