import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropboxRefreshToken } from '../../src/drivers/storage/dropbox.ts';
import { checkStorage, SwitchingDisk } from '../../src/drivers/storage/manager.ts';
import { putBucketCors, s3Endpoint } from '../../src/drivers/storage/s3.ts';
import type { Storage } from '../../src/drivers/storage/storage.ts';
import { API_ENDPOINTS } from '../../src/drivers/switch.ts';
import { createTestApp, guest } from '../helper.ts';
import { startVsftpd, type Service } from './services.ts';
import { startDropboxServer } from './servers/dropbox.ts';
import { startS3Server } from './servers/s3.ts';

const t = await createTestApp();
const saved = { ...API_ENDPOINTS };
afterAll(() => { Object.assign(API_ENDPOINTS, saved); });

/** Stands in for the app's local disk so a test can see which disk a call reached. */
function memoryDisk(): Storage & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  return {
    files,
    async put(key, body) { files.set(key, Buffer.isBuffer(body) ? body : Buffer.concat(await (body as Readable).toArray())); },
    read(key) { return Readable.from([files.get(key)!]); },
    async stat(key) { return files.has(key) ? { size: files.get(key)!.length, lastModified: null } : null; },
    async exists(key) { return files.has(key); },
    async delete(key) { files.delete(key); },
    async deleteMany(keys) { for (const k of keys) files.delete(k); },
    async *list(prefix) { for (const k of files.keys()) if (k.startsWith(prefix)) yield k; },
  };
}

const text = async (r: Readable) => Buffer.concat(await r.toArray()).toString();

/** The storage rules every driver keeps, run against a disk. */
async function contract(disk: Storage) {
  await disk.put('folder/a.txt', Buffer.from('hello world'));
  await disk.put('folder/sub/b.txt', Readable.from([Buffer.from('streamed '), Buffer.from('body')]));
  await disk.put('other/c.txt', Buffer.from('c'));
  expect(await text(disk.read('folder/a.txt'))).toBe('hello world');
  expect(await text(disk.read('folder/a.txt', { start: 6 }))).toBe('world');
  expect(await text(disk.read('folder/a.txt', { start: 0, end: 4 }))).toBe('hello');
  expect(await text(disk.read('folder/sub/b.txt'))).toBe('streamed body');
  expect(await disk.stat('folder/a.txt')).toMatchObject({ size: 11 });
  expect(await disk.stat('folder/missing.txt')).toBeNull();
  expect(await disk.exists('folder/a.txt')).toBe(true);
  const listed: string[] = [];
  for await (const k of disk.list('folder/')) listed.push(k);
  expect(listed.sort()).toEqual(['folder/a.txt', 'folder/sub/b.txt']);
  await expect(text(disk.read('folder/missing.txt'))).rejects.toThrow();
  // A body that fails half-way leaves nothing under the key.
  const failing = new PassThrough();
  failing.on('error', () => {});
  const put = disk.put('folder/broken.txt', failing);
  failing.write(Buffer.from('partial'));
  setTimeout(() => failing.destroy(new Error('client went away')), 20);
  await expect(put).rejects.toThrow();
  expect(await disk.exists('folder/broken.txt')).toBe(false);
  await disk.delete('folder/a.txt');
  await disk.delete('folder/a.txt');
  expect(await disk.exists('folder/a.txt')).toBe(false);
  await disk.deleteMany(['folder/sub/b.txt', 'other/c.txt', 'never/was.txt']);
  expect(await disk.exists('other/c.txt')).toBe(false);
  await expect((async () => text(disk.read('../escape')))()).rejects.toThrow('Invalid storage key');
}

