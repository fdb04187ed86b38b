import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EMBED_HOSTS, SESSION_COOKIE } from '@app/contracts';
import type { AppContext } from '../context.ts';
import { bearerToken } from './auth.ts';

/**
 * Security headers on every answer (issue 17 item 9). HTML pages get a Content-Security-Policy whose scripts need a
 * per-request nonce: the page renderer (modules/seo) puts it on the app's own script tags, the inline theme and custom
 * code, so the appearance custom code still runs while an injected script does not. 'strict-dynamic' lets a nonced
 * script load what it needs (lazy chunks, reCAPTCHA, an ad network's loader) without listing every host.
 * API answers are data and may never be framed or run anything. A header a route already set (stored files send their
 * own `CSP: sandbox`) is left alone.
 */
const nonces = new WeakMap<FastifyRequest, string>();

/** The request's CSP nonce, made on first use; the HTML renderer and the header share it. */
export function cspNonce(req: FastifyRequest): string {
  let nonce = nonces.get(req);
  if (!nonce) {
    nonce = crypto.randomBytes(18).toString('base64');
    nonces.set(req, nonce);
  }
  return nonce;
}

/** What web/vite.config.ts (html.cspNonce) writes on the built index.html's tags; the renderer swaps in the nonce. */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** Gives every script tag of trusted HTML (the operator's custom code) the nonce; a first attribute wins over a repeat. */
export function nonceScripts(html: string, nonce: string): string {
  return html.replace(/<script\b/gi, `<script nonce="${nonce}"`);
}

const API_CSP = "default-src 'none'; frame-ancestors 'none'";
const COMMON: [string, string][] = [
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['permissions-policy', 'camera=(), microphone=(), geolocation=()'],
];
const RECAPTCHA = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const ANALYTICS = ['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://*.google-analytics.com'];
const FRAME_HOSTS = [...new Set([...EMBED_HOSTS.flatMap((h) => [`https://${h}`, `https://*.${h}`]), 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'])];

/** The HTML page policy; its third-party parts follow what the settings switch on. */
export async function htmlPolicy(ctx: AppContext, nonce: string): Promise<string> {
  const s = ctx.settings;
  const recaptcha = !!(await s.get('client.recaptcha.site_key'));
  const analytics = !!(await s.get('client.analytics.tracking_code'));
  const scripts = ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(recaptcha ? RECAPTCHA : []), ...(analytics ? ANALYTICS : [])];
  // Uploads always go through the site (client.uploads.s3_direct_upload sends nothing to a bucket from the browser),
  // so no switch opens connect-src to every https host.
  const connect = ["'self'", ...(recaptcha ? ['https://www.google.com'] : []), ...(analytics ? ANALYTICS : [])];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    // Inline style attributes are part of React components and the theme editor; styles cannot run code.
    "style-src 'self' 'unsafe-inline' https:",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data: https:",
    // hls.js runs its demuxer in a blob worker.
    "worker-src 'self' blob:",
    `frame-src 'self' ${FRAME_HOSTS.join(' ')}${recaptcha ? ' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/' : ''}`,
    `connect-src ${connect.join(' ')}`,
    // The appearance editor frames the site; nobody else may.
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "form-action 'self'",
  ].join('; ');
}

declare module 'fastify' {
  interface FastifyRequest {
    /** APP_URL is https: a proxy terminates TLS, so cookies are Secure even when this process sees plain HTTP. */
    appIsHttps: boolean;
  }
}

/** Whether a cookie set in answer to this request is marked Secure. */
export function secureCookie(req: FastifyRequest): boolean {
  return req.protocol === 'https' || req.appIsHttps === true;
}

function setIfAbsent(reply: FastifyReply, name: string, value: string): void {
  if (!reply.hasHeader(name)) reply.header(name, value);
}

/**
 * A site served over https (APP_URL) tells browsers to come back only over https for a year: without it, a visitor
 * who types the bare address or follows an old http link makes a first plain request that anyone on the network can
 * answer (and strip the site down to http). No includeSubDomains: other hosts under the same domain may not have TLS.
 */
export const HSTS = 'max-age=31536000';

/** Adds names to the Vary header, keeping what a route or the compression hook put there. */
function addVary(reply: FastifyReply, names: string[]): void {
  const current = String(reply.getHeader('vary') ?? '');
  if (current.trim() === '*') return;
  const have = new Set(current.split(',').map((v) => v.trim().toLowerCase()).filter(Boolean));
  const missing = names.filter((n) => !have.has(n.toLowerCase()));
  if (missing.length) reply.header('vary', [current, ...missing].filter(Boolean).join(', '));
}

/** Whether the request carries credentials: a signed-in API caller, or a page request with a session cookie or a token. */
function credentialed(req: FastifyRequest): boolean {
  if (req.auth) return req.auth.userId !== null;
  return !!req.cookies?.[SESSION_COOKIE] || bearerToken(req) !== undefined;
}

/**
 * Who may keep an answer (one hook for every route). API answers and pages depend on who asks (their account, their
 * permissions, a title's "in my list"), so they vary by Cookie and Authorization, and an answer to a signed-in caller
 * (session or token) is `private, no-store` unless its route chose caching itself; a route's own caching is made
 * `private` for such a caller, so a shared cache or proxy never hands one member's answer to someone else. Answers a
 * route marked `public` (images, the news feed) are the same for everybody and keep what the route said.
 */
function personalCaching(req: FastifyRequest, reply: FastifyReply): void {
  const set = reply.getHeader('cache-control');
  if (set !== undefined && /(^|,)\s*public\b/i.test(String(set))) return;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!req.url.startsWith('/api/') && !type.startsWith('text/html')) return;
  addVary(reply, ['Cookie', 'Authorization']);
  if (!credentialed(req)) return;
  if (set === undefined) reply.header('cache-control', 'private, no-store');
  else if (!/(^|,)\s*(private|no-store)\b/i.test(String(set))) reply.header('cache-control', `private, ${String(set)}`);
}

export function registerSecurityHeaders(app: FastifyInstance, ctx: AppContext): void {
  const https = ctx.config.appUrl.startsWith('https:');
  app.decorateRequest('appIsHttps', https);
  app.addHook('onSend', async (req, reply, payload) => {
    for (const [name, value] of COMMON) setIfAbsent(reply, name, value);
    if (https) setIfAbsent(reply, 'strict-transport-security', HSTS);
    personalCaching(req, reply);
    if (reply.hasHeader('content-security-policy')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (req.url.startsWith('/api/')) reply.header('content-security-policy', API_CSP);
    else if (type.startsWith('text/html')) reply.header('content-security-policy', await htmlPolicy(ctx, cspNonce(req)));
    return payload;
  });
}
