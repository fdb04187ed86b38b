/**
 * Uploads section (`BENCH_ONLY=uploads npm run bench`): the malicious-upload corpus (server/test/upload-corpus-files.ts)
 * sent to every upload endpoint of the real server in its own process, each accepted file fetched back from where it is
 * served. Prints files, endpoints, 5xx, crashes, active content served, and the server's memory.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { login, stopChild } from './harness.ts';
import { uploadCorpus, type CorpusFile } from '../../server/test/upload-corpus-files.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN = { email: 'uploads-bench@bench.local', password: 'uploads-bench-password' };
type Report = (figure: string, value: string, target: string, pass: boolean | null) => void;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const MEDIA = /^(image\/(png|jpeg|gif|webp|avif|x-icon)|audio\/|video\/)/;

/** Why a stored file's answer could act as a page of this site; null when it cannot. */
function activeContent(res: Response): string | null {
  if (res.status !== 200 && res.status !== 206) return null;
  const type = (res.headers.get('content-type') ?? '').toLowerCase();
  if (res.headers.get('x-content-type-options') !== 'nosniff') return 'no nosniff';
  if (!/(^|;|\s)sandbox(\s|;|$)/.test(res.headers.get('content-security-policy') ?? '')) return 'no CSP sandbox';
  if (!MEDIA.test(type) && !(res.headers.get('content-disposition') ?? '').toLowerCase().startsWith('attachment')) return `inline ${type}`;
  return /html|xml|svg|javascript/.test(type) ? `served as ${type}` : null;
}

