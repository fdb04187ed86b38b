import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import IORedis from 'ioredis';
import sharp from 'sharp';
import type { FileEntry } from '@app/contracts';
import * as fileDisk from '../src/db/migrations/0015_file_disk.ts';
import { Client, asAdmin, createTestApp } from './helper.ts';
import { freePort, startRedis, type Service } from './drivers/services.ts';
import { startS3Server } from './drivers/servers/s3.ts';
import { startHttp } from './drivers/servers/http.ts';
import { startMeilisearch } from './drivers/servers/search.ts';

/*
 * Issue 4's backends through the app: a save through POST settings (credentials tried first) switches
 * the backend the next request uses.
 */
const t = await createTestApp();
let admin: Client;
let s3: Awaited<ReturnType<typeof startS3Server>>;

const s3Settings = () => ({ 'server.storage_s3_key': 'AKIDS3', 'server.storage_s3_secret': 'secret', 'server.storage_s3_region': 'us-east-1', 'server.storage_s3_bucket': 'site', 'server.storage_s3_endpoint': s3.endpoint });
const saveServer = (server: Record<string, unknown>) => admin.post('/api/v1/settings', { server });
const OCTET = { 'content-type': 'application/octet-stream' };

async function uploadFile(name: string, bytes: Buffer) {
  const init = await admin.post('/api/v1/uploads', { fingerprint: `fp-${crypto.randomBytes(8).toString('hex')}`, name, size: bytes.length });
  expect(init.status).toBe(200);
  const { id } = init.body.upload;
  expect((await admin.request('PUT', `/api/v1/uploads/${id}/chunks/0`, bytes, OCTET)).status).toBe(200);
  const done = await admin.post(`/api/v1/uploads/${id}/complete`);
  expect(done.status).toBe(200);
  return done.body.fileEntry as { id: number; hash: string };
}

const s3Objects = () => [...s3.store.get('site')!.entries()];
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  admin = await asAdmin(t);
  s3 = await startS3Server('AKIDS3', ['site']);
});
afterAll(() => s3.close());

