import crypto from 'node:crypto';
import type { AppContext } from '../context.ts';
import { HttpError } from './errors.ts';

/**
 * Abuse limits, counted in the cache driver (`ctx.cache`): with the file, Redis or Memcached cache they survive a
 * restart and every process shares them. Each limit is a fixed window opened by its first hit.
 */
export interface RateLimit {
  name: string;
  max: number;
  windowSeconds: number;
  message: string;
}

export const LIMITS = {
  /** Wrong passwords from one address for one account. */
  loginIpEmail: { name: 'login-ip-email', max: 5, windowSeconds: 60, message: 'Too many login attempts. Please try again in :seconds seconds.' },
  /** Wrong passwords from one address, whatever the account. */
  loginIp: { name: 'login-ip', max: 20, windowSeconds: 15 * 60, message: 'Too many login attempts. Please try again in :seconds seconds.' },
  /** Wrong passwords for one account from anywhere: never a lock (a stranger could keep the owner out), a growing delay. */
  loginEmail: { name: 'login-email', max: 5, windowSeconds: 15 * 60, message: '' },
  /**
   * Wrong passwords for one account from browsers it never signed in on, together (modules/auth/known-device.ts):
   * a lock for strangers only, so a botnet's thousands of addresses share these few tries.
   */
  loginStranger: { name: 'login-stranger', max: 10, windowSeconds: 15 * 60, message: 'Too many login attempts. Please try again in :seconds seconds.' },
  /**
   * Wrong codes at the sign-in's code step for one account, from anywhere. Only someone who has the password gets
   * there, so this one locks: spread over many addresses, the per-address limits alone let a million codes be tried.
   */
  twoFactorUser: { name: 'two-factor-user', max: 10, windowSeconds: 15 * 60, message: 'Too many attempts. Please try again in :seconds seconds.' },
  /** Wrong current passwords when changing the password, per user. */
  currentPassword: { name: 'current-password', max: 5, windowSeconds: 15 * 60, message: 'Too many attempts. Please try again in :seconds seconds.' },
  /** Reset mails to one address. */
  resetEmail: { name: 'reset-email', max: 3, windowSeconds: 60 * 60, message: 'Too many password reset requests. Please try again in :seconds seconds.' },
  /** Reset mails asked for from one address. */
  resetIp: { name: 'reset-ip', max: 10, windowSeconds: 60 * 60, message: 'Too many password reset requests. Please try again in :seconds seconds.' },
  /** Email change links a member asks for (each mails two addresses). */
  emailChange: { name: 'email-change', max: 3, windowSeconds: 60 * 60, message: 'Too many requests. Please try again in :seconds seconds.' },
  /** Confirmation mails a member asks for again: anyone can sign up with someone else's address and press resend. */
  verificationMail: { name: 'verification-mail', max: 3, windowSeconds: 60 * 60, message: 'Too many confirmation emails. Please try again in :seconds seconds.' },
  /**
   * Sign-ups (per IP) and email changes (per user) refused because the address already has an account: the answer
   * has to say so, and this keeps trying a list of addresses to learn who has an account slow.
   */
  takenEmail: { name: 'taken-email', max: 10, windowSeconds: 60 * 60, message: 'Too many attempts. Please try again in :seconds seconds.' },
  /** New accounts from one address. */
  registerIp: { name: 'register-ip', max: 5, windowSeconds: 60 * 60, message: 'Too many accounts were created from this address. Please try again in :seconds seconds.' },
  /** Searches from one address: the instant search asks once a pause in typing; a script asking faster is refused. */
  searchIp: { name: 'search-ip', max: 120, windowSeconds: 60, message: 'Too many searches. Please try again in :seconds seconds.' },
} satisfies Record<string, RateLimit>;

/** Keys are hashed: an email or address never becomes part of a cache key or file name as typed. */
const keyOf = (limit: RateLimit, id: string) => `rate:${limit.name}:${crypto.createHash('sha256').update(id.toLowerCase()).digest('hex').slice(0, 32)}`;

const secondsUntil = (ms: number) => Math.max(1, Math.ceil((ms - Date.now()) / 1000));

export function tooManyRequests(limit: RateLimit, retryAfter: number): HttpError {
  return new HttpError(429, limit.message.replace(':seconds', String(retryAfter)), undefined, { 'retry-after': String(retryAfter) });
}

/** The current count, without counting. */
export async function attempts(ctx: AppContext, limit: RateLimit, id: string): Promise<{ count: number; retryAfter: number }> {
  const c = await ctx.cache.increment(keyOf(limit, id), 0, limit.windowSeconds);
  return { count: c.value, retryAfter: c.value ? secondsUntil(c.expiresAt) : 0 };
}

/** Refuses with 429 and Retry-After when the limit is already reached (the request is not counted). */
export async function assertUnderLimit(ctx: AppContext, limit: RateLimit, id: string): Promise<void> {
  const { count, retryAfter } = await attempts(ctx, limit, id);
  if (count >= limit.max) throw tooManyRequests(limit, retryAfter);
}

/** Counts one hit. */
export async function hit(ctx: AppContext, limit: RateLimit, id: string): Promise<number> {
  return (await ctx.cache.increment(keyOf(limit, id), 1, limit.windowSeconds)).value;
}

/** Counts one hit and refuses with 429 when it goes over the limit. */
export async function consume(ctx: AppContext, limit: RateLimit, id: string): Promise<void> {
  const c = await ctx.cache.increment(keyOf(limit, id), 1, limit.windowSeconds);
  if (c.value > limit.max) throw tooManyRequests(limit, secondsUntil(c.expiresAt));
}

export async function clearLimit(ctx: AppContext, limit: RateLimit, id: string): Promise<void> {
  await ctx.cache.delete(keyOf(limit, id));
}

/** What a token over its request limit is told (the seconds filled in); no cache key: see TokenRequestLimiter. */
export const TOKEN_REQUESTS = { name: 'token-requests', max: 1000, windowSeconds: 60, message: 'Too many requests. Please try again in :seconds seconds.' } satisfies RateLimit;

/**
 * A general limit per access token: a script calling with a token makes at most `max` calls a minute (a fixed window
 * opened by its first call), then gets 429 with Retry-After. It is counted in this process's memory, not in the cache
 * driver as the limits above are: every token call would otherwise cost a cache write (a file write with the file
 * cache). So it is per process: behind a load balancer with N app processes a token may make up to N times as many.
 */
export class TokenRequestLimiter {
  private windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly max: number, private readonly windowMs = TOKEN_REQUESTS.windowSeconds * 1000) {}

  /** Counts one call of the token `id`; throws 429 once it is over the limit. */
  consume(id: string): void {
    if (this.max <= 0) return;
    const now = Date.now();
    let w = this.windows.get(id);
    if (!w || w.endsAt <= now) {
      // Forget finished windows now and then, so tokens that stopped calling do not pile up.
      if (this.windows.size >= 10_000) for (const [key, old] of this.windows) if (old.endsAt <= now) this.windows.delete(key);
      w = { count: 0, endsAt: now + this.windowMs };
      this.windows.set(id, w);
    }
    w.count++;
    if (w.count > this.max) throw tooManyRequests(TOKEN_REQUESTS, secondsUntil(w.endsAt));
  }
}
