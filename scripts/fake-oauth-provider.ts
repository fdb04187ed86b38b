/**
 * A local server speaking the documented OAuth 2 authorize / token / profile endpoints of Google, Facebook,
 * X (Twitter) and Envato, each under its own prefix (`/google`, `/facebook`, ...), so social login runs for real
 * without the internet. The authorize step approves at once as the provider's current `accounts` entry.
 * It checks what the real ones check: client id and secret, redirect URI, single-use codes and the PKCE verifier.
 * Google's offline access works too: `access_type=offline` at authorize adds a refresh token to the code exchange,
 * and `grant_type=refresh_token` trades it for a new access token (the Gmail API driver's path).
 *
 * API tests import `startFakeOAuth`; the end-to-end config runs it: `tsx scripts/fake-oauth-provider.ts <port>`.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { pathToFileURL } from 'node:url';

export type FakeProvider = 'google' | 'facebook' | 'twitter' | 'envato';
export interface FakeAccount { id: string; email: string | null; name: string; username: string; avatar: string }
export interface FakeOAuth {
  url: string;
  /** The account each provider signs in as next; tests swap it. */
  accounts: Record<FakeProvider, FakeAccount>;
  clients: Record<FakeProvider, { id: string; secret: string }>;
  /** Who an access token this server issued belongs to, and the scope granted (a local API server checks bearers with it). */
  tokenInfo(access: string): { provider: FakeProvider; account: FakeAccount; scope: string } | null;
  close(): Promise<void>;
}

const PKCE: Record<FakeProvider, boolean> = { google: true, twitter: true, facebook: false, envato: false };

export function defaultAccounts(): Record<FakeProvider, FakeAccount> {
  const make = (p: FakeProvider, id: string): FakeAccount => ({ id, email: `${p}.user@social.example`, name: `${p[0].toUpperCase()}${p.slice(1)} User`, username: `${p}_user`, avatar: `https://img.social.example/${p}.png` });
  return { google: make('google', '1001'), facebook: make('facebook', '2001'), twitter: make('twitter', '3001'), envato: make('envato', 'envato_user') };
}

