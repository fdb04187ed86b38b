import type { SocialProfile, SocialProvider } from '@app/contracts';
import { SOCIAL_PROVIDER_NAMES, translate } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { assertDomainAllowed, missingPolicy } from '../auth/service.ts';
import { liftExpiredBan } from '../users/service.ts';
import type { OAuthClient, OAuthProfile } from './providers.ts';
import * as repo from './repository.ts';

/** The provider's credentials, or a clear refusal when its login is switched off or not set up. */
export async function oauthClient(ctx: AppContext, provider: SocialProvider): Promise<OAuthClient> {
  const name = SOCIAL_PROVIDER_NAMES[provider];
  if (!(await ctx.settings.get(`client.social.${provider}.enable` as 'client.social.google.enable'))) {
    throw new HttpError(404, translate(undefined, ':provider login is not enabled.', { provider: name }));
  }
  const id = String(await ctx.settings.get(`server.${provider}_id` as 'server.google_id'));
  const secret = String(await ctx.settings.get(`server.${provider}_secret` as 'server.google_secret'));
  if (!id || !secret) throw new HttpError(403, translate(undefined, ':provider login is not configured.', { provider: name }));
  return { id, secret, redirectUri: `${await ctx.settings.siteUrl(ctx.config.appUrl)}/api/v1/auth/social/${provider}/callback` };
}

async function assertNotBanned(ctx: AppContext, userId: number): Promise<void> {
  const row = await ctx.db.selectFrom('users').select('banned_at').where('id', '=', userId).executeTakeFirst();
  if (row?.banned_at && !(await liftExpiredBan(ctx.db, userId))) throw new HttpError(403, 'This account has been suspended.');
}

/** How long the owner's proof (`POST auth/social/{provider}/link`) lets this session connect that provider. */
const LINK_GRANT_SECONDS = 10 * 60;
const LINK_NEEDS_PROOF = 'Confirm it is you before connecting a new account. Please try again.';
const grantKey = (sessionId: string, provider: SocialProvider) => `social-link:${sessionId}:${provider}`;

/** Records that the owner of this session proved it is them, so it may connect `provider` (kept server-side). */
export async function grantLink(ctx: AppContext, sessionId: string | undefined, provider: SocialProvider): Promise<void> {
  if (sessionId) await ctx.cache.set(grantKey(sessionId, provider), 1, LINK_GRANT_SECONDS);
}

/**
 * Links the provider account to the signed-in user (account settings "Connect"). Answers whether it was linked to
 * them already: then the flow was the owner signing in again through it. A new link needs this session's grant.
 */
export async function linkToUser(ctx: AppContext, provider: SocialProvider, profile: OAuthProfile, userId: number, sessionId: string | undefined): Promise<boolean> {
  const existing = await repo.findByServiceId(ctx.db, provider, profile.id);
  if (existing && existing.user_id !== userId) {
    throw new HttpError(409, translate(undefined, 'This :provider account is already connected to another user.', { provider: SOCIAL_PROVIDER_NAMES[provider] }));
  }
  if (!existing) {
    const key = sessionId ? grantKey(sessionId, provider) : null;
    if (!key || (await ctx.cache.get<number>(key)) !== 1) throw new HttpError(403, LINK_NEEDS_PROOF);
    await ctx.cache.delete(key);
  }
  await repo.saveProfile(ctx.db, userId, provider, profile);
  return existing?.user_id === userId;
}

/**
 * Who signs in with this provider account: the user it is linked to; else the user with the same
 * (confirmed) email, who gets it linked; else a new user, when registration is open and the visitor ticked every
 * registration policy (`accepted`, from the register page) as the register form asks.
 */
export async function resolveLogin(ctx: AppContext, provider: SocialProvider, profile: OAuthProfile, accepted: string[]): Promise<number> {
  const linked = await repo.findByServiceId(ctx.db, provider, profile.id);
  if (linked) {
    await assertNotBanned(ctx, linked.user_id);
    await repo.saveProfile(ctx.db, linked.user_id, provider, profile);
    return linked.user_id;
  }
  const name = SOCIAL_PROVIDER_NAMES[provider];
  if (!profile.email) {
    throw new HttpError(422, translate(undefined, 'Your :provider account has no confirmed email address. Sign in another way and connect it from account settings.', { provider: name }));
  }
  const user = await ctx.db.selectFrom('users').select(['id', 'email_proven_at']).where('email', '=', profile.email).executeTakeFirst();
  if (user) {
    await assertNotBanned(ctx, user.id);
    // A local account whose address was never proven (confirmation off stamps it verified at registration) may have
    // been registered by someone who does not own the address: linking it would share it with the provider's owner.
    if (!user.email_proven_at) {
      throw new HttpError(409, translate(undefined, 'An account with this email already exists. Sign in with your password and connect :provider from account settings.', { provider: name }));
    }
    await repo.saveProfile(ctx.db, user.id, provider, profile);
    return user.id;
  }
  return createSocialUser(ctx, provider, profile, profile.email, accepted);
}

async function createSocialUser(ctx: AppContext, provider: SocialProvider, profile: OAuthProfile, email: string, accepted: string[]): Promise<number> {
  if (await ctx.settings.get('client.registration.disable')) throw new HttpError(403, 'Registration is currently disabled.');
  await assertDomainAllowed(ctx, email);
  // A new account agrees to the site's policies as one made with the form does (the sign-in page asks for none).
  const missing = await missingPolicy(ctx, accepted);
  if (missing) throw new HttpError(422, translate(undefined, 'To create an account, accept ":label" on the sign-up page first.', { label: missing.label }));
  const [first, ...rest] = (profile.name ?? '').trim().split(/\s+/);
  const now = nowIso();
  const roles = await ctx.db.selectFrom('roles').select('id').where('default', '=', true).execute();
  // The user, their default roles and the link land together or not at all.
  return ctx.db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('users').values({
      // No password: the account signs in through the provider until the user sets one.
      email, password: null, first_name: first || null, last_name: rest.join(' ') || null, avatar: profile.avatar?.slice(0, 255) ?? null,
      available_space: null, email_verified_at: now, email_proven_at: now, banned_at: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    if (roles.length) await trx.insertInto('user_role').values(roles.map((r) => ({ user_id: id, role_id: r.id, created_at: now }))).execute();
    await repo.saveProfile(trx, id, provider, profile);
    return id;
  });
}

export async function disconnect(ctx: AppContext, userId: number, provider: SocialProvider): Promise<void> {
  const user = await ctx.db.selectFrom('users').select('password').where('id', '=', userId).executeTakeFirstOrThrow();
  // An account made through a provider has no password: its last link is its only way in.
  if (!user.password && (await repo.countForUser(ctx.db, userId)) <= 1) {
    throw new HttpError(422, 'Set a password before disconnecting your last social account.');
  }
  if (!(await repo.deleteProfile(ctx.db, userId, provider))) throw new HttpError(404, 'This account is not connected.');
}

export function listProfiles(ctx: AppContext, userId: number): Promise<SocialProfile[]> {
  return repo.listForUser(ctx.db, userId);
}
