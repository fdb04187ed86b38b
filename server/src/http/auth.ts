import type { FastifyInstance, FastifyRequest } from 'fastify';
import { enforceCsrf } from './csrf.ts';
import { DEFAULT_GUEST_PERMISSIONS, DEFAULT_USER_PERMISSIONS, SESSION_COOKIE, can, translate } from '@app/contracts';
import { sha256 } from '../lib/crypto.ts';
import { HttpError, forbidden } from './errors.ts';
import type { AppContext } from '../context.ts';
import { loadPermissions } from '../modules/roles/permissions.ts';
import { planPermissionsExpireAt } from '../modules/billing/effects.ts';
import { nowIso, toBool } from '../db/index.ts';
import { boundedCache, readCounter } from '../db/versions.ts';
import { liftExpiredBan } from '../modules/users/service.ts';
import { findAccessToken, scopePermissions } from '../modules/auth/access-tokens.ts';
import { TokenRequestLimiter } from './rate-limit.ts';

/**
 * What a route requires: a permission name, any of several, 'public' (anyone, signed in or not)
 * or 'authenticated' (any signed-in user). Every /api/v1 route must declare one.
 */
export type RoutePermission = string | string[] | 'public' | 'authenticated';

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /**
     * Proven by what the request itself carries (a payment gateway's signature, an unsubscribe link's token), never
     * by browser credentials, so no CSRF token.
     */
    selfAuthenticated?: boolean;
    /**
     * Lets a caller without the permission through when it answers true for this request (a trailer anyone may
     * watch, on a site where watching videos is for subscribers). Asked only after the permission is missing.
     */
    waiver?: (req: FastifyRequest) => Promise<boolean>;
    /**
     * On an 'authenticated' route, the permission a token made for chosen permissions needs to use it (a member's
     * own lists: lists.create), or 'any' for any such token. Without it only a full-access token or a session may:
     * account, 2FA, billing and notification calls are never opened by a token limited to, say, titles.view.
     */
    tokenScope?: string;
    /**
     * With client.require_email_confirmation on, an account that has not confirmed its address may still use this
     * 'authenticated' call: asking for a new link, correcting a mistyped address, or closing the account.
     */
    unconfirmed?: boolean;
  }
  interface FastifyRequest {
    auth: RequestAuth;
  }
}

export interface RequestAuth {
  userId: number | null;
  via: 'session' | 'token' | null;
  sessionId?: string;
  csrfToken?: string;
  permissions: Set<string>;
  /** A token made for chosen permissions only (`permissions` are then those that its owner still holds). */
  scoped?: boolean;
  can(name: string): boolean;
}

/** A sign-in that asked to stay signed in ("Stay signed in for a month"). */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/**
 * One that did not: its cookie ends when the browser closes, and the server ends it after this long without a
 * request (each request, at most once a minute, moves the end on), so a browser left open on a shared computer
 * does not stay signed in for a month.
 */
export const BROWSER_SESSION_IDLE_MS = 12 * 3600 * 1000;

export function requireUser(req: FastifyRequest): number {
  if (!req.auth.userId) throw new HttpError(401, 'Unauthenticated.');
  return req.auth.userId;
}

/** `scopes`: a token's chosen permissions (null: all its owner's); `twoFactor`: whether the user has 2FA on. */
type Caller = Pick<RequestAuth, 'userId' | 'via' | 'sessionId'> & {
  verified?: boolean; csrf?: string; scopes?: string[] | null; twoFactor?: boolean;
  /** A session without "stay signed in": its end moves on with activity. */
  idleEnds?: boolean;
};
/**
 * `ownerCanAdmin`: the caller's own permissions (not a token's scopes) open the admin. `ownerCanApi`: they hold
 * `api.access`, which a token's owner needs for the token to be used at all.
 */
interface CachedCaller { who: Caller; permissions: Set<string>; ownerCanAdmin: boolean; ownerCanApi: boolean; version: number; expiresAt: number; touchedAt: number }

/**
 * Who is calling and what they may do, cached per process and keyed by `version:auth`, which database
 * triggers move on every grant, role, ban, logout or token change (migration 0010). A request then costs
 * one primary-key read instead of the session and permission queries, and a ban still ends sessions at once.
 */
const callers = boundedCache<CachedCaller>(20_000);
const TOUCH_EVERY_MS = 60_000;

/**
 * The personal access token of an `Authorization: Bearer <token>` header. The scheme is case-insensitive (RFC 9110
 * 11.1): `bearer <token>`, as some HTTP clients send it, is the same token, not a visitor without one.
 */
export function bearerToken(req: FastifyRequest): string | undefined {
  const match = /^bearer(?:\s+(.*))?$/is.exec(req.headers.authorization?.trim() ?? '');
  return match ? (match[1] ?? '').trim() : undefined;
}

/** RFC 6750 3.1: tells a client that its token, not the call, is what failed (so it asks for a new one). */
const INVALID_TOKEN = { 'www-authenticate': 'Bearer error="invalid_token"' };