export async function uploadsBench(report: Report, section: (title: string) => void): Promise<void> {
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = fork(path.join(ROOT, 'server/src/main.ts'), [], {
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', STORAGE_PATH: storage, DATABASE_URL: path.join(storage, 'db.sqlite'),
      APP_URL: base, LOG_LEVEL: 'silent', SEED_DEMO: '0', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let crashes = 0;
  child.on('exit', (code, signal) => { if (code !== 0 || signal) crashes++; });
  try {
    for (let i = 0; ; i++) {
      if (await fetch(`${base}/api/v1/auth/me`).then((r) => r.ok, () => false)) break;
      if (i > 150) throw new Error('uploads bench: server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const headers = await login(base, ADMIN);
    const json = async (method: string, url: string, body?: unknown) =>
      (await fetch(`${base}${url}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) })).json() as Promise<any>;
    const me = (await (await fetch(`${base}/api/v1/auth/me`, { headers })).json()).user;
    const titleId = (await json('POST', '/api/v1/titles', { name: 'Corpus', is_series: false })).title.id;
    const videoId = (await json('POST', '/api/v1/videos', { name: 'Corpus', title_id: titleId, type: 'video', src: '/storage/videos/demo.mp4', category: 'full', quality: 'hd', language: 'en' })).video.id;
    await json('POST', '/api/v1/settings', { client: { 'client.uploads.blocked_extensions': [], 'client.uploads.chunk_size': 256 * 1024 } });

    const form = (fields: Record<string, string>, f: CorpusFile, field = 'file') => {
      const fd = new FormData();
      for (const [k, v] of Object.entries(fields)) fd.append(k, v);
      fd.append(field, new Blob([new Uint8Array(f.bytes)], { type: f.mime }), f.name);
      return fd;
    };
    const postForm = async (url: string, fields: Record<string, string>, f: CorpusFile, field?: string) => {
      const res = await fetch(`${base}${url}`, { method: 'POST', headers, body: form(fields, f, field) });
      return { status: res.status, body: await res.json().catch(() => ({})) as any };
    };
    const chunked = async (f: CorpusFile) => {
      const init = await fetch(`${base}/api/v1/uploads`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ fingerprint: crypto.randomUUID(), name: f.name, size: f.bytes.length, mime: f.mime }) });
      const up = await init.json().catch(() => ({})) as any;
      if (init.status !== 200) return { status: init.status, body: up };
      const { id, chunk_size } = up.upload;
      for (let i = 0; i * chunk_size < f.bytes.length; i++) {
        const r = await fetch(`${base}/api/v1/uploads/${id}/chunks/${i}`, { method: 'PUT', headers: { ...headers, 'content-type': 'application/octet-stream' }, body: new Uint8Array(f.bytes.subarray(i * chunk_size, (i + 1) * chunk_size)) });
        await r.arrayBuffer();
        if (r.status !== 200) return { status: r.status, body: {} };
      }
      const done = await fetch(`${base}/api/v1/uploads/${id}/complete`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
      return { status: done.status, body: await done.json().catch(() => ({})) as any };
    };
    const endpoints: { name: string; send(f: CorpusFile): Promise<{ status: number; urls: string[] }> }[] = [
      { name: 'account avatar', send: async (f) => { const r = await postForm('/api/v1/account/avatar', {}, f); return { status: r.status, urls: [r.body?.user?.avatar] }; } },
      { name: 'users avatar', send: async (f) => { const r = await postForm(`/api/v1/users/${me.id}/avatar`, {}, f); return { status: r.status, urls: [r.body?.user?.avatar] }; } },
      { name: 'branding logo', send: async (f) => { const r = await postForm('/api/v1/admin/appearance/images/logo_light', {}, f); return { status: r.status, urls: [r.body?.url] }; } },
      { name: 'branding favicon', send: async (f) => { const r = await postForm('/api/v1/admin/appearance/images/favicon', {}, f); return { status: r.status, urls: [r.body?.url] }; } },
      { name: 'page media', send: async (f) => { const r = await postForm('/api/v1/custom-pages/media', {}, f); return { status: r.status, urls: [r.body?.url] }; } },
      { name: 'catalogue image', send: async (f) => { const r = await postForm('/api/v1/images', { titleId: String(titleId) }, f); return { status: r.status, urls: [r.body?.image?.url] }; } },
      { name: 'person poster', send: async (f) => { const r = await postForm('/api/v1/people/poster', {}, f); return { status: r.status, urls: [r.body?.url] }; } },
      { name: 'captions', send: async (f) => { const r = await postForm(`/api/v1/videos/${videoId}/captions`, { name: 'Corpus', language: 'en' }, f); return { status: r.status, urls: [r.body?.caption?.url] }; } },
      { name: 'settings certificate', send: async (f) => { const r = await postForm('/api/v1/settings', { server: JSON.stringify({ 'server.analytics_property_id': '1' }) }, f, 'files[certificate]'); return { status: r.status, urls: [] }; } },
      { name: 'files (chunked)', send: async (f) => { const r = await chunked(f); const e = r.body?.fileEntry; return { status: r.status, urls: e ? [e.url, e.thumbnail] : [] }; } },
    ];

    const corpus = uploadCorpus();
    section(`Malicious uploads (${corpus.length} files × ${endpoints.length} endpoints, real server)`);
    const rssBefore = rssOf(child.pid!);
    let peak = rssBefore;
    let fivexx = 0;
    let active = 0;
    let accepted = 0;
    let requests = 0;
    for (const endpoint of endpoints) {
      for (const f of corpus) {
        if (child.exitCode !== null) break;
        const r = await endpoint.send(f).catch(() => ({ status: 0, urls: [] as string[] }));
        requests++;
        if (r.status >= 500 || r.status === 0) fivexx++;
        if (r.status === 200) accepted++;
        for (const url of r.urls.filter(Boolean)) {
          const back = await fetch(`${base}${url}`, { headers });
          await back.arrayBuffer();
          requests++;
          if (back.status >= 500) fivexx++;
          const why = activeContent(back);
          if (why) {
            active++;
            console.log(`        active content: ${endpoint.name} ${JSON.stringify(f.name)} at ${url}: ${why}`);
          }
        }
        if (child.exitCode === null) peak = Math.max(peak, rssOf(child.pid!));
      }
    }
    console.log(`  files ${corpus.length}, endpoints ${endpoints.length}, requests ${requests}, accepted ${accepted}`);
    report('   files × endpoints', `${corpus.length} × ${endpoints.length}`, '>= 50 files', corpus.length >= 50);
    report('   5xx answers', String(fivexx), '0', fivexx === 0);
    report('   crashes (server exits)', String(crashes), '0', crashes === 0);
    report('   active content served', String(active), '0', active === 0);
    report('   server memory growth (peak RSS - start)', `${((peak - rssBefore) / 1024 / 1024).toFixed(0)} MB`, '< 300 MB', peak - rssBefore < 300 * 1024 * 1024);
  } finally {
    await stopChild(child);
    fs.rmSync(storage, { recursive: true, force: true });
  }
}
