import { describe, expect, it } from 'vitest';
import { matchesTag } from '../src/http/guest-etag.ts';
import { asAdmin, asUser, createTestApp, guest } from './helper.ts';

const t = await createTestApp();
const admin = await asAdmin(t);
const article = (await admin.post('/api/v1/news', { title: 'Revalidated news', body: '<p>Once.</p>' })).body.article as { id: number };
const url = `/api/v1/news/${article.id}`;

// A browser's guest: its first call gave it the CSRF cookies (an answer that sets a cookie is left untagged).
const visitor = guest(t);
await visitor.get('/api/v1/auth/me');
const getAsGuest = async (headers: Record<string, string> = {}) => {
  const res = await visitor.request('GET', url, undefined, { 'accept-encoding': 'br', ...headers });
  return { statusCode: res.status, headers: res.headers, body: res.text };
};

describe("guests' GET answers revalidate by ETag", () => {
  it('tags a guest answer, private and revalidated each time, varying by cookie and token', async () => {
    const res = await getAsGuest();
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toMatch(/^W\/".+"$/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(String(res.headers.vary)).toMatch(/Cookie/);
    expect(String(res.headers.vary)).toMatch(/Authorization/);
  });

  it('answers 304 with no body when the browser holds the same answer, 200 once it changed', async () => {
    const etag = String((await getAsGuest()).headers.etag);
    const same = await getAsGuest({ 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(etag);

    await admin.put(`/api/v1/news/${article.id}`, { title: 'Revalidated news', body: '<p>Twice.</p>' });
    const changed = await getAsGuest({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('never tags or 304s a signed-in caller (cookie or token), nor a failed answer', async () => {
    const guestTag = String((await getAsGuest()).headers.etag);
    const member = await asUser(t);
    const res = await member.request('GET', url, undefined, { 'if-none-match': guestTag });
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    const token = await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer not-a-token', 'if-none-match': guestTag } });
    expect(token.statusCode).not.toBe(304);
    expect(token.headers.etag).toBeUndefined();
    const firstVisit = await t.app.inject({ method: 'GET', url });
    expect(firstVisit.headers['set-cookie']).toBeDefined();
    expect(firstVisit.headers.etag).toBeUndefined();
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/news/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });

  it('reads If-None-Match lists, weak tags and *', () => {
    expect(matchesTag('W/"a", W/"b"', 'W/"b"')).toBe(true);
    expect(matchesTag('"b"', 'W/"b"')).toBe(true);
    expect(matchesTag('*', 'W/"b"')).toBe(true);
    expect(matchesTag('W/"c"', 'W/"b"')).toBe(false);
    expect(matchesTag(undefined, 'W/"b"')).toBe(false);
  });
});
