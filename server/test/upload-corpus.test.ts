import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asUser, createTestApp, type Client, type Res } from './helper.ts';
import { uploadCorpus, type CorpusFile } from './upload-corpus-files.ts';

/**
 * Every hostile file of the corpus goes to every upload endpoint. Refusing it is fine; accepting it is fine only when
 * whatever serves it back cannot run as a page of this site (media inline, everything else a sandboxed attachment,
 * never sniffed). The process must stay up and its memory must not jump.
 */
const t = await createTestApp();
let admin: Client;
let user: Client;
let titleId: number;
let videoId: number;

function multipart(fields: Record<string, string>, file: CorpusFile, field = 'file') {
  const boundary = `----corpus${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  // The name travels percent-encoded (RFC 5987), so control characters and quotes reach the server as sent.
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename*=UTF-8''${encodeURIComponent(file.name)}\r\nContent-Type: ${file.mime}\r\n\r\n`));
  parts.push(file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

interface Endpoint { name: string; send(file: CorpusFile): Promise<{ res: Res; served: string[] }> }

const post = (c: Client, url: string, fields: Record<string, string>, file: CorpusFile, field?: string) => {
  const m = multipart(fields, file, field);
  return c.request('POST', url, m.body, m.headers);
};

const endpoints = (): Endpoint[] => [
  { name: 'account avatar', send: async (f) => { const res = await post(user, '/api/v1/account/avatar', {}, f); return { res, served: [res.body?.user?.avatar].filter(Boolean) }; } },
  { name: 'users avatar', send: async (f) => { const res = await post(admin, `/api/v1/users/${(user as any).user.id}/avatar`, {}, f); return { res, served: [res.body?.user?.avatar].filter(Boolean) }; } },
  { name: 'branding logo', send: async (f) => { const res = await post(admin, '/api/v1/admin/appearance/images/logo_light', {}, f); return { res, served: [res.body?.url].filter(Boolean) }; } },
  { name: 'branding favicon', send: async (f) => {
    const res = await post(admin, '/api/v1/admin/appearance/images/favicon', {}, f);
    return { res, served: res.body?.url ? [res.body.url, res.body.url.replace(/-512\.png$/, '-32.png')] : [] };
  } },
  { name: 'page media', send: async (f) => { const res = await post(admin, '/api/v1/custom-pages/media', {}, f); return { res, served: [res.body?.url].filter(Boolean) }; } },
  { name: 'catalogue image', send: async (f) => { const res = await post(admin, '/api/v1/images', { titleId: String(titleId) }, f); return { res, served: [res.body?.image?.url].filter(Boolean) }; } },
  { name: 'person poster', send: async (f) => { const res = await post(admin, '/api/v1/people/poster', {}, f); return { res, served: [res.body?.url].filter(Boolean) }; } },
  { name: 'captions', send: async (f) => { const res = await post(admin, `/api/v1/videos/${videoId}/captions`, { name: 'Corpus', language: 'en' }, f); return { res, served: [res.body?.caption?.url].filter(Boolean) }; } },
  { name: 'settings certificate', send: async (f) => {
    const res = await post(admin, '/api/v1/settings', { server: JSON.stringify({ 'server.analytics_property_id': '1' }) }, f, 'files[certificate]');
    // Kept private: never a public URL.
    const key = await t.ctx.settings.get('server.analytics_certificate');
    expect(String(key ?? '')).not.toMatch(/^(\/storage|public\/)/);
    return { res, served: [] };
  } },
  { name: 'files (chunked)', send: async (f) => uploadChunked(user, f) },
];

async function uploadChunked(c: Client, f: CorpusFile): Promise<{ res: Res; served: string[] }> {
  const init = await c.post('/api/v1/uploads', { fingerprint: `fp-${crypto.randomBytes(8).toString('hex')}`, name: f.name, size: f.bytes.length, mime: f.mime });
  if (init.status !== 200) return { res: init, served: [] };
  const { id, chunk_size } = init.body.upload;
  for (let i = 0; i * chunk_size < f.bytes.length; i++) {
    const r = await c.request('PUT', `/api/v1/uploads/${id}/chunks/${i}`, f.bytes.subarray(i * chunk_size, (i + 1) * chunk_size), { 'content-type': 'application/octet-stream' });
    if (r.status !== 200) return { res: r, served: [] };
  }
  const res = await c.post(`/api/v1/uploads/${id}/complete`);
  const e = res.body?.fileEntry;
  return { res, served: e ? [e.url, `${e.url}?download=1`, ...(e.thumbnail ? [e.thumbnail] : [])] : [] };
}

const MEDIA = /^(image\/(png|jpeg|gif|webp|avif|x-icon)|audio\/|video\/)/;

/** Why an answer serving a stored file could act as a page of this site, or null when it cannot. */
export function activeContent(res: Res): string | null {
  if (res.status !== 200 && res.status !== 206) return null;
  const type = String(res.headers['content-type'] ?? '').toLowerCase();
  const disposition = String(res.headers['content-disposition'] ?? '').toLowerCase();
  if (res.headers['x-content-type-options'] !== 'nosniff') return `no nosniff (${type})`;
  if (!/(^|;|\s)sandbox(\s|;|$)/.test(String(res.headers['content-security-policy'] ?? ''))) return `no CSP sandbox (${type})`;
  if (!MEDIA.test(type) && !disposition.startsWith('attachment')) return `served inline as ${type || 'no type'}`;
  if (/html|xml|svg|javascript|ecmascript/.test(type)) return `served as ${type}`;
  return null;
}

beforeAll(async () => {
  admin = await asAdmin(t);
  user = await asUser(t, { permissions: ['files.create'] });
  await t.ctx.settings.set({ 'client.uploads.chunk_size': 256 * 1024, 'client.uploads.blocked_extensions': [] });
  titleId = (await admin.post('/api/v1/titles', { name: 'Corpus', is_series: false })).body.title.id;
  videoId = (await admin.post('/api/v1/videos', { name: 'Corpus', title_id: titleId, type: 'video', src: '/storage/videos/demo.mp4', category: 'full', quality: 'hd', language: 'en' })).body.video.id;
});

describe('malicious upload corpus', () => {
  it('has at least 50 files', () => {
    expect(uploadCorpus().length).toBeGreaterThanOrEqual(50);
  });

  for (const endpoint of endpoints()) {
    it(`${endpoint.name}: refuses or defuses every file, with no 5xx`, async () => {
      const before = process.memoryUsage().rss;
      const problems: string[] = [];
      let accepted = 0;
      for (const file of uploadCorpus()) {
        const { res, served } = await endpoint.send(file);
        if (res.status >= 500) problems.push(`${JSON.stringify(file.name)}: ${res.status} on upload`);
        if (res.status === 200) accepted++;
        for (const url of served) {
          expect(url, `stored under a name the server made (${JSON.stringify(file.name)})`).not.toContain(file.name.slice(0, 12));
          const back = await admin.get(url);
          if (back.status >= 500) problems.push(`${JSON.stringify(file.name)}: ${back.status} serving ${url}`);
          const why = activeContent(back);
          if (why) problems.push(`${JSON.stringify(file.name)} at ${url}: ${why}`);
        }
      }
      expect(problems).toEqual([]);
      // The bomb and the lying headers are refused on every image endpoint.
      if (endpoint.name !== 'files (chunked)' && endpoint.name !== 'captions' && endpoint.name !== 'settings certificate') expect(accepted).toBeLessThan(uploadCorpus().length / 2);
      expect(process.memoryUsage().rss - before).toBeLessThan(300 * 1024 * 1024);
      // Still answering.
      expect((await admin.get('/api/v1/auth/me')).status).toBe(200);
    }, 180_000);
  }
});
