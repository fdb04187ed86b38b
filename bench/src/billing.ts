/**
 * Issue 13's numbers, in-process on SQLite: 100,000 subscriptions → the admin list with a filter (target < 15 ms
 * median; each call a different filter value and page, so no answer repeats), a subscriber's effective permissions
 * (target < 2 ms: cold through loadPermissions for a different user each call, then warm through the per-user cache
 * of a signed-in caller, reported apart), and 50 duplicate deliveries of each Stripe webhook event type changing the
 * database exactly once.
 */
import Stripe from 'stripe';
import { loadPermissions } from '../../server/src/modules/roles/permissions.ts';
import { median } from './catalogue.ts';
import { openBenchApp, type Report } from './inprocess.ts';

const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 100_000);
const PRODUCTS = 5;
const WEBHOOK_SECRET = 'whsec_bench';

export async function billingBench(report: Report, section: (name: string) => void): Promise<void> {
  section(`billing (${SUBSCRIPTIONS.toLocaleString('en')} subscriptions)`);
  const b = await openBenchApp('billing');
  try {
    const admin = b.signIn('admin@bench.local', 'admin');
    await b.ctx.settings.set({ 'client.billing.enable': true, 'client.billing.stripe.enable': true, 'server.stripe_secret': 'sk_bench', 'server.stripe_webhook_secret': WEBHOOK_SECRET });
    const { raw, now } = b;
    const priceIds: number[] = [];
    raw.transaction(() => {
      for (let p = 1; p <= PRODUCTS; p++) {
        const product = Number(raw.prepare('INSERT INTO products (name, position, permissions, feature_list, stripe_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
          .run(`Plan ${p}`, p - 1, JSON.stringify([{ name: 'titles.create' }, { name: `files.create` }]), '[]', `prod_${p}`, now, now).lastInsertRowid);
        priceIds.push(Number(raw.prepare('INSERT INTO prices (product_id, amount, currency, interval, interval_count, stripe_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
          .run(product, 500 * p, 'USD', 'month', 1, `price_${p}`, now, now).lastInsertRowid));
      }
      const user = raw.prepare('INSERT INTO users (email, password, created_at, updated_at) VALUES (?, ?, ?, ?)');
      const sub = raw.prepare(`INSERT INTO subscriptions (user_id, product_id, price_id, gateway_name, gateway_id, renews_at, ends_at, gateway_status, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      const day = 86_400_000;
      for (let i = 1; i <= SUBSCRIPTIONS; i++) {
        const userId = Number(user.run(`subscriber${i}@bench.local`, 'x', now, now).lastInsertRowid);
        const p = i % PRODUCTS;
        const created = new Date(Date.now() - (i % 730) * day).toISOString();
        const ended = i % 7 === 0 ? new Date(Date.now() + ((i % 60) - 30) * day).toISOString() : null;
        sub.run(userId, p + 1, priceIds[p], i % 3 === 0 ? 'none' : 'stripe', i % 3 === 0 ? null : `sub_${i}`,
          new Date(Date.now() + (i % 30) * day).toISOString(), ended, i % 50 === 0 ? 'past_due' : null, created, created);
      }
    })();

    // The admin list, filtered: status, plan or gateway, each call a different value and page.
    const statuses = ['active', 'cancelled', 'ended', 'past_due'];
    const filterOf = (i: number) => {
      const kind = i % 3;
      if (kind === 0) return [{ key: 'status', value: statuses[i % statuses.length], operator: '=' }];
      if (kind === 1) return [{ key: 'product_id', value: (i % PRODUCTS) + 1, operator: '=' }];
      return [{ key: 'gateway_name', value: i % 2 ? 'stripe' : 'none', operator: '=' }];
    };
    const byFilter = new Map<string, number[]>();
    const list = await b.timeCalls(320, async (i) => {
      const f = filterOf(i);
      const r = await b.call(admin.token, 'GET', `/api/v1/billing/subscriptions?perPage=15&page=${(i % 40) + 1}&orderBy=created_at&orderDir=desc&filters=${encodeURIComponent(JSON.stringify(f))}`);
      const name = `${f[0].key}=${f[0].value}`;
      if (i >= 20) byFilter.set(name, [...(byFilter.get(name) ?? []), r.took]);
      return r;
    });
    const detail = [...byFilter].map(([k, v]) => `${k} ${median(v).toFixed(1)}`).join(', ');
    report("admin subscriptions list, filtered (median, differing filters and pages; each filter's total counted once per table version, as the app does)", `${list.toFixed(2)} ms (${b.cpuNote()}; ${detail})`, '< 15 ms', list < 15);

    // Effective permissions of a subscriber: cold (a different user each time, straight from the database) ...
    const cold: number[] = [];
    for (let i = 0; i < 520; i++) {
      // Subscriber n is user n + 1 (the admin came first); every seventh one's subscription has an end date.
      let n = 1 + ((i * 7919) % SUBSCRIPTIONS);
      if (n % 7 === 0) n += 1;
      const t0 = performance.now();
      const perms = await loadPermissions(b.ctx.db, n + 1);
      if (i >= 20) cold.push(performance.now() - t0);
      if (!perms.has('titles.create')) throw new Error(`the plan permissions of subscriber ${n} were not merged`);
    }
    report("a subscriber's effective permissions, cold (median, a different user each call)", `${median(cold).toFixed(3)} ms`, '< 2 ms', median(cold) < 2);
    // ... and as a signed-in subscriber's request sees them (cached per user version).
    const subscriber = b.signIn('subscriber.bench@bench.local', 'users');
    raw.prepare('INSERT INTO subscriptions (user_id, product_id, price_id, gateway_name, gateway_id, created_at, updated_at) VALUES (?, 1, ?, ?, ?, ?, ?)')
      .run(subscriber.userId, priceIds[0], 'none', null, now, now);
    const me = await b.timeCalls(520, () => b.call(subscriber.token, 'GET', '/api/v1/auth/me'));
    report("a subscriber's request with their permissions (GET auth/me, median, cached per user version)", `${me.toFixed(2)} ms (${b.cpuNote()})`, '< 2 ms', me < 2);

    // 50 deliveries of each event: the database changes once.
    const signer = new Stripe('sk_bench_signer');
    const user = Number(raw.prepare('INSERT INTO users (email, password, created_at, updated_at) VALUES (?, ?, ?, ?)').run('hooked@bench.local', 'x', now, now).lastInsertRowid);
    const period = Math.floor(Date.now() / 1000) + 30 * 86400;
    const subscription = (over: Record<string, unknown> = {}) => ({ id: 'sub_bench_hook', object: 'subscription', status: 'active', cancel_at_period_end: false,
      metadata: { user_id: String(user) }, items: { data: [{ price: { id: 'price_1' }, current_period_end: period }] }, current_period_end: period, ...over });
    const events: [string, Record<string, unknown>][] = [
      ['customer.subscription.created', subscription()],
      ['invoice.paid', { id: 'in_bench', object: 'invoice', subscription: 'sub_bench_hook', lines: { data: [{ period: { end: period + 30 * 86400 } }] } }],
      ['invoice.payment_failed', { id: 'in_bench_failed', object: 'invoice', subscription: 'sub_bench_hook' }],
      ['customer.subscription.updated', subscription({ cancel_at_period_end: true })],
      ['customer.subscription.deleted', subscription({ status: 'canceled', ended_at: Math.floor(Date.now() / 1000) })],
    ];
    const snapshot = () => JSON.stringify([raw.prepare("SELECT * FROM subscriptions WHERE gateway_id = 'sub_bench_hook'").all(), raw.prepare('SELECT count(*) AS n FROM webhook_events').get()]);
    let changedOnce = true;
    const notes: string[] = [];
    for (const [n, [type, object]] of events.entries()) {
      const payload = JSON.stringify({ id: `evt_bench_${n}`, object: 'event', type, data: { object } });
      const before = snapshot();
      let afterFirst = '';
      for (let d = 0; d < 50; d++) {
        const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
        const res = await b.inject({ method: 'POST', url: '/api/v1/billing/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
        if (res.statusCode >= 500) throw new Error(`${type}: ${res.statusCode} ${res.body}`);
        if (d === 0) afterFirst = snapshot();
      }
      const once = before !== afterFirst && snapshot() === afterFirst;
      if (!once) changedOnce = false;
      notes.push(`${type} ${once ? 'once' : 'NOT once'}`);
    }
    report('50 deliveries of each Stripe webhook event type change the database once', notes.join(', '), 'each once', changedOnce);
  } finally {
    await b.close();
  }
}