export function startFakeOAuth(port = 0, host = '127.0.0.1'): Promise<FakeOAuth> {
  const accounts = defaultAccounts();
  const clients = Object.fromEntries((['google', 'facebook', 'twitter', 'envato'] as const).map((p) => [p, { id: `${p}-client-id`, secret: `${p}-client-secret` }])) as FakeOAuth['clients'];
  const codes = new Map<string, { provider: FakeProvider; redirectUri: string; challenge?: string; account: FakeAccount; scope: string; offline: boolean }>();
  const tokens = new Map<string, { provider: FakeProvider; account: FakeAccount; scope: string }>();
  const refreshTokens = new Map<string, { provider: FakeProvider; clientId: string; account: FakeAccount; scope: string }>();

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  const authorize = (p: FakeProvider, q: URLSearchParams, res: http.ServerResponse) => {
    const redirectUri = q.get('redirect_uri');
    if (q.get('client_id') !== clients[p].id || !redirectUri || q.get('response_type') !== 'code') return json(res, 400, { error: 'invalid_request' });
    if (PKCE[p] && (!q.get('code_challenge') || q.get('code_challenge_method') !== 'S256')) return json(res, 400, { error: 'invalid_request', error_description: 'PKCE required' });
    const code = crypto.randomBytes(12).toString('hex');
    codes.set(code, {
      provider: p, redirectUri, challenge: q.get('code_challenge') ?? undefined, account: { ...accounts[p] },
      scope: q.get('scope') ?? '', offline: p === 'google' && q.get('access_type') === 'offline',
    });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    if (q.get('state')) back.searchParams.set('state', q.get('state')!);
    res.writeHead(302, { location: back.toString() }).end();
  };

  const token = (p: FakeProvider, params: URLSearchParams, authHeader: string | undefined, res: http.ServerResponse) => {
    let id = params.get('client_id');
    let secret = params.get('client_secret');
    if (authHeader?.startsWith('Basic ')) {
      [id, secret] = Buffer.from(authHeader.slice(6), 'base64').toString().split(':').map(decodeURIComponent);
    }
    if (id !== clients[p].id || secret !== clients[p].secret) return json(res, 401, { error: 'invalid_client' });
    const issue = (account: FakeAccount, scope: string, refresh?: string) => {
      const access = crypto.randomBytes(16).toString('hex');
      tokens.set(access, { provider: p, account, scope });
      json(res, 200, { access_token: access, token_type: 'bearer', expires_in: 3600, ...(scope ? { scope } : {}), ...(refresh ? { refresh_token: refresh } : {}) });
    };
    if (params.get('grant_type') === 'refresh_token') {
      const r = refreshTokens.get(params.get('refresh_token') ?? '');
      if (!r || r.provider !== p || r.clientId !== id) return json(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      return issue(r.account, r.scope);
    }
    const entry = codes.get(params.get('code') ?? '');
    codes.delete(params.get('code') ?? '');
    if (!entry || entry.provider !== p || entry.redirectUri !== params.get('redirect_uri')) return json(res, 400, { error: 'invalid_grant' });
    if (entry.challenge) {
      const verifier = params.get('code_verifier') ?? '';
      if (crypto.createHash('sha256').update(verifier).digest('base64url') !== entry.challenge) return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
    }
    let refresh: string | undefined;
    if (entry.offline) {
      refresh = `1//${crypto.randomBytes(16).toString('hex')}`;
      refreshTokens.set(refresh, { provider: p, clientId: id, account: entry.account, scope: entry.scope });
    }
    issue(entry.account, entry.scope, refresh);
  };

  const profile = (p: FakeProvider, path: string, authHeader: string | undefined, res: http.ServerResponse) => {
    const t = tokens.get(authHeader?.replace(/^Bearer /, '') ?? '');
    if (!t || t.provider !== p) return json(res, 401, { error: 'invalid_token' });
    const a = t.account;
    const [first, ...rest] = a.name.split(' ');
    const bodies: Record<string, unknown> = {
      'google /v1/userinfo': { sub: a.id, email: a.email ?? undefined, email_verified: !!a.email, name: a.name, picture: a.avatar },
      'facebook /v21.0/me': { id: a.id, name: a.name, email: a.email ?? undefined, picture: { data: { url: a.avatar } } },
      'twitter /2/users/me': { data: { id: a.id, name: a.name, username: a.username, profile_image_url: a.avatar, confirmed_email: a.email ?? undefined } },
      'envato /v1/market/private/user/account.json': { account: { firstname: first, surname: rest.join(' '), image: a.avatar } },
      'envato /v1/market/private/user/username.json': { username: a.id },
      'envato /v1/market/private/user/email.json': a.email ? { email: a.email } : {},
    };
    const body = bodies[`${p} ${path}`];
    if (!body) return json(res, 404, { error: 'not_found' });
    json(res, 200, body);
  };

  const routes: Record<string, [FakeProvider, 'authorize' | 'token' | 'profile']> = {
    'GET /google/o/oauth2/v2/auth': ['google', 'authorize'], 'POST /google/token': ['google', 'token'], 'GET /google/v1/userinfo': ['google', 'profile'],
    'GET /facebook/v21.0/dialog/oauth': ['facebook', 'authorize'], 'GET /facebook/v21.0/oauth/access_token': ['facebook', 'token'], 'GET /facebook/v21.0/me': ['facebook', 'profile'],
    'GET /twitter/i/oauth2/authorize': ['twitter', 'authorize'], 'POST /twitter/2/oauth2/token': ['twitter', 'token'], 'GET /twitter/2/users/me': ['twitter', 'profile'],
    'GET /envato/authorization': ['envato', 'authorize'], 'POST /envato/token': ['envato', 'token'],
    'GET /envato/v1/market/private/user/account.json': ['envato', 'profile'], 'GET /envato/v1/market/private/user/username.json': ['envato', 'profile'],
    'GET /envato/v1/market/private/user/email.json': ['envato', 'profile'],
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/health') return json(res, 200, { ok: true });
    const route = routes[`${req.method} ${url.pathname}`];
    if (!route) return json(res, 404, { error: 'not_found' });
    const [p, kind] = route;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (kind === 'authorize') return authorize(p, url.searchParams, res);
      if (kind === 'token') {
        const params = req.method === 'GET' ? url.searchParams : new URLSearchParams(Buffer.concat(chunks).toString());
        return token(p, params, req.headers.authorization, res);
      }
      profile(p, url.pathname.slice(p.length + 1), req.headers.authorization, res);
    });
  });

  return new Promise((resolve) => {
    server.listen(port, host, () => {
      const { port: bound } = server.address() as { port: number };
      resolve({
        url: `http://${host}:${bound}`, accounts, clients,
        tokenInfo: (access) => tokens.get(access) ?? null,
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const fake = await startFakeOAuth(Number(process.argv[2] ?? 0));
  console.log(`fake OAuth providers on ${fake.url}`);
}
