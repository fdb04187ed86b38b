import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '@app/contracts';
import { registerSecurityHeaders } from '../src/http/security-headers.ts';
import { Client, asUser, createTestApp, guest } from './helper.ts';
import { redactSecrets } from '../src/modules/seo/mailed-links.ts';

// A built index.html as Vite writes it with html.cspNonce (web/vite.config.ts).
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta property="csp-nonce" nonce="__CSP_NONCE__" />'
  + '<title>StreamSite</title><script type="module" crossorigin src="/assets/index.js" nonce="__CSP_NONCE__"></script></head><body><div id="root"></div></body></html>');
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));
const t = await createTestApp({ APP_URL: 'https://flix.test' }, { webDist });

beforeAll(async () => {
  await t.ctx.settings.set({ 'client.custom_code.html': '<script>window.customRan=1</script><SCRIPT src="https://cdn.example/x.js"></SCRIPT>', 'client.custom_code.css': '.x{color:red}' });
});

const csp = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy'] ?? '');
const directive = (policy: string, name: string) => policy.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';

describe('security headers', () => {
  it('gives HTML pages a nonce policy, different per request, that the inline custom code and app script carry', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/' });
    const b = await t.app.inject({ method: 'GET', url: '/' });
    expect(a.statusCode).toBe(200);
    const policy = csp(a);
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(/'nonce-([^']+)'/.exec(csp(b))?.[1]).not.toBe(nonce);
    expect(directive(policy, 'default-src')).toBe("default-src 'self'");
    expect(directive(policy, 'script-src')).toContain("'self'");
    expect(directive(policy, 'script-src')).not.toContain('unsafe-inline');
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob: https:");
    expect(directive(policy, 'media-src')).toBe("media-src 'self' blob: https:");
    expect(directive(policy, 'worker-src')).toBe("worker-src 'self' blob:");
    expect(directive(policy, 'frame-src')).toContain('https://www.youtube-nocookie.com');
    expect(directive(policy, 'frame-src')).toContain('https://player.vimeo.com');
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
    for (const d of ["frame-ancestors 'self'", "base-uri 'self'", "object-src 'none'", "form-action 'self'"]) expect(policy).toContain(d);

    expect(a.body).toContain(`<script nonce="${nonce}">window.customRan=1</script>`);
    expect(a.body).toContain(`<script nonce="${nonce}" src="https://cdn.example/x.js">`);
    // Styles need no nonce: style-src allows inline styles (style attributes of components), which cannot run code.
    expect(a.body).toContain('<style id="be-custom-css">.x{color:red}</style>');
    expect(a.body).toContain(`src="/assets/index.js" nonce="${nonce}"`);
    expect(a.body).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
    expect(a.body).not.toContain('__CSP_NONCE__');

    expect(a.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(a.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    expect(a.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=()');
  });

  it('allows the reCAPTCHA hosts only once a site key is set', async () => {
    await t.ctx.settings.set({ 'client.recaptcha.site_key': 'site-key' });
    const policy = csp(await t.app.inject({ method: 'GET', url: '/contact' }));
    await t.ctx.settings.set({ 'client.recaptcha.site_key': '' });
    expect(directive(policy, 'script-src')).toContain('https://www.gstatic.com/recaptcha/');
    expect(directive(policy, 'frame-src')).toContain('https://www.google.com/recaptcha/');
  });

  it('keeps connect-src to the site with the S3 direct upload switch on: uploads go through the site, nothing needs every https host', async () => {
    await t.ctx.settings.set({ 'client.uploads.s3_direct_upload': true });
    const policy = csp(await t.app.inject({ method: 'GET', url: '/' }));
    await t.ctx.settings.set({ 'client.uploads.s3_direct_upload': false });
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
  });

  it("answers API calls with default-src 'none' and no framing", async () => {
    for (const url of ['/api/v1/auth/me', '/api/v1/nothing-here']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(csp(res)).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('keeps a policy a route already set', async () => {
    // Stored files set `CSP: sandbox` themselves; a bare app with the same hook stands in for that route.
    const app = Fastify();
    registerSecurityHeaders(app, t.ctx);
    app.get('/own-policy', async (_req, reply) => reply.header('content-security-policy', 'sandbox').type('text/html').send('<p>x</p>'));
    const res = await app.inject({ method: 'GET', url: '/own-policy' });
    await app.close();
    expect(csp(res)).toBe('sandbox');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('tells browsers to use https only (HSTS) on every kind of answer when APP_URL is https, and not over http', async () => {
    for (const url of ['/', '/api/v1/auth/me', '/api/v1/nothing-here', '/sitemap.xml', '/robots.txt', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
    }
    const plain = Fastify();
    registerSecurityHeaders(plain, { ...t.ctx, config: { ...t.ctx.config, appUrl: 'http://flix.test' } });
    plain.get('/x', async () => ({ ok: true }));
    const res = await plain.inject({ method: 'GET', url: '/x' });
    await plain.close();
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('marks cookies Secure when APP_URL is https, even over plain HTTP behind a proxy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me' });
    const cookies = res.cookies as { name: string; secure?: boolean }[];
    expect(cookies.find((c) => c.name === CSRF_COOKIE)?.secure).toBe(true);
    const user = await asUser(t);
    expect(user.cookies.has('session')).toBe(true);
  });
});

describe('CSRF token bound to the session', () => {
  it("refuses session A's token for session B with 419", async () => {
    const a = await asUser(t);
    const b = await asUser(t);
    expect((await a.put('/api/v1/account/settings', {})).status).not.toBe(419);
    const tokenA = a.cookies.get(CSRF_COOKIE)!;
    expect(tokenA).not.toBe(b.cookies.get(CSRF_COOKIE));
    const cookie = `session=${b.cookies.get('session')}; ${CSRF_COOKIE}=${tokenA}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie, [CSRF_HEADER]: tokenA } });
    expect(res.statusCode).toBe(419);
    expect(res.json().message).toBe('CSRF token mismatch. Reload the page and try again.');
    // The 419 hands out B's own token, so the client's retry goes through.
    const fresh = (res.cookies as { name: string; value: string }[]).find((c) => c.name === CSRF_COOKIE)?.value;
    expect(fresh).toBe(b.cookies.get(CSRF_COOKIE));
  });

  it("binds a guest's token to its id cookie", async () => {
    const g1 = guest(t);
    const g2 = guest(t);
    await g1.get('/api/v1/auth/me');
    await g2.get('/api/v1/auth/me');
    const token = g1.cookies.get(CSRF_COOKIE)!;
    const forged = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'x@y.z', password: 'nope-nope' },
      headers: { cookie: `csrf_id=${g2.cookies.get('csrf_id')}; ${CSRF_COOKIE}=${token}`, [CSRF_HEADER]: token } });
    expect(forged.statusCode).toBe(419);
    const own = await g1.post('/api/v1/auth/login', { email: 'x@y.z', password: 'nope-nope' });
    expect(own.status).toBe(422);
  });
});

describe('personal answers stay out of shared caches', () => {
  it('answers a signed-in caller (session or token) with private, no-store, and every API answer and page varies by caller', async () => {
    const member = await asUser(t);
    const now = new Date().toISOString();
    const title = Number((await t.ctx.db.insertInto('titles').values({ name: 'Cached', is_series: false, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id);
    for (const url of ['/api/v1/auth/me', '/api/v1/notifications', '/api/v1/account/sessions', '/api/v1/auth/access-tokens', '/api/v1/billing/subscription', '/api/v1/watch-history', `/api/v1/titles/${title}`]) {
      const res = await member.get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      expect(String(res.headers.vary), url).toMatch(/Cookie, Authorization/);
    }
    // A route's own caching stays (the lines are revalidated by ETag), made private when it was not.
    expect((await member.get('/api/v1/localizations/active/lines')).headers['cache-control']).toBe('private, no-cache');

    const token = (await member.post('/api/v1/auth/access-tokens', { tokenName: 'cache' })).body.plainTextToken as string;
    const script = Object.assign(new Client(t), { bearer: token });
    const me = await script.get('/api/v1/auth/me');
    expect(me.status).toBe(200);
    expect(me.headers['cache-control']).toBe('private, no-store');
    // A refused token is personal too.
    const revoked = Object.assign(new Client(t), { bearer: 'not-a-token' });
    expect((await revoked.get('/api/v1/auth/me')).headers['cache-control']).toBe('private, no-store');

    // The same title for a visitor: no caching forced on it, but a cache keys it by cookie and authorization, so it is
    // never served to a member (or a member's copy to a visitor).
    const visitor = await guest(t).get(`/api/v1/titles/${title}`);
    expect(visitor.headers['cache-control']).toBeUndefined();
    expect(String(visitor.headers.vary)).toMatch(/Cookie, Authorization/);

    // A signed-in member's page carries their first data: private.
    const page = await member.get('/');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect((await guest(t).get('/')).headers['cache-control']).toBe('no-cache');
    // A public answer stays public and shared.
    expect((await member.get('/robots.txt')).headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe("a mailed link's secret leaves the address", () => {
  it('sends the mailed address on to the page with the secret in the fragment, which a first head script moves off the address', async () => {
    const cases: [string, string][] = [
      ['/password/reset/reset-secret-123?email=someone%40example.com', '/password/reset#token=reset-secret-123&email=someone%40example.com'],
      ['/email/verify/verify-secret-123', '/email/verify#token=verify-secret-123'],
      ['/email/change/change-secret-123', '/email/change#token=change-secret-123'],
      ['/unsubscribe?token=unsubscribe-secret-123&type=new_episode', '/unsubscribe#token=unsubscribe-secret-123&type=new_episode'],
    ];
    for (const [mailed, page] of cases) {
      const res = await t.app.inject({ method: 'GET', url: mailed });
      expect(res.statusCode, mailed).toBe(302);
      expect(res.headers.location, mailed).toBe(page);
      expect(res.headers['referrer-policy'], mailed).toBe('no-referrer');
      expect(res.headers['cache-control'], mailed).toBe('no-store');
      expect(res.body, mailed).not.toContain('secret');

      const landed = await t.app.inject({ method: 'GET', url: page.split('#')[0] });
      expect(landed.statusCode, page).toBe(200);
      expect(landed.headers['referrer-policy'], page).toBe('no-referrer');
      const nonce = /'nonce-([^']+)'/.exec(csp(landed))![1];
      // The fragment is moved before any other script of the page: the custom code runs after it.
      const mover = landed.body.indexOf(`<script nonce="${nonce}">(function(){var h=location.hash`);
      expect(mover, page).toBeGreaterThan(-1);
      expect(mover).toBeLessThan(landed.body.indexOf('window.customRan'));
    }
    // Other pages keep the usual policy and no such script.
    const other = await t.app.inject({ method: 'GET', url: '/login' });
    expect(other.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(other.body).not.toContain('mailed-link:');
    expect((await t.app.inject({ method: 'GET', url: '/unsubscribe' })).statusCode).toBe(200);
  });

  it('the request log writes a mailed link without its token or email', () => {
    expect(redactSecrets('/password/reset/reset-secret-123?email=someone%40example.com')).toBe('/password/reset/[redacted]?email=[redacted]');
    expect(redactSecrets('/email/verify/verify-secret-123')).toBe('/email/verify/[redacted]');
    expect(redactSecrets('/api/v1/notifications/unsubscribe?type=new_episode&token=abc')).toBe('/api/v1/notifications/unsubscribe?type=new_episode&token=[redacted]');
    expect(redactSecrets('/titles/1?page=2')).toBe('/titles/1?page=2');
  });
});