describe('S3 and S3-compatible disks', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  const values = () => ({ 'server.storage_s3_key': 'AKIDS3', 'server.storage_s3_secret': 'secret', 'server.storage_s3_region': 'us-east-1', 'server.storage_s3_bucket': 'uploads', 'server.storage_s3_endpoint': s3.endpoint });
  beforeAll(async () => { s3 = await startS3Server('AKIDS3', ['uploads', 'public']); });
  afterAll(() => s3.close());

  it('private uploads move from the local disk to S3 at the next call once the setting is saved', async () => {
    const local = memoryDisk();
    const disk = new SwitchingDisk(t.ctx.settings, 'uploads', local);
    await disk.put('before.txt', Buffer.from('local'));
    expect(local.files.has('before.txt')).toBe(true);
    await t.ctx.settings.set({ 'server.uploads_disk_driver': 's3', ...values() });
    await disk.put('after.txt', Buffer.from('remote'));
    expect(local.files.has('after.txt')).toBe(false);
    expect(s3.store.get('uploads')!.get('after.txt')!.body.toString()).toBe('remote');
    await contract(disk);
    // The public disk has its own setting and is still local.
    const pub = new SwitchingDisk(t.ctx.settings, 'public', local);
    await pub.put('avatar.png', Buffer.from('png'));
    expect(local.files.has('avatar.png')).toBe(true);
    await disk.close();
  });

  it('streams a large body as a multipart upload and reads ranges of it', async () => {
    const disk = new SwitchingDisk(t.ctx.settings, 'uploads', memoryDisk());
    const big = crypto.randomBytes(9 * 1024 * 1024);
    await disk.put('big.bin', Readable.from((function* () { for (let i = 0; i < big.length; i += 1 << 20) yield big.subarray(i, i + (1 << 20)); })()));
    expect(s3.calls).toContain('POST object?uploads');
    expect(s3.store.get('uploads')!.get('big.bin')!.body.equals(big)).toBe(true);
    const part = Buffer.concat(await disk.read('big.bin', { start: 8 * 1024 * 1024, end: 8 * 1024 * 1024 + 9 }).toArray());
    expect(part.equals(big.subarray(8 * 1024 * 1024, 8 * 1024 * 1024 + 10))).toBe(true);
    await disk.delete('big.bin');
    await disk.close();
  });

  it('checks the bucket and credentials, and updates the bucket CORS file', async () => {
    expect(await checkStorage({ 'server.uploads_disk_driver': 's3', 'server.public_disk_driver': 'local', ...values() })).toBeNull();
    expect(await checkStorage({ 'server.uploads_disk_driver': 's3', 'server.public_disk_driver': 'local', ...values(), 'server.storage_s3_bucket': 'nope' })).toBe('The bucket "nope" does not exist');
    expect(await checkStorage({ 'server.uploads_disk_driver': 's3', 'server.public_disk_driver': 'local', ...values(), 'server.storage_s3_key': 'WRONG' })).toBe('Access to the bucket "uploads" was refused with these credentials');
    await putBucketCors({ key: 'AKIDS3', secret: 'secret', region: 'us-east-1', bucket: 'uploads', endpoint: s3.endpoint }, 'https://site.example');
    expect(s3.cors.get('uploads')).toContain('<AllowedOrigin>https://site.example</AllowedOrigin>');
  });

  it('public files stored on the local disk before the switch to S3 are still served at /storage/*, and deleting one removes it there', async () => {
    await t.ctx.settings.set({ 'server.public_disk_driver': 'local' });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await t.ctx.storage.put('public/person-posters/before.png', png);
    expect(fs.existsSync(path.join(t.storage, 'public/person-posters/before.png'))).toBe(true);
    try {
      await t.ctx.settings.set({ 'server.public_disk_driver': 's3', ...values() });
      const old = await t.app.inject({ url: '/storage/person-posters/before.png' });
      expect(old.statusCode).toBe(200);
      expect(old.headers['content-type']).toBe('image/png');
      expect(old.rawPayload.equals(png)).toBe(true);
      // New files go to S3 and are served from there.
      await t.ctx.storage.put('public/person-posters/after.png', png);
      expect(s3.store.get('uploads')!.has('public/person-posters/after.png')).toBe(true);
      expect((await guest(t).get('/storage/person-posters/after.png')).status).toBe(200);
      // A replaced or deleted image is gone wherever it was, not left reachable on the old disk.
      await t.ctx.storage.delete('public/person-posters/before.png');
      expect(fs.existsSync(path.join(t.storage, 'public/person-posters/before.png'))).toBe(false);
      expect((await guest(t).get('/storage/person-posters/before.png')).status).toBe(404);
      await t.ctx.storage.deleteMany(['public/person-posters/after.png']);
      expect((await guest(t).get('/storage/person-posters/after.png')).status).toBe(404);
    } finally {
      await t.ctx.settings.set({ 'server.public_disk_driver': 'local' });
    }
  });

  it('public files stored on S3 are still served after the public disk is switched back to local, and deleting one removes it there', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    try {
      await t.ctx.settings.set({ 'server.public_disk_driver': 's3', ...values() });
      await t.ctx.storage.put('public/person-posters/on-s3.png', png);
      expect(s3.store.get('uploads')!.has('public/person-posters/on-s3.png')).toBe(true);
      await t.ctx.settings.set({ 'server.public_disk_driver': 'local' });
      const old = await guest(t).get('/storage/person-posters/on-s3.png');
      expect(old.status).toBe(200);
      expect(old.headers['content-type']).toBe('image/png');
      // A file that is nowhere is still a 404, and asking again within the minute does not ask S3 again.
      expect((await guest(t).get('/storage/person-posters/never.png')).status).toBe(404);
      const asked = s3.calls.length;
      expect((await guest(t).get('/storage/person-posters/never.png')).status).toBe(404);
      expect(s3.calls.length).toBe(asked);
      await t.ctx.storage.delete('public/person-posters/on-s3.png');
      expect(s3.store.get('uploads')!.has('public/person-posters/on-s3.png')).toBe(false);
      expect((await guest(t).get('/storage/person-posters/on-s3.png')).status).toBe(404);
    } finally {
      await t.ctx.settings.set({ 'server.public_disk_driver': 'local' });
    }
  });

  it('names the DigitalOcean Spaces and Backblaze B2 endpoints from the region', () => {
    expect(s3Endpoint('digitalocean_s3', 'nyc3')).toBe('https://nyc3.digitaloceanspaces.com');
    expect(s3Endpoint('backblaze_s3', 'us-west-002')).toBe('https://s3.us-west-002.backblazeb2.com');
    expect(s3Endpoint('s3', 'us-east-1', '')).toBe('');
  });
});

