import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { socialProviderSchema, type SocialLoginMessage, type SocialProvider } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/auth.ts';
import { randomToken } from '../../lib/crypto.ts';
import { startSession } from '../auth/service.ts';
import { authorizeUrl, fetchProfile, pkceVerifier } from './providers.ts';
import { disconnect, linkToUser, listProfiles, oauthClient, resolveLogin } from './service.ts';

const STATE_COOKIE = 'social_oauth';
const COOKIE_PATH = '/api/v1/auth/social';
const GENERIC_ERROR = 'There was an issue with social login. Please try again.';

/**
 * The pending sign-in, kept in an httpOnly cookie of this browser: the callback must bring back the same
 * state (so nobody can finish a sign-in they did not start here), and the PKCE verifier never leaves us.
 */
interface Pending { provider: SocialProvider; state: string; verifier: string; popup: boolean; link: number | null }

function providerOf(req: FastifyRequest): SocialProvider {
  const parsed = socialProviderSchema.safeParse((req.params as { provider: string }).provider);
  if (!parsed.success) throw notFound('Not found');
  return parsed.data;
}

export function socialRoutes(app: FastifyInstance, ctx: AppContext): void {
  const open = { config: { permission: 'public' } };
  const signedIn = { config: { permission: 'authenticated' } };

  app.get('/api/v1/auth/social/:provider/connect', open, async (req, reply) => {
    const popup = (req.query as { popup?: string }).popup === '1';
    const provider = providerOf(req);
    try {
      const client = await oauthClient(ctx, provider);
      const pending: Pending = { provider, state: randomToken(24), verifier: pkceVerifier(), popup, link: req.auth.userId };
      reply.setCookie(STATE_COOKIE, Buffer.from(JSON.stringify(pending)).toString('base64url'), {
        path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https', maxAge: 600,
      });
      return reply.redirect(authorizeUrl(provider, ctx.config.oauthBaseUrls[provider], client, pending.state, pending.verifier));
    } catch (err) {
      return resultPage(ctx, req, reply, { provider, popup, link: !!req.auth.userId }, err);
    }
  });

  app.get('/api/v1/auth/social/:provider/callback', open, async (req, reply) => {
    const provider = providerOf(req);
    const query = req.query as { code?: string; state?: string; error?: string };
    const pending = readPending(req.cookies[STATE_COOKIE]);
    reply.clearCookie(STATE_COOKIE, { path: COOKIE_PATH });
    const mode = { provider, popup: pending?.popup ?? false, link: !!pending?.link };
    try {
      if (!pending || pending.provider !== provider || !query.state || !safeEqual(query.state, pending.state)) {
        throw new HttpError(403, 'This sign-in request is invalid or has expired. Please try again.');
      }
      if (query.error || !query.code) throw new HttpError(422, GENERIC_ERROR);
      const client = await oauthClient(ctx, provider);
      const profile = await fetchProfile(provider, ctx.config.oauthBaseUrls[provider], client, query.code, pending.verifier);
      if (pending.link) {
        // Linking is for the user who started it, still signed in.
        if (req.auth.userId !== pending.link) throw new HttpError(403, 'This sign-in request is invalid or has expired. Please try again.');
        await linkToUser(ctx, provider, profile, pending.link);
      } else {
        await startSession(ctx, req, reply, await resolveLogin(ctx, provider, profile));
      }
      return resultPage(ctx, req, reply, mode, null);
    } catch (err) {
      return resultPage(ctx, req, reply, mode, err);
    }
  });

  app.get('/api/v1/auth/social/profiles', signedIn, async (req) => ({ profiles: await listProfiles(ctx, requireUser(req)) }));

  app.post('/api/v1/auth/social/:provider/disconnect', signedIn, async (req) => {
    await disconnect(ctx, requireUser(req), providerOf(req));
    return { message: 'Account disconnected.' };
  });
}

function readPending(raw: string | undefined): Pending | null {
  if (!raw) return null;
  try {
    const p = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Pending;
    return typeof p.state === 'string' && typeof p.verifier === 'string' ? p : null;
  } catch {
    return null;
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * Ends the flow. In a popup: tell the opening window (same origin only) and close. Some providers' pages
 * cut the opener link (Cross-Origin-Opener-Policy), so a BroadcastChannel carries the same message.
 * Without a popup: go back into the app.
 */
async function resultPage(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, mode: { provider: SocialProvider; popup: boolean; link: boolean }, err: unknown) {
  let status = 200;
  let message: string | undefined;
  if (err) {
    if (err instanceof HttpError) {
      status = err.status;
      message = err.message;
    } else {
      req.log.error({ err }, 'social login failed');
      void ctx.errors.capture(err, { tags: { source: 'social-login' } });
      status = 500;
      message = GENERIC_ERROR;
    }
  }
  const data: SocialLoginMessage = { type: 'social-login', status: err ? 'ERROR' : 'SUCCESS', provider: mode.provider, ...(message ? { message } : {}) };
  const back = mode.link ? '/account-settings' : err ? '/login' : '/';
  const redirect = message ? `${back}?social_error=${encodeURIComponent(message)}` : back;
  const json = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(err ? 'Social login' : 'Signed in')}</title></head>
<body><p>${escapeHtml(message ?? 'You can close this window.')}</p><p><a href="${escapeHtml(redirect)}">Continue</a></p>
<script>(function () {
  var data = ${json(data)}, popup = ${json(mode.popup)};
  if (!popup) { location.replace(${json(redirect)}); return; }
  try { if (window.opener) window.opener.postMessage(data, location.origin); } catch (e) {}
  try { var ch = new BroadcastChannel('social-login'); ch.postMessage(data); ch.close(); } catch (e) {}
  setTimeout(function () { window.close(); }, 50);
})();</script></body></html>`;
  return reply.status(status).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8').send(html);
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
