import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@app/contracts';
import { bearerToken } from './auth.ts';

/**
 * A weak ETag on the API's GET answers to guests (no session cookie, no token), and 304 Not Modified when the
 * browser's copy still matches: a repeat visit no longer downloads the same catalogue JSON again. The tag is a hash of
 * the answer the server has just built for this request, so a 304 only ever confirms the very bytes it would send;
 * `private, no-cache` keeps shared caches out and has the browser ask every time. A signed-in caller's answers
 * (and any answer that sets a cookie or already says how to cache it, like the language lines) are left alone.
 */
function isGuest(req: FastifyRequest): boolean {
  return !req.cookies[SESSION_COOKIE] && bearerToken(req) === undefined;
}

function addVary(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  const missing = ['Cookie', 'Authorization'].filter((name) => !new RegExp(`(^|,)\\s*${name}\\s*(,|$)`, 'i').test(vary));
  if (missing.length) reply.header('vary', [vary, ...missing].filter(Boolean).join(', '));
}

/** Whether If-None-Match names this tag (a list, or `*`); weak comparison, as RFC 9110 13.1.2 asks for GET. */
export function matchesTag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** Register before compression: the tag is of the answer as built, not of its compressed bytes. */
export function registerGuestEtags(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' || reply.statusCode !== 200 || !req.url.startsWith('/api/')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!isGuest(req) || reply.hasHeader('etag') || reply.hasHeader('cache-control') || reply.hasHeader('set-cookie')) return payload;
    const hash = createHash('sha256').update(String(reply.getHeader('content-type') ?? '')).update('\n').update(payload);
    const etag = `W/"${hash.digest('base64url').slice(0, 27)}"`;
    reply.header('etag', etag);
    reply.header('cache-control', 'private, no-cache');
    addVary(reply);
    if (!matchesTag(req.headers['if-none-match'], etag)) return payload;
    reply.code(304);
    reply.removeHeader('content-length');
    return '';
  });
}