describe('FTP disk (vsftpd)', () => {
  let ftp: Service | null = null;
  beforeAll(async () => { ftp = await startVsftpd(); });
  afterAll(async () => {
    await t.ctx.settings.set({ 'server.public_disk_driver': 'local' });
    await ftp?.stop();
  });
  const values = () => ({ 'server.storage_ftp_host': '127.0.0.1', 'server.storage_ftp_port': ftp!.port, 'server.storage_ftp_username': 'anonymous', 'server.storage_ftp_password': 'x', 'server.storage_ftp_root': '/upload', 'server.storage_ftp_passive': true, 'server.storage_ftp_ssl': false });

  it('the public disk writes to the FTP server at the next call once selected', async (c) => {
    if (!ftp) return c.skip();
    const local = memoryDisk();
    const disk = new SwitchingDisk(t.ctx.settings, 'public', local);
    await t.ctx.settings.set({ 'server.public_disk_driver': 'ftp', ...values() });
    await disk.put('logo.png', Buffer.from('png bytes'));
    expect(local.files.size).toBe(0);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(`${ftp.dir}/root/upload/logo.png`, 'utf8')).toBe('png bytes');
    await contract(disk);
    await disk.close();
  });

  it('checks the login', async (c) => {
    if (!ftp) return c.skip();
    expect(await checkStorage({ 'server.uploads_disk_driver': 'ftp', 'server.public_disk_driver': 'local', ...values() })).toBeNull();
    expect(await checkStorage({ 'server.uploads_disk_driver': 'ftp', 'server.public_disk_driver': 'local', ...values(), 'server.storage_ftp_port': 1 })).toMatch(/Could not connect to the FTP server 127.0.0.1:1/);
  });
});

describe('Dropbox disk', () => {
  let dbx: Awaited<ReturnType<typeof startDropboxServer>>;
  const app = { key: 'appkey', secret: 'appsecret', refreshToken: 'refresh-abc', code: 'code-123' };
  const values = { 'server.storage_dropbox_app_key': 'appkey', 'server.storage_dropbox_app_secret': 'appsecret', 'server.storage_dropbox_refresh_token': 'refresh-abc' };
  beforeAll(async () => {
    dbx = await startDropboxServer(app);
    API_ENDPOINTS.dropboxApi = dbx.url;
    API_ENDPOINTS.dropboxContent = dbx.url;
  });
  afterAll(async () => {
    await t.ctx.settings.set({ 'server.uploads_disk_driver': 'local' });
    await dbx.close();
  });

  it('private uploads go to Dropbox through an upload session once selected', async () => {
    await t.ctx.settings.set({ 'server.uploads_disk_driver': 'dropbox', ...values });
    const local = memoryDisk();
    const disk = new SwitchingDisk(t.ctx.settings, 'uploads', local);
    await disk.put('docs/report.pdf', Buffer.from('%PDF'));
    expect(local.files.size).toBe(0);
    expect(dbx.files.get('/docs/report.pdf')!.body.toString()).toBe('%PDF');
    expect(dbx.requests.map((r) => r.path).slice(0, 3)).toEqual(['/oauth2/token', '/2/files/upload_session/start', '/2/files/upload_session/finish']);
    await contract(disk);
    // One access token served every call.
    expect(dbx.requests.filter((r) => r.path === '/oauth2/token')).toHaveLength(1);
  });

  it('trades an access code for a refresh token, and checks the credentials', async () => {
    expect(await dropboxRefreshToken('appkey', 'appsecret', 'code-123')).toBe('refresh-abc');
    await expect(dropboxRefreshToken('appkey', 'appsecret', 'bad')).rejects.toThrow('Dropbox refused the credentials: refresh token is malformed');
    expect(await checkStorage({ 'server.uploads_disk_driver': 'dropbox', 'server.public_disk_driver': 'local', ...values })).toBeNull();
    expect(await checkStorage({ 'server.uploads_disk_driver': 'dropbox', 'server.public_disk_driver': 'local', ...values, 'server.storage_dropbox_app_secret': 'x' })).toBe('Dropbox refused the credentials: Invalid client_id or client_secret');
  });
});