async function resolveUser(ctx: AppContext, req: FastifyRequest): Promise<Caller & { expiresAt: number }> {
  const bearer = bearerToken(req);
  if (bearer !== undefined) {
    const row = await findAccessToken(ctx.db, bearer);
    if (!row || (row.banned_at && !(await liftExpiredBan(ctx.db, row.user_id)))) throw new HttpError(401, 'Unauthenticated.', undefined, INVALID_TOKEN);
    const expiresAt = row.expires_at ? Date.parse(row.expires_at) : Infinity;
    if (expiresAt <= Date.now()) throw new HttpError(401, 'This token has expired.', undefined, INVALID_TOKEN);
    return { userId: row.user_id, via: 'token', sessionId: String(row.id), verified: !!row.email_verified_at, scopes: row.scopes, twoFactor: !!row.confirmed_at, expiresAt };
  }
  const cookie = req.cookies[SESSION_COOKIE];
  if (!cookie) return { userId: null, via: null, expiresAt: Infinity };
  const id = sha256(cookie);
  const row = await ctx.db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('two_factor', 'two_factor.user_id', 'sessions.user_id')
    .select(['sessions.user_id', 'sessions.expires_at', 'sessions.csrf_token', 'sessions.remember', 'users.banned_at', 'users.email_verified_at', 'two_factor.confirmed_at'])
    .where('sessions.id', '=', id).executeTakeFirst();
  if (!row || row.expires_at < nowIso() || row.banned_at) {
    if (row) await ctx.db.deleteFrom('sessions').where('id', '=', id).execute();
    return { userId: null, via: null, expiresAt: Infinity };
  }
  return {
    userId: row.user_id, via: 'session', sessionId: id, csrf: row.csrf_token, verified: !!row.email_verified_at,
    twoFactor: !!row.confirmed_at, expiresAt: Date.parse(row.expires_at), idleEnds: !toBool(row.remember),
  };
}

/** Records activity at most once a minute per session or token, so reads stay reads. */
async function touch(ctx: AppContext, who: Caller): Promise<void> {
  if (who.via === 'session') {
    const now = new Date();
    await ctx.db.updateTable('sessions')
      .set(who.idleEnds ? { last_active_at: now.toISOString(), expires_at: new Date(now.getTime() + BROWSER_SESSION_IDLE_MS).toISOString() } : { last_active_at: now.toISOString() })
      .where('id', '=', who.sessionId!).execute();
  }
  if (who.via === 'token') await ctx.db.updateTable('access_tokens').set({ last_used_at: nowIso() }).where('id', '=', Number(who.sessionId)).execute();
}

export async function identify(ctx: AppContext, req: FastifyRequest): Promise<Pick<CachedCaller, 'who' | 'permissions' | 'ownerCanAdmin'>> {
  const bearer = bearerToken(req);
  const cookie = req.cookies[SESSION_COOKIE];
  const key = bearer !== undefined ? `t:${sha256(bearer)}` : cookie ? `s:${sha256(cookie)}` : 'guest';
  // Read the version before resolving: a change that lands meanwhile then misses the cache next time.
  const version = await readCounter(ctx.db, 'version:auth');
  const now = Date.now();
  let hit = callers.get(ctx.db, key);
  if (!hit || hit.version !== version || hit.expiresAt <= now) {
    const { expiresAt, ...who } = await resolveUser(ctx, req);
    const owner = await loadPermissions(ctx.db, who.userId);
    hit = {
      who, permissions: scopePermissions(owner, who.scopes ?? null), ownerCanAdmin: can(owner, 'admin.access'), ownerCanApi: can(owner, 'api.access'), version,
      expiresAt: Math.min(expiresAt, await planPermissionsExpireAt(ctx.db, who.userId)), touchedAt: 0,
    };
    callers.set(ctx.db, key, hit);
  }
  // "Access API" allows creating tokens and using the API: taking it from a user (or from their role) stops their
  // tokens at once, as a suspension does, instead of leaving the ones made before working with everything else they hold.
  if (hit.who.via === 'token' && !hit.ownerCanApi) {
    throw new HttpError(403, 'Your account may no longer use the API (it lacks the "api.access" permission), so its tokens are refused.');
  }
  if (hit.who.userId && now - hit.touchedAt > TOUCH_EVERY_MS) {
    hit.touchedAt = now;
    await touch(ctx, hit.who);
  }
  return hit;
}

export { setCsrfCookie } from './csrf.ts';

/** Permissions every user has by default: calls that need only these stay open to an admin without 2FA (the public site). */
const EVERYDAY = new Set([...DEFAULT_USER_PERMISSIONS, ...DEFAULT_GUEST_PERMISSIONS]);

/** With client.auth.require_two_factor_admin on, a user who can open the admin needs 2FA for every call beyond the everyday ones. */
function needsTwoFactor(names: string[], permissions: Set<string>): boolean {
  return can(permissions, 'admin.access') && !names.some((n) => EVERYDAY.has(n));
}

