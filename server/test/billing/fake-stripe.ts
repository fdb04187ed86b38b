import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking the part of Stripe's documented REST API the billing module uses: form-encoded POSTs to
 * /v1/products, /v1/products/{id}, /v1/prices, /v1/subscriptions/{id} and DELETE /v1/subscriptions/{id}, answering
 * JSON objects with ids. `fail` makes a path answer a Stripe error (or never answer, to test timeouts).
 */
export interface FakeStripe {
  url: string;
  requests: { method: string; path: string; body: Record<string, string> }[];
  fail: { path: RegExp; mode: 'error' | 'hang' } | null;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  let seq = 0;
  const hanging = new Set<http.ServerResponse>();
  const state: FakeStripe = { url: '', requests: [], fail: null, close: async () => {} };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => { raw += c; });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      const body = Object.fromEntries(new URLSearchParams(raw));
      state.requests.push({ method: req.method ?? '', path, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++seq}` });
        res.end(JSON.stringify(json));
      };
      if (state.fail && state.fail.path.test(path)) {
        if (state.fail.mode === 'hang') {
          hanging.add(res);
          return;
        }
        send(500, { error: { type: 'api_error', message: 'Something went wrong on Stripe.' } });
        return;
      }
      const id = (prefix: string) => `${prefix}_${++seq}`;
      let m: RegExpMatchArray | null;
      if (req.method === 'POST' && path === '/v1/products') return send(200, { id: id('prod'), object: 'product', name: body.name });
      if (req.method === 'POST' && (m = path.match(/^\/v1\/products\/([\w]+)$/))) return send(200, { id: m[1], object: 'product', name: body.name });
      if (req.method === 'POST' && path === '/v1/prices') {
        return send(200, { id: id('price'), object: 'price', product: body.product, unit_amount: Number(body.unit_amount), currency: body.currency });
      }
      if ((m = path.match(/^\/v1\/subscriptions\/([\w]+)$/))) {
        if (req.method === 'DELETE') return send(200, { id: m[1], object: 'subscription', status: 'canceled' });
        return send(200, { id: m[1], object: 'subscription', status: 'active', cancel_at_period_end: body.cancel_at_period_end === 'true' });
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => {
    for (const res of hanging) res.destroy();
    server.close(() => resolve());
  });
  return state;
}
