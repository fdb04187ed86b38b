import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helper.ts';

// A built web/dist as the web build leaves it: each asset with its .gz and .br beside it (vite-plugin-compression2).
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'compression-web-'));
const js = `export const x = ${JSON.stringify('a title page '.repeat(500))};\n`;
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>StreamSite</title></head><body><div id="root"></div></body></html>');
fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), js);
fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.gz'), zlib.gzipSync(js));
fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(js));
const t = await createTestApp({}, { webDist });
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (encoding?: string) => t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('precompressed assets', () => {
  it('sends the brotli file to browsers that accept it, as the browser receives it', async () => {
    const res = await get('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.rawPayload.length).toBeLessThan(js.length / 5);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(js);
    expect(String(res.headers['content-type'])).toContain('javascript');
  });

  it('sends the gzip file when only gzip is accepted', async () => {
    const res = await get('gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(js);
  });

  it('sends the plain file otherwise, and caches hashed assets for good', async () => {
    const res = await get();
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(js);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('a rebuild while the server runs', () => {
  it('serves the new index.html (and its new chunks) without a restart; a half-written one is skipped', async () => {
    const page = async () => (await t.app.inject({ method: 'GET', url: '/' })).body;
    expect(await page()).not.toContain('index-new456.js');
    await new Promise((r) => setTimeout(r, 1100));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>StreamSite</title><script type="module" src="/assets/index-new4');
    expect(await page()).not.toContain('index-new4');
    await new Promise((r) => setTimeout(r, 1100));
    fs.writeFileSync(path.join(webDist, 'assets', 'index-new456.js'), 'console.log("new build")');
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>StreamSite</title><script type="module" src="/assets/index-new456.js"></script></head><body><div id="root"></div></body></html>\n');
    expect(await page()).toContain('/assets/index-new456.js');
    // The chunk written after the start is served like the others; one that is not there is still a plain 404.
    const chunk = await t.app.inject({ method: 'GET', url: '/assets/index-new456.js' });
    expect([chunk.statusCode, chunk.body, chunk.headers['cache-control']]).toEqual([200, 'console.log("new build")', 'public, max-age=31536000, immutable']);
    const gone = await t.app.inject({ method: 'GET', url: '/assets/index-old000.js' });
    expect([gone.statusCode, gone.headers['content-type']]).toEqual([404, 'application/json; charset=utf-8']);
  });
});

// JSON answers (issue 16 item 1): the public settings call is several KB; the health check a few bytes.
const api = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('compressed JSON answers', () => {
  it('compresses a large answer with brotli, decompressing to the same JSON', async () => {
    const plain = await api('/api/v1/settings');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const res = await api('/api/v1/settings', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(String(res.headers['content-type'])).toContain('application/json');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
  });

  it('uses gzip when brotli is not accepted or refused with q=0', async () => {
    const plain = (await api('/api/v1/settings')).json();
    for (const header of ['gzip', 'br;q=0, gzip;q=0.8']) {
      const res = await api('/api/v1/settings', header);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString())).toEqual(plain);
    }
  });

  it('sends small answers as they are, still saying they vary by encoding', async () => {
    const res = await api('/api/v1/health', 'gzip, br');
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(() => res.json()).not.toThrow();
  });

  it('compresses the server-rendered HTML too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    const html = res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(res.rawPayload).toString() : res.body;
    expect(html).toContain('<div id="root">');
    if (Buffer.byteLength(html) >= 1024) expect(res.headers['content-encoding']).toBe('gzip');
  });
});