/** A token limited to chosen permissions, on a call that needs only a signed-in user: see `tokenScope`. */
function assertTokenScope(scope: string | undefined, permissions: Set<string>): void {
  if (scope === 'any') return;
  if (!scope) throw new HttpError(403, 'This token was made for chosen permissions only. Use a token with full access, or sign in, for this call.');
  if (!can(permissions, scope)) throw new HttpError(403, translate(undefined, 'This token does not have the ":permission" permission.', { permission: scope }));
}

/** With client.require_email_confirmation on, an unconfirmed account browses as a visitor does until confirmed. */
async function effectivePermissions(ctx: AppContext, who: CachedCaller['who'], permissions: Set<string>): Promise<{ unconfirmed: boolean; effective: Set<string> }> {
  const unconfirmed = !!who.userId && who.verified === false && await ctx.settings.get('client.require_email_confirmation');
  return { unconfirmed, effective: unconfirmed ? await loadPermissions(ctx.db, null) : permissions };
}

/**
 * Who calls and what they may do, as an API call would see them, for a request outside /api (a server-rendered page,
 * a stored file that only some may fetch). No CSRF and no route permission: the caller decides what to allow.
 */
export async function callerOf(ctx: AppContext, req: FastifyRequest): Promise<{ userId: number | null; can(name: string): boolean }> {
  try {
    const { who, permissions } = await identify(ctx, req);
    const { effective } = await effectivePermissions(ctx, who, permissions);
    return { userId: who.userId, can: (name) => can(effective, name) };
  } catch {
    // A revoked token: the caller may do nothing, and what they asked for says so.
    return { userId: null, can: () => false };
  }
}

/** Resolves who is calling, enforces CSRF for cookie-authenticated writes and each route's declared permission. */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('auth', null as unknown as RequestAuth);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1')) return;
    const permission = route.config?.permission;
    if (!permission) throw new Error(`Route ${route.method} ${route.url} was registered without a declared permission`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') ctx.routes.push({ method, url: route.url, permission });
  });

  const tokenLimit = new TokenRequestLimiter(ctx.config.tokenRequestsPerMinute);
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    const { who, permissions, ownerCanAdmin } = await identify(ctx, req);
    if (who.via === 'token') tokenLimit.consume(who.sessionId!);
    const { verified: _verified, csrf, scopes: _scopes, twoFactor, ...caller } = who;
    // A token skips the sign-in where 2FA is asked, so with the setting on the token of an admin without 2FA
    // is refused on every call (the session rule below still lets such an admin use the public site).
    if (who.via === 'token' && ownerCanAdmin && !twoFactor && await ctx.settings.get('client.auth.require_two_factor_admin')) {
      throw new HttpError(403, 'Two-factor authentication is required for your account before its access tokens can be used. Turn it on in your account settings.');
    }
    const scoped = who.via === 'token' && !!who.scopes;
    const { unconfirmed, effective } = await effectivePermissions(ctx, who, permissions);
    req.auth = { ...caller, sessionId: caller.via === 'session' ? caller.sessionId : undefined, permissions: effective, scoped, can: (name) => can(effective, name) };
    // Cookie-authenticated writes carry the token bound to this session (or guest id): see csrf.ts.
    req.auth.csrfToken = req.routeOptions.config?.selfAuthenticated ? undefined : enforceCsrf(req, reply, { via: who.via, csrf });

    const required = req.routeOptions.config?.permission;
    if (!required || required === 'public') return;
    // Beyond what a visitor may do, an unconfirmed account can only reach its address and its closing (`unconfirmed`).
    if (unconfirmed && !req.routeOptions.config?.unconfirmed
      && (required === 'authenticated' || !(Array.isArray(required) ? required : [required]).some((n) => can(effective, n)))) {
      throw new HttpError(403, 'Please confirm your email address first.');
    }
    if (required === 'authenticated') {
      if (!who.userId) throw new HttpError(401, 'Unauthenticated.');
      if (scoped) assertTokenScope(req.routeOptions.config?.tokenScope, permissions);
      return;
    }
    const names = Array.isArray(required) ? required : [required];
    if (!names.some((n) => can(effective, n))) {
      if (await req.routeOptions.config?.waiver?.(req)) return;
      if (!who.userId) throw new HttpError(401, 'Unauthenticated.');
      // A token refused says which permission is missing and where: its scopes (make another token) or its owner's account.
      if (who.via === 'token') {
        const ownerLacks = !scoped || names.some((n) => who.scopes!.includes(n));
        const message = ownerLacks ? 'Your account does not have the ":permission" permission.' : 'This token does not have the ":permission" permission.';
        throw new HttpError(403, translate(undefined, message, { permission: names[0] }));
      }
      throw forbidden();
    }
    if (who.via === 'session' && !twoFactor && needsTwoFactor(names, permissions) && await ctx.settings.get('client.auth.require_two_factor_admin')) {
      throw new HttpError(403, 'Two-factor authentication is required for your account. Turn it on in your account settings.');
    }
  });
}
