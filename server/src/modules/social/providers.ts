import crypto from 'node:crypto';
import { z } from 'zod';
import type { SocialProvider } from '@app/contracts';
import { HttpError } from '../../http/errors.ts';
import { outboundFetch } from '../../lib/outbound.ts';

/** What sign-in needs from a provider account. */
export interface OAuthProfile {
  id: string;
  /** Only an address the provider vouches for; null when it has none or has not confirmed it. */
  email: string | null;
  name: string | null;
  username: string | null;
  avatar: string | null;
}

export interface OAuthClient { id: string; secret: string; redirectUri: string }

interface ProviderDef {
  /** The provider's documented endpoints; a test base URL replaces their origin (config.oauthBaseUrls). */
  endpoints: { authorize: string; token: string };
  scopes: string[];
  scopeSeparator: string;
  /** RFC 7636 S256 code challenge (Google accepts it, X requires it). */
  pkce: boolean;
  /** How the client authenticates at the token endpoint. */
  tokenAuth: 'basic' | 'body';
  /** Facebook's token endpoint is documented as a GET. */
  tokenMethod: 'GET' | 'POST';
  profile(token: string, url: (u: string) => string): Promise<OAuthProfile>;
}

const PROVIDERS: Record<SocialProvider, ProviderDef> = {
  // https://developers.google.com/identity/protocols/oauth2/web-server and OpenID Connect userinfo
  google: {
    endpoints: { authorize: 'https://accounts.google.com/o/oauth2/v2/auth', token: 'https://oauth2.googleapis.com/token' },
    scopes: ['openid', 'email', 'profile'], scopeSeparator: ' ', pkce: true, tokenAuth: 'body', tokenMethod: 'POST',
    async profile(token, url) {
      const p = await getJson<{ sub: string; email?: string; email_verified?: boolean; name?: string; picture?: string }>(url('https://openidconnect.googleapis.com/v1/userinfo'), token);
      return { id: String(p.sub), email: p.email && p.email_verified !== false ? p.email : null, name: p.name ?? null, username: p.email ?? null, avatar: p.picture ?? null };
    },
  },
  // https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow
  facebook: {
    endpoints: { authorize: 'https://www.facebook.com/v21.0/dialog/oauth', token: 'https://graph.facebook.com/v21.0/oauth/access_token' },
    scopes: ['email', 'public_profile'], scopeSeparator: ',', pkce: false, tokenAuth: 'body', tokenMethod: 'GET',
    async profile(token, url) {
      const me = new URL(url('https://graph.facebook.com/v21.0/me'));
      me.searchParams.set('fields', 'id,name,email,picture.type(large)');
      const p = await getJson<{ id: string; name?: string; email?: string; picture?: { data?: { url?: string } } }>(me.toString(), token);
      // Facebook only returns an email it has confirmed.
      return { id: String(p.id), email: p.email ?? null, name: p.name ?? null, username: p.name ?? null, avatar: p.picture?.data?.url ?? null };
    },
  },
  // https://docs.x.com/resources/fundamentals/authentication/oauth-2-0/user-access-token
  twitter: {
    endpoints: { authorize: 'https://x.com/i/oauth2/authorize', token: 'https://api.x.com/2/oauth2/token' },
    scopes: ['users.read', 'tweet.read', 'users.email'], scopeSeparator: ' ', pkce: true, tokenAuth: 'basic', tokenMethod: 'POST',
    async profile(token, url) {
      const me = new URL(url('https://api.x.com/2/users/me'));
      me.searchParams.set('user.fields', 'profile_image_url,confirmed_email');
      const { data: p } = await getJson<{ data: { id: string; name?: string; username?: string; profile_image_url?: string; confirmed_email?: string } }>(me.toString(), token);
      return { id: String(p.id), email: p.confirmed_email ?? null, name: p.name ?? null, username: p.username ?? null, avatar: p.profile_image_url ?? null };
    },
  },
  // https://build.envato.com/api/#oauth and the market/private/user endpoints
  envato: {
    endpoints: { authorize: 'https://api.envato.com/authorization', token: 'https://api.envato.com/token' },
    scopes: [], scopeSeparator: ' ', pkce: false, tokenAuth: 'body', tokenMethod: 'POST',
    async profile(token, url) {
      const base = 'https://api.envato.com/v1/market/private/user';
      const [account, username, email] = await Promise.all([
        getJson<{ account: { firstname?: string; surname?: string; image?: string } }>(url(`${base}/account.json`), token),
        getJson<{ username: string }>(url(`${base}/username.json`), token),
        getJson<{ email?: string }>(url(`${base}/email.json`), token),
      ]);
      const name = [account.account?.firstname, account.account?.surname].filter(Boolean).join(' ');
      // The Envato username is the account's stable identifier.
      return { id: username.username, email: email.email ?? null, name: name || null, username: username.username, avatar: account.account?.image ?? null };
    },
  },
};

