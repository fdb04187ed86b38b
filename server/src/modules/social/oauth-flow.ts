import crypto from 'node:crypto';
import { cspNonce, secureCookie } from '../../http/security-headers.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import { randomToken } from '../../lib/crypto.ts';
import { pkceVerifier } from './providers.ts';
import { escapeMarkup } from '../../lib/escape.ts';

/**
 * Pieces every OAuth popup flow here shares (social login, the Gmail connect): the pending request kept in an
 * httpOnly cookie of this browser (the callback must bring back the same state, so nobody can finish a flow
 * they did not start here, and the PKCE verifier never leaves us), and the page that ends the flow.
 */
export interface PendingBase { state: string; verifier: string }

export function startPending<T extends object>(req: FastifyRequest, reply: FastifyReply, cookie: { name: string; path: string }, extra: T): T & PendingBase {
  const pending = { ...extra, state: randomToken(24), verifier: pkceVerifier() };
  reply.setCookie(cookie.name, Buffer.from(JSON.stringify(pending)).toString('base64url'), {
    path: cookie.path, httpOnly: true, sameSite: 'lax', secure: secureCookie(req), maxAge: 600,
  });
  return pending;
}

/** Reads and clears the pending request; null when missing or unreadable. */
export function takePending<T extends PendingBase>(req: FastifyRequest, reply: FastifyReply, cookie: { name: string; path: string }): T | null {
  const raw = req.cookies[cookie.name];
  reply.clearCookie(cookie.name, { path: cookie.path });
  if (!raw) return null;
  try {
    const p = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as T;
    return typeof p.state === 'string' && typeof p.verifier === 'string' ? p : null;
  } catch {
    return null;
  }
}

/** Whether the callback's state is the one this browser started with (constant time). */
export function stateMatches(pending: PendingBase | null, state: string | undefined): boolean {
  if (!pending || !state) return false;
  const x = Buffer.from(state);
  const y = Buffer.from(pending.state);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * Ends the flow. In a popup: tell the opening window (same origin only) and close. Some providers' pages
 * cut the opener link (Cross-Origin-Opener-Policy), so a BroadcastChannel carries the same message.
 * Without a popup: go to `redirect`.
 */
export function popupResultPage(reply: FastifyReply, o: { status: number; title: string; message?: string; data: unknown; channel: string; popup: boolean; redirect: string }) {
  const json = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');
  // Its own policy: nothing but this one script (the API's default-src 'none' would block it).
  const nonce = cspNonce(reply.request);
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeMarkup(o.title)}</title></head>
<body><p>${escapeMarkup(o.message ?? 'You can close this window.')}</p><p><a href="${escapeMarkup(o.redirect)}">Continue</a></p>
<script nonce="${nonce}">(function () {
  var data = ${json(o.data)}, popup = ${json(o.popup)};
  if (!popup) { location.replace(${json(o.redirect)}); return; }
  try { if (window.opener) window.opener.postMessage(data, location.origin); } catch (e) {}
  try { var ch = new BroadcastChannel(${json(o.channel)}); ch.postMessage(data); ch.close(); } catch (e) {}
  setTimeout(function () { window.close(); }, 50);
})();</script></body></html>`;
  return reply.status(o.status).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
    .header('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors 'none'; base-uri 'none'`)
    .type('text/html; charset=utf-8').send(html);
}

/**
 * How a failed flow is told to the person: a refusal keeps its status and message; anything else is
 * logged, reported, and shown as `generic` so no internal detail reaches the page.
 */
export function flowFailure(ctx: AppContext, req: FastifyRequest, err: unknown, source: string, generic: string): { status: number; message?: string } {
  if (!err) return { status: 200 };
  if (err instanceof HttpError) return { status: err.status, message: err.message };
  req.log.error({ err }, `${source} failed`);
  void ctx.errors.capture(err, { tags: { source } });
  return { status: 500, message: generic };
}

/** `?popup=1` on a flow's start. */
export const oauthConnectQuery = z.object({
  popup: z.string().optional().catch(undefined),
  // Social sign-up: the ids of the registration policies ticked on the register form, comma separated.
  policies: z.string().max(500).optional().catch(undefined),
});
/** The provider's redirect: anything odd in it ends on the flow's result page, never a JSON error, so bad values become absent. */
export const oauthCallbackQuery = z.object({
  code: z.string().optional().catch(undefined),
  state: z.string().optional().catch(undefined),
  error: z.string().optional().catch(undefined),
});
