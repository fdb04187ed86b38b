import type { FastifyReply, FastifyRequest } from 'fastify';
import { secureCookie } from '../../http/security-headers.ts';
import { SESSION_COOKIE, linesLanguage, translate, type CurrentUser, type User } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso, toBool, type Db } from '../../db/index.ts';
import type { UserTokenType } from '../../db/schema.ts';
import { composeMail } from '../../drivers/mail/compose.ts';
import { HttpError, stillThere } from '../../http/errors.ts';
import { LIMITS, assertUnderLimit, attempts, clearLimit, consume, hit } from '../../http/rate-limit.ts';
import { BROWSER_SESSION_IDLE_MS, SESSION_TTL_MS, setCsrfCookie } from '../../http/auth.ts';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { loadPermissions } from '../roles/permissions.ts';
import { findUser } from '../users/repository.ts';
import { assertEmailFreeLimited, createUser, liftExpiredBan } from '../users/service.ts';
import { isKnownDevice, rememberDevice } from './known-device.ts';
import { endSessions } from './sessions.ts';
import { beginSignIn } from '../two-factor/service.ts';
import { mailLines } from '../localizations/service.ts';

const TOKEN_TTL_MS: Record<UserTokenType, number> = { password_reset: 60 * 60 * 1000, email_verification: 7 * 24 * 3600 * 1000, email_change: 24 * 3600 * 1000 };

export async function currentUser(ctx: AppContext, userId: number): Promise<CurrentUser | null> {
  const user = await findUser(ctx.db, userId);
  if (!user) return null;
  // Whether a password is set, never the hash: the account page asks for the current one only then.
  const row = await ctx.db.selectFrom('users').leftJoin('two_factor', 'two_factor.user_id', 'users.id')
    .select(['users.password', 'two_factor.confirmed_at']).where('users.id', '=', userId).executeTakeFirst();
  return {
    ...user, effective_permissions: [...(await loadPermissions(ctx.db, userId))].sort(), has_password: Boolean(row?.password),
    two_factor_enabled: Boolean(row?.confirmed_at),
  };
}

/**
 * Signs the user in on this browser. `remember` ("Stay signed in for a month"): a month-long cookie; without it a
 * browser-session cookie (gone when the browser closes) and a session the server ends after BROWSER_SESSION_IDLE_MS
 * without activity. The session this browser held before (signing in again, or as someone else) ends: its cookie is
 * replaced, and a copy of it must not stay signed in.
 */
export async function startSession(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, userId: number, remember: boolean): Promise<void> {
  const token = randomToken();
  const now = nowIso();
  if (await ctx.settings.get('client.single_device_login')) {
    await ctx.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }
  const previous = req.cookies[SESSION_COOKIE];
  if (previous) await ctx.db.deleteFrom('sessions').where('id', '=', sha256(previous)).execute();
  const csrf = randomToken(24);
  await ctx.db.insertInto('sessions').values({
    id: sha256(token), user_id: userId, csrf_token: csrf, ip: req.ip, user_agent: (req.headers['user-agent'] ?? '').slice(0, 500),
    last_active_at: now, expires_at: new Date(Date.now() + (remember ? SESSION_TTL_MS : BROWSER_SESSION_IDLE_MS)).toISOString(), created_at: now, remember,
  }).execute();
  const secure = secureCookie(req);
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, ...(remember ? { maxAge: SESSION_TTL_MS / 1000 } : {}) });
  // A fresh CSRF token at login stops session fixation through a planted token.
  setCsrfCookie(reply, csrf);
}

/**
 * Signs the signed-in user in again on this browser (a sign-in through a social provider already linked to the
 * account): a fresh session, with the old one's "stay signed in" choice, in place of the old one.
 */
export async function renewSession(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const row = req.auth.sessionId ? await ctx.db.selectFrom('sessions').select('remember').where('id', '=', req.auth.sessionId).executeTakeFirst() : undefined;
  await startSession(ctx, req, reply, userId, row ? toBool(row.remember) : true);
}

