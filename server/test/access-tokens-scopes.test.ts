import { describe, expect, it } from 'vitest';
import { Client, asAdmin, asUser, createTestApp } from './helper.ts';
import { syncGrants } from '../src/modules/roles/permissions.ts';
import { MAX_ACCESS_TOKENS } from '../src/modules/auth/access-tokens.ts';

const t = await createTestApp();

/** A user holding exactly `permissions` (no role), signed in. */
const owner = (permissions: string[]) => asUser(t, { roles: [], permissions });

async function tokenFor(c: Client, body: Record<string, unknown>): Promise<Client> {
  const res = await c.post('/api/v1/auth/access-tokens', { tokenName: 'cli', ...body });
  expect(res.status, res.text).toBe(200);
  const api = new Client(t);
  api.bearer = res.body.plainTextToken;
  return api;
}

describe('scoped personal access tokens', () => {
  it('a token with one scope can do only that, and a call beyond it is 403 naming the missing permission', async () => {
    const c = await owner(['api.access', 'tags.view', 'tags.update']);
    const api = await tokenFor(c, { scopes: ['tags.view'] });
    expect((await api.get('/api/v1/tags')).status).toBe(200);
    const write = await api.post('/api/v1/tags', { name: 'scoped', type: 'custom' });
    expect(write.status).toBe(403);
    expect(write.body.message).toBe('This token does not have the "tags.update" permission.');
    // The owner, signed in, still can.
    expect((await c.post('/api/v1/tags', { name: 'by-owner', type: 'custom' })).status).toBe(200);
  });

  it('refuses a scope the owner does not hold (422 naming it), and one that is not a permission', async () => {
    const c = await owner(['api.access', 'tags.view']);
    const res = await c.post('/api/v1/auth/access-tokens', { tokenName: 'x', scopes: ['tags.view', 'users.delete'] });
    expect(res.status).toBe(422);
    expect(res.body.errors.scopes).toEqual(['You do not have the "users.delete" permission.']);
    const unknown = await c.post('/api/v1/auth/access-tokens', { tokenName: 'x', scopes: ['constructor'] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.scopes).toEqual(['"constructor" is not a permission.']);
    expect((await c.post('/api/v1/auth/access-tokens', { tokenName: 'x', scopes: [] })).status).toBe(422);
    expect((await c.post('/api/v1/auth/access-tokens', { tokenName: 'x', scopes: 'tags.view' })).status).toBe(422);
    expect((await c.get('/api/v1/auth/access-tokens')).body.tokens).toEqual([]);
  });

  it('shrinks with its owner: a demoted owner\'s token loses the permission at once', async () => {
    const c = await owner(['api.access', 'tags.view', 'tags.update']);
    const api = await tokenFor(c, { scopes: ['tags.view', 'tags.update'] });
    expect((await api.post('/api/v1/tags', { name: 'before-demotion', type: 'custom' })).status).toBe(200);
    await syncGrants(t.ctx.db, 'user', c.user.id, [{ name: 'api.access' }, { name: 'tags.view' }]);
    const res = await api.post('/api/v1/tags', { name: 'after-demotion', type: 'custom' });
    expect(res.status).toBe(403);
    // The token still lists the permission: it is the account that lost it.
    expect(res.body.message).toBe('Your account does not have the "tags.update" permission.');
    expect((await api.get('/api/v1/tags')).status).toBe(200);
    // Its own permissions as the token sees them: never more than the owner's.
    const me = await api.get('/api/v1/auth/me');
    expect(me.body.user.email).toBe(c.user.email);
  });

  it('an expired token is 401; an expiry in the past is refused at creation', async () => {
    const c = await owner(['api.access', 'tags.view']);
    const past = await c.post('/api/v1/auth/access-tokens', { tokenName: 'old', scopes: ['tags.view'], expires_at: '2000-01-01T00:00:00Z' });
    expect(past.status).toBe(422);
    expect(past.body.errors.expires_at).toEqual(['The expiry must be in the future.']);
    const expiresAt = Date.now() + 1500;
    const api = await tokenFor(c, { scopes: ['tags.view'], expires_at: new Date(expiresAt).toISOString() });
    expect((await api.get('/api/v1/tags')).status).toBe(200);
    // The cached caller lives only until the token's expiry.
    await new Promise((r) => setTimeout(r, expiresAt - Date.now() + 50));
    const res = await api.get('/api/v1/tags');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('This token has expired.');
    expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    // A call without any credentials says which scheme the API takes.
    expect((await new Client(t).get('/api/v1/auth/access-tokens')).headers['www-authenticate']).toBe('Bearer');
  });

  it('lists each token with its scopes, expiry and last use, never the secret', async () => {
    const c = await owner(['api.access', 'tags.view']);
    const expires = new Date(Date.now() + 7 * 86400_000).toISOString();
    const api = await tokenFor(c, { tokenName: 'listed', scopes: ['tags.view', 'api.access'], expires_at: expires });
    await api.get('/api/v1/tags');
    const [row] = (await c.get('/api/v1/auth/access-tokens')).body.tokens;
    expect(row).toMatchObject({ name: 'listed', scopes: ['api.access', 'tags.view'], expires_at: expires });
    expect(row.last_used_at).not.toBeNull();
    expect(row).not.toHaveProperty('token_hash');
  });

  it('a token made without scopes acts with its owner\'s current permissions', async () => {
    const c = await owner(['api.access', 'tags.view']);
    const api = await tokenFor(c, {});
    expect((await api.get('/api/v1/tags')).status).toBe(200);
    expect((await c.get('/api/v1/auth/access-tokens')).body.tokens[0].scopes).toBeNull();
    // Beyond the owner's permissions the refusal names the account, not the token (another token would not help).
    const beyond = await api.post('/api/v1/tags', { name: 'not mine to add' });
    expect(beyond.status).toBe(403);
    expect(beyond.body.message).toBe('Your account does not have the "tags.update" permission.');
  });

  it('a user holds at most MAX_ACCESS_TOKENS tokens; deleting one makes room', async () => {
    const c = await owner(['api.access']);
    const now = new Date().toISOString();
    await t.ctx.db.insertInto('access_tokens').values(Array.from({ length: MAX_ACCESS_TOKENS - 1 }, (_, i) => ({
      user_id: c.user.id, name: `t${i}`, token_hash: `hash-${c.user.id}-${i}`, scopes: null, expires_at: null, last_used_at: null, created_at: now,
    }))).execute();
    expect((await c.post('/api/v1/auth/access-tokens', { tokenName: 'last' })).status).toBe(200);
    const refused = await c.post('/api/v1/auth/access-tokens', { tokenName: 'one more' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.tokenName[0]).toBe(`You can have at most ${MAX_ACCESS_TOKENS} API tokens. Delete one you no longer use first.`);
    const [newest] = (await c.get('/api/v1/auth/access-tokens')).body.tokens;
    expect((await c.delete(`/api/v1/auth/access-tokens/${newest.id}`)).status).toBe(200);
    expect((await c.post('/api/v1/auth/access-tokens', { tokenName: 'one more' })).status).toBe(200);
  });
});

describe('a scoped token on calls that need only a signed-in user', () => {
  const FULL_ACCESS_ONLY = 'This token was made for chosen permissions only. Use a token with full access, or sign in, for this call.';

  it('cannot touch the account: 2FA, password, profile, e-mail, export, sessions, billing, notifications, history', async () => {
    const c = await asUser(t);
    const api = await tokenFor(c, { scopes: ['titles.view'] });
    const calls: [string, string, Record<string, unknown>?][] = [
      ['post', '/api/v1/account/two-factor'], ['get', '/api/v1/account/two-factor'],
      ['put', '/api/v1/account/password', { current_password: 'x', password: 'another-password-1', password_confirmation: 'another-password-1' }],
      ['put', '/api/v1/account/profile', { first_name: 'Taken' }], ['put', '/api/v1/account/email', { email: 'new@test.local' }],
      ['get', '/api/v1/account/export'], ['get', '/api/v1/account/sessions'], ['delete', '/api/v1/account', { password: 'x' }],
      ['get', '/api/v1/billing/subscription'], ['get', '/api/v1/notifications'], ['put', '/api/v1/notifications/settings', {}],
      ['get', '/api/v1/watch-history'], ['delete', '/api/v1/watch-history'], ['delete', '/api/v1/lists/1'],
    ];
    for (const [method, url, body] of calls) {
      const res = method === 'get' ? await api.get(url) : await (api as unknown as Record<string, (u: string, b?: unknown) => Promise<{ status: number; body: { message?: string } }>>)[method](url, body ?? {});
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.message, `${method} ${url}`).toMatch(/^This token /);
    }
    expect((await api.post('/api/v1/account/two-factor', {})).body.message).toBe(FULL_ACCESS_ONLY);
    expect(await t.ctx.db.selectFrom('two_factor').select('user_id').where('user_id', '=', c.user.id).executeTakeFirst()).toBeUndefined();
    // The same calls are the member's own with a session or a full-access token.
    const full = await tokenFor(c, {});
    expect((await full.get('/api/v1/account/sessions')).status).toBe(200);
    expect((await c.get('/api/v1/watch-history')).status).toBe(200);
  });

  it('reaches the member\'s own lists and ratings with the matching scope, not without it', async () => {
    const c = await asUser(t);
    const list = (await c.post('/api/v1/lists', { name: 'Mine' })).body.list;
    const reader = await tokenFor(c, { scopes: ['lists.view'] });
    expect((await reader.get('/api/v1/lists')).status).toBe(200);
    const denied = await reader.put(`/api/v1/lists/${list.id}`, { name: 'Renamed' });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('This token does not have the "lists.create" permission.');
    expect((await reader.delete(`/api/v1/lists/${list.id}`)).status).toBe(403);
    const writer = await tokenFor(c, { scopes: ['lists.create'] });
    expect((await writer.put(`/api/v1/lists/${list.id}`, { name: 'Renamed' })).status).toBe(200);
  });

  it('a scoped token never makes a token with more than it holds', async () => {
    const c = await owner(['api.access', 'tags.view', 'tags.update']);
    const api = await tokenFor(c, { scopes: ['api.access', 'tags.view'] });
    const wider = await api.post('/api/v1/auth/access-tokens', { tokenName: 'wider', scopes: ['tags.update'] });
    expect(wider.status).toBe(422);
    expect(wider.body.errors.scopes).toEqual(['You do not have the "tags.update" permission.']);
    // Asked for no scopes, it gets its own, not its owner's full set.
    const same = await tokenFor(api, {});
    expect((await same.post('/api/v1/tags', { name: 'minted', type: 'custom' })).status).toBe(403);
    const rows = await t.ctx.db.selectFrom('access_tokens').select(['name', 'scopes']).where('user_id', '=', c.user.id).orderBy('id').execute();
    expect(rows.map((r) => [r.name, r.scopes && JSON.parse(r.scopes)])).toEqual([['cli', ['api.access', 'tags.view']], ['cli', ['api.access', 'tags.view']]]);
  });
});

describe('the owner\'s "api.access" permission', () => {
  const REFUSED = 'Your account may no longer use the API (it lacks the "api.access" permission), so its tokens are refused.';

  it('taken away, every token of the owner is refused at once (403), also on public calls; given back, they work again', async () => {
    const c = await owner(['api.access', 'tags.view']);
    const full = await tokenFor(c, {});
    const scoped = await tokenFor(c, { scopes: ['tags.view'] });
    expect((await full.get('/api/v1/tags')).status).toBe(200);
    expect((await scoped.get('/api/v1/tags')).status).toBe(200);
    await syncGrants(t.ctx.db, 'user', c.user.id, [{ name: 'tags.view' }]);
    for (const api of [full, scoped]) {
      for (const url of ['/api/v1/tags', '/api/v1/auth/me', '/api/v1/titles']) {
        const res = await api.get(url);
        expect(res.status, url).toBe(403);
        expect(res.body.message, url).toBe(REFUSED);
      }
    }
    // The owner, signed in, still browses with what they hold.
    expect((await c.get('/api/v1/tags')).status).toBe(200);
    await syncGrants(t.ctx.db, 'user', c.user.id, [{ name: 'api.access' }, { name: 'tags.view' }]);
    expect((await full.get('/api/v1/tags')).status).toBe(200);
  });

  it('an admin\'s tokens keep working: admin holds every permission', async () => {
    const admin = await asAdmin(t);
    const api = await tokenFor(admin, {});
    expect((await api.get('/api/v1/users')).status).toBe(200);
  });
});

describe('the Authorization header', () => {
  it('takes the scheme in any case ("bearer", "BEARER"), as HTTP says, instead of treating the caller as a visitor', async () => {
    const c = await owner(['api.access', 'tags.view']);
    const plain = (await c.post('/api/v1/auth/access-tokens', { tokenName: 'case' })).body.plainTextToken as string;
    for (const header of [`bearer ${plain}`, `BEARER ${plain}`, `Bearer   ${plain}  `]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: header } });
      expect(res.statusCode, header).toBe(200);
      expect(res.json().user?.email, header).toBe(c.user.email);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/tags', headers: { authorization: header } })).statusCode, header).toBe(200);
    }
    // A wrong token in any case is still refused, never a visitor.
    const wrong = await t.app.inject({ method: 'GET', url: '/api/v1/titles', headers: { authorization: 'bearer nope' } });
    expect(wrong.statusCode).toBe(401);
  });
});
