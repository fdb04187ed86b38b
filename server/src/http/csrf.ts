import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@app/contracts';
import { randomToken } from '../lib/crypto.ts';
import { HttpError } from './errors.ts';
import { secureCookie } from './security-headers.ts';

/**
 * CSRF tokens bound to who is calling (issue 17 item 10): a signed-in browser's token is the random one stored
 * with its session row (sessions.csrf_token), so a token and cookie pair from one session is refused for another;
 * a guest's token is derived from a random httpOnly id cookie, so a pair planted in one browser does not carry to
 * another. The token cookie is readable by the web app, which echoes it in the X-XSRF-TOKEN header; on a 419 the
 * app reads the refreshed cookie and retries once.
 */
export const CSRF_GUEST_COOKIE = 'csrf_id';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const GUEST_ID = /^[A-Za-z0-9_-]{24,64}$/;

export const CSRF_MISMATCH = 'CSRF token mismatch. Reload the page and try again.';

export function setCsrfCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', httpOnly: false, secure: secureCookie(reply.request) });
}

const guestToken = (id: string) => crypto.hash('sha256', `csrf-guest:${id}`, 'base64url');

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * Makes sure the browser holds the token of its session (or guest id), and for a write with cookie credentials
 * requires the header to carry exactly that token. Bearer-token calls carry no ambient credentials and skip it.
 * Returns the expected token.
 */
export function enforceCsrf(req: FastifyRequest, reply: FastifyReply, caller: { via: 'session' | 'token' | null; csrf?: string }): string | undefined {
  if (caller.via === 'token') return undefined;
  let expected = caller.via === 'session' ? caller.csrf : undefined;
  if (!expected) {
    let id = req.cookies[CSRF_GUEST_COOKIE];
    if (!id || !GUEST_ID.test(id)) {
      id = randomToken(24);
      reply.setCookie(CSRF_GUEST_COOKIE, id, { path: '/', sameSite: 'lax', httpOnly: true, secure: secureCookie(req) });
    }
    expected = guestToken(id);
  }
  if (req.cookies[CSRF_COOKIE] !== expected) setCsrfCookie(reply, expected);
  if (!SAFE_METHODS.has(req.method)) {
    const sent = req.headers[CSRF_HEADER];
    if (typeof sent !== 'string' || !sameToken(sent, expected)) throw new HttpError(419, CSRF_MISMATCH);
  }
  return expected;
}
