import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { TWO_FACTOR_REMEMBER_DAYS, can, type CurrentUser, type TwoFactorSetup, type TwoFactorStatus } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError, stillThere } from '../../http/errors.ts';
import { toBool } from '../../db/index.ts';
import { LIMITS, assertUnderLimit, clearLimit, consume, hit } from '../../http/rate-limit.ts';
import { secureCookie } from '../../http/security-headers.ts';
import { randomToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { loadPermissions } from '../roles/permissions.ts';
import { currentUser, startSession } from '../auth/service.ts';
import { endOtherSessions } from '../account/repository.ts';
import * as repo from './repository.ts';

/** The pending sign-in between the password (or social login) and the code: a cookie that is not a session. */
export const CHALLENGE_COOKIE = 'two_factor_challenge';
/** A device that passed 2FA and asked to be remembered: `userId.expiresMs.hmac`, signed with that user's TOTP secret. */
export const REMEMBER_COOKIE = 'two_factor_remember';
const CHALLENGE_TTL_MS = 10 * 60 * 1000;
const REMEMBER_MS = TWO_FACTOR_REMEMBER_DAYS * 24 * 3600 * 1000;
const RECOVERY_CODE_COUNT = 8;

const INVALID_CODE = 'The code is invalid or has already been used.';
const codeError = (field: string) => new HttpError(422, INVALID_CODE, { [field]: [INVALID_CODE] });

const totp = (secret: string, label = '', issuer = '') => new TOTP({ issuer, label, secret: Secret.fromBase32(secret), digits: 6, period: 30 });

/**
 * Accepts a TOTP code once: the step it belongs to (one step of clock drift either way) must be later than the last
 * accepted one, so a code seen over someone's shoulder cannot be replayed in the same 30 seconds.
 */
async function acceptCode(ctx: AppContext, userId: number, secret: string, code: string): Promise<boolean> {
  const delta = totp(secret).validate({ token: code, window: 1 });
  if (delta === null) return false;
  return repo.claimStep(ctx.db, userId, Math.floor(Date.now() / 30_000) + delta);
}

/** Plain codes to show once and their hashes to keep. */
function newRecoveryCodes(): { plain: string[]; hashes: string[] } {
  const plain = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const hex = crypto.randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
  return { plain, hashes: plain.map((c) => sha256(c)) };
}

/** Uses one recovery code up (each works once). */
async function acceptRecoveryCode(ctx: AppContext, userId: number, stored: string, code: string): Promise<boolean> {
  let hashes: string[];
  try { hashes = JSON.parse(stored) as string[]; } catch { return false; }
  const hash = sha256(code.trim().toLowerCase());
  if (!hashes.includes(hash)) return false;
  return repo.replaceRecoveryCodes(ctx.db, userId, stored, hashes.filter((h) => h !== hash));
}

const sign = (secret: string, payload: string) => crypto.createHmac('sha256', secret).update(`remember|${payload}`).digest('base64url');

/** Whether this browser carries a valid remembered-device cookie for the user (void once 2FA is turned off or reset). */
function isRemembered(req: FastifyRequest, userId: number, secret: string): boolean {
  const [id, expires, mac] = (req.cookies[REMEMBER_COOKIE] ?? '').split('.');
  if (Number(id) !== userId || !(Number(expires) > Date.now()) || !mac) return false;
  const expected = Buffer.from(sign(secret, `${id}.${expires}`));
  const given = Buffer.from(mac);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

function remember(req: FastifyRequest, reply: FastifyReply, userId: number, secret: string): void {
  const payload = `${userId}.${Date.now() + REMEMBER_MS}`;
  reply.setCookie(REMEMBER_COOKIE, `${payload}.${sign(secret, payload)}`, {
    path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookie(req), maxAge: REMEMBER_MS / 1000,
  });
}

/**
 * Signs the user in after their first factor (password or social login): at once when they have no 2FA or this
 * device is remembered; otherwise only a pending challenge is made, which grants nothing until the code step.
 * Answers whether a session was started. `remember`: the sign-in's "stay signed in" choice (see startSession).
 */
export async function beginSignIn(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, userId: number, remember: boolean): Promise<boolean> {
  const tfa = await repo.findTwoFactor(ctx.db, userId);
  if (!tfa?.confirmed_at || isRemembered(req, userId, tfa.secret)) {
    await startSession(ctx, req, reply, userId, remember);
    return true;
  }
  const token = randomToken();
  await repo.createChallenge(ctx.db, sha256(token), userId, new Date(Date.now() + CHALLENGE_TTL_MS).toISOString(), remember);
  reply.setCookie(CHALLENGE_COOKIE, token, { path: '/api/v1/auth', httpOnly: true, sameSite: 'lax', secure: secureCookie(req), maxAge: CHALLENGE_TTL_MS / 1000 });
  return false;
}

/**
 * The code step of sign-in. Wrong codes count against the same login throttle as wrong passwords (per address and
 * account, and per address), and against a cap per account (LIMITS.twoFactorUser) that the password step does not
 * clear, so a stolen password does not open an unlimited guessing window from many addresses.
 */
export async function completeChallenge(
  ctx: AppContext, req: FastifyRequest, reply: FastifyReply, input: { code?: string; recovery_code?: string; remember?: boolean },
): Promise<CurrentUser> {
  const token = req.cookies[CHALLENGE_COOKIE];
  const challenge = token ? await repo.findChallenge(ctx.db, sha256(token)) : undefined;
  if (!challenge || Date.parse(challenge.expires_at) <= Date.now()) throw new HttpError(401, 'Your sign-in has expired. Please sign in again.');
  const ipEmail = `${req.ip}|${challenge.email}`;
  const account = String(challenge.user_id);
  await assertUnderLimit(ctx, LIMITS.loginIp, req.ip);
  await assertUnderLimit(ctx, LIMITS.twoFactorUser, account);
  await consume(ctx, LIMITS.loginIpEmail, ipEmail);
  const tfa = await repo.findTwoFactor(ctx.db, challenge.user_id);
  if (!tfa?.confirmed_at) throw new HttpError(401, 'Your sign-in has expired. Please sign in again.');
  const ok = input.code
    ? await acceptCode(ctx, challenge.user_id, tfa.secret, input.code)
    : await acceptRecoveryCode(ctx, challenge.user_id, tfa.recovery_codes, input.recovery_code ?? '');
  if (!ok) {
    await hit(ctx, LIMITS.loginIp, req.ip);
    await hit(ctx, LIMITS.loginEmail, challenge.email);
    await hit(ctx, LIMITS.twoFactorUser, account);
    throw codeError(input.code ? 'code' : 'recovery_code');
  }
  if (!(await repo.claimChallenge(ctx.db, sha256(token!)))) throw new HttpError(401, 'Your sign-in has expired. Please sign in again.');
  await clearLimit(ctx, LIMITS.loginIpEmail, ipEmail);
  await clearLimit(ctx, LIMITS.loginEmail, challenge.email);
  await clearLimit(ctx, LIMITS.twoFactorUser, account);
  reply.clearCookie(CHALLENGE_COOKIE, { path: '/api/v1/auth' });
  if (input.remember) remember(req, reply, challenge.user_id, tfa.secret);
  // The password step's "stay signed in" choice; the code step's `remember` is about this device and 2FA.
  await startSession(ctx, req, reply, challenge.user_id, toBool(challenge.remember));
  return stillThere(await currentUser(ctx, challenge.user_id), 'User not found');
}

/** Whether the site asks this user to have 2FA: the admin setting is on and one of their roles can open the admin. */
async function isRequired(ctx: AppContext, userId: number): Promise<boolean> {
  return (await ctx.settings.get('client.auth.require_two_factor_admin')) && can(await loadPermissions(ctx.db, userId), 'admin.access');
}

export async function status(ctx: AppContext, userId: number): Promise<TwoFactorStatus> {
  const tfa = await repo.findTwoFactor(ctx.db, userId);
  const left = tfa?.confirmed_at ? (JSON.parse(tfa.recovery_codes) as string[]).length : 0;
  return { enabled: !!tfa?.confirmed_at, pending: !!tfa && !tfa.confirmed_at, recovery_codes_left: left, required: await isRequired(ctx, userId) };
}

/** A new secret for the authenticator app; 2FA is on only once a code from it is confirmed. */
export async function startSetup(ctx: AppContext, userId: number, email: string): Promise<TwoFactorSetup> {
  if ((await repo.findTwoFactor(ctx.db, userId))?.confirmed_at) throw new HttpError(422, 'Two-factor authentication is already on.');
  const secret = new Secret({ size: 20 }).base32;
  await repo.saveUnconfirmed(ctx.db, userId, secret);
  const issuer = await ctx.settings.get('client.branding.site_name');
  const otpauthUrl = totp(secret, email, issuer).toString();
  return { secret, otpauth_url: otpauthUrl, qr_svg: await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 }) };
}

