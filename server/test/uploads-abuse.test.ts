import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '@app/contracts';
import { nowIso } from '../src/db/index.ts';
import { sweepOrphanChunks } from '../src/modules/files/uploads.ts';
import { asAdmin, asUser, createTestApp, type Client } from './helper.ts';
import { pngOf } from './upload-corpus-files.ts';

const t = await createTestApp();
let port: number;
let admin: Client;
let user: Awaited<ReturnType<typeof asUser>>;

/** Chunk files (final or partial) left on disk under the upload area. */
function chunkFiles(): string[] {
  const dir = path.join(t.storage, 'upload-chunks');
  // The server may remove a folder while it is listed or looked at: gone is not a file left behind.
  for (;;) {
    if (!fs.existsSync(dir)) return [];
    try {
      return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f), { throwIfNoEntry: false })?.isFile());
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}

const cookieHeader = (c: Client) => ({ cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '), [CSRF_HEADER]: c.cookies.get(CSRF_COOKIE)! });

/** A real socket: sends `parts` as the body, then either ends or drops the connection. Resolves with the status, or null when dropped. */
function rawPut(c: Client, url: string, opts: { parts: Buffer[]; contentLength?: number; drop?: boolean }): Promise<number | null> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { ...cookieHeader(c), 'content-type': 'application/octet-stream' };
    if (opts.contentLength !== undefined) headers['content-length'] = opts.contentLength;
    else headers['transfer-encoding'] = 'chunked';
    const req = http.request({ host: '127.0.0.1', port, method: 'PUT', path: url, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(res.statusCode ?? 0));
    });
    // The server may answer and close while we are still writing: that is the point.
    req.on('error', () => resolve(null));
    (async () => {
      for (const p of opts.parts) {
        if (req.destroyed) return;
        if (!req.write(p)) await new Promise((r) => req.once('drain', r));
      }
      if (opts.drop) {
        await new Promise((r) => setTimeout(r, 20));
        req.destroy();
        resolve(null);
      } else req.end();
    })().catch(() => resolve(null));
  });
}

async function startUpload(c: Client, size: number, extra: Record<string, unknown> = {}) {
  return c.post('/api/v1/uploads', { fingerprint: `fp-${crypto.randomBytes(8).toString('hex')}`, name: 'big.bin', size, ...extra });
}

async function waitFor(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  return check();
}

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  admin = await asAdmin(t);
  user = await asUser(t, { permissions: ['files.create'] });
  await t.ctx.settings.set({ 'client.uploads.chunk_size': 64 * 1024, 'client.uploads.max_size': null, 'client.uploads.blocked_extensions': [] });
});

