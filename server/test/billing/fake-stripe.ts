import http from 'node:http';
import { pathToFileURL } from 'node:url';
import Stripe from 'stripe';
import { listenOnLoopback } from './loopback.ts';

/**
 * A local server speaking the part of Stripe's documented REST API the billing module uses: form-encoded POSTs to
 * /v1/products, /v1/products/{id}, /v1/prices, /v1/prices/{id} (`active`), /v1/checkout/sessions (refused for an
 * archived price, as Stripe does), /v1/subscriptions/{id} (cancel_at_period_end
 * or items[0][id]+items[0][price]), GET /v1/subscriptions/{id}, GET /v1/invoices?subscription=, GET /v1/balance,
 * GET /v1/charges?customer= (`refund` refunds an invoice's charge, as the dashboard does, and sends charge.refunded),
 * POST /v1/billing_portal/sessions (for a customer of one of its subscriptions; its page links back to return_url) and
 * DELETE /v1/subscriptions/{id}, answering Stripe's object shapes. A secret in `rejectKeys` gets Stripe's 401.
 * `fail` makes a path answer a Stripe error (or never answer, to test timeouts).
 *
 * The checkout session's `url` is a tiny hosted page here: its Pay button makes the subscription and its first paid
 * invoice, sends the signed webhooks (customer.subscription.created, checkout.session.completed, invoice.paid) to
 * `webhook.url`, then redirects to the session's success_url. Its "Authenticate later" button leaves the first payment
 * waiting for the buyer's bank (the subscription `incomplete`, its invoice open, no invoice.paid), as a 3-D Secure
 * step left undone does. E2E runs it: `tsx server/test/billing/fake-stripe.ts
 * <port> <webhook url> <webhook secret>`.
 */
export interface FakeStripe {
  url: string;
  requests: { method: string; path: string; body: Record<string, string> }[];
  fail: { path: RegExp; mode: 'error' | 'hang' } | null;
  /** Runs (and is awaited) before a call is answered: lets a test act while the app waits for Stripe. */
  beforeReply: ((method: string, path: string) => Promise<void> | void) | null;
  rejectKeys: Set<string>;
  webhook: { url: string; secret: string } | null;
  subscriptions: Map<string, StripeSub>;
  /** Every product and price it made (or, for products, was asked to update), with whether it is still active. */
  products: Map<string, { id: string; active: boolean }>;
  prices: Map<string, { id: string; product: string; unit_amount: number; currency: string; active: boolean }>;
  /** Pays an open session as its hosted page's button does; answers the success_url. */
  pay(sessionId: string, outcome?: 'paid' | 'incomplete'): Promise<string>;
  /** Refunds an invoice's charge (all of it without `amount`, in minor units) and sends charge.refunded. */
  refund(invoiceId: string, amount?: number): Promise<void>;
  close(): Promise<void>;
}

interface StripeSub {
  id: string; object: 'subscription'; status: string; cancel_at_period_end: boolean; metadata: Record<string, string>; customer: string;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; price: { id: string; object: 'price' }; current_period_end: number }[] };
}
interface Session { id: string; object: 'checkout.session'; mode: string; url: string; status: string; client_reference_id: string | null;
  metadata: Record<string, string>; subscription: string | null; success_url: string; cancel_url: string; price: string; subMetadata: Record<string, string> }

/** Stripe's form encoding flattened: `metadata[user_id]` -> `{ user_id }`. */
const under = (body: Record<string, string>, prefix: string) => Object.fromEntries(Object.entries(body)
  .filter(([k]) => k.startsWith(`${prefix}[`)).map(([k, v]) => [k.slice(prefix.length + 1, -1), v]));