/**
 * Turns 2FA on with a code from the new secret. Wrong codes count against the same per-user limit as the other
 * account checks (429 with Retry-After). Once on, every other browser session of the account ends, as after a
 * password change: whoever was signed in with the password alone must now pass the code step. API tokens stay (they
 * skip the code step by design, and the site that asks admins for 2FA lets their tokens work once it is on); the
 * account page lists them to revoke.
 */
export async function confirmSetup(ctx: AppContext, userId: number, code: string, keepSessionId: string | undefined): Promise<string[]> {
  await assertUnderLimit(ctx, LIMITS.currentPassword, String(userId));
  const tfa = await repo.findTwoFactor(ctx.db, userId);
  if (!tfa) throw new HttpError(422, 'Start setting up two-factor authentication first.');
  if (tfa.confirmed_at) throw new HttpError(422, 'Two-factor authentication is already on.');
  if (!(await acceptCode(ctx, userId, tfa.secret, code))) {
    await hit(ctx, LIMITS.currentPassword, String(userId));
    throw codeError('code');
  }
  await clearLimit(ctx, LIMITS.currentPassword, String(userId));
  const { plain, hashes } = newRecoveryCodes();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.confirm(trx, userId, hashes);
    await endOtherSessions(trx, userId, keepSessionId);
  });
  return plain;
}