/** Longest wait a run of wrong passwords for one account adds before its next check. */
const MAX_ACCOUNT_DELAY_MS = 4000;

/**
 * Failed logins are limited per address and account, and per address (429 with Retry-After). Failures for an account
 * from anywhere never lock its owner out: past LIMITS.loginEmail.max each further check waits longer (doubling, at
 * most MAX_ACCOUNT_DELAY_MS). Browsers the account never signed in on share a small budget per account
 * (LIMITS.loginStranger, then 429), so guessing from many addresses at once gets no further, while the owner's own
 * browsers (known-device.ts) still sign in. Answers null when the account has 2FA on: the code step comes next.
 */
export async function login(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, email: string, password: string, remember = false): Promise<CurrentUser | null> {
  const ipEmail = `${req.ip}|${email}`;
  await assertUnderLimit(ctx, LIMITS.loginIp, req.ip);
  // Counted before the check, so parallel guesses cannot all slip under the limit; a success clears it.
  await consume(ctx, LIMITS.loginIpEmail, ipEmail);
  const row = await ctx.db.selectFrom('users').select(['id', 'password', 'banned_at']).where('email', '=', email).executeTakeFirst();
  // Unknown addresses count as strangers too, so the answer does not tell which accounts exist.
  const stranger = !row || !isKnownDevice(req, row.id, row.password);
  // Only wrong passwords count (the owner signing in on a new browser is no guess); the burst of guesses already in
  // flight when the budget runs out still gets its answers, then every stranger waits out the window.
  if (stranger) await assertUnderLimit(ctx, LIMITS.loginStranger, email);
  const failures = (await attempts(ctx, LIMITS.loginEmail, email)).count;
  if (failures >= LIMITS.loginEmail.max) {
    await new Promise((r) => setTimeout(r, Math.min(MAX_ACCOUNT_DELAY_MS, 250 * 2 ** (failures - LIMITS.loginEmail.max))));
  }
  if (!(await verifyPassword(password, row?.password ?? null)) || !row?.password) {
    await hit(ctx, LIMITS.loginIp, req.ip);
    await hit(ctx, LIMITS.loginEmail, email);
    if (stranger) await hit(ctx, LIMITS.loginStranger, email);
    throw new HttpError(422, 'These credentials do not match our records.', { email: ['These credentials do not match our records.'] });
  }
  rememberDevice(req, reply, row.id, row.password);
  if (row.banned_at && !(await liftExpiredBan(ctx.db, row.id))) {
    throw new HttpError(403, 'This account has been suspended.');
  }
  await clearLimit(ctx, LIMITS.loginIpEmail, ipEmail);
  await clearLimit(ctx, LIMITS.loginEmail, email);
  // With 2FA on (and this device not remembered) no session yet: null, and the code step follows.
  if (!(await beginSignIn(ctx, req, reply, row.id, remember))) return null;
  return stillThere(await currentUser(ctx, row.id), 'User not found');
}

