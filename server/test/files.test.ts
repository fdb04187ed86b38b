import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_MAX_CHUNK_BYTES } from '@app/contracts';
import { syncGrants } from '../src/modules/roles/permissions.ts';
import { nowIso } from '../src/db/index.ts';
import { sweepOrphanChunks } from '../src/modules/files/uploads.ts';
import { Client, asAdmin, asUser, createTestApp, guest, listUrl } from './helper.ts';

const t = await createTestApp();
let admin: Client;
let PNG: Buffer;

const OCTET = { 'content-type': 'application/octet-stream' };
const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const fingerprint = () => `fp-${crypto.randomBytes(8).toString('hex')}`;

/** Every object the storage driver holds under a prefix (the test app stores on a temp folder). */
function stored(prefix: string): string[] {
  const dir = path.join(t.storage, prefix);
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

const chunksOf = (bytes: Buffer, size: number) => Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));

async function start(c: Client, name: string, bytes: Buffer | number, extra: Record<string, unknown> = {}) {
  return c.post('/api/v1/uploads', { fingerprint: fingerprint(), name, size: typeof bytes === 'number' ? bytes : bytes.length, ...extra });
}

/** The whole client protocol: start, every chunk (in the given order), complete. */
async function upload(c: Client, name: string, bytes: Buffer, opts: { order?: 'reverse'; mime?: string } = {}) {
  const init = await start(c, name, bytes, opts.mime ? { mime: opts.mime } : {});
  if (init.status !== 200) return init;
  const { id, chunk_size } = init.body.upload;
  const parts = chunksOf(bytes, chunk_size).map((b, i) => [i, b] as const);
  if (opts.order === 'reverse') parts.reverse();
  for (const [i, b] of parts) {
    const r = await c.request('PUT', `/api/v1/uploads/${id}/chunks/${i}`, b, OCTET);
    if (r.status !== 200) return r;
  }
  return c.post(`/api/v1/uploads/${id}/complete`);
}

async function setChunkSize(n: number) {
  await t.ctx.settings.set({ 'client.uploads.chunk_size': n });
}

beforeAll(async () => {
  admin = await asAdmin(t);
  PNG = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png({ compressionLevel: 0 }).toBuffer();
});

beforeEach(async () => {
  await t.ctx.settings.set({
    'client.uploads.chunk_size': 1024 * 1024, 'client.uploads.max_size': null, 'client.uploads.available_space': null,
    'client.uploads.allowed_extensions': [], 'client.uploads.blocked_extensions': [],
  });
});