/** Proves it is the owner before 2FA changes: the password (when the account has one) and a current code. */
async function verifyOwner(ctx: AppContext, userId: number, input: { password?: string; code: string }) {
  await assertUnderLimit(ctx, LIMITS.currentPassword, String(userId));
  const tfa = await repo.findTwoFactor(ctx.db, userId);
  if (!tfa?.confirmed_at) throw new HttpError(422, 'Two-factor authentication is not on.');
  const user = await ctx.db.selectFrom('users').select('password').where('id', '=', userId).executeTakeFirstOrThrow();
  if (user.password && !(await verifyPassword(input.password ?? '', user.password))) {
    await hit(ctx, LIMITS.currentPassword, String(userId));
    throw new HttpError(422, 'The password is incorrect.', { password: ['The password is incorrect.'] });
  }
  if (!(await acceptCode(ctx, userId, tfa.secret, input.code))) {
    await hit(ctx, LIMITS.currentPassword, String(userId));
    throw codeError('code');
  }
  return tfa;
}

/**
 * Whether the user has 2FA on; with `code`, that code is checked (counted against the same per-user limit as the
 * other account checks) and a wrong or missing one refused under `field`.
 */
export async function proveCode(ctx: AppContext, userId: number, code: string | undefined, field: string): Promise<boolean> {
  const tfa = await repo.findTwoFactor(ctx.db, userId);
  if (!tfa?.confirmed_at) return false;
  if (!code) throw new HttpError(422, 'Enter the code from your authenticator app.', { [field]: ['Enter the code from your authenticator app.'] });
  await consume(ctx, LIMITS.currentPassword, String(userId));
  if (!(await acceptCode(ctx, userId, tfa.secret, code))) throw codeError(field);
  await clearLimit(ctx, LIMITS.currentPassword, String(userId));
  return true;
}

export async function regenerateRecoveryCodes(ctx: AppContext, userId: number, input: { password?: string; code: string }): Promise<string[]> {
  const tfa = await verifyOwner(ctx, userId, input);
  const { plain, hashes } = newRecoveryCodes();
  if (!(await repo.replaceRecoveryCodes(ctx.db, userId, tfa.recovery_codes, hashes))) throw new HttpError(409, 'Please try again.');
  return plain;
}

/** Turns 2FA off; every other browser session of the account ends, as when it is turned on. */
export async function disable(ctx: AppContext, userId: number, input: { password?: string; code: string }, keepSessionId: string | undefined): Promise<void> {
  await verifyOwner(ctx, userId, input);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.removeTwoFactor(trx, userId);
    await endOtherSessions(trx, userId, keepSessionId);
  });
}
