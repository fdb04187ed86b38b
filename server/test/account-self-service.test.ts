import { beforeAll, describe, expect, it } from 'vitest';
import { visitTracker } from '../src/modules/reports/visits.ts';
import { sweepExports } from '../src/modules/account/export.ts';
import { ADMIN, Client, PASSWORD, accountExportOf, asAdmin, asUser, createTestApp, createUser, guest, mailsIn } from './helper.ts';

const t = await createTestApp();
let admin: Client;
let movie: number;
const BODY = 'A long and careful review body that easily goes past the one hundred characters the rules ask for, with room to spare.';

const close = (c: Client, body: Record<string, unknown>) => c.request('DELETE', '/api/v1/account', body);
const exists = async (id: number) => Boolean(await t.ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());
const ratingOf = async (id: number) => (await guest(t).get(`/api/v1/ratings/title/${id}`)).body.summary as { average: number | null; count: number };

/** A member with a rating, a review, a list with the movie on it and a comment. */
async function activeMember() {
  const me = await asUser(t, { first_name: 'Leaving' });
  expect((await me.put(`/api/v1/ratings/title/${movie}`, { score: 2 })).status).toBe(200);
  expect((await me.post('/api/v1/reviews', { reviewable_id: movie, score: 2, title: 'Not for me at all', body: BODY })).status).toBe(200);
  const list = (await me.post('/api/v1/lists', { name: 'Keepers', public: true })).body.list;
  expect((await me.post(`/api/v1/lists/${list.id}/items`, { titleId: movie })).status).toBe(200);
  expect((await me.post('/api/v1/comment', { commentable_type: 'title', commentable_id: movie, content: 'Goodbye, everyone.' })).status).toBe(200);
  return { me, list: list.id as number };
}

beforeAll(async () => {
  admin = await asAdmin(t);
  movie = (await admin.post('/api/v1/titles', { name: 'Parting Film' })).body.title.id;
});

