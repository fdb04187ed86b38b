import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { secureCookie } from '../../http/security-headers.ts';

/**
 * Browsers an account has signed in on before (OWASP's "device cookies"). Wrong passwords for an account from
 * anywhere else lock those strangers out (LIMITS.loginStranger) while the owner's own browsers keep signing in, so
 * guessing from thousands of addresses gets a few tries per window, not thousands. The mark is an HMAC keyed with the
 * account's password hash: it cannot be forged, and a new password (a reset, a change) forgets every old browser.
 */
const COOKIE = 'known_device';
const MAX_ACCOUNTS = 5;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

const mac = (userId: number, passwordHash: string) => crypto.createHmac('sha256', passwordHash).update(`known-device|${userId}`).digest('base64url').slice(0, 32);

function entries(req: FastifyRequest): string[] {
  return (req.cookies[COOKIE] ?? '').split('~').filter((e) => /^\d+\.[\w-]{32}$/.test(e)).slice(0, MAX_ACCOUNTS);
}

export function isKnownDevice(req: FastifyRequest, userId: number, passwordHash: string | null): boolean {
  if (!passwordHash) return false;
  const expected = Buffer.from(`${userId}.${mac(userId, passwordHash)}`);
  return entries(req).some((e) => e.length === expected.length && crypto.timingSafeEqual(Buffer.from(e), expected));
}

/** Marks this browser as one the account signs in on (a few accounts per browser: a shared family computer). */
export function rememberDevice(req: FastifyRequest, reply: FastifyReply, userId: number, passwordHash: string): void {
  const mine = `${userId}.${mac(userId, passwordHash)}`;
  const others = entries(req).filter((e) => !e.startsWith(`${userId}.`));
  reply.setCookie(COOKIE, [mine, ...others].slice(0, MAX_ACCOUNTS).join('~'), {
    path: '/api/v1/auth', httpOnly: true, sameSite: 'lax', secure: secureCookie(req), maxAge: YEAR_SECONDS,
  });
}
