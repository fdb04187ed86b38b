import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  doneResponse, oauthRedirect, ownerProofSchema, oauthResultPage, socialProfileListResponse, socialProviderSchema, type SocialLoginMessage, type SocialProvider,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/auth.ts';
import { typed } from '../../http/schema.ts';
import { renewSession } from '../auth/service.ts';
import { proveOwner } from '../account/owner-proof.ts';
import { beginSignIn } from '../two-factor/service.ts';
import {
  flowFailure, oauthCallbackQuery, oauthConnectQuery, popupResultPage, startPending, stateMatches, takePending, type PendingBase,
} from './oauth-flow.ts';
import { authorizeUrl, fetchProfile } from './providers.ts';
import { disconnect, grantLink, linkToUser, listProfiles, oauthClient, resolveLogin } from './service.ts';

const COOKIE = { name: 'social_oauth', path: '/api/v1/auth/social' };
const GENERIC_ERROR = 'There was an issue with social login. Please try again.';

/** The pending sign-in, kept in an httpOnly cookie of this browser (oauth-flow.ts). */
interface Pending extends PendingBase {
  provider: SocialProvider; popup: boolean; link: number | null;
  /** The registration policies the visitor ticked before starting (the register page), for an account made here. */
  accepted?: string[];
}

// An unknown provider is an unknown page (404), so the path takes any string and providerOf checks it.
const providerParam = z.object({ provider: z.string().meta({ description: `One of ${socialProviderSchema.options.join(', ')}.` }) });

function providerOf(name: string): SocialProvider {
  const parsed = socialProviderSchema.safeParse(name);
  if (!parsed.success) throw notFound('Not found');
  return parsed.data;
}

export function socialRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  const open = { config: { permission: 'public' } };
  const signedIn = { config: { permission: 'authenticated' } };

  api.get('/api/v1/auth/social/:provider/connect', { ...open, schema: { params: providerParam, querystring: oauthConnectQuery, response: { 200: oauthResultPage, 302: oauthRedirect } } }, async (req, reply) => {
    const popup = req.query.popup === '1';
    const provider = providerOf(req.params.provider);
    try {
      const client = await oauthClient(ctx, provider);
      const accepted = req.query.policies?.split(',').filter(Boolean).slice(0, 20) ?? [];
      const pending = startPending(req, reply, COOKIE, { provider, popup, link: req.auth.userId, accepted });
      return reply.redirect(authorizeUrl(provider, ctx.config.oauthBaseUrls[provider], client, pending.state, pending.verifier));
    } catch (err) {
      return resultPage(ctx, req, reply, { provider, popup, link: !!req.auth.userId }, err);
    }
  });

  api.get('/api/v1/auth/social/:provider/callback', { ...open, schema: { params: providerParam, querystring: oauthCallbackQuery, response: { 200: oauthResultPage } } }, async (req, reply) => {
    const provider = providerOf(req.params.provider);
    const query = req.query;
    const pending = takePending<Pending>(req, reply, COOKIE);
    const mode = { provider, popup: pending?.popup ?? false, link: !!pending?.link };
    try {
      if (!pending || pending.provider !== provider || !stateMatches(pending, query.state)) {
        throw new HttpError(403, 'This sign-in request is invalid or has expired. Please try again.');
      }
      if (query.error || !query.code) throw new HttpError(422, GENERIC_ERROR);
      const client = await oauthClient(ctx, provider);
      const profile = await fetchProfile(provider, ctx.config.oauthBaseUrls[provider], client, query.code, pending.verifier);
      if (pending.link) {
        // Linking is for the user who started it, still signed in.
        if (req.auth.userId !== pending.link) throw new HttpError(403, 'This sign-in request is invalid or has expired. Please try again.');
        // An account already linked to it: the owner signed in again through the provider (the account page asks an
        // account without a password for a recent sign-in before its keys change), so this browser gets a fresh session.
        if (await linkToUser(ctx, provider, profile, pending.link, req.auth.sessionId)) await renewSession(ctx, req, reply, pending.link);
      } else if (!(await beginSignIn(ctx, req, reply, await resolveLogin(ctx, provider, profile, pending.accepted ?? []), /* stays signed in: the popup has no such choice */ true))) {
        // 2FA is on for this account: the flow lands on the code step, with no session yet.
        return resultPage(ctx, req, reply, { ...mode, twoFactor: true }, null);
      }
      return resultPage(ctx, req, reply, mode, null);
    } catch (err) {
      return resultPage(ctx, req, reply, mode, err);
    }
  });

  app.get('/api/v1/auth/social/profiles', { ...signedIn, schema: { response: { 200: socialProfileListResponse } } }, async (req) => ({ profiles: await listProfiles(ctx, requireUser(req)) }));

  // Connecting a provider account the user does not have yet adds a way into the account, so the owner proves it is
  // them first (a stolen session could otherwise attach the thief's own account and keep coming back through it).
  api.post('/api/v1/auth/social/:provider/link', { ...signedIn, schema: { params: providerParam, body: ownerProofSchema, response: { 200: doneResponse } } }, async (req) => {
    const provider = providerOf(req.params.provider);
    await oauthClient(ctx, provider);
    await proveOwner(ctx, req, requireUser(req), req.body, 'password');
    await grantLink(ctx, req.auth.sessionId, provider);
    return { message: 'Confirmed.' };
  });

  api.post('/api/v1/auth/social/:provider/disconnect', { ...signedIn, schema: { params: providerParam, response: { 200: doneResponse } } }, async (req) => {
    await disconnect(ctx, requireUser(req), providerOf(req.params.provider));
    return { message: 'Account disconnected.' };
  });
}

/** Ends the flow: the popup tells its opener, a full-page flow goes back into the app. */
async function resultPage(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, mode: { provider: SocialProvider; popup: boolean; link: boolean; twoFactor?: boolean }, err: unknown) {
  const { status, message } = flowFailure(ctx, req, err, 'social-login', GENERIC_ERROR);
  const outcome = err ? 'ERROR' : mode.twoFactor ? 'TWO_FACTOR' : 'SUCCESS';
  const data: SocialLoginMessage = { type: 'social-login', status: outcome, provider: mode.provider, ...(message ? { message } : {}) };
  const back = mode.link ? '/account-settings' : err ? '/login' : mode.twoFactor ? '/login/two-factor' : '/';
  const redirect = message ? `${back}?social_error=${encodeURIComponent(message)}` : back;
  return popupResultPage(reply, { status, title: err ? 'Social login' : 'Signed in', message, data, channel: 'social-login', popup: mode.popup, redirect });
}
