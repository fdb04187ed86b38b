import crypto from 'node:crypto';
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { listenOnLoopback } from './loopback.ts';

/**
 * A local server speaking the part of PayPal's documented REST API the billing module calls: the client-credentials
 * token, catalog products, billing plans (create, deactivate), subscriptions (create, get, cancel, suspend, activate, revise,
 * transactions) and webhook signature verification. Calls need a token it issued. Webhooks are "signed" by
 * `signed(event)` with a key only this fake knows; verify-webhook-signature answers SUCCESS only for the configured
 * webhook id and a signature made that way over the same event. `fail` makes a path answer an error or never answer.
 *
 * API tests import `startFakePaypal`; the end-to-end config runs it: `tsx server/test/billing/fake-paypal.ts <port>`
 * (GET /health answers when it is up, GET /__requests lists the calls it served). E2E runs it:
 * `tsx server/test/billing/fake-paypal.ts <port> <webhook url>`.
 */
export interface FakePaypal {
  url: string;
  credentials: { clientId: string; secret: string };
  webhookId: string;
  requests: { method: string; path: string; body: any }[];
  tokenCalls: number;
  subscriptions: Map<string, { id: string; status: string; plan_id: string; custom_id: string; return_url?: string; cancel_url?: string; pending_plan_id?: string }>;
  /** Each billing plan's price per cycle (the last cycle's fixed price), by plan id. */
  plans: Map<string, string | undefined>;
  /** Each billing plan's status by plan id: ACTIVE until /deactivate makes it INACTIVE (a new subscription then fails). */
  planStatus: Map<string, 'ACTIVE' | 'INACTIVE'>;
  /** Where the approval page delivers BILLING.SUBSCRIPTION.ACTIVATED (the app's webhook URL), when set. */
  webhookUrl: string | null;
  /** What GET subscription answers as billing_info.next_billing_time. */
  nextBillingTime: string;
  fail: { path: RegExp; mode: 'error' | 'hang' } | null;
  /** Runs (and is awaited) when cancel, suspend or activate changes a subscription, before PayPal answers the call: a webhook PayPal sends that fast. */
  onStatusChange: ((id: string, status: string) => Promise<unknown>) | null;
  /** The body and PAYPAL-* headers of a delivery of `event` (a wrong key when badSignature). */
  signed(event: unknown, opts?: { badSignature?: boolean }): { payload: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const signingKey = crypto.randomBytes(16);
const signature = (key: Buffer, transmissionId: string, time: string, webhookId: string, event: string) =>
  crypto.createHmac('sha256', key).update(`${transmissionId}|${time}|${webhookId}|${crypto.createHash('sha256').update(event).digest('hex')}`).digest('base64');

export async function startFakePaypal(port = 0): Promise<FakePaypal> {
  let seq = 0;
  const tokens = new Set<string>();
  const hanging = new Set<http.ServerResponse>();
  const state: FakePaypal = {
    url: '', credentials: { clientId: 'paypal-client', secret: 'paypal-secret' }, webhookId: 'WH-HOOK-1', requests: [], tokenCalls: 0,
    subscriptions: new Map(), plans: new Map(), planStatus: new Map(), webhookUrl: null, nextBillingTime: new Date(Date.now() + 30 * 86400_000).toISOString(), fail: null, onStatusChange: null,
    signed(event, opts = {}) {
      const payload = JSON.stringify(event);
      const id = `tx-${++seq}`;
      const time = new Date().toISOString();
      const key = opts.badSignature ? crypto.randomBytes(16) : signingKey;
      return {
        payload,
        headers: {
          'content-type': 'application/json', 'paypal-auth-algo': 'SHA256withRSA', 'paypal-cert-url': `${state.url}/v1/notifications/certs/CERT-1`,
          'paypal-transmission-id': id, 'paypal-transmission-time': time, 'paypal-transmission-sig': signature(key, id, time, state.webhookId, payload),
        },
      };
    },
    close: async () => {},
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => { raw += c; });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      const method = req.method ?? '';
      if (method === 'GET' && path === '/health') return void res.end('ok');
      if (method === 'GET' && path === '/__requests') return void res.end(JSON.stringify(state.requests));
      if (path === '/webapps/billing/subscriptions') return void approvalPage(method, new URL(req.url ?? '', 'http://x').searchParams.get('ba_token') ?? '', res);
      let body: any;
      try { body = raw && !raw.startsWith('grant_type') ? JSON.parse(raw) : raw; } catch { body = raw; }
      state.requests.push({ method, path, body });
      const send = (status: number, json?: unknown) => {
        res.writeHead(status, json === undefined ? {} : { 'content-type': 'application/json' });
        res.end(json === undefined ? undefined : JSON.stringify(json));
      };
      if (state.fail && state.fail.path.test(path)) {
        if (state.fail.mode === 'hang') return void hanging.add(res);
        return send(500, { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.' });
      }
      if (method === 'POST' && path === '/v1/oauth2/token') {
        state.tokenCalls++;
        const basic = Buffer.from(`${state.credentials.clientId}:${state.credentials.secret}`).toString('base64');
        if (req.headers.authorization !== `Basic ${basic}` || raw !== 'grant_type=client_credentials') {
          return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        }
        const token = `A21-${crypto.randomBytes(8).toString('hex')}`;
        tokens.add(token);
        return send(200, { scope: 'https://uri.paypal.com/services/subscriptions', access_token: token, token_type: 'Bearer', expires_in: 32400 });
      }
      if (!tokens.has(String(req.headers.authorization ?? '').replace(/^Bearer /, ''))) {
        return send(401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
      }
      route(method, path, body, send);
    });
  });

  /**
   * The buyer's approval page (a browser comes here from the approve link): its button activates the subscription,
   * delivers the signed BILLING.SUBSCRIPTION.ACTIVATED event to `webhookUrl`, and returns to the return_url as PayPal
   * does (with subscription_id and ba_token); "Cancel and return" goes to the cancel_url.
   */
  function approvalPage(method: string, token: string, res: http.ServerResponse): void {
    const s = state.subscriptions.get(token.replace(/^BA-/, ''));
    if (!s) return void res.writeHead(404).end('Unknown approval token.');
    if (method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(`<!doctype html><title>Fake PayPal</title><h1>Fake PayPal</h1><form method="post"><button type="submit">Agree &amp; Subscribe</button></form>${s.cancel_url ? `<a href="${s.cancel_url}">Cancel and return</a>` : ''}`);
    }
    // Approving a revision moves the plan (BILLING.SUBSCRIPTION.UPDATED); approving a new subscription activates it.
    const revised = !!s.pending_plan_id;
    if (s.pending_plan_id) s.plan_id = s.pending_plan_id;
    delete s.pending_plan_id;
    s.status = 'ACTIVE';
    const event = {
      id: `WH-${String(++seq).padStart(6, '0')}`, event_type: revised ? 'BILLING.SUBSCRIPTION.UPDATED' : 'BILLING.SUBSCRIPTION.ACTIVATED', resource_type: 'subscription',
      resource: { id: s.id, status: 'ACTIVE', plan_id: s.plan_id, custom_id: s.custom_id, billing_info: { next_billing_time: state.nextBillingTime } },
    };
    const { payload, headers } = state.signed(event);
    const deliver = state.webhookUrl ? fetch(state.webhookUrl, { method: 'POST', headers, body: payload }).then(() => undefined, () => undefined) : Promise.resolve();
    void deliver.then(() => {
      const back = new URL(s.return_url ?? '/', 'http://localhost');
      back.searchParams.set('subscription_id', s.id);
      back.searchParams.set('ba_token', token);
      res.writeHead(303, { location: s.return_url ? back.toString() : '/' }).end();
    });
  }

  const id = (prefix: string) => `${prefix}-${String(++seq).padStart(6, '0')}`;
  function route(method: string, path: string, body: any, send: (status: number, json?: unknown) => void): void {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/catalogs/products') return send(201, { id: id('PROD'), name: body.name, type: body.type });
    if (method === 'PATCH' && /^\/v1\/catalogs\/products\/[\w-]+$/.test(path)) return send(204);
    if (method === 'POST' && path === '/v1/billing/plans') {
      if (!body.product_id || !Array.isArray(body.billing_cycles)) return send(400, { name: 'INVALID_REQUEST', message: 'Request is not well-formed.' });
      const plan = { id: id('P'), product_id: body.product_id, status: 'ACTIVE' };
      state.plans.set(plan.id, body.billing_cycles.at(-1)?.pricing_scheme?.fixed_price?.value);
      state.planStatus.set(plan.id, 'ACTIVE');
      return send(201, plan);
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/billing\/plans\/([\w-]+)\/deactivate$/))) {
      const status = state.planStatus.get(m[1]);
      if (!status) return send(404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.', details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.' }] });
      if (status !== 'ACTIVE') {
        return send(422, { name: 'UNPROCESSABLE_ENTITY', message: 'The requested action could not be performed, semantically incorrect, or failed business validation.', details: [{ issue: 'PLAN_STATUS_INVALID', description: 'Invalid plan status for deactivate action; plan status should be active.' }] });
      }
      state.planStatus.set(m[1], 'INACTIVE');
      return send(204);
    }
    if (method === 'POST' && path === '/v1/billing/subscriptions') {
      if (state.planStatus.get(String(body.plan_id)) === 'INACTIVE') {
        return send(422, { name: 'UNPROCESSABLE_ENTITY', message: 'The requested action could not be performed, semantically incorrect, or failed business validation.', details: [{ issue: 'PLAN_STATUS_INVALID', description: 'Invalid plan status for subscription creation; plan status should be active.' }] });
      }
      const s = {
        id: id('I'), status: 'APPROVAL_PENDING', plan_id: String(body.plan_id), custom_id: String(body.custom_id ?? ''),
        return_url: body.application_context?.return_url as string | undefined, cancel_url: body.application_context?.cancel_url as string | undefined,
      };
      state.subscriptions.set(s.id, s);
      return send(201, { ...s, links: [{ rel: 'approve', method: 'GET', href: `${state.url}/webapps/billing/subscriptions?ba_token=BA-${s.id}` }] });
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const expected = signature(signingKey, String(body.transmission_id), String(body.transmission_time), state.webhookId, JSON.stringify(body.webhook_event));
      const ok = body.webhook_id === state.webhookId && body.transmission_sig === expected;
      return send(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }
    if ((m = path.match(/^\/v1\/billing\/subscriptions\/([\w-]+)(?:\/(\w+))?$/))) {
      const s = state.subscriptions.get(m[1]) ?? { id: m[1], status: 'ACTIVE', plan_id: '', custom_id: '' };
      state.subscriptions.set(s.id, s);
      const action = m[2];
      if (method === 'GET' && !action) return send(200, { ...s, billing_info: { next_billing_time: state.nextBillingTime } });
      if (method === 'GET' && action === 'transactions') {
        return send(200, { transactions: [{ id: 'TX-1', status: 'COMPLETED', time: '2026-10-01T10:00:00Z', amount_with_breakdown: { gross_amount: { currency_code: 'USD', value: '9.99' } } }] });
      }
      if (method === 'POST' && s.status === 'CANCELLED' && action !== 'transactions') {
        return send(422, { name: 'UNPROCESSABLE_ENTITY', message: 'The requested action could not be performed.', details: [{ issue: 'SUBSCRIPTION_STATUS_INVALID' }] });
      }
      const next = new Map([['cancel', 'CANCELLED'], ['suspend', 'SUSPENDED'], ['activate', 'ACTIVE']]).get(action ?? '');
      if (method === 'POST' && next) {
        s.status = next;
        if (!state.onStatusChange) return send(204);
        void state.onStatusChange(s.id, next).finally(() => send(204));
        return;
      }
      if (method === 'POST' && action === 'revise') {
        // As PayPal does, a plan at another price waits for the buyer's consent on the approval page.
        if (state.plans.get(String(body.plan_id)) !== state.plans.get(s.plan_id)) {
          s.pending_plan_id = String(body.plan_id);
          s.return_url = body.application_context?.return_url ?? s.return_url;
          s.cancel_url = body.application_context?.cancel_url ?? s.cancel_url;
          return send(200, { plan_id: body.plan_id, links: [{ rel: 'approve', method: 'GET', href: `${state.url}/webapps/billing/subscriptions?ba_token=BA-${s.id}` }] });
        }
        s.plan_id = String(body.plan_id);
        return send(200, { plan_id: s.plan_id, links: [] });
      }
    }
    send(404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' });
  }

  const listening = await listenOnLoopback(server, port, hanging);
  state.url = listening.url;
  state.close = listening.close;
  return state;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakePaypal(Number(process.argv[2] ?? 0));
  fake.webhookUrl = process.argv[3] ?? null;
  console.log(`fake PayPal on ${fake.url}`);
}