export async function startFakeStripe(port = 0): Promise<FakeStripe> {
  let seq = 0;
  const id = (prefix: string) => `${prefix}_${++seq}`;
  const hanging = new Set<http.ServerResponse>();
  const sessions = new Map<string, Session>();
  const invoices: Record<string, unknown>[] = [];
  const charges: { id: string; object: 'charge'; amount: number; amount_refunded: number; refunded: boolean; currency: string; customer: string; payment_intent: string; invoiceId: string }[] = [];
  /** Customer portal sessions: their return_url. */
  const portals = new Map<string, string>();
  const signer = new Stripe('sk_test_fake_signer');
  const state: FakeStripe = {
    url: '', requests: [], fail: null, beforeReply: null, rejectKeys: new Set(), webhook: null, subscriptions: new Map(), products: new Map(), prices: new Map(),
    pay: async () => '', refund: async () => {}, close: async () => {},
  };
  const { products, prices } = state;
  const active = (body: Record<string, string>, was: boolean) => (body.active === undefined ? was : body.active === 'true');

  const deliver = async (type: string, object: unknown) => {
    if (!state.webhook) return;
    const payload = JSON.stringify({ id: id('evt'), object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: state.webhook.secret });
    const res = await fetch(state.webhook.url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
    await res.text();
  };

  state.pay = async (sessionId, outcome = 'paid') => {
    const session = sessions.get(sessionId);
    if (!session || session.status !== 'open') throw new Error('No such open session.');
    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86400;
    const sub: StripeSub = {
      id: id('sub'), object: 'subscription', status: outcome === 'paid' ? 'active' : 'incomplete', cancel_at_period_end: false, metadata: session.subMetadata, customer: id('cus'),
      items: { object: 'list', data: [{ id: id('si'), object: 'subscription_item', price: { id: session.price, object: 'price' }, current_period_end: periodEnd }] },
    };
    state.subscriptions.set(sub.id, sub);
    Object.assign(session, { status: 'complete', subscription: sub.id });
    if (outcome === 'incomplete') {
      await deliver('customer.subscription.created', sub);
      await deliver('checkout.session.completed', session);
      return session.success_url;
    }
    const price = prices.get(session.price) ?? { unit_amount: 1000, currency: 'usd' };
    // Stripe's API since 2025 links an invoice to its charge through invoice payments (expand data.payments).
    const invoiceId = id('in');
    const charge = { id: id('ch'), object: 'charge' as const, amount: price.unit_amount, amount_refunded: 0, refunded: false, currency: price.currency, customer: sub.customer, payment_intent: id('pi'), invoiceId };
    charges.unshift(charge);
    const invoice = {
      id: invoiceId, object: 'invoice', created: Math.floor(Date.now() / 1000), total: price.unit_amount, currency: price.currency, status: 'paid', customer: sub.customer,
      hosted_invoice_url: `${state.url}/invoice/${seq}`, subscription: sub.id, lines: { object: 'list', data: [{ period: { end: periodEnd } }] },
      payments: { object: 'list', data: [{ id: id('inpay'), object: 'invoice_payment', status: 'paid', payment: { type: 'payment_intent', payment_intent: charge.payment_intent } }] },
    };
    invoices.unshift(invoice);
    await deliver('customer.subscription.created', sub);
    await deliver('checkout.session.completed', session);
    await deliver('invoice.paid', invoice);
    return session.success_url;
  };

  state.refund = async (invoiceId, amount) => {
    const charge = charges.find((c) => c.invoiceId === invoiceId);
    if (!charge) throw new Error('No charge for that invoice.');
    charge.amount_refunded = Math.min(charge.amount, charge.amount_refunded + (amount ?? charge.amount));
    charge.refunded = charge.amount_refunded === charge.amount;
    const { invoiceId: _, ...object } = charge;
    await deliver('charge.refunded', object);
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => { raw += c; });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      const [path, search = ''] = (req.url ?? '').split('?');
      const body = Object.fromEntries(new URLSearchParams(raw));
      const query = Object.fromEntries(new URLSearchParams(search));
      state.requests.push({ method: req.method ?? '', path, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++seq}` });
        res.end(JSON.stringify(json));
      };
      handle(req.method ?? '', path, body, query, send, res).catch((err: unknown) => send(500, { error: { type: 'api_error', message: String(err) } }));
    });
  });

  async function handle(method: string, path: string, body: Record<string, string>, query: Record<string, string>, send: (s: number, j: unknown) => void, res: http.ServerResponse) {
    if (path === '/health') return send(200, { ok: true });
    // The hosted checkout page and its Pay button (a browser, not the SDK, comes here).
    let m = path.match(/^\/pay\/(cs_\d+)$/);
    if (m && method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Fake Stripe Checkout</title><h1>Fake Stripe Checkout</h1><form method="post"><button type="submit">Pay</button> <button type="submit" name="outcome" value="incomplete">Authenticate later</button></form>`);
      return;
    }
    const portal = path.match(/^\/portal\/(bps_\d+)$/);
    if (portal && method === 'GET' && portals.has(portal[1])) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Fake Stripe customer portal</title><h1>Fake Stripe customer portal</h1><a href="${portals.get(portal[1]) ?? '/'}">Return</a>`);
      return;
    }
    if (m && method === 'POST') {
      const location = await state.pay(m[1], body.outcome === 'incomplete' ? 'incomplete' : 'paid');
      res.writeHead(303, { location });
      res.end();
      return;
    }
    const key = (bearers.get(res) ?? '');
    if (state.rejectKeys.has(key)) return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    await state.beforeReply?.(method, path);
    if (state.fail && state.fail.path.test(path)) {
      if (state.fail.mode === 'hang') {
        hanging.add(res);
        return;
      }
      return send(500, { error: { type: 'api_error', message: 'Something went wrong on Stripe.' } });
    }
    if (method === 'GET' && path === '/v1/balance') return send(200, { object: 'balance', available: [{ amount: 0, currency: 'usd' }], pending: [], livemode: false });
    if (method === 'POST' && path === '/v1/products') {
      const product = { id: id('prod'), active: active(body, true) };
      products.set(product.id, product);
      return send(200, { ...product, object: 'product', name: body.name });
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/products\/([\w]+)$/))) {
      // Products a test never created here are taken as they come (the tests seed some ids by hand).
      const product = products.get(m[1]) ?? { id: m[1], active: true };
      product.active = active(body, product.active);
      products.set(product.id, product);
      return send(200, { ...product, object: 'product', name: body.name });
    }
    if (method === 'POST' && path === '/v1/prices') {
      const price = { id: id('price'), product: body.product, unit_amount: Number(body.unit_amount), currency: body.currency, active: active(body, true) };
      prices.set(price.id, price);
      return send(200, { ...price, object: 'price' });
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/prices\/([\w]+)$/))) {
      const price = prices.get(m[1]);
      if (!price) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'price', message: `No such price: '${m[1]}'` } });
      price.active = active(body, price.active);
      return send(200, { ...price, object: 'price' });
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const sid = id('cs');
      const session: Session = {
        id: sid, object: 'checkout.session', mode: body.mode, url: `${state.url}/pay/${sid}`, status: 'open', client_reference_id: body.client_reference_id ?? null,
        metadata: under(body, 'metadata'), subscription: null, success_url: body.success_url, cancel_url: body.cancel_url,
        price: body['line_items[0][price]'], subMetadata: under(body, 'subscription_data[metadata]'),
      };
      if (!session.price || !session.success_url || session.mode !== 'subscription') return send(400, { error: { type: 'invalid_request_error', message: 'Missing line_items, success_url or mode.' } });
      if (prices.get(session.price)?.active === false) {
        return send(400, { error: { type: 'invalid_request_error', param: 'line_items[0][price]', message: 'The price specified is inactive. This field only accepts active prices.' } });
      }
      sessions.set(sid, session);
      return send(200, session);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const known = [...state.subscriptions.values()].some((s) => s.customer === body.customer);
      if (!known) return send(400, { error: { type: 'invalid_request_error', param: 'customer', message: `No such customer: '${body.customer ?? ''}'` } });
      const sid = id('bps');
      portals.set(sid, body.return_url);
      return send(200, { id: sid, object: 'billing_portal.session', customer: body.customer, return_url: body.return_url ?? null, url: `${state.url}/portal/${sid}` });
    }
    if (method === 'GET' && path === '/v1/charges') {
      const data = charges.filter((c) => !query.customer || c.customer === query.customer).map(({ invoiceId: _, ...c }) => c);
      return send(200, { object: 'list', data, has_more: false, url: '/v1/charges' });
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const data = invoices.filter((i) => !query.subscription || i.subscription === query.subscription);
      return send(200, { object: 'list', data, has_more: false, url: '/v1/invoices' });
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([\w]+)$/))) {
      const sub = state.subscriptions.get(m[1]);
      if (method === 'DELETE') {
        if (sub) sub.status = 'canceled';
        return send(200, { ...sub, id: m[1], object: 'subscription', status: 'canceled' });
      }
      if (method === 'GET') return sub ? send(200, sub) : send(404, { error: { type: 'invalid_request_error', message: `No such subscription: '${m[1]}'` } });
      if (sub) {
        if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
        const item = sub.items.data.find((i) => i.id === body['items[0][id]']);
        if (body['items[0][price]']) {
          if (!item) return send(400, { error: { type: 'invalid_request_error', message: 'No such subscription item.' } });
          item.price = { id: body['items[0][price]'], object: 'price' };
        }
        return send(200, sub);
      }
      return send(200, { id: m[1], object: 'subscription', status: 'active', cancel_at_period_end: body.cancel_at_period_end === 'true' });
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } });
  }

  // The secret the SDK sent (Bearer), looked up by response so the handler stays a plain function.
  const bearers = new WeakMap<http.ServerResponse, string>();
  server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    bearers.set(res, String(req.headers.authorization ?? '').replace(/^Bearer /, ''));
  });

  const listening = await listenOnLoopback(server, port, hanging);
  state.url = listening.url;
  state.close = listening.close;
  return state;
}

// E2E: `tsx server/test/billing/fake-stripe.ts <port> <webhook url> <webhook secret>` runs it until killed.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [port, webhookUrl, secret] = process.argv.slice(2);
  const fake = await startFakeStripe(Number(port));
  if (webhookUrl && secret) fake.webhook = { url: webhookUrl, secret };
  console.log(`fake Stripe on ${fake.url}`);
}