export async function logout(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (req.auth.sessionId) await ctx.db.deleteFrom('sessions').where('id', '=', req.auth.sessionId).execute();
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/**
 * The operator's blocked e-mail domains (client.auth.domain_blacklist): for new accounts (by form or social login)
 * and for a new address. A blocked domain blocks its subdomains too (x@sub.mailinator.com), a trailing dot aside.
 */
export async function assertDomainAllowed(ctx: AppContext, email: string): Promise<void> {
  const domain = email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase().replace(/\.+$/, '');
  const blacklist = (await ctx.settings.get('client.auth.domain_blacklist')).split(',').map((d) => d.trim().toLowerCase().replace(/^[@.*]+|\.+$/g, '')).filter(Boolean);
  if (domain && blacklist.some((blocked) => domain === blocked || domain.endsWith(`.${blocked}`))) {
    throw new HttpError(422, 'Registration from this domain is not allowed.', { email: ['Registration from this domain is not allowed.'] });
  }
}

/** `req` is the registrant's own request: the confirmation mail is written in the language they are reading. */
export async function register(ctx: AppContext, input: { email: string; password: string; first_name?: string; last_name?: string }, req: FastifyRequest): Promise<{ user: User; needsVerification: boolean }> {
  if (await ctx.settings.get('client.registration.disable')) throw new HttpError(403, 'Registration is currently disabled.');
  await assertDomainAllowed(ctx, input.email);
  // Refusals of a taken address are counted per IP (createUser checks again, for the race).
  await assertEmailFreeLimited(ctx, input.email, `ip:${req.ip}`);
  const defaults = await ctx.db.selectFrom('roles').select('id').where('default', '=', true).execute();
  const needsVerification = await ctx.settings.get('client.require_email_confirmation');
  const user = await createUser(ctx, {
    email: input.email, password: input.password, first_name: input.first_name || null, last_name: input.last_name || null,
    email_verified_at: !needsVerification, roles: defaults.map((r) => r.id), permissions: [],
  });
  if (needsVerification) await sendVerificationEmail(ctx, user, req);
  return { user, needsVerification };
}

/** The first GDPR registration policy (client.registration.policies) not among the `accepted` ids; null when all are. */
export async function missingPolicy(ctx: AppContext, accepted: unknown): Promise<{ id: string; label: string } | null> {
  const json = await ctx.settings.get('client.registration.policies');
  const policies = ((): { id: string; label: string }[] => {
    try { return JSON.parse(json); } catch { return []; }
  })();
  const ids = new Set(Array.isArray(accepted) ? accepted.map(String) : []);
  return policies.find((p) => !ids.has(p.id)) ?? null;
}

/** Every GDPR registration policy (client.registration.policies) must be ticked on the register form. */
export async function assertPoliciesAccepted(ctx: AppContext, accepted: unknown): Promise<void> {
  const missing = await missingPolicy(ctx, accepted);
  if (missing) {
    const message = translate(undefined, 'You must accept ":label".', { label: missing.label });
    throw new HttpError(422, message, { accepted_policies: [message] });
  }
}

/** A new one-time link of `type` for the user (the earlier one of that type stops working); `payload` rides along. */
export async function issueToken(ctx: AppContext, userId: number, type: UserTokenType, payload: string | null = null): Promise<string> {
  const token = randomToken();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_tokens').where('user_id', '=', userId).where('type', '=', type).execute();
    await trx.insertInto('user_tokens').values({
      user_id: userId, type, token_hash: sha256(token), expires_at: new Date(Date.now() + TOKEN_TTL_MS[type]).toISOString(), created_at: nowIso(), payload,
    }).execute();
  });
  return token;
}

/** The live one-time token row for a plain token, or the given field error. */
export async function findToken(ctx: AppContext, token: string, type: UserTokenType, field: string): Promise<{ id: number; user_id: number; payload: string | null }> {
  const row = await ctx.db.selectFrom('user_tokens').select(['id', 'user_id', 'expires_at', 'payload'])
    .where('token_hash', '=', sha256(token)).where('type', '=', type).executeTakeFirst();
  if (!row || row.expires_at < nowIso()) throw new HttpError(422, 'This link is invalid or has expired.', { [field]: ['This link is invalid or has expired.'] });
  return { id: row.id, user_id: row.user_id, payload: row.payload ?? null };
}

/**
 * Uses a one-time token up. The delete is the claim: of two requests racing with the same token only the one
 * whose delete removed the row goes on, so a link can never be used twice.
 */
export async function claimToken(db: Db, id: number, field: string): Promise<void> {
  const res = await db.deleteFrom('user_tokens').where('id', '=', id).executeTakeFirst();
  if (!Number(res.numDeletedRows)) throw new HttpError(422, 'This link is invalid or has expired.', { [field]: ['This link is invalid or has expired.'] });
}