describe('GET account/export', () => {
  it('hands the member a file of everything kept about them, and no secrets', async () => {
    const { me } = await activeMember();
    const res = await accountExportOf(t, me);
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="account-data-\d{4}-\d\d-\d\d\.json"(; filename\*=.*)?$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = JSON.parse(res.text);
    expect(data.account).toMatchObject({ id: me.user.id, email: me.user.email, first_name: 'Leaving', roles: ['users'], two_factor: false });
    expect(data.reviews).toEqual([expect.objectContaining({ title_id: movie, title: 'Parting Film', score: 2, headline: 'Not for me at all', body: BODY })]);
    expect(data.comments).toEqual([expect.objectContaining({ on_type: 'title', on_id: movie, content: 'Goodbye, everyone.', deleted: false })]);
    expect(data.lists.find((l: { name: string }) => l.name === 'Keepers')).toMatchObject({ public: true, items: [expect.objectContaining({ type: 'title', id: movie })] });
    expect(data.sessions.length).toBe(1);
    expect(data.notification_settings).toEqual({ comment_reply: true, new_episode: true, now_streaming: true, email: { comment_reply: false, new_episode: false, now_streaming: false } });
    // Nothing that would let the file's reader act as the member.
    expect(res.text).not.toMatch(/password|token_hash|csrf|secret|recovery/i);
    // Only one's own.
    const other = JSON.parse((await accountExportOf(t, await asUser(t))).text);
    expect([other.reviews, other.comments]).toEqual([[], []]);
  });

  it('names the episodes and titles the member rated, and gives each subscription its plan, price and status', async () => {
    const me = await asUser(t);
    const series = (await admin.post('/api/v1/titles', { name: 'Rated Series', is_series: true })).body.title.id as number;
    expect((await admin.post(`/api/v1/titles/${series}/seasons`, {})).status).toBe(200);
    const added = await admin.post(`/api/v1/titles/${series}/seasons/1/episodes`, { name: 'Pilot' });
    expect(added.status, added.text).toBe(200);
    const episode = (await t.ctx.db.selectFrom('episodes').select('id').where('title_id', '=', series).executeTakeFirstOrThrow()).id;
    expect((await me.put(`/api/v1/ratings/title/${movie}`, { score: 6 })).status).toBe(200);
    expect((await me.put(`/api/v1/ratings/episode/${episode}`, { score: 9 })).status).toBe(200);
    const plan = (await admin.post('/api/v1/billing/products', { name: 'Exported plan', prices: [{ amount: 7.5, currency: 'EUR', interval: 'month', interval_count: 3 }] })).body.product;
    const sub = await admin.post('/api/v1/billing/subscriptions', { user_id: me.user.id, product_id: plan.id, price_id: plan.prices[0].id, description: 'Granted by support' });
    expect(sub.status, sub.text).toBe(200);

    const data = JSON.parse((await accountExportOf(t, me)).text);
    expect(data.ratings).toEqual([
      expect.objectContaining({ type: 'title', id: movie, title_id: movie, title: 'Parting Film', season: null, episode: null, score: 6 }),
      expect.objectContaining({ type: 'episode', id: episode, title_id: series, title: 'Rated Series', season: 1, episode: 1, score: 9 }),
    ]);
    expect(data.subscriptions).toEqual([expect.objectContaining({
      plan: 'Exported plan', amount: 7.5, currency: 'EUR', interval: 'month', interval_count: 3, description: 'Granted by support', gateway: 'none', status: null,
    })]);
  });

  it('asks a guest to sign in', async () => {
    expect((await guest(t).get('/api/v1/account/export')).status).toBe(401);
    expect((await guest(t).post('/api/v1/account/export')).status).toBe(401);
  });

  it('builds a large account\'s file in the background, then mails its owner', async () => {
    const me = await asUser(t);
    const video = (await admin.post('/api/v1/videos', { name: 'Watched a lot', title_id: movie, type: 'embed', src: 'https://www.youtube.com/embed/y', category: 'full', approved: true })).body.video.id as number;
    const at = new Date().toISOString();
    for (let i = 0; i < 20_000; i += 1000) {
      const ids = Array.from({ length: 1000 }, (_, k) => i + k + 1);
      await t.ctx.db.insertInto('plays').values(ids.map(() => ({ video_id: video, title_id: movie, season_num: null, episode_num: null, user_id: me.user.id, visitor_id: null, seconds_watched: 60, position: 60, device: 'desktop', browser: 'Firefox', platform: 'Linux', country: 'DE', city: null, created_at: at, updated_at: at }))).execute();
      await t.ctx.db.insertInto('ratings').values(ids.map((id) => ({ user_id: me.user.id, ratable_type: 'title' as const, ratable_id: 1_000_000 + id, score: 5, created_at: at, updated_at: at }))).execute();
    }
    // The build is a job: the call answers before the file exists. (How long a page of rows holds the event loop is not
    // asserted: on a busy CI machine a timing ceiling fails for reasons of its own.)
    const asked = await me.post('/api/v1/account/export');
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body).toMatchObject({ export: { status: 'preparing', download_path: null }, message: "We're preparing your data. We'll email you when the file is ready to download." });
    // Asking again while it is built starts no second one.
    expect((await me.post('/api/v1/account/export')).body.export.created_at).toBe(asked.body.export.created_at);
    await t.ctx.queue.drain();
    const ready = (await me.get('/api/v1/account/export')).body.export;
    expect(ready).toMatchObject({ status: 'ready', download_path: expect.stringMatching(/^\/api\/v1\/account\/export\/[0-9a-f-]{36}$/) });
    expect(Date.parse(ready.expires_at) - Date.parse(ready.created_at)).toBe(7 * 24 * 3600_000);
    const data = JSON.parse((await me.get(ready.download_path)).text);
    expect([data.plays.length, data.ratings.length]).toEqual([20_000, 20_000]);
    expect(data.plays[0]).toMatchObject({ title_id: movie, title: 'Parting Film', seconds_watched: 60, device: 'desktop' });
    const mail = (await mailsIn(t)).filter((m) => m.to === me.user.email && m.subject === 'Your data is ready to download');
    expect(mail.length).toBe(1);
    expect(mail[0].text).toContain('/account-settings#account-data');
  });

  it('lets only its owner read the file, and removes it after a week or with the account', async () => {
    const me = await asUser(t);
    expect((await accountExportOf(t, me)).status).toBe(200);
    const path = (await me.get('/api/v1/account/export')).body.export.download_path as string;
    const uuid = path.split('/').pop()!;
    // Not another member, not an admin, not through the admin's CSV download.
    expect((await (await asUser(t)).get(path)).status).toBe(404);
    expect((await admin.get(path)).status).toBe(404);
    expect((await admin.get(`/api/v1/csv/download/${uuid}`)).status).toBe(404);
    const row = await t.ctx.db.selectFrom('csv_exports').select(['path']).where('uuid', '=', uuid).executeTakeFirstOrThrow();
    expect(await t.ctx.storage.exists(row.path!)).toBe(true);
    // A week later the file is gone.
    await t.ctx.db.updateTable('csv_exports').set({ created_at: new Date(Date.now() - 8 * 24 * 3600_000).toISOString() }).where('uuid', '=', uuid).execute();
    expect((await me.get(path)).status).toBe(404);
    await sweepExports(t.ctx);
    expect(await t.ctx.storage.exists(row.path!)).toBe(false);
    expect((await me.get('/api/v1/account/export')).body.export).toBeNull();
    // Closing the account takes a fresh file with it.
    const leaving = await asUser(t);
    await accountExportOf(t, leaving);
    const file = (await t.ctx.db.selectFrom('csv_exports').select('path').where('user_id', '=', leaving.user.id).executeTakeFirstOrThrow()).path!;
    expect((await close(leaving, { password: PASSWORD })).status).toBe(200);
    expect(await t.ctx.storage.exists(file)).toBe(false);
  });
});

