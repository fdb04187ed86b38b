import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { oauthRedirect, oauthResultPage, type GmailConnectMessage } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import {
  flowFailure, oauthCallbackQuery, oauthConnectQuery, popupResultPage, startPending, stateMatches, takePending, type PendingBase,
} from '../social/oauth-flow.ts';
import { typed } from '../../http/schema.ts';
import { authorizeUrl, exchangeCode, readProfile, type OAuthClient } from '../social/providers.ts';

const COOKIE = { name: 'gmail_oauth', path: '/api/v1/settings/mail/gmail' };
const INVALID = 'This connect request is invalid or has expired. Please try again.';
const GENERIC_ERROR = 'Could not connect the Gmail account. Please try again.';
/** Sending only, plus the address it sends as (https://developers.google.com/gmail/api/auth/scopes). */
const SCOPES = ['openid', 'email', 'https://www.googleapis.com/auth/gmail.send'];

interface Pending extends PendingBase { popup: boolean; userId: number | null }

/**
 * The Gmail API client: its own id and secret when set, else the Google login credentials (one Google
 * Cloud project usually serves both). The gmailApi mail driver picks the same pair (drivers/mail/manager.ts),
 * since a refresh token only works with the client it was issued to.
 */
async function gmailClient(ctx: AppContext): Promise<OAuthClient> {
  const id = (await ctx.settings.get('server.gmail_client_id')) || (await ctx.settings.get('server.google_id'));
  const secret = (await ctx.settings.get('server.gmail_client_secret')) || (await ctx.settings.get('server.google_secret'));
  if (!id || !secret) throw new HttpError(422, 'Enter the Google client ID and secret (authentication settings) before connecting Gmail.');
  return { id, secret, redirectUri: `${await ctx.settings.siteUrl(ctx.config.appUrl)}/api/v1/settings/mail/gmail/callback` };
}

/** Mail settings "Connect Gmail account": Google's consent popup, then the refresh token the gmailApi driver sends with. */
export function gmailConnectRoutes(app: FastifyInstance, ctx: AppContext): void {
  const manage = { config: { permission: 'settings.update' } };
  const base = () => ctx.config.oauthBaseUrls.google;

  const api = typed(app);
  api.get('/api/v1/settings/mail/gmail/connect', { ...manage, schema: { querystring: oauthConnectQuery, response: { 200: oauthResultPage, 302: oauthRedirect } } }, async (req, reply) => {
    const popup = req.query.popup === '1';
    try {
      const client = await gmailClient(ctx);
      const pending = startPending(req, reply, COOKIE, { popup, userId: req.auth.userId });
      // offline + consent: Google returns a refresh token every time, also when the account was connected before.
      return reply.redirect(authorizeUrl('google', base(), client, pending.state, pending.verifier, {
        scopes: SCOPES, params: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
      }));
    } catch (err) {
      return resultPage(ctx, req, reply, popup, err);
    }
  });

  api.get('/api/v1/settings/mail/gmail/callback', { ...manage, schema: { querystring: oauthCallbackQuery, response: { 200: oauthResultPage } } }, async (req, reply) => {
    const query = req.query;
    const pending = takePending<Pending>(req, reply, COOKIE);
    try {
      // The admin who started it, in this browser, with the state Google was given. 400, not 403: the caller
      // may update settings; it is this request that is bad.
      if (!pending || !stateMatches(pending, query.state) || pending.userId !== req.auth.userId) throw new HttpError(400, INVALID);
      if (query.error || !query.code) throw new HttpError(422, GENERIC_ERROR);
      const client = await gmailClient(ctx);
      const tokens = await exchangeCode('google', base(), client, query.code, pending.verifier);
      if (!tokens.refresh_token) throw new HttpError(422, 'Google did not return a refresh token. Please try again.');
      if (tokens.scope && !tokens.scope.split(' ').includes(SCOPES[2])) throw new HttpError(422, 'Allow sending email on your behalf to connect Gmail.');
      const profile = await readProfile('google', base(), tokens.access_token);
      if (!profile.email) throw new HttpError(422, 'Your Google account has no confirmed email address.');
      await ctx.settings.set({ 'server.gmail_refresh_token': tokens.refresh_token, 'server.connectedGmailAccount': profile.email });
      return resultPage(ctx, req, reply, pending.popup, null, profile.email);
    } catch (err) {
      return resultPage(ctx, req, reply, pending?.popup ?? true, err);
    }
  });
}

async function resultPage(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, popup: boolean, err: unknown, email?: string) {
  const { status, message } = flowFailure(ctx, req, err, 'gmail-connect', GENERIC_ERROR);
  const data: GmailConnectMessage = err
    ? { type: 'gmail-connect', status: 'ERROR', message }
    : { type: 'gmail-connect', status: 'SUCCESS', callbackData: { profile: { email: email! } } };
  const back = '/admin/settings/mail';
  const redirect = message ? `${back}?gmail_error=${encodeURIComponent(message)}` : back;
  return popupResultPage(reply, { status, title: 'Gmail', message, data, channel: 'gmail-connect', popup, redirect });
}
