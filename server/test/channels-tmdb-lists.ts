import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * TMDb's list endpoints (popular, top rated, upcoming, now playing, airing today, trending) in front of the
 * catalogue tests' TMDb stand-in: each list answers the stand-in's discover page of its media type; every other
 * call is passed through. `failing` makes the lists answer 500 (a failed auto update).
 */
export async function startTmdbListServer(upstream: string) {
  const hits = new Map<string, number>();
  const state = { failing: false };
  const LIST = /^\/3\/(?:(movie)\/(?:popular|top_rated|upcoming|now_playing)|(tv)\/(?:popular|top_rated|airing_today)|trending\/(movie|tv)\/(?:day|week))$/;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    const m = LIST.exec(url.pathname);
    if (m) {
      hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
      if (state.failing) {
        res.writeHead(500, { 'content-type': 'application/json' });
        return res.end('{"status_code":11}');
      }
      url.pathname = `/3/discover/${m[1] ?? m[2] ?? m[3]}`;
    }
    fetch(`${upstream}${url.pathname}${url.search}`).then(async (up) => {
      res.writeHead(up.status, { 'content-type': up.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await up.arrayBuffer()));
    }).catch(() => { res.writeHead(502); res.end(); });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    root,
    hits,
    get failing() { return state.failing; },
    set failing(v: boolean) { state.failing = v; },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