describe('chunk uploads over a real socket', () => {
  it('refuses a chunked body longer than the chunk, removes the bytes and stays up (10 times)', async () => {
    for (let i = 0; i < 10; i++) {
      const { id } = (await startUpload(user, 200 * 1024)).body.upload;
      const status = await rawPut(user, `/api/v1/uploads/${id}/chunks/0`, { parts: Array.from({ length: 40 }, () => crypto.randomBytes(16 * 1024)) });
      // Either our 422/413, or the server closed the socket on us after answering.
      if (status !== null) expect([413, 422]).toContain(status);
      expect(await waitFor(() => chunkFiles().length === 0)).toBe(true);
      expect((await user.get(`/api/v1/uploads/${id}`)).body.upload.uploaded_chunks).toEqual([]);
    }
  });

  it('survives clients dropping the connection mid-chunk, with Content-Length and chunked, and leaves no partial file', async () => {
    for (let i = 0; i < 10; i++) {
      const { id } = (await startUpload(user, 200 * 1024)).body.upload;
      const chunked = i % 2 === 0;
      await rawPut(user, `/api/v1/uploads/${id}/chunks/0`, { parts: [crypto.randomBytes(20 * 1024)], contentLength: chunked ? undefined : 64 * 1024, drop: true });
      expect(await waitFor(() => chunkFiles().length === 0)).toBe(true);
    }
    // Still serving, and a proper chunk still goes through.
    const { id } = (await startUpload(user, 200 * 1024)).body.upload;
    expect(await rawPut(user, `/api/v1/uploads/${id}/chunks/0`, { parts: [crypto.randomBytes(64 * 1024)], contentLength: 64 * 1024 })).toBe(200);
    expect((await user.get(`/api/v1/uploads/${id}`)).body.upload.uploaded_chunks).toEqual([0]);
  });

  it('sweeps chunks of uploads nobody finished within a day', async () => {
    const { id } = (await startUpload(user, 200 * 1024)).body.upload;
    expect(await rawPut(user, `/api/v1/uploads/${id}/chunks/0`, { parts: [crypto.randomBytes(64 * 1024)], contentLength: 64 * 1024 })).toBe(200);
    const mine = () => chunkFiles().filter((f) => f.startsWith(id));
    expect(mine().length).toBe(1);
    await t.ctx.db.updateTable('upload_sessions').set({ updated_at: new Date(Date.now() - 25 * 3600_000).toISOString() }).where('id', '=', id).execute();
    await startUpload(user, 10);
    expect(mine().length).toBe(0);
    expect(await t.ctx.db.selectFrom('upload_sessions').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('sweeps half-written parts a crash left behind, once they are a day old', async () => {
    const dir = path.join(t.storage, 'upload-chunks', 'crashed-upload');
    fs.mkdirSync(dir, { recursive: true });
    const old = path.join(dir, '0-abc.1234.partial');
    const young = path.join(dir, '1-abc.5678.partial');
    fs.writeFileSync(old, crypto.randomBytes(1000));
    fs.writeFileSync(young, crypto.randomBytes(1000));
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    fs.utimesSync(old, dayAgo, dayAgo);
    await sweepOrphanChunks(t.ctx);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(young)).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('quota and folders', () => {
  it('holds users to 1 GB by default and lets admins store more', async () => {
    const res = await startUpload(user, 2 * 1024 ** 3);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('You have exhausted your allowed space of 1 GB. Delete some files or upgrade your plan.');
    expect((await startUpload(admin, 2 * 1024 ** 3)).status).toBe(200);
  });

  it("answers 403 for an upload into another user's folder", async () => {
    const now = nowIso();
    const folder = (owner: number) => t.ctx.db.insertInto('file_entries').values({
      name: 'Folder', file_name: `folder-${crypto.randomUUID()}`, mime: 'folder', type: 'folder', extension: null, file_size: 0, hash: crypto.randomBytes(20).toString('hex'),
      content_hash: '', user_id: owner, public: false, disk: 'local', thumbnail: null, parent_id: null, created_at: now, updated_at: now,
    } as never).returning('id').executeTakeFirstOrThrow();
    const other = await asUser(t, { permissions: ['files.create'] });
    const theirs = await folder(other.user.id);
    const mine = await folder(user.user.id);
    const denied = await startUpload(user, 10, { parent_id: theirs.id });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('You are not allowed to upload into this folder.');
    expect((await startUpload(user, 10, { parent_id: mine.id })).status).toBe(200);
    expect((await startUpload(user, 10, { parent_id: 999999 })).status).toBe(422);
  });
});

describe('image bombs', () => {
  it('refuses a 20000×20000 PNG on every avatar, 8 at once, without a memory jump', async () => {
    const bomb = pngOf(20000, 20000);
    const boundary = `----b${crypto.randomBytes(6).toString('hex')}`;
    const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bomb.png"\r\nContent-Type: image/png\r\n\r\n`), bomb, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const before = process.memoryUsage().rss;
    const answers = await Promise.all(Array.from({ length: 8 }, () => user.request('POST', '/api/v1/account/avatar', body, { 'content-type': `multipart/form-data; boundary=${boundary}` })));
    for (const a of answers) {
      expect(a.status).toBe(422);
      expect(a.body.message).toBe('The image dimensions are too large.');
    }
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    expect(fs.existsSync(path.join(t.storage, 'public', 'avatars')) ? fs.readdirSync(path.join(t.storage, 'public', 'avatars')) : []).toEqual([]);
  });
});
