import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded { method: string; path: string; headers: http.IncomingHttpHeaders; body: Buffer; text: string; json?: any; form?: URLSearchParams }
type Answer = { status?: number; json?: unknown; body?: string | Buffer; headers?: Record<string, string> };

/**
 * A loopback HTTP server for hosted APIs: `route` answers each request as that API documents
 * (the test supplies it); every request is recorded so the test can see what the client sent.
 */
export async function startHttp(route: (req: Recorded) => Answer | Promise<Answer>) {
  const requests: Recorded[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const text = body.toString();
    const rec: Recorded = { method: req.method!, path: req.url!, headers: req.headers, body, text };
    const type = String(req.headers['content-type'] ?? '');
    if (type.includes('json') && text) { try { rec.json = JSON.parse(text); } catch { /* not JSON after all */ } }
    if (type.includes('x-www-form-urlencoded')) rec.form = new URLSearchParams(text);
    requests.push(rec);
    try {
      const a = await route(rec);
      const payload = a.json !== undefined ? JSON.stringify(a.json) : (a.body ?? '');
      res.writeHead(a.status ?? 200, { ...(a.json !== undefined ? { 'content-type': 'application/json' } : {}), ...a.headers });
      res.end(payload);
    } catch (err) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: String(err) }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