describe('uploads', () => {
  it('answers the server max file size', async () => {
    const res = await admin.get('/api/v1/uploads/server-max-file-size');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ maxSize: SERVER_MAX_CHUNK_BYTES });
    expect((await guest(t).get('/api/v1/uploads/server-max-file-size')).status).toBe(401);
  });

  it('uploads an image in chunks sent in any order, sniffs it, hashes it and makes a thumbnail', async () => {
    await setChunkSize(100_000);
    expect(PNG.length).toBeGreaterThan(300_000);
    const res = await upload(admin, 'poster.png', PNG, { order: 'reverse' });
    expect(res.status).toBe(200);
    const e = res.body.fileEntry;
    expect(e).toMatchObject({ name: 'poster.png', mime: 'image/png', type: 'image', extension: 'png', file_size: PNG.length, content_hash: sha(PNG), public: false });
    expect(e.hash).toMatch(/^[a-f0-9]{40}$/);
    expect(e.thumbnail).toBe(`/api/v1/file-entries/download/${e.hash}?thumbnail=1`);
    expect(e.owner.email).toBe('admin@test.local');
    // The assembled bytes are exactly what was sent; the chunks are gone.
    const dl = await admin.get(e.url);
    expect(dl.status).toBe(200);
    expect(Number(dl.headers['content-length'])).toBe(PNG.length);
    const row = await t.ctx.db.selectFrom('file_entries').select(['file_name', 'thumbnail']).where('id', '=', e.id).executeTakeFirstOrThrow();
    expect(row.file_name).not.toContain('poster');
    expect(sha(fs.readFileSync(path.join(t.storage, row.file_name)))).toBe(sha(PNG));
    expect(stored('upload-chunks')).toEqual([]);
    const thumb = await admin.get(e.thumbnail);
    expect(thumb.status).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(fs.readFileSync(path.join(t.storage, row.thumbnail!))).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });
  });

  it('resumes: a second start with the same fingerprint reports the chunks the server has', async () => {
    await setChunkSize(1000);
    const bytes = Buffer.from('x'.repeat(2500));
    const fp = fingerprint();
    const init = await admin.post('/api/v1/uploads', { fingerprint: fp, name: 'notes.txt', size: bytes.length });
    expect(init.body.upload).toMatchObject({ chunk_size: 1000, total_chunks: 3, uploaded_chunks: [] });
    const id = init.body.upload.id;
    expect((await admin.request('PUT', `/api/v1/uploads/${id}/chunks/2`, bytes.subarray(2000), OCTET)).status).toBe(200);
    expect((await admin.request('PUT', `/api/v1/uploads/${id}/chunks/0`, bytes.subarray(0, 1000), OCTET)).status).toBe(200);
    // The connection drops; the client starts again with the same fingerprint.
    const again = await admin.post('/api/v1/uploads', { fingerprint: fp, name: 'notes.txt', size: bytes.length });
    expect(again.body.upload).toMatchObject({ id, uploaded_chunks: [0, 2] });
    expect((await admin.get(`/api/v1/uploads/${id}`)).body.upload.uploaded_chunks).toEqual([0, 2]);
    expect((await admin.request('PUT', `/api/v1/uploads/${id}/chunks/1`, bytes.subarray(1000, 2000), OCTET)).status).toBe(200);
    const done = await admin.post(`/api/v1/uploads/${id}/complete`);
    expect(done.status).toBe(200);
    expect(done.body.fileEntry).toMatchObject({ type: 'text', mime: 'text/plain', file_size: 2500, content_hash: sha(bytes) });
    expect((await admin.get(done.body.fileEntry.url)).text).toBe(bytes.toString());
  });

  it('stores a name whose last dot starts no real extension (longer than 20 characters) without one (PostgreSQL refused it)', async () => {
    const bytes = Buffer.from('plain words\n');
    const done = await upload(admin, 'My.Holiday.Video_Final_Cut_Extended', bytes);
    expect(done.status, done.text).toBe(200);
    expect(done.body.fileEntry).toMatchObject({ name: 'My.Holiday.Video_Final_Cut_Extended', type: 'text', extension: null });
    expect((await upload(admin, 'Notes.Twenty_Chars_Exactly', bytes)).body.fileEntry.extension).toBe('twenty_chars_exactly');
  });

  it('verifies the whole-file sha256 when the client sends one', async () => {
    const bytes = Buffer.from('hello world\n');
    const init = await admin.post('/api/v1/uploads', { fingerprint: fingerprint(), name: 'hello.txt', size: bytes.length, sha256: sha(Buffer.from('other')) });
    const id = init.body.upload.id;
    await admin.request('PUT', `/api/v1/uploads/${id}/chunks/0`, bytes, OCTET);
    const before = stored('file-entries').length;
    const res = await admin.post(`/api/v1/uploads/${id}/complete`);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The file was damaged during upload. Please upload it again.');
    expect(stored('file-entries').length).toBe(before);
    expect(stored('upload-chunks')).toEqual([]);
  });

  it('refuses a missing, duplicated, empty, misplaced or mis-sized chunk with a 422', async () => {
    await setChunkSize(1000);
    const bytes = Buffer.from('y'.repeat(2500));
    const { id } = (await start(admin, 'chunks.txt', bytes)).body.upload;
    expect((await admin.request('PUT', `/api/v1/uploads/${id}/chunks/0`, bytes.subarray(0, 1000), OCTET)).status).toBe(200);

    const dup = await admin.request('PUT', `/api/v1/uploads/${id}/chunks/0`, bytes.subarray(0, 1000), OCTET);
    expect(dup.status).toBe(422);
    expect(dup.body.message).toBe('This chunk was already uploaded.');
    expect(stored('upload-chunks').length).toBe(1);

    const empty = await admin.request('PUT', `/api/v1/uploads/${id}/chunks/1`, Buffer.alloc(0), OCTET);
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('The chunk is empty.');

    const short = await admin.request('PUT', `/api/v1/uploads/${id}/chunks/1`, bytes.subarray(0, 999), OCTET);
    expect(short.status).toBe(422);
    expect(short.body.message).toBe('The chunk must be 1000 bytes.');

    const beyond = await admin.request('PUT', `/api/v1/uploads/${id}/chunks/3`, bytes.subarray(0, 500), OCTET);
    expect(beyond.status).toBe(422);
    expect(beyond.body.message).toBe('This chunk is not part of the upload.');
    expect(stored('upload-chunks').length).toBe(1);

    const missing = await admin.post(`/api/v1/uploads/${id}/complete`);
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('The upload is missing chunks: 1, 2.');
    const rows = await t.ctx.db.selectFrom('file_entries').select('id').where('name', '=', 'chunks.txt').execute();
    expect(rows).toEqual([]);

    // Aborting removes the stored chunks.
    expect((await admin.delete(`/api/v1/uploads/${id}`)).status).toBe(200);
    expect(stored('upload-chunks')).toEqual([]);
  });

  it('sweeps chunks left without an upload row, through the storage driver', async () => {
    const { id } = (await start(admin, 'kept.txt', 10)).body.upload;
    await admin.request('PUT', `/api/v1/uploads/${id}/chunks/0`, Buffer.from('0123456789'), OCTET);
    await t.ctx.storage.put('upload-chunks/00000000-dead-4bad-8bad-000000000000/0-abc', Buffer.from('orphan'));
    expect(await sweepOrphanChunks(t.ctx)).toBe(1);
    expect(stored('upload-chunks').length).toBe(1);
    await admin.delete(`/api/v1/uploads/${id}`);
    expect(stored('upload-chunks')).toEqual([]);
  });

  it('another user cannot touch someone else\'s upload', async () => {
    const { id } = (await start(admin, 'mine.txt', 10)).body.upload;
    const other = await asUser(t);
    expect((await other.request('PUT', `/api/v1/uploads/${id}/chunks/0`, Buffer.from('0123456789'), OCTET)).status).toBe(404);
    expect((await other.post(`/api/v1/uploads/${id}/complete`)).status).toBe(404);
    await admin.delete(`/api/v1/uploads/${id}`);
  });

  it('refuses an empty file and a path-traversal or folder name', async () => {
    const empty = await start(admin, 'empty.txt', 0);
    expect(empty.status).toBe(422);
    expect(empty.body).toMatchObject({ message: 'The file is empty.', errors: { size: ['The file is empty.'] } });
    for (const name of ['../../etc/passwd', '..\\evil.txt', 'a/b.txt', '..', 'bad\u0000.txt']) {
      const res = await start(admin, name, 10);
      expect(res.status, name).toBe(422);
      // A NUL is refused for every field by the input guard (http/input-guard.ts) before the upload rules run.
      expect(res.body.errors.name).toEqual([name.includes('\u0000') ? 'The text contains invalid characters.' : 'The file name is not valid.']);
    }
    expect(await t.ctx.db.selectFrom('upload_sessions').select('id').where('name', 'like', '%..%').execute()).toEqual([]);
  });

  it('applies the blocked and allowed extension lists', async () => {
    await t.ctx.settings.set({ 'client.uploads.blocked_extensions': ['exe', 'php'] });
    const blocked = await start(admin, 'setup.EXE', 10);
    expect(blocked.status).toBe(422);
    expect(blocked.body.message).toBe('Files with the .exe extension are not allowed.');
    await t.ctx.settings.set({ 'client.uploads.blocked_extensions': [], 'client.uploads.allowed_extensions': ['png', 'jpg'] });
    expect((await start(admin, 'notes.txt', 10)).body.message).toBe('Files with the .txt extension are not allowed.');
    expect((await start(admin, 'README', 10)).body.message).toBe('Files without an extension are not allowed.');
    const ok = await start(admin, 'photo.png', 10);
    expect(ok.status).toBe(200);
    await admin.delete(`/api/v1/uploads/${ok.body.upload.id}`);
  });

  it('applies the max size setting and the files.create max_file_size restriction', async () => {
    await t.ctx.settings.set({ 'client.uploads.max_size': 1024 });
    const res = await start(admin, 'big.txt', 2048);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message: 'The file may not be greater than 1 KB.', errors: { size: ['The file may not be greater than 1 KB.'] } });
    await t.ctx.settings.set({ 'client.uploads.max_size': null });

    const now = nowIso();
    const role = await t.ctx.db.insertInto('roles').values({ name: 'small-uploads', description: null, type: 'sitewide', default: false, guests: false, internal: false, created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    await syncGrants(t.ctx.db, 'role', role.id, [{ name: 'files.create', restrictions: [{ name: 'max_file_size', value: 500 }] }]);
    const user = await asUser(t, { roles: [role.id] });
    const over = await start(user, 'big.txt', 501);
    expect(over.status).toBe(422);
    expect(over.body.message).toBe('The file may not be greater than 500 B.');
    expect((await start(user, 'fine.txt', 500)).status).toBe(200);
  });

  it('holds each user to their available space: their own, else their roles\', else the site default', async () => {
    const bytes = Buffer.from('z'.repeat(600));
    // Site default.
    await t.ctx.settings.set({ 'client.uploads.available_space': 1000 });
    const u1 = await asUser(t);
    expect((await upload(u1, 'a.txt', bytes)).status).toBe(200);
    const over = await start(u1, 'b.txt', bytes);
    expect(over.status).toBe(422);
    expect(over.body.message).toBe('You have exhausted your allowed space of 1,000 B. Delete some files or upgrade your plan.');

    // The user's own allowance wins over the default.
    await t.ctx.db.updateTable('users').set({ available_space: 5000 }).where('id', '=', u1.user.id).execute();
    expect((await upload(u1, 'b.txt', bytes)).status).toBe(200);

    // Inherited from a role when the user has none.
    const now = nowIso();
    const role = await t.ctx.db.insertInto('roles').values({ name: 'roomy', description: null, type: 'sitewide', default: false, guests: false, internal: false, created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    await syncGrants(t.ctx.db, 'role', role.id, [{ name: 'files.create', restrictions: [{ name: 'available_space', value: 700 }] }]);
    const u2 = await asUser(t, { roles: [t.roles.users, role.id] });
    await t.ctx.settings.set({ 'client.uploads.available_space': 100 });
    // The users role grants files.create without a space value: the roomy role's 700 B applies, not the site's 100 B.
    expect((await start(u2, 'c.txt', 5000)).body.message).toBe('You have exhausted your allowed space of 700 B. Delete some files or upgrade your plan.');
    expect((await start(u2, 'c.txt', 650)).status).toBe(200);
    const u3 = await asUser(t, { roles: [role.id] });
    expect((await upload(u3, 'c.txt', bytes)).status).toBe(200);
    expect((await start(u3, 'd.txt', bytes)).body.message).toBe('You have exhausted your allowed space of 700 B. Delete some files or upgrade your plan.');

    // Uploads in progress reserve their size.
    const u4 = await asUser(t);
    await t.ctx.db.updateTable('users').set({ available_space: 1000 }).where('id', '=', u4.user.id).execute();
    expect((await start(u4, 'e.txt', 600)).status).toBe(200);
    expect((await start(u4, 'f.txt', 600)).status).toBe(422);
  });

  it('refuses bytes that do not match the claimed type and stores nothing', async () => {
    const rowsBefore = (await t.ctx.db.selectFrom('file_entries').select('id').execute()).length;
    const objectsBefore = stored('file-entries').length;
    const cases: [string, Buffer, string?][] = [
      ['photo.png', Buffer.from('just some text, not an image'.repeat(10))],
      ['notes.txt', PNG.subarray(0, 5000)],
      ['report.pdf', Buffer.concat([Buffer.from('MZ'), crypto.randomBytes(2000)])],
      ['clip.mp4', Buffer.from('plain text pretending to be a video')],
      ['picture', Buffer.from('%PDF-1.4 fake'), 'image/png'],
    ];
    for (const [name, bytes, mime] of cases) {
      const res = await upload(admin, name, bytes, { mime });
      expect(res.status, name).toBe(422);
      expect(res.body.message, name).toBe("The file's contents do not match its type.");
    }
    expect((await t.ctx.db.selectFrom('file_entries').select('id').execute()).length).toBe(rowsBefore);
    expect(stored('file-entries').length).toBe(objectsBefore);
    expect(stored('upload-chunks')).toEqual([]);
    expect(await t.ctx.db.selectFrom('upload_sessions').select('id').where('user_id', '=', 1).execute()).toEqual([]);
  });

  it('sniffs office, pdf and audio types from the bytes', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    expect((await upload(admin, 'manual.pdf', pdf)).body.fileEntry).toMatchObject({ type: 'pdf', mime: 'application/pdf' });
    const csv = Buffer.from('a,b\n1,2\n');
    expect((await upload(admin, 'sheet.csv', csv)).body.fileEntry).toMatchObject({ type: 'spreadsheet', mime: 'text/csv' });
    const wav = Buffer.alloc(100);
    wav.write('RIFF', 0); wav.writeUInt32LE(92, 4); wav.write('WAVEfmt ', 8);
    expect((await upload(admin, 'sound.wav', wav)).body.fileEntry).toMatchObject({ type: 'audio' });
  });
});

