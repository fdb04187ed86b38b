import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { Client, asAdmin, createTestApp, guest } from './helper.ts';

const SITE = 'https://app.example.com';
const t = await createTestApp({ API_CORS_ORIGINS: `${SITE}, https://other.example.com/` });
afterAll(() => t.close());

describe('cross-origin API calls (API_CORS_ORIGINS)', () => {
  it('lets a listed site call the API with an access token: preflight, answers and errors carry its origin, never credentials', async () => {
    const admin = await asAdmin(t);
    const api = new Client(t);
    api.bearer = (await admin.post('/api/v1/auth/access-tokens', { tokenName: 'widget' })).body.plainTextToken;

    const preflight = await guest(t).request('OPTIONS', '/api/v1/tags', undefined, { origin: SITE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers).toMatchObject({ 'access-control-allow-origin': SITE, 'access-control-allow-methods': expect.stringContaining('POST') });
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/Authorization/);
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

    const created = await api.request('POST', '/api/v1/tags', { name: 'From the widget', type: 'custom' }, { origin: SITE });
    expect(created.status, created.text).toBe(200);
    expect(created.headers['access-control-allow-origin']).toBe(SITE);
    expect(String(created.headers.vary)).toMatch(/Origin/);
    // The trailing slash of a listed origin is forgiven; a refusal is readable too.
    const refused = await guest(t).request('GET', '/api/v1/users', undefined, { origin: 'https://other.example.com' });
    expect([refused.status, refused.headers['access-control-allow-origin']]).toEqual([401, 'https://other.example.com']);
  });

  it('gives sites not listed nothing, and none at all when the list is empty', async () => {
    const stranger = await guest(t).request('OPTIONS', '/api/v1/tags', undefined, { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    expect(stranger.status).not.toBe(204);
    const plain = await createTestApp();
    const res = await guest(plain).request('GET', '/api/v1/value-lists/genres', undefined, { origin: SITE });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    await plain.close();
  });

  it('refuses a list that is not origins at start', () => {
    for (const bad of ['app.example.com', 'https://app.example.com/path', 'ftp://x.example.com']) {
      expect(() => loadConfig({ API_CORS_ORIGINS: bad })).toThrow(/List origins like https:\/\/app.example.com/);
    }
    expect(loadConfig({ API_CORS_ORIGINS: '*' }).corsOrigins).toEqual(['*']);
  });
});