/** Points a documented endpoint at the configured base URL (tests), keeping its path. */
export function endpointUrl(base: string | undefined, documented: string): string {
  if (!base) return documented;
  const u = new URL(documented);
  return base.replace(/\/+$/, '') + u.pathname + u.search;
}

export function pkceVerifier(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** What another flow (the Gmail connect) asks on top of sign-in: its own scopes and extra authorize parameters. */
export interface AuthorizeExtra { scopes?: string[]; params?: Record<string, string> }

export function authorizeUrl(provider: SocialProvider, base: string | undefined, client: OAuthClient, state: string, verifier: string, extra: AuthorizeExtra = {}): string {
  const def = PROVIDERS[provider];
  const url = new URL(endpointUrl(base, def.endpoints.authorize));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', client.id);
  url.searchParams.set('redirect_uri', client.redirectUri);
  url.searchParams.set('state', state);
  const scopes = extra.scopes ?? def.scopes;
  if (scopes.length) url.searchParams.set('scope', scopes.join(def.scopeSeparator));
  for (const [k, v] of Object.entries(extra.params ?? {})) url.searchParams.set(k, v);
  if (def.pkce) {
    url.searchParams.set('code_challenge', crypto.createHash('sha256').update(verifier).digest('base64url'));
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return url.toString();
}

export interface OAuthTokens { access_token: string; refresh_token?: string; expires_in?: number; scope?: string }

/** Exchanges the authorization code for the provider's tokens (RFC 6749 4.1.3). */
export async function exchangeCode(provider: SocialProvider, base: string | undefined, client: OAuthClient, code: string, verifier: string): Promise<OAuthTokens> {
  const def = PROVIDERS[provider];
  const params = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: client.redirectUri });
  if (def.pkce) params.set('code_verifier', verifier);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (def.tokenAuth === 'basic') {
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`).toString('base64')}`;
    params.set('client_id', client.id);
  } else {
    params.set('client_id', client.id);
    params.set('client_secret', client.secret);
  }
  const tokenUrl = new URL(endpointUrl(base, def.endpoints.token));
  let res: Response;
  if (def.tokenMethod === 'GET') {
    for (const [k, v] of params) tokenUrl.searchParams.set(k, v);
    res = await outboundFetch(tokenUrl, { headers, signal: AbortSignal.timeout(15_000) });
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    res = await outboundFetch(tokenUrl, { method: 'POST', headers, body: params, signal: AbortSignal.timeout(15_000) });
  }
  const body = (await res.json().catch(() => ({}))) as Partial<OAuthTokens> & { error?: string };
  if (!res.ok || !body.access_token) throw new HttpError(502, 'The provider refused the sign-in request.');
  return body as OAuthTokens;
}

/** Reads the provider account the access token belongs to. */
export async function readProfile(provider: SocialProvider, base: string | undefined, accessToken: string): Promise<OAuthProfile> {
  const profile = await PROVIDERS[provider].profile(accessToken, (u) => endpointUrl(base, u));
  // Stored emails are trimmed and lower-cased (contracts/src/auth.ts); anything that is not an address is dropped.
  const email = z.string().trim().toLowerCase().email().max(255).safeParse(profile.email);
  return { ...profile, id: profile.id.slice(0, 191), email: email.success ? email.data : null };
}

/** Exchanges the authorization code for an access token, then reads the profile with it. */
export async function fetchProfile(provider: SocialProvider, base: string | undefined, client: OAuthClient, code: string, verifier: string): Promise<OAuthProfile> {
  const tokens = await exchangeCode(provider, base, client, code, verifier);
  return readProfile(provider, base, tokens.access_token);
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const res = await outboundFetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, signal: AbortSignal.timeout(15_000) });
  if (!res.ok) throw new HttpError(502, 'Could not read your profile from the provider.');
  return (await res.json()) as T;
}