describe('file entries', () => {
  let owner: Awaited<ReturnType<typeof asUser>>;
  let entry: { id: number; hash: string; url: string; thumbnail: string | null };
  let text: { id: number; hash: string; url: string };
  const TEXT = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');

  beforeAll(async () => {
    owner = await asUser(t, { first_name: 'Olive', last_name: 'Owner' });
    entry = (await upload(owner, 'holiday-photo.png', PNG)).body.fileEntry;
    text = (await upload(owner, 'holiday-notes.txt', TEXT)).body.fileEntry;
  });

  it('lists for file managers only, with type and owner filters and name search', async () => {
    expect((await owner.get('/api/v1/file-entries')).status).toBe(403);
    const all = await admin.get('/api/v1/file-entries');
    expect(all.status).toBe(200);
    expect(all.body.pagination.total).toBe((await t.ctx.db.selectFrom('file_entries').select('id').execute()).length);

    const byOwner = await admin.get(listUrl('/api/v1/file-entries', { filters: [{ key: 'owner_id', value: owner.user.id }] }));
    expect(byOwner.body.pagination.data.map((e: any) => e.name).sort()).toEqual(['holiday-notes.txt', 'holiday-photo.png']);
    expect(byOwner.body.pagination.data[0].owner).toMatchObject({ id: owner.user.id, display_name: 'Olive Owner' });

    const images = await admin.get(listUrl('/api/v1/file-entries', { filters: [{ key: 'owner_id', value: owner.user.id }, { key: 'type', value: 'image' }] }));
    expect(images.body.pagination.data.map((e: any) => e.name)).toEqual(['holiday-photo.png']);

    const search = await admin.get(listUrl('/api/v1/file-entries', { query: 'day-no' }));
    expect(search.body.pagination.data.map((e: any) => e.name)).toEqual(['holiday-notes.txt']);

    const sorted = await admin.get(listUrl('/api/v1/file-entries', { orderBy: 'file_size', orderDir: 'asc', filters: [{ key: 'owner_id', value: owner.user.id }] }));
    expect(sorted.body.pagination.data.map((e: any) => e.name)).toEqual(['holiday-notes.txt', 'holiday-photo.png']);

    expect((await admin.get(listUrl('/api/v1/file-entries', { filters: [{ key: 'type', value: 'bogus' }] }))).status).toBe(422);
    expect((await admin.get(listUrl('/api/v1/file-entries', { filters: [{ key: 'file_name', value: 'x' }] }))).status).toBe(422);
  });

  it('lets the owner and file viewers download; others need a preview token', async () => {
    const own = await owner.get(text.url);
    expect(own.status).toBe(200);
    expect(own.text).toBe(TEXT.toString());
    expect(own.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['content-security-policy']).toBe('sandbox');
    // Text is not a raster image, audio or video: it is a sandboxed download, never a page of this site.
    expect(String(own.headers['content-disposition'])).toContain('attachment; filename="holiday-notes.txt"');
    expect(String((await owner.get(`${text.url}?download=1`)).headers['content-disposition'])).toMatch(/^attachment/);

    const stranger = await asUser(t);
    expect((await stranger.get(text.url)).status).toBe(403);
    expect((await guest(t).get(text.url)).status).toBe(401);
    expect((await stranger.post(`/api/v1/file-entries/${text.id}/add-preview-token`)).status).toBe(403);

    const viewer = await asUser(t, { permissions: ['files.view'] });
    expect((await viewer.get(text.url)).status).toBe(200);

    expect((await guest(t).get('/api/v1/file-entries/download/0000000000000000000000000000000000000000')).status).toBe(404);
  });

  it('a preview token opens a private file without cookies until it expires', async () => {
    const res = await owner.post(`/api/v1/file-entries/${entry.id}/add-preview-token`);
    expect(res.status).toBe(200);
    const token = res.body.preview_token as string;
    expect(token.length).toBeGreaterThan(20);
    const anon = await guest(t).get(`${entry.url}?preview_token=${token}`);
    expect(anon.status).toBe(200);
    expect(anon.headers['content-type']).toBe('image/png');
    expect(Number(anon.headers['content-length'])).toBe(PNG.length);
    // The token is for this file only.
    expect((await guest(t).get(`${text.url}?preview_token=${token}`)).status).toBe(401);
    expect((await guest(t).get(`${entry.url}?preview_token=wrong`)).status).toBe(401);
    await t.ctx.db.updateTable('file_preview_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await guest(t).get(`${entry.url}?preview_token=${token}`)).status).toBe(401);
  });

  it('serves byte ranges for seeking', async () => {
    const part = await owner.request('GET', text.url, undefined, { range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.text).toBe('abcdefghij');
    expect(part.headers['content-range']).toBe(`bytes 10-19/${TEXT.length}`);
    expect(part.headers['content-length']).toBe('10');
    expect(part.headers['accept-ranges']).toBe('bytes');

    const tail = await owner.request('GET', text.url, undefined, { range: 'bytes=-6' });
    expect(tail.status).toBe(206);
    expect(tail.text).toBe('uvwxyz');
    const open = await owner.request('GET', text.url, undefined, { range: 'bytes=30-' });
    expect(open.text).toBe('uvwxyz');

    const bad = await owner.request('GET', text.url, undefined, { range: 'bytes=100-200' });
    expect(bad.status).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${TEXT.length}`);
  });

  it('public files open to anyone', async () => {
    const { body } = await upload(owner, 'public.txt', Buffer.from('for everyone'));
    expect((await guest(t).get(body.fileEntry.url)).status).toBe(401);
    await t.ctx.db.updateTable('file_entries').set({ public: true }).where('id', '=', body.fileEntry.id).execute();
    expect((await guest(t).get(body.fileEntry.url)).text).toBe('for everyone');
  });

  it('bulk delete removes the rows, the bytes, the thumbnails and the preview tokens', async () => {
    const a = (await upload(admin, 'to-delete.png', PNG)).body.fileEntry;
    const b = (await upload(admin, 'to-delete.txt', Buffer.from('bye'))).body.fileEntry;
    await admin.post(`/api/v1/file-entries/${a.id}/add-preview-token`);
    const keys = await t.ctx.db.selectFrom('file_entries').select(['file_name', 'thumbnail']).where('id', 'in', [a.id, b.id]).execute();
    const objects = keys.flatMap((k) => [k.file_name, k.thumbnail]).filter(Boolean) as string[];
    expect(objects.length).toBe(3);
    for (const k of objects) expect(fs.existsSync(path.join(t.storage, k))).toBe(true);
    const totalBefore = (await admin.get('/api/v1/file-entries')).body.pagination.total;

    expect((await owner.delete(`/api/v1/file-entries/${a.id},${b.id}`)).status).toBe(403);
    const res = await admin.delete(`/api/v1/file-entries/${a.id},${b.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 2 });
    for (const k of objects) expect(fs.existsSync(path.join(t.storage, k))).toBe(false);
    expect(await t.ctx.db.selectFrom('file_entries').select('id').where('id', 'in', [a.id, b.id]).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('file_preview_tokens').select('token_hash').where('file_entry_id', '=', a.id).execute()).toEqual([]);
    expect((await admin.get('/api/v1/file-entries')).body.pagination.total).toBe(totalBefore - 2);
    expect((await admin.get(a.url)).status).toBe(404);
    expect((await admin.delete('/api/v1/file-entries/abc')).status).toBe(422);
  });

  it('refuses to delete a file a video plays, naming the video, and deletes nothing then', async () => {
    const source = (await upload(admin, 'feature.txt', Buffer.from('stands in for a video'))).body.fileEntry;
    const spare = (await upload(admin, 'spare.txt', Buffer.from('spare'))).body.fileEntry;
    const title = (await admin.post('/api/v1/titles', { name: 'Film With An Uploaded Source' })).body.title.id;
    const video = await admin.post('/api/v1/videos', { name: 'Uploaded cut', title_id: title, type: 'video', src: source.url, category: 'full', approved: true });
    expect(video.status).toBe(200);

    const res = await admin.delete(`/api/v1/file-entries/${spare.id},${source.id}`);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The videos "Uploaded cut" play this file. Change or delete them first.');
    expect(await t.ctx.db.selectFrom('file_entries').select('id').where('id', 'in', [source.id, spare.id]).execute()).toHaveLength(2);
    expect((await admin.get(source.url)).status).toBe(200);

    // Once the video plays something else, the file goes.
    expect((await admin.put(`/api/v1/videos/${video.body.video.id}`, { src: 'https://cdn.example.com/cut.mp4' })).status).toBe(200);
    expect((await admin.delete(`/api/v1/file-entries/${spare.id},${source.id}`)).body).toEqual({ deleted: 2 });
  });
});

describe('closing an account', () => {
  it("deletes the files its owner uploaded, rows and bytes, and leaves others' files alone", async () => {
    const leaver = await asUser(t);
    const mine = (await upload(leaver, 'diary.png', PNG)).body.fileEntry;
    const other = (await upload(admin, 'keep.txt', Buffer.from('stays'))).body.fileEntry;
    const keys = await t.ctx.db.selectFrom('file_entries').select(['file_name', 'thumbnail']).where('id', '=', mine.id).executeTakeFirstOrThrow();
    const objects = [keys.file_name, keys.thumbnail].filter(Boolean) as string[];
    expect(objects.length).toBe(2);
    const totalBefore = (await admin.get('/api/v1/file-entries')).body.pagination.total;

    expect((await admin.delete(`/api/v1/users/${leaver.user.id}`)).status).toBe(200);
    expect(await t.ctx.db.selectFrom('file_entries').select('id').where('id', '=', mine.id).execute()).toEqual([]);
    for (const k of objects) expect(fs.existsSync(path.join(t.storage, k))).toBe(false);
    expect((await admin.get(mine.url)).status).toBe(404);
    expect((await admin.get(other.url)).status).toBe(200);
    expect((await admin.get('/api/v1/file-entries')).body.pagination.total).toBe(totalBefore - 1);
  });
});

describe('static file delivery (uploading settings)', () => {
  it('hands local files to the web server in front with X-Sendfile or X-Accel-Redirect, and streams otherwise', async () => {
    await t.ctx.storage.put('public/sfd/poster.png', PNG);
    const entry = (await upload(admin, 'notes.txt', Buffer.from('private notes'))).body.fileEntry;
    const download = `/api/v1/file-entries/download/${entry.hash}`;
    try {
      let res = await guest(t).get('/storage/sfd/poster.png');
      expect(res.headers['x-sendfile']).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(PNG.length);

      await t.ctx.settings.set({ 'server.static_file_delivery': 'xsendfile' });
      res = await guest(t).get('/storage/sfd/poster.png');
      expect(res.status).toBe(200);
      expect(res.headers['x-sendfile']).toBe(path.join(t.storage, 'public/sfd/poster.png'));
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-security-policy']).toBe('sandbox');
      expect(Number(res.headers['content-length'] ?? 0)).toBe(0);
      res = await admin.get(download);
      expect(res.headers['x-sendfile']).toMatch(new RegExp(`^${t.storage.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`));
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="notes.txt"/);
      // The web server does not open the door: a private file is still refused to a guest first.
      expect((await guest(t).get(download)).status).toBe(401);

      await t.ctx.settings.set({ 'server.static_file_delivery': 'xaccel' });
      res = await guest(t).get('/storage/sfd/poster.png');
      expect(res.headers['x-accel-redirect']).toBe('/_protected/public/sfd/poster.png');
      expect(res.headers['x-sendfile']).toBeUndefined();
      expect((await guest(t).get('/storage/sfd/missing.png')).status).toBe(404);
    } finally {
      await t.ctx.settings.set({ 'server.static_file_delivery': 'none' });
    }
  });
});