describe('storage disks switched by POST settings', () => {
  it('private uploads go to S3 once the uploads disk is switched, and back to the local disk', async () => {
    const local = await uploadFile('before.txt', Buffer.from('on the local disk'));
    const res = await saveServer({ uploads_disk_driver: 's3', ...Object.fromEntries(Object.entries(s3Settings()).map(([k, v]) => [k.slice('server.'.length), v])) });
    expect(res.status, res.text).toBe(200);
    const bytes = Buffer.from(crypto.randomBytes(2000).toString('hex'));
    const remote = await uploadFile('after.bin', bytes);
    const stored = s3Objects().filter(([, o]) => o.body.equals(bytes));
    expect(stored).toHaveLength(1);
    // Nothing of it on the local disk, and it downloads through the API from S3.
    expect(s3Objects().some(([k]) => k.startsWith('public/'))).toBe(false);
    const dl = await admin.get(`/api/v1/file-entries/download/${remote.hash}`);
    expect(dl.status).toBe(200);
    expect(dl.text).toBe(bytes.toString());
    // The file is not on the local disk.
    expect(fs.readdirSync(t.storage, { recursive: true }).some((f) => String(f).endsWith('.partial') || fs.statSync(path.join(t.storage, String(f))).size === 4000)).toBe(false);

    expect((await saveServer({ uploads_disk_driver: 'local' })).status).toBe(200);
    const back = await uploadFile('back.txt', Buffer.from('local again'));
    expect(s3Objects().some(([, o]) => o.body.toString() === 'local again')).toBe(false);
    expect((await admin.get(`/api/v1/file-entries/download/${back.hash}`)).text).toBe('local again');
    expect((await admin.get(`/api/v1/file-entries/download/${local.hash}`)).text).toBe('on the local disk');
  });

  it('files remember their driver: both download, thumbnails too, and deleting removes the bytes from each place', async () => {
    const image = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } }).png().toBuffer();
    const local = await uploadFile('local.png', await image()) as unknown as FileEntry;
    expect(local.disk).toBe('local');
    const localFiles = [local.file_name, (await t.ctx.db.selectFrom('file_entries').select('thumbnail').where('id', '=', local.id).executeTakeFirstOrThrow()).thumbnail!];
    for (const f of localFiles) expect(fs.existsSync(path.join(t.storage, f))).toBe(true);

    expect((await saveServer({ uploads_disk_driver: 's3', ...Object.fromEntries(Object.entries(s3Settings()).map(([k, v]) => [k.slice('server.'.length), v])) })).status).toBe(200);
    const remote = await uploadFile('remote.png', await image()) as unknown as FileEntry;
    expect(remote.disk).toBe('s3');
    const remoteKeys = s3Objects().map(([k]) => k).filter((k) => k.includes(remote.file_name.replace(/\.png$/, '').split('/').pop()!));
    expect(remoteKeys).toHaveLength(2);

    // With S3 selected, the older local file still downloads, previews and shows its thumbnail from the local disk.
    for (const f of [local, remote]) {
      const dl = await admin.get(`/api/v1/file-entries/download/${f.hash}?download=1`);
      expect(dl.status, f.disk).toBe(200);
      expect(dl.headers['content-type']).toBe('image/png');
      expect((await admin.request('GET', `/api/v1/file-entries/download/${f.hash}`, undefined, { range: 'bytes=0-3' })).status).toBe(206);
      const thumb = await admin.get(`/api/v1/file-entries/download/${f.hash}?thumbnail=1`);
      expect(thumb.status, f.disk).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
    }

    expect((await admin.delete(`/api/v1/file-entries/${local.id},${remote.id}`)).body.deleted).toBe(2);
    for (const f of localFiles) expect(fs.existsSync(path.join(t.storage, f))).toBe(false);
    expect(s3Objects().filter(([k]) => remoteKeys.includes(k))).toHaveLength(0);
    expect((await saveServer({ uploads_disk_driver: 'local' })).status).toBe(200);
  });

  it('0015_file_disk names the uploads driver selected at migration time on older rows', async () => {
    const now = new Date().toISOString();
    const row = await t.ctx.db.insertInto('file_entries').values({
      name: 'old.txt', file_name: 'file-entries/old.txt', mime: 'text/plain', type: 'text', extension: 'txt', file_size: 1,
      hash: crypto.randomBytes(20).toString('hex'), content_hash: 'x', user_id: null, public: false, disk: 'uploads', thumbnail: null, parent_id: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await t.ctx.settings.set({ 'server.uploads_disk_driver': 's3', ...s3Settings() });
    await fileDisk.up(t.ctx.db as never);
    await t.ctx.settings.set({ 'server.uploads_disk_driver': 'local' });
    expect((await t.ctx.db.selectFrom('file_entries').select('disk').where('id', '=', row.id).executeTakeFirstOrThrow()).disk).toBe('s3');
    await t.ctx.db.deleteFrom('file_entries').where('id', '=', row.id).execute();
  });

  it('serves /storage/* from the public disk, with byte ranges, on the local disk and on S3', async () => {
    const video = crypto.randomBytes(10_000);
    await t.ctx.storage.put('public/media/clip.mp4', video);
    const whole = await get('/storage/media/clip.mp4');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(video)).toBe(true);
    const part = await get('/storage/media/clip.mp4', { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/10000');
    expect(part.rawPayload.equals(video.subarray(100, 200))).toBe(true);
    expect((await get('/storage/media/clip.mp4', { range: 'bytes=20000-' })).statusCode).toBe(416);
    expect((await get('/storage/media/none.mp4')).statusCode).toBe(404);

    expect((await saveServer({ public_disk_driver: 's3', ...Object.fromEntries(Object.entries(s3Settings()).map(([k, v]) => [k.slice('server.'.length), v])) })).status).toBe(200);
    // Files written before the switch keep showing from the local disk; the next public write lands in the bucket.
    expect((await get('/storage/media/clip.mp4')).rawPayload.equals(video)).toBe(true);
    await t.ctx.storage.put('public/media/clip.mp4', video);
    expect(s3.store.get('site')!.get('public/media/clip.mp4')!.body.equals(video)).toBe(true);
    const tail = await get('/storage/media/clip.mp4', { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(video.subarray(9990))).toBe(true);
    // Private uploads keep their own (local) disk.
    expect((await t.ctx.storage.uploads.current()) === (await t.ctx.storage.public.current())).toBe(false);
    expect((await saveServer({ public_disk_driver: 'local' })).status).toBe(200);
    expect((await get('/storage/media/clip.mp4')).rawPayload.equals(video)).toBe(true);
  });

  it('updates the bucket CORS file for the S3 disk in use', async () => {
    expect((await admin.post('/api/v1/s3/cors/upload')).status).toBe(422);
    await t.ctx.settings.set({ 'server.uploads_disk_driver': 's3', ...s3Settings() });
    const res = await admin.post('/api/v1/s3/cors/upload');
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('CORS file updated');
    expect(s3.cors.get('site')).toContain('<AllowedOrigin>http://localhost:8000</AllowedOrigin>');
    await t.ctx.settings.set({ 'server.uploads_disk_driver': 'local' });
  });
});

describe('credentials tried before a save', () => {
  const stored = (key: string) => t.ctx.settings.get(key as never);

  it('refuses S3 credentials the bucket does not accept, under the S3 section, saving nothing', async () => {
    const fields = Object.fromEntries(Object.entries(s3Settings()).map(([k, v]) => [k.slice('server.'.length), v]));
    const res = await saveServer({ uploads_disk_driver: 's3', ...fields, storage_s3_key: 'WRONG', storage_s3_bucket: 'other' });
    expect(res.status).toBe(422);
    expect(res.body.errors.s3_group[0]).toContain('Access to the bucket "other" was refused');
    expect(await stored('server.uploads_disk_driver')).toBe('local');
    expect(await stored('server.storage_s3_bucket')).not.toBe('other');
    const missing = await saveServer({ uploads_disk_driver: 's3', ...fields, storage_s3_bucket: 'nope' });
    expect(missing.body.errors.s3_group[0]).toContain('does not exist');
  });

  it('refuses a storage method the server has no client for', async () => {
    const res = await saveServer({ uploads_disk_driver: 'rackspace' });
    expect(res.status).toBe(422);
    expect(res.body.errors.storage_group[0]).toContain('Rackspace storage is not supported');
    expect(await stored('server.uploads_disk_driver')).toBe('local');
  });

  describe('SMTP', () => {
    let server: SMTPServer;
    let port = 0;
    beforeAll(async () => {
      server = new SMTPServer({
        authOptional: false, allowInsecureAuth: true, disabledCommands: ['STARTTLS'], logger: false,
        onAuth(auth, _s, cb) { return auth.username === 'mailer' && auth.password === 'secret' ? cb(null, { user: 'mailer' }) : cb(new Error('Invalid username or password')); },
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const smtp = (over: Record<string, unknown> = {}) => ({ mail_driver: 'smtp', mail_host: '127.0.0.1', mail_port: port, mail_username: 'mailer', mail_password: 'secret', mail_encryption: 'none', ...over });

    it('refuses a wrong password and a closed port under mail_group, then saves working credentials', async () => {
      const wrong = await saveServer(smtp({ mail_password: 'bad' }));
      expect(wrong.status).toBe(422);
      expect(Object.keys(wrong.body.errors)).toEqual(['mail_group']);
      expect(wrong.body.errors.mail_group[0]).toMatch(/SMTP|auth|Invalid/i);
      const closed = await saveServer(smtp({ mail_port: await freePort() }));
      expect(closed.status).toBe(422);
      expect(closed.body.errors.mail_group).toHaveLength(1);
      expect(await stored('server.mail_driver')).toBe('log');
      expect(await stored('server.mail_host')).toBe('');

      const ok = await saveServer(smtp());
      expect(ok.status, ok.text).toBe(200);
      expect(await stored('server.mail_driver')).toBe('smtp');
      expect((await saveServer({ mail_driver: 'log' })).status).toBe(200);
    });
  });

  describe('Redis', () => {
    let redis: Service | null = null;
    beforeAll(async () => { redis = await startRedis(); });
    afterAll(async () => {
      await t.ctx.settings.set({ 'server.cache_driver': 'file', 'server.queue_driver': 'sync' });
      await redis?.stop();
    });

    it('refuses a Redis server that does not answer under cache_group and queue_group, then saves a working one', async (c) => {
      const closed = await saveServer({ cache_driver: 'redis', redis_host: '127.0.0.1', redis_port: await freePort() });
      expect(closed.status).toBe(422);
      expect(closed.body.errors.cache_group[0]).toMatch(/Redis/);
      expect(await stored('server.cache_driver')).toBe('file');
      if (!redis) return c.skip();
      const ok = await saveServer({ cache_driver: 'redis', redis_host: '127.0.0.1', redis_port: redis.port });
      expect(ok.status, ok.text).toBe(200);
      expect(await stored('server.cache_driver')).toBe('redis');
    });

    it('cache/flush empties the Redis cache, then the array cache', async (c) => {
      if (!redis) return c.skip();
      await t.ctx.settings.set({ 'server.cache_driver': 'redis', 'server.redis_host': '127.0.0.1', 'server.redis_port': redis.port });
      await t.ctx.cache.set('greeting', 'hello');
      const client = new IORedis({ host: '127.0.0.1', port: redis.port, lazyConnect: true });
      await client.connect();
      try {
        expect(await client.dbsize()).toBeGreaterThan(0);
        const res = await admin.post('/api/v1/cache/flush');
        expect(res.body).toEqual({ message: 'Cache cleared' });
        expect(await t.ctx.cache.get('greeting')).toBeUndefined();
        expect(await client.dbsize()).toBe(0);
      } finally {
        client.disconnect();
      }
      expect((await saveServer({ cache_driver: 'array' })).status).toBe(200);
      await t.ctx.cache.set('greeting', 'hello');
      expect(await t.ctx.cache.get('greeting')).toBe('hello');
      expect((await admin.post('/api/v1/cache/flush')).status).toBe(200);
      expect(await t.ctx.cache.get('greeting')).toBeUndefined();
    });
  });

  it('refuses a Mailgun key under the Mailgun section, and an unreachable search engine under search_group', async () => {
    const api = await startHttp((r) => {
      if (r.headers.authorization !== `Basic ${Buffer.from('api:key-123').toString('base64')}`) return { status: 401, body: 'Forbidden' };
      if (r.method === 'GET' && r.path === '/v3/domains/mg.example.com') return { json: { domain: { name: 'mg.example.com', state: 'active' } } };
      return { status: 404, json: { message: 'Domain not found' } };
    });
    try {
      const mailgun = { mail_driver: 'mailgun', mailgun_domain: 'mg.example.com', mailgun_endpoint: api.url };
      const bad = await saveServer({ ...mailgun, mailgun_secret: 'key-bad' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ mailgun_group: ['Mailgun refused the domain or key (401)'] });
      expect(await stored('server.mail_driver')).toBe('log');
      expect((await saveServer({ ...mailgun, mailgun_secret: 'key-123' })).status).toBe(200);
      expect((await saveServer({ mail_driver: 'log' })).status).toBe(200);
    } finally {
      await api.close();
    }

    const meili = await startMeilisearch('master-key');
    try {
      const closed = await saveServer({ scout_driver: 'meilisearch', meilisearch_host: 'http://127.0.0.1:1', meilisearch_key: 'master-key' });
      expect(closed.status).toBe(422);
      expect(closed.body.errors.search_group[0]).toMatch(/Could not reach Meilisearch/);
      expect(await stored('server.scout_driver')).toBe('mysql');
      expect((await saveServer({ scout_driver: 'meilisearch', meilisearch_host: meili.url, meilisearch_key: 'master-key' })).status).toBe(200);
      expect((await saveServer({ scout_driver: 'mysql' })).status).toBe(200);
    } finally {
      await meili.close();
    }
  });
});
