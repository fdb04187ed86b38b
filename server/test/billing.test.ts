import { beforeAll, describe, expect, it } from 'vitest';
import { Client, asAdmin, asUser, createUser, guest, listUrl } from './helper.ts';
import { createTestApp } from './helper.ts';

const t = await createTestApp();
let admin: Client;

const price = (over: Record<string, unknown> = {}) => ({ amount: 9.99, currency: 'USD', interval: 'month', interval_count: 1, ...over });
const plan = (over: Record<string, unknown> = {}) => ({ name: 'Basic', prices: [price()], ...over });
const createPlan = async (over: Record<string, unknown> = {}) => {
  const res = await admin.post('/api/v1/billing/products', plan(over));
  expect(res.status, res.text).toBe(200);
  return res.body.product;
};
const subscribe = async (userId: number, product: { id: number; prices: { id: number }[] }, over: Record<string, unknown> = {}) => {
  const res = await admin.post('/api/v1/billing/subscriptions', { user_id: userId, product_id: product.id, price_id: product.prices[0]?.id ?? null, ...over });
  expect(res.status, res.text).toBe(200);
  return res.body.subscription;
};
const productCount = async () => (await t.ctx.db.selectFrom('products').select('id').execute()).length;

beforeAll(async () => {
  admin = await asAdmin(t);
  await t.ctx.settings.set({ 'client.billing.enable': true });
});