/** In the recipient's language (`ownRequest`: the request is theirs, not an administrator's resend). */
export async function sendVerificationEmail(ctx: AppContext, user: { id: number; email: string }, ownRequest?: FastifyRequest): Promise<void> {
  const token = await issueToken(ctx, user.id, 'email_verification');
  const site = await ctx.settings.mailSite(ctx.config.appUrl);
  const lines = await mailLines(ctx, user.id, ownRequest);
  await ctx.mailer.send(composeMail(site, user.email, translate(lines, 'Confirm your email address'), {
    language: linesLanguage(lines),
    paragraphs: [translate(lines, 'Please confirm your email address by opening this link:')],
    action: { label: translate(lines, 'Confirm email address'), url: `${site.url}/email/verify/${token}` },
  }));
}

/** A used confirmation link answers for this long (a second tab, a second click) before it expires. */
const USED_LINK_GRACE_MS = 10 * 60 * 1000;
const USED = 'used';

/**
 * Confirms the address once. The claim and the confirmation commit together. The used link is kept, marked, for a
 * few minutes: a second click (or two at once) says the address is confirmed, as it is, instead of calling the link
 * invalid; a used link never confirms anything itself.
 */
export async function verifyEmail(ctx: AppContext, token: string): Promise<void> {
  const { id, user_id: userId, payload } = await findToken(ctx, token, 'email_verification', 'token');
  await ctx.db.transaction().execute(async (trx) => {
    const claimed = payload !== USED && Number((await trx.updateTable('user_tokens')
      .set({ payload: USED, expires_at: new Date(Date.now() + USED_LINK_GRACE_MS).toISOString() })
      .where('id', '=', id).where('payload', 'is', null).executeTakeFirst()).numUpdatedRows) > 0;
    if (!claimed) {
      const user = await trx.selectFrom('users').select('email_verified_at').where('id', '=', userId).executeTakeFirst();
      if (user?.email_verified_at) return;
      throw new HttpError(422, 'This link is invalid or has expired.', { token: ['This link is invalid or has expired.'] });
    }
    await trx.updateTable('users').set({ email_verified_at: nowIso() }).where('id', '=', userId).where('email_verified_at', 'is', null).execute();
    await trx.updateTable('users').set({ email_proven_at: nowIso() }).where('id', '=', userId).execute();
  });
}

/** Always answers the same way so the form cannot be used to discover accounts. */
/** Reset mails are limited per address asked for and per requesting IP (429 with Retry-After). */
export async function sendPasswordResetLink(ctx: AppContext, email: string, req: FastifyRequest): Promise<void> {
  const ip = req.ip;
  await consume(ctx, LIMITS.resetIp, ip);
  await consume(ctx, LIMITS.resetEmail, email);
  const user = await ctx.db.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirst();
  if (!user) return;
  const token = await issueToken(ctx, user.id, 'password_reset');
  const site = await ctx.settings.mailSite(ctx.config.appUrl);
  const lines = await mailLines(ctx, user.id, req);
  await ctx.mailer.send(composeMail(site, user.email, translate(lines, 'Reset your password'), {
    language: linesLanguage(lines),
    paragraphs: [translate(lines, 'You asked to reset your password. Open this link to choose a new one (valid for 60 minutes):')],
    action: { label: translate(lines, 'Choose a new password'), url: `${site.url}/password/reset/${token}?email=${encodeURIComponent(user.email)}` },
    after: [translate(lines, 'If you did not ask for this, ignore this mail.')],
  }));
}

export async function resetPassword(ctx: AppContext, input: { token: string; email: string; password: string }): Promise<{ userId: number; hash: string }> {
  const token = await findToken(ctx, input.token, 'password_reset', 'email');
  const user = await ctx.db.selectFrom('users').select('email').where('id', '=', token.user_id).executeTakeFirst();
  // A mistyped address is refused without using the link up.
  if (user?.email !== input.email) throw new HttpError(422, 'This link is invalid or has expired.', { email: ['This link is invalid or has expired.'] });
  const password = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    await claimToken(trx, token.id, 'email');
    // The link was opened from the account's mailbox: the address is proven.
    await trx.updateTable('users').set({ password, email_proven_at: nowIso(), updated_at: nowIso() }).where('id', '=', token.user_id).execute();
    // Whoever knew the old password is signed out everywhere, API tokens included.
    await endSessions(trx, token.user_id);
  });
  return { userId: token.user_id, hash: password };
}