describe('DELETE account', () => {
  it('refuses a missing or wrong password with a field error and keeps everything', async () => {
    const { me } = await activeMember();
    const missing = await close(me, {});
    expect([missing.status, missing.body.errors]).toEqual([422, { password: ['Enter your current password.'] }]);
    const wrong = await close(me, { password: 'not-it-at-all' });
    expect([wrong.status, wrong.body.errors]).toEqual([422, { password: ['Your current password is incorrect.'] }]);
    expect((await close(me, { password: 42 })).status).toBe(422);
    expect(await exists(me.user.id)).toBe(true);
    expect((await me.get('/api/v1/auth/me')).body.user.id).toBe(me.user.id);
  });

  it('closes the account: signed out, cannot sign in, its contributions leave the counters, its lists go', async () => {
    const before = await ratingOf(movie);
    const { me, list } = await activeMember();
    expect((await me.request('POST', '/api/v1/reports/visits', { path: '/titles/1' }, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0' })).status).toBe(202);
    await visitTracker(t.ctx).flush();
    const views = () => t.ctx.db.selectFrom('page_views').select('id').where('user_id', '=', me.user.id).execute();
    expect((await views()).length).toBe(1);
    expect((await ratingOf(movie)).count).toBe(before.count + 1);
    const res = await close(me, { password: PASSWORD });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('Your account has been deleted.');
    expect(await exists(me.user.id)).toBe(false);
    expect((await me.get('/api/v1/auth/me')).body.user).toBeNull();
    expect((await guest(t).post('/api/v1/auth/login', { email: me.user.email, password: PASSWORD })).status).toBe(422);
    expect(await ratingOf(movie)).toEqual(before);
    expect((await guest(t).get(`/api/v1/lists/${list}`)).status).toBe(404);
    expect(await views()).toEqual([]);
  });

  it('keeps other members\' replies to the closed account\'s comments, as comments of their own', async () => {
    const leaving = await asUser(t);
    const staying = await asUser(t);
    const top = (await leaving.post('/api/v1/comment', { commentable_type: 'title', commentable_id: movie, content: 'Leaving soon' })).body.comment;
    const reply = (await staying.post('/api/v1/comment', { commentable_type: 'title', commentable_id: movie, content: 'See you', parent_id: top.id })).body.comment;
    expect(reply.parent_id).toBe(top.id);
    expect((await close(leaving, { password: PASSWORD })).status).toBe(200);
    const kept = await t.ctx.db.selectFrom('comments').select(['id', 'parent_id', 'content']).where('id', '=', reply.id).executeTakeFirst();
    expect(kept).toEqual({ id: reply.id, parent_id: null, content: 'See you' });
    expect(await t.ctx.db.selectFrom('comments').select('id').where('id', '=', top.id).executeTakeFirst()).toBeUndefined();
  });

  it('keeps the channels an administrator built for the site, and the last administrator', async () => {
    // The only administrator cannot leave the site without one.
    const sole = await close(admin, { password: ADMIN.password });
    expect([sole.status, sole.body.message]).toEqual([403, 'The last administrator cannot be deleted.']);
    const second = await asUser(t, { roles: [t.roles.admin] });
    const channel = (await second.post('/api/v1/channel', {
      name: 'Staff favourites', slug: 'staff-favourites', config: { contentType: 'manual', contentModel: 'titles', contentOrder: 'manual', layout: 'grid' }, items: [{ id: movie, model_type: 'title' }],
    })).body.channel;
    expect(channel.user_id).toBe(second.user.id);
    expect((await close(second, { password: PASSWORD })).status).toBe(200);
    const kept = await t.ctx.db.selectFrom('channels').select(['user_id', 'items_count']).where('id', '=', channel.id).executeTakeFirst();
    expect(kept).toEqual({ user_id: null, items_count: 1 });
  });

  it('lets an account made through social login, which has no password, close without one', async () => {
    const me = await asUser(t);
    await t.ctx.db.updateTable('users').set({ password: null }).where('id', '=', me.user.id).execute();
    expect((await close(me, {})).status).toBe(200);
    expect(await exists(me.user.id)).toBe(false);
  });

  it('asks a guest to sign in', async () => {
    expect((await close(guest(t), { password: 'x' })).status).toBe(401);
  });
});

describe('PUT account/email', () => {
  const linkIn = async (to: string) => {
    const mail = (await mailsIn(t)).filter((m) => m.to === to).at(-1);
    return /\/email\/change\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  };
  const confirm = (token: string) => guest(t).post('/api/v1/auth/email/change', { token });

  it('moves the account only when the link mailed to the new address is opened, and tells the old address', async () => {
    const me = await asUser(t);
    // A reset link mailed to the old address before the move.
    expect((await guest(t).post('/api/v1/auth/password/email', { email: me.user.email })).status).toBe(200);
    const reset = /\/password\/reset\/([A-Za-z0-9_-]+)/.exec((await mailsIn(t)).filter((m) => m.to === me.user.email).at(-1)?.text ?? '')?.[1];
    expect(reset).toBeTruthy();
    const next = `moved-${me.user.id}@Example.test`;
    const res = await me.put('/api/v1/account/email', { email: next, password: PASSWORD });
    expect(res.status, res.text).toBe(200);
    const lower = next.toLowerCase();
    const warning = (await mailsIn(t)).filter((m) => m.to === me.user.email).at(-1)!;
    expect(warning.subject).toBe('Your email address is being changed');
    expect(warning.text).toContain(lower);
    // The old address's owner can act on it at once: a link to the password form.
    expect(warning.text).toContain(`${t.ctx.config.appUrl.replace(/\/+$/, '')}/account-settings#account-password`);
    // Nothing changed yet.
    expect((await me.get('/api/v1/auth/me')).body.user.email).toBe(me.user.email);
    const token = (await linkIn(lower))!;
    expect(token).toBeTruthy();
    // Opened anywhere (here a signed-out browser), once.
    const done = await confirm(token);
    expect([done.status, done.body.message]).toEqual([200, 'Your email address has been changed.']);
    expect((await me.get('/api/v1/auth/me')).body.user.email).toBe(lower);
    expect((await confirm(token)).body.errors).toEqual({ token: ['This link is invalid or has expired.'] });
    expect((await guest(t).post('/api/v1/auth/login', { email: lower, password: PASSWORD })).status).toBe(200);
    expect((await guest(t).post('/api/v1/auth/login', { email: me.user.email, password: PASSWORD })).status).toBe(422);
    // The old mailbox no longer speaks for the account.
    const stale = await guest(t).post('/api/v1/auth/password/reset', { token: reset, email: lower, password: 'taken-over-1', password_confirmation: 'taken-over-1' });
    expect(stale.status).toBe(422);
  });

  it('refuses a wrong password, the same address, a taken one, a blocked domain and nonsense, and mails nothing', async () => {
    const me = await asUser(t);
    const other = await createUser(t);
    const before = (await mailsIn(t)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'fine@example.test' }, 'password', 'Enter your current password.'],
      [{ email: 'fine@example.test', password: 'wrong-one' }, 'password', 'Your current password is incorrect.'],
      [{ email: me.user.email.toUpperCase(), password: PASSWORD }, 'email', 'This is already your email address.'],
      [{ email: other.email, password: PASSWORD }, 'email', 'This email has already been taken.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await me.put('/api/v1/account/email', body);
      expect([res.status, res.body.errors?.[field]], JSON.stringify(body)).toEqual([422, [message]]);
    }
    await t.ctx.settings.set({ 'client.auth.domain_blacklist': 'blocked.test' });
    const blocked = await me.put('/api/v1/account/email', { email: 'me@blocked.test', password: PASSWORD });
    await t.ctx.settings.set({ 'client.auth.domain_blacklist': '' });
    expect(blocked.body.errors).toEqual({ email: ['Registration from this domain is not allowed.'] });
    for (const email of ['', 'not-an-address', 42, 'x'.repeat(300) + '@example.test']) {
      expect((await me.put('/api/v1/account/email', { email, password: PASSWORD })).status).toBe(422);
    }
    expect((await mailsIn(t)).length).toBe(before);
    expect((await guest(t).put('/api/v1/account/email', { email: 'a@example.test' })).status).toBe(401);
  });

  it('cancels a pending change when the owner resets or changes the password: the asker\'s link no longer takes the account', async () => {
    // Someone who knew the password asks to move the account to their own mailbox; the owner, warned, resets it.
    const owner = await asUser(t);
    const thief = `thief-${owner.user.id}@example.test`;
    expect((await owner.put('/api/v1/account/email', { email: thief, password: PASSWORD })).status).toBe(200);
    const stolen = (await linkIn(thief))!;
    expect((await guest(t).post('/api/v1/auth/password/email', { email: owner.user.email })).status).toBe(200);
    const reset = /\/password\/reset\/([A-Za-z0-9_-]+)/.exec((await mailsIn(t)).filter((m) => m.to === owner.user.email).at(-1)?.text ?? '')?.[1];
    expect((await guest(t).post('/api/v1/auth/password/reset', { token: reset, email: owner.user.email, password: 'owner-again-1', password_confirmation: 'owner-again-1' })).status).toBe(200);
    expect((await confirm(stolen)).body.errors).toEqual({ token: ['This link is invalid or has expired.'] });
    expect((await guest(t).post('/api/v1/auth/login', { email: owner.user.email, password: 'owner-again-1' })).status).toBe(200);

    // The same when the owner changes the password from the account page.
    const member = await asUser(t);
    const other = `other-${member.user.id}@example.test`;
    expect((await member.put('/api/v1/account/email', { email: other, password: PASSWORD })).status).toBe(200);
    const pending = (await linkIn(other))!;
    expect((await member.put('/api/v1/account/password', { current_password: PASSWORD, password: 'member-new-1', password_confirmation: 'member-new-1' })).status).toBe(200);
    expect((await confirm(pending)).status).toBe(422);
    expect((await member.get('/api/v1/auth/me')).body.user.email).toBe(member.user.email);
  });

  it('lets a member who has not confirmed a mistyped address correct it, or close the account, and nothing else', async () => {
    await t.ctx.settings.set({ 'client.require_email_confirmation': true });
    try {
      const typo = await createUser(t, { verified: false });
      const me = await new Client(t).login(typo.email, typo.password);
      expect((await me.get('/api/v1/account/sessions')).body.message).toBe('Please confirm your email address first.');
      const right = `right-${typo.id}@example.test`;
      const res = await me.put('/api/v1/account/email', { email: right, password: typo.password });
      expect([res.status, res.body.message]).toEqual([200, 'We sent a confirmation link to your new email address.']);
      expect((await confirm((await linkIn(right))!)).status).toBe(200);
      // The link to the new address proved it: the account is confirmed and opens.
      expect((await me.get('/api/v1/auth/me')).body.user).toMatchObject({ email: right, email_verified_at: expect.any(String) });
      expect((await me.get('/api/v1/account/sessions')).status).toBe(200);

      const leaving = await createUser(t, { verified: false });
      const other = await new Client(t).login(leaving.email, leaving.password);
      expect((await close(other, { password: leaving.password })).status).toBe(200);
      expect(await exists(leaving.id)).toBe(false);
    } finally {
      await t.ctx.settings.set({ 'client.require_email_confirmation': false });
    }
  });

  it('changes nothing when the address was taken after the link went out, and limits the mails', async () => {
    const me = await asUser(t);
    const wanted = `wanted-${me.user.id}@example.test`;
    expect((await me.put('/api/v1/account/email', { email: wanted, password: PASSWORD })).status).toBe(200);
    const token = (await linkIn(wanted))!;
    await createUser(t, { email: wanted });
    const res = await confirm(token);
    expect([res.status, res.body.errors]).toEqual([422, { email: ['This email has already been taken.'] }]);
    expect((await me.get('/api/v1/auth/me')).body.user.email).toBe(me.user.email);
    // A new request replaces the earlier link; past three an hour the member waits.
    expect((await me.put('/api/v1/account/email', { email: `a-${wanted}`, password: PASSWORD })).status).toBe(200);
    expect((await confirm(token)).status).toBe(422);
    expect((await me.put('/api/v1/account/email', { email: `b-${wanted}`, password: PASSWORD })).status).toBe(200);
    const limited = await me.put('/api/v1/account/email', { email: `c-${wanted}`, password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