describe('plans (POST/GET/PUT/DELETE billing/products)', () => {
  it("creates a plan with its prices ('Plan created'); amounts come back as decimals", async () => {
    const res = await admin.post('/api/v1/billing/products', {
      name: ' Premium ', description: 'All of it', position: 2, available_space: 1024, recommended: true, hidden: false, free: false,
      feature_list: ['HD', '', '4 screens'], permissions: [{ name: 'comments.create' }],
      prices: [price({ amount: 19.99 }), price({ amount: 199, interval: 'year' })],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('Plan created');
    expect(res.body.product).toMatchObject({
      name: 'Premium', description: 'All of it', position: 2, available_space: 1024, recommended: true, hidden: false, free: false,
      feature_list: ['HD', '4 screens'], permissions: [{ name: 'comments.create' }],
    });
    expect(res.body.product.prices.map((p: any) => [p.amount, p.currency, p.interval, p.interval_count, p.subscriptions_count]))
      .toEqual([[19.99, 'USD', 'month', 1, 0], [199, 'USD', 'year', 1, 0]]);
    const one = await admin.get(`/api/v1/billing/products/${res.body.product.id}`);
    expect(one.body.product.prices).toHaveLength(2);
  });

  it('requires a name, and a price unless the plan is free', async () => {
    const before = await productCount();
    const noName = await admin.post('/api/v1/billing/products', plan({ name: '' }));
    expect(noName.status).toBe(422);
    expect(noName.body.errors.name).toEqual(['The name field is required.']);
    const noPrice = await admin.post('/api/v1/billing/products', plan({ prices: [] }));
    expect(noPrice.status).toBe(422);
    expect(noPrice.body.errors.prices).toEqual(['A plan that is not free needs at least one price.']);
    expect(await productCount()).toBe(before);
    const free = await admin.post('/api/v1/billing/products', plan({ name: 'Free', free: true, prices: [] }));
    expect(free.status).toBe(200);
    expect(free.body.product).toMatchObject({ free: true, prices: [] });
  });

  it('applies every price rule of section 5', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: undefined }, 'prices.0.amount', 'The amount field is required.'],
      [{ amount: 0.09 }, 'prices.0.amount', 'The amount must be at least 0.1.'],
      [{ amount: 1.005 }, 'prices.0.amount', 'The amount must be a multiple of 0.01.'],
      [{ currency: undefined }, 'prices.0.currency', 'The currency field is required.'],
      [{ currency: '' }, 'prices.0.currency', 'The currency field is required.'],
      [{ interval: 'day', interval_count: 366 }, 'prices.0.interval_count', 'The interval count must be between 1 and 365.'],
      [{ interval: 'week', interval_count: 53 }, 'prices.0.interval_count', 'The interval count must be between 1 and 52.'],
      [{ interval: 'month', interval_count: 13 }, 'prices.0.interval_count', 'The interval count must be between 1 and 12.'],
      [{ interval: 'month', interval_count: 0 }, 'prices.0.interval_count', 'The interval count must be between 1 and 12.'],
    ];
    const before = await productCount();
    for (const [over, field, message] of cases) {
      const res = await admin.post('/api/v1/billing/products', plan({ prices: [price(over)] }));
      expect(res.status, JSON.stringify(over)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(over)).toEqual([message]);
    }
    expect(await productCount()).toBe(before);
    // The bounds themselves and a two-decimal amount are fine.
    for (const over of [{ amount: 0.1 }, { amount: 19.99 }, { interval: 'day', interval_count: 365 }, { interval: 'week', interval_count: 52 }, { interval: 'month', interval_count: 12 }]) {
      expect((await admin.post('/api/v1/billing/products', plan({ prices: [price(over)] }))).status, JSON.stringify(over)).toBe(200);
    }
  });

  it('locks prices with subscribers: no change, no delete, a new price may be added', async () => {
    const product = await createPlan({ name: 'Locked' });
    const [p] = product.prices;
    const user = await createUser(t);
    await subscribe(user.id, product);
    const locked = "This price can't be modified or deleted because it has 1 subscriber. You can add a new price instead.";
    const change = await admin.put(`/api/v1/billing/products/${product.id}`, plan({ name: 'Locked', prices: [{ ...price(), id: p.id, amount: 5 }] }));
    expect(change.status).toBe(422);
    expect(change.body.errors['prices.0.amount']).toEqual([locked]);
    const drop = await admin.put(`/api/v1/billing/products/${product.id}`, plan({ name: 'Locked', prices: [price({ amount: 3 })] }));
    expect(drop.status).toBe(422);
    expect(drop.body.errors.prices).toEqual([locked]);
    expect((await admin.delete(`/api/v1/billing/products/${product.id}`)).body.message).toBe("This plan can't be deleted because it has 1 subscriber.");
    const added = await admin.put(`/api/v1/billing/products/${product.id}`, plan({ name: 'Locked v2', prices: [{ ...price(), id: p.id }, price({ amount: 4 })] }));
    expect(added.status, added.text).toBe(200);
    expect(added.body.message).toBe('Plan updated');
    expect(added.body.product.prices.map((x: any) => [x.amount, x.subscriptions_count])).toEqual([[4, 0], [9.99, 1]]);
  });

  it("edits an unlocked price in place and deletes a plan without subscribers ('Plan deleted')", async () => {
    const product = await createPlan({ name: 'Temp' });
    const res = await admin.put(`/api/v1/billing/products/${product.id}`, plan({ name: 'Temp', prices: [{ ...price(), id: product.prices[0].id, amount: 12.5 }] }));
    expect(res.body.product.prices).toMatchObject([{ id: product.prices[0].id, amount: 12.5 }]);
    const foreign = await admin.put(`/api/v1/billing/products/${product.id}`, plan({ prices: [{ ...price(), id: 999999 }] }));
    expect(foreign.status).toBe(422);
    const del = await admin.delete(`/api/v1/billing/products/${product.id}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Plan deleted');
    expect((await admin.get(`/api/v1/billing/products/${product.id}`)).status).toBe(404);
    expect(await t.ctx.db.selectFrom('prices').select('id').where('product_id', '=', product.id).execute()).toEqual([]);
  });

  it('refuses admin permissions on a plan and permissions the editor does not hold', async () => {
    const res = await admin.post('/api/v1/billing/products', plan({ permissions: [{ name: 'admin' }] }));
    expect(res.status).toBe(422);
    expect(res.body.errors.permissions).toEqual(['A plan cannot carry admin permissions.']);
    expect((await admin.post('/api/v1/billing/products', plan({ permissions: [{ name: 'no.such' }] }))).status).toBe(422);
    // Any staff permission would go to whoever subscribes (a free plan: anyone), so none is sold, even by an admin.
    for (const name of ['users.update', 'settings.update', 'titles.create']) {
      expect((await admin.post('/api/v1/billing/products', plan({ permissions: [{ name }] }))).body.errors?.permissions).toEqual(['A plan cannot carry admin permissions.']);
    }
    const manager = await asUser(t, { permissions: ['plans.update', 'tags.update'] });
    expect((await manager.post('/api/v1/billing/products', plan({ permissions: [{ name: 'videos.create' }] }))).status).toBe(403);
    expect((await manager.post('/api/v1/billing/products', plan({ permissions: [{ name: 'tags.update' }] }))).status).toBe(422);
    expect((await manager.post('/api/v1/billing/products', plan({ permissions: [{ name: 'videos.rate' }] }))).status).toBe(200);
  });

  it('lists plans by position; hidden ones only for managers; nothing at all while billing is off', async () => {
    await createPlan({ name: 'Hidden one', hidden: true, position: 0 });
    const all = await admin.get('/api/v1/billing/products?perPage=100');
    expect(all.body.pagination.data.some((p: any) => p.name === 'Hidden one')).toBe(true);
    const positions = all.body.pagination.data.map((p: any) => p.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const visitor = guest(t);
    const pub = await visitor.get('/api/v1/billing/products?perPage=100');
    expect(pub.status, pub.text).toBe(200);
    expect(pub.body.pagination.data.some((p: any) => p.name === 'Hidden one')).toBe(false);
    await t.ctx.settings.set({ 'client.billing.enable': false });
    expect((await visitor.get('/api/v1/billing/products')).status).toBe(404);
    expect((await admin.get('/api/v1/billing/products')).status).toBe(200);
    await t.ctx.settings.set({ 'client.billing.enable': true });
    expect((await admin.get('/api/v1/billing/products?orderBy=constructor')).status).toBe(422);
  });

  it('needs plans.update to write', async () => {
    const user = await asUser(t);
    expect((await user.post('/api/v1/billing/products', plan())).status).toBe(403);
    expect((await guest(t).post('/api/v1/billing/products', plan())).status).toBe(401);
  });
});

describe('subscriptions', () => {
  it("creates ('Subscription created'), lists with user and product, filters and sorts", async () => {
    const product = await createPlan({ name: 'Listed' });
    const user = await createUser(t, { first_name: 'Ada', last_name: 'Lovelace' });
    const res = await admin.post('/api/v1/billing/subscriptions', {
      user_id: user.id, product_id: product.id, price_id: product.prices[0].id, description: 'Gift', renews_at: '2030-01-01T00:00:00Z', ends_at: null,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('Subscription created');
    expect(res.body.subscription).toMatchObject({
      user_id: user.id, product_id: product.id, gateway_name: 'none', description: 'Gift', renews_at: '2030-01-01T00:00:00.000Z', ends_at: null,
      valid: true, cancelled: false, user: { email: user.email, display_name: 'Ada Lovelace' }, product: { id: product.id, name: 'Listed' },
    });
    const list = await admin.get(listUrl('/api/v1/billing/subscriptions', { filters: [{ key: 'product_id', value: product.id }] }));
    expect(list.status, list.text).toBe(200);
    expect(list.body.pagination.data.map((s: any) => s.id)).toEqual([res.body.subscription.id]);
    const active = await admin.get(listUrl('/api/v1/billing/subscriptions', { filters: [{ key: 'status', value: 'cancelled' }, { key: 'product_id', value: product.id }] }));
    expect(active.body.pagination.total).toBe(0);
    expect((await admin.get(listUrl('/api/v1/billing/subscriptions', { orderBy: 'renews_at', orderDir: 'asc' }))).status).toBe(200);
    // Past due: every gateway state in which a payment is owed.
    const id = res.body.subscription.id as number;
    const pastDue = async () => (await admin.get(listUrl('/api/v1/billing/subscriptions', { filters: [{ key: 'status', value: 'past_due' }, { key: 'product_id', value: product.id }] }))).body.pagination.total;
    for (const [status, count] of [[null, 0], ['past_due', 1], ['unpaid', 1], ['suspended', 1], ['incomplete', 1], ['paused', 1], ['canceled', 0]] as const) {
      await t.ctx.db.updateTable('subscriptions').set({ gateway_status: status }).where('id', '=', id).execute();
      expect(await pastDue(), String(status)).toBe(count);
    }
    expect((await admin.get(listUrl('/api/v1/billing/subscriptions', { filters: [{ key: 'status', value: 'nope' }] }))).status).toBe(422);
    expect((await admin.get(listUrl('/api/v1/billing/subscriptions', { filters: [{ key: '__proto__', value: 1 }] }))).status).toBe(422);
  });

  it("searches by the customer's e-mail or name", async () => {
    const product = await createPlan({ name: 'Searched' });
    const grace = await createUser(t, { first_name: 'Grace', last_name: 'Hopper' });
    const other = await createUser(t, { first_name: 'Alan', last_name: 'Turing' });
    const ids: number[] = [];
    for (const u of [grace, other]) {
      const res = await admin.post('/api/v1/billing/subscriptions', { user_id: u.id, product_id: product.id, price_id: product.prices[0].id, description: null, renews_at: null, ends_at: null });
      ids.push(res.body.subscription.id);
    }
    for (const query of ['hopper', 'Grace Hop', grace.email]) {
      const found = await admin.get(listUrl('/api/v1/billing/subscriptions', { query }));
      expect(found.status, found.text).toBe(200);
      expect(found.body.pagination.data.map((s: any) => s.id), query).toEqual([ids[0]]);
    }
  });

  it('refuses an unknown user, unknown plan, a price of another plan, and no price for a paid plan', async () => {
    const a = await createPlan({ name: 'A' });
    const b = await createPlan({ name: 'B' });
    const user = await createUser(t);
    const post = (body: Record<string, unknown>) => admin.post('/api/v1/billing/subscriptions', { user_id: user.id, product_id: a.id, price_id: a.prices[0].id, ...body });
    expect((await post({ user_id: 999999 })).body.errors.user_id).toEqual(['The selected user does not exist.']);
    expect((await post({ product_id: 999999 })).body.errors.product_id).toEqual(['This plan is not available.']);
    expect((await post({ price_id: b.prices[0].id })).body.errors.price_id).toEqual(['The price does not belong to the chosen plan.']);
    expect((await post({ price_id: null })).body.errors.price_id).toEqual(['The price field is required.']);
    expect((await post({ renews_at: 'soon' })).status).toBe(422);
    expect((await post({ user_id: 'x' })).status).toBe(422);
  });

  it('refuses a second running subscription for one member, but not one that has ended', async () => {
    const a = await createPlan({ name: 'Single A' });
    const b = await createPlan({ name: 'Single B' });
    const user = await createUser(t);
    const first = await subscribe(user.id, a);
    const second = await admin.post('/api/v1/billing/subscriptions', { user_id: user.id, product_id: b.id, price_id: b.prices[0].id });
    expect([second.status, second.body.errors?.user_id]).toEqual([422, ['This user already has a subscription. Edit it, or let it end first.']]);
    // An ended one is history; the running one can still be edited.
    await subscribe(user.id, b, { ends_at: '2020-01-01T00:00:00Z' });
    expect((await admin.put(`/api/v1/billing/subscriptions/${first.id}`, { user_id: user.id, product_id: a.id, price_id: a.prices[0].id, renews_at: '2035-01-01T00:00:00Z' })).status).toBe(200);
  });

  it("edits dates locally ('Subscription updated'); cancel starts a grace period, resume ends it, delete is permanent", async () => {
    const product = await createPlan({ name: 'Cycle' });
    const user = await createUser(t);
    const sub = await subscribe(user.id, product, { renews_at: '2031-05-01T00:00:00Z' });
    const edit = await admin.put(`/api/v1/billing/subscriptions/${sub.id}`, { user_id: user.id, product_id: product.id, price_id: product.prices[0].id, renews_at: '2032-05-01T00:00:00Z' });
    expect(edit.body).toMatchObject({ message: 'Subscription updated', subscription: { renews_at: '2032-05-01T00:00:00.000Z' } });

    const cancel = await admin.post(`/api/v1/billing/subscriptions/${sub.id}/cancel`);
    expect(cancel.status, cancel.text).toBe(200);
    expect(cancel.body.subscription).toMatchObject({ ends_at: '2032-05-01T00:00:00.000Z', cancelled: true, valid: true });
    const resume = await admin.post(`/api/v1/billing/subscriptions/${sub.id}/resume`);
    expect(resume.body.subscription).toMatchObject({ ends_at: null, cancelled: false, valid: true, renews_at: '2032-05-01T00:00:00.000Z' });
    const again = await admin.post(`/api/v1/billing/subscriptions/${sub.id}/resume`);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Only a cancelled subscription in its grace period can be resumed.');

    // The spec's delete: cancel with a delete flag.
    const del = await admin.post(`/api/v1/billing/subscriptions/${sub.id}/cancel`, { delete: true });
    expect(del.body.message).toBe('Subscription deleted');
    expect((await admin.get(`/api/v1/billing/subscriptions/${sub.id}`)).status).toBe(404);
    const other = await subscribe(user.id, product);
    expect((await admin.delete(`/api/v1/billing/subscriptions/${other.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/v1/billing/subscriptions/${other.id}`)).status).toBe(404);
  });

  it('an ended subscription cannot be cancelled or resumed', async () => {
    const product = await createPlan({ name: 'Ended' });
    const user = await createUser(t);
    const sub = await subscribe(user.id, product, { ends_at: '2020-01-01T00:00:00Z' });
    expect(sub).toMatchObject({ valid: false, cancelled: true });
    expect((await admin.post(`/api/v1/billing/subscriptions/${sub.id}/cancel`)).body.message).toBe('This subscription has already ended.');
    expect((await admin.post(`/api/v1/billing/subscriptions/${sub.id}/resume`)).status).toBe(422);
  });

  it('needs subscriptions.update', async () => {
    const user = await asUser(t);
    expect((await user.get('/api/v1/billing/subscriptions')).status).toBe(403);
    expect((await user.post('/api/v1/billing/subscriptions', {})).status).toBe(403);
  });
});

describe('effects', () => {
  it("merges a valid plan's permissions into the user's, and drops them at ends_at", async () => {
    const product = await createPlan({ name: 'Perks', permissions: [{ name: 'tags.view' }] });
    const member = await asUser(t);
    const perms = async () => (await member.get('/api/v1/auth/me')).body.user.effective_permissions as string[];
    expect(await perms()).not.toContain('tags.view');
    expect((await member.get('/api/v1/tags')).status).toBe(403);
    const soon = new Date(Date.now() + 1500).toISOString();
    const sub = await subscribe(member.user.id, product, { ends_at: soon });
    expect(await perms()).toContain('tags.view');
    // The permission guard (cached per caller) agrees: past 403, now the list.
    expect((await member.get('/api/v1/tags')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1600));
    expect(await perms()).not.toContain('tags.view');
    expect((await member.get('/api/v1/tags')).status).toBe(403);
    await admin.put(`/api/v1/billing/subscriptions/${sub.id}`, { user_id: member.user.id, product_id: product.id, price_id: product.prices[0].id, ends_at: null });
    expect(await perms()).toContain('tags.view');
  });

  it('a subscription nobody pays for (unpaid, incomplete, paused) grants no watching; past due keeps its grace; the member and the admin list see it', async () => {
    const product = await createPlan({ name: 'Owed', permissions: [{ name: 'tags.view' }] });
    const member = await asUser(t);
    const perms = async () => (await member.get('/api/v1/auth/me')).body.user.effective_permissions as string[];
    const sub = await subscribe(member.user.id, product);
    const inList = async (status: string) => (await admin.get(listUrl('/api/v1/billing/subscriptions', { filters: [{ key: 'status', value: status }, { key: 'product_id', value: product.id }] })))
      .body.pagination.data.map((s: any) => s.id);
    for (const [status, access] of [[null, true], ['past_due', true], ['unpaid', false], ['incomplete', false], ['paused', false], [null, true]] as const) {
      await t.ctx.db.updateTable('subscriptions').set({ gateway_status: status }).where('id', '=', sub.id).execute();
      expect((await perms()).includes('tags.view'), String(status)).toBe(access);
      expect((await member.get('/api/v1/tags')).status, String(status)).toBe(access ? 200 : 403);
      // The member keeps seeing their subscription and its state, to fix the payment.
      expect((await member.get('/api/v1/billing/subscription')).body.subscription, String(status)).toMatchObject({ id: sub.id, gateway_status: status });
      // The list's status filters agree with the status it shows: owed is "Past due", not "Active".
      expect(await inList('active'), String(status)).toEqual(status ? [] : [sub.id]);
      expect(await inList('past_due'), String(status)).toEqual(status ? [sub.id] : []);
    }
  });

  it("the users list's subscribed filter agrees with valid subscriptions", async () => {
    const product = await createPlan({ name: 'Filter' });
    const subscribed = await createUser(t, { email: 'subscribed-filter@test.local' });
    const lapsed = await createUser(t, { email: 'lapsed-filter@test.local' });
    await subscribe(subscribed.id, product);
    await subscribe(lapsed.id, product, { ends_at: '2021-01-01T00:00:00Z' });
    const ids = async (operator: string) => (await admin.get(listUrl('/api/v1/users', { perPage: 100, query: 'filter@', filters: [{ key: 'subscriptions', value: null, operator }] })))
      .body.pagination.data.map((u: any) => u.email);
    expect(await ids('has')).toEqual(['subscribed-filter@test.local']);
    expect(await ids('doesntHave')).toEqual(['lapsed-filter@test.local']);
  });
});

describe('a subscription billed by a gateway that is switched off', () => {
  it('is not cancelled, resumed or deleted here only: the customer would go on being charged', async () => {
    const product = await createPlan({ name: 'Gateway billed' });
    const member = await asUser(t);
    const sub = await subscribe(member.user.id, product, { renews_at: new Date(Date.now() + 86_400_000).toISOString() });
    await t.ctx.db.updateTable('subscriptions').set({ gateway_name: 'stripe', gateway_id: 'sub_offline' }).where('id', '=', sub.id).execute();
    const message = 'This subscription is billed by Stripe, which is not set up: turn it on in the subscription settings to change it.';
    for (const res of [await admin.post(`/api/v1/billing/subscriptions/${sub.id}/cancel`, {}), await admin.delete(`/api/v1/billing/subscriptions/${sub.id}`), await member.post('/api/v1/billing/subscription/cancel', {})]) {
      expect(res.status, res.text).toBe(422);
      expect(res.body.message).toBe(message);
    }
    const row = await t.ctx.db.selectFrom('subscriptions').select(['ends_at']).where('id', '=', sub.id).executeTakeFirstOrThrow();
    expect(row.ends_at).toBeNull();
  });
});
