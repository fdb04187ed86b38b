/**
 * The events of the ingestion figures, made where they are sent (the sender thread, ingestion-sender.ts, and the
 * capacity runs): play events and page-view beacons from ever-new anonymous visitors.
 */
import crypto from 'node:crypto';
import type { Request } from './ingestion-load.ts';

// A guest's CSRF token is derived from its csrf_id cookie (server/src/http/csrf.ts): one guest id, its token in the header.
export const CSRF_ID = 'bench-guest-csrf-id-0123456789';
export const CSRF = crypto.createHash('sha256').update(`csrf-guest:${CSRF_ID}`).digest('base64url');
export const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

export type EventKind = 'play' | 'beacon';

const guest = () => ({
  'content-type': 'application/json', 'x-xsrf-token': CSRF, 'user-agent': UA,
  cookie: `XSRF-TOKEN=${CSRF}; csrf_id=${CSRF_ID}; visitor_id=${crypto.randomBytes(16).toString('hex')}`,
});

/** A request of `kind` about one of `titles` titles (title n has video n). */
export function eventRequest(kind: EventKind, titles: number): Request {
  const id = 1 + Math.floor(Math.random() * titles);
  if (kind === 'play') {
    return { method: 'POST', path: `/api/v1/videos/${id}/plays`, headers: { ...guest(), 'x-forwarded-for': '81.2.69.142' }, body: JSON.stringify({ seconds: 6, position: 6 }) };
  }
  // The beacon limits each address; the bench's visitors come from many (its server trusts X-Forwarded-For).
  return {
    method: 'POST', path: '/api/v1/reports/visits',
    headers: { ...guest(), 'x-forwarded-for': `81.2.${Math.floor(Math.random() * 64)}.${1 + Math.floor(Math.random() * 250)}` },
    body: JSON.stringify({ path: `/titles/${id}`, model_type: 'title', model_id: id, referrer: 'https://www.example.org/page' }),
  };
}
