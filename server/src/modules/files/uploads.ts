import crypto from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { formatBytes, translate, type FileEntry, type UploadInit, type UploadSession } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso, type Db } from '../../db/index.ts';
import type { UploadSessionsTable } from '../../db/schema.ts';
import { readBytes, sweepPartialUploads } from '../../drivers/storage/storage.ts';
import { HttpError, notFound, stillThere } from '../../http/errors.ts';
import { SNIFF_BYTES, TypeMismatchError, detectFileType } from './detect.ts';
import { extensionRefusal, reservedSpace, sizeRefusal, uploadLimits, usedSpace, type UploadLimits } from './limits.ts';
import { bumpFileCounter, findEntry } from './repository.ts';
import { makeThumbnail } from './thumbnails.ts';
import { DAY_MS, registerRecurring } from '../scheduler/index.ts';

type SessionRow = UploadSessionsTable;
const CHUNK_PREFIX = 'upload-chunks';
export const ENTRY_PREFIX = 'file-entries';
/** Uploads untouched this long are abandoned: their chunks are swept. */
const ABANDONED_MS = 24 * 3600 * 1000;

const invalid = (field: string, message: string) => new HttpError(422, message, { [field]: [message] });

export interface Uploader {
  userId: number;
  isAdmin: boolean;
}

function checkExtension(name: string, limits: UploadLimits): void {
  const refused = extensionRefusal(name, limits);
  if (refused) throw invalid('name', refused);
}

function checkSize(size: number, limits: UploadLimits): void {
  if (size === 0) throw invalid('size', 'The file is empty.');
  if (limits.maxFileSize !== null && size > limits.maxFileSize) throw invalid('size', sizeRefusal(limits.maxFileSize));
}

async function checkSpace(db: Db, userId: number, size: number, limits: UploadLimits, exceptUploadId?: string): Promise<void> {
  if (limits.availableSpace === null) return;
  const taken = (await usedSpace(db, userId)) + (await reservedSpace(db, userId, exceptUploadId));
  if (taken + size > limits.availableSpace) {
    throw invalid('size', translate(undefined, 'You have exhausted your allowed space of :space. Delete some files or upgrade your plan.', { space: formatBytes(limits.availableSpace) }));
  }
}

/** The folder an upload lands in must be one of the uploader's own (administrators may file into any). */
async function checkParent(ctx: AppContext, who: Uploader, parentId: number): Promise<void> {
  const parent = await ctx.db.selectFrom('file_entries').select(['user_id', 'type']).where('id', '=', parentId).executeTakeFirst();
  if (!parent) throw invalid('parent_id', 'The selected folder does not exist.');
  if (parent.user_id !== who.userId && !who.isAdmin) throw new HttpError(403, 'You are not allowed to upload into this folder.');
  if (parent.type !== 'folder') throw invalid('parent_id', 'The selected folder does not exist.');
}

async function uploadedChunks(db: Db, uploadId: string): Promise<{ chunk_index: number; storage_key: string; size: number }[]> {
  return db.selectFrom('upload_chunks').select(['chunk_index', 'storage_key', 'size']).where('upload_id', '=', uploadId).orderBy('chunk_index').execute();
}

const toSession = (s: SessionRow, chunks: { chunk_index: number }[]): UploadSession =>
  ({ id: s.id, chunk_size: Number(s.chunk_size), total_chunks: s.total_chunks, uploaded_chunks: chunks.map((c) => c.chunk_index) });

/** Removes an upload and its stored chunks: rows first, then the bytes they pointed to. */
export async function discardUpload(ctx: AppContext, uploadId: string): Promise<void> {
  const keys = (await uploadedChunks(ctx.db, uploadId)).map((c) => c.storage_key);
  await ctx.db.deleteFrom('upload_sessions').where('id', '=', uploadId).execute();
  await ctx.storage.deleteMany(keys);
}

let lastOrphanSweep = 0;

/**
 * Chunks whose upload row is gone (a crash between storing a chunk and recording it), and half-written parts a crash
 * left behind (older than a day: a younger one may still be being written), are found by listing the chunk area
 * through the storage driver: a queued job, at start and at most once an hour per process.
 */
export async function sweepOrphanChunks(ctx: AppContext): Promise<number> {
  const orphans: string[] = [];
  const known = new Map<string, boolean>();
  for await (const key of ctx.storage.list(`${CHUNK_PREFIX}/`)) {
    const uploadId = key.split('/')[1];
    if (!uploadId) continue;
    if (key.endsWith('.partial')) {
      const stat = await ctx.storage.stat(key);
      if (stat?.lastModified && Date.now() - stat.lastModified.getTime() > ABANDONED_MS) orphans.push(key);
      continue;
    }
    if (!known.has(uploadId)) {
      known.set(uploadId, Boolean(await ctx.db.selectFrom('upload_sessions').select('id').where('id', '=', uploadId).executeTakeFirst()));
    }
    if (!known.get(uploadId)) orphans.push(key);
  }
  await ctx.storage.deleteMany(orphans);
  return orphans.length;
}

async function sweepAbandoned(ctx: AppContext): Promise<void> {
  const cutoff = new Date(Date.now() - ABANDONED_MS).toISOString();
  const stale = await ctx.db.selectFrom('upload_sessions').select('id').where('updated_at', '<', cutoff).limit(20).execute();
  for (const s of stale) await discardUpload(ctx, s.id);
  if (Date.now() - lastOrphanSweep > 3600_000) {
    lastOrphanSweep = Date.now();
    await ctx.queue.dispatch('files.sweep-orphan-chunks', {});
  }
}

/** Files the local disk's writes a killed server left half-written (drivers/storage/storage.ts): at start and daily. */
registerRecurring('storage:sweep-partials', DAY_MS, (ctx) => sweepPartialUploads(ctx.config.storagePath));

export function registerUploadJobs(ctx: AppContext): void {
  ctx.queue.register('files.sweep-orphan-chunks', async () => { await sweepOrphanChunks(ctx); });
  // Once at start: a crash may have left parts that no request will ever finish.
  setImmediate(() => {
    sweepPartialUploads(ctx.config.storagePath)
      .catch((err: unknown) => ctx.errors.capture(err, { message: 'could not sweep unfinished uploads' }).catch(() => undefined));
    lastOrphanSweep = Date.now();
    ctx.queue.dispatch('files.sweep-orphan-chunks', {})
      .catch((err: unknown) => ctx.errors.capture(err, { message: 'could not queue the chunk sweep' }).catch(() => undefined));
  });
}

async function ownSession(ctx: AppContext, who: Uploader, uploadId: string): Promise<SessionRow> {
  const s = await ctx.db.selectFrom('upload_sessions').selectAll().where('id', '=', uploadId).where('user_id', '=', who.userId).executeTakeFirst();
  if (!s) throw notFound('Upload not found');
  return s;
}

/** Starts an upload, or resumes the caller's upload of the same file (same fingerprint, name and size). */
export async function startUpload(ctx: AppContext, who: Uploader, input: UploadInit): Promise<UploadSession> {
  await sweepAbandoned(ctx);
  const limits = await uploadLimits(ctx, who.userId, who.isAdmin);
  checkSize(input.size, limits);
  checkExtension(input.name, limits);
  const existing = await ctx.db.selectFrom('upload_sessions').selectAll()
    .where('user_id', '=', who.userId).where('fingerprint', '=', input.fingerprint).executeTakeFirst();
  if (existing && existing.name === input.name && Number(existing.size) === input.size) {
    await ctx.db.updateTable('upload_sessions').set({ updated_at: nowIso() }).where('id', '=', existing.id).execute();
    return toSession(existing, await uploadedChunks(ctx.db, existing.id));
  }
  if (existing) await discardUpload(ctx, existing.id);
  if (input.parent_id) await checkParent(ctx, who, input.parent_id);
  await checkSpace(ctx.db, who.userId, input.size, limits);
  const now = nowIso();
  const row: SessionRow = {
    id: crypto.randomUUID(), user_id: who.userId, fingerprint: input.fingerprint, name: input.name, size: input.size,
    mime: input.mime ?? null, sha256: input.sha256 ?? null, parent_id: input.parent_id ?? null,
    chunk_size: limits.chunkSize, total_chunks: Math.ceil(input.size / limits.chunkSize), created_at: now, updated_at: now,
  };
  try {
    await ctx.db.insertInto('upload_sessions').values(row).execute();
  } catch (err) {
    // Two starts of the same file at once: the one that got in first is the upload; this one resumes it.
    const winner = await ctx.db.selectFrom('upload_sessions').selectAll()
      .where('user_id', '=', who.userId).where('fingerprint', '=', input.fingerprint).executeTakeFirst();
    if (!winner) throw err;
    return toSession(winner, await uploadedChunks(ctx.db, winner.id));
  }
  return toSession(row, []);
}

/** Counts bytes going through and fails the stream as soon as there are more than `max`. */
class ByteCounter extends Transform {
  bytes = 0;
  constructor(private max: number) { super(); }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.max) cb(new ChunkSizeError());
    else cb(null, chunk);
  }
}
class ChunkSizeError extends Error {}

/** Stores one chunk (any order). Its size must be exactly what its position calls for; a chunk is accepted once. */
export async function putChunk(ctx: AppContext, who: Uploader, uploadId: string, index: number, body: Readable, declaredLength?: number): Promise<UploadSession> {
  const s = await ownSession(ctx, who, uploadId);
  const total = s.total_chunks;
  if (!Number.isInteger(index) || index < 0 || index >= total) throw invalid('chunk', 'This chunk is not part of the upload.');
  const chunkSize = Number(s.chunk_size);
  const expected = index < total - 1 ? chunkSize : Number(s.size) - chunkSize * (total - 1);
  const have = await ctx.db.selectFrom('upload_chunks').select('chunk_index').where('upload_id', '=', uploadId).where('chunk_index', '=', index).executeTakeFirst();
  if (have) throw invalid('chunk', 'This chunk was already uploaded.');
  if (declaredLength === 0) throw invalid('chunk', 'The chunk is empty.');
  if (declaredLength !== undefined && declaredLength !== expected) throw invalid('chunk', translate(undefined, 'The chunk must be :size bytes.', { size: expected }));

  // A fresh key per attempt: a duplicate racing this one can never overwrite the bytes already recorded.
  const key = `${CHUNK_PREFIX}/${uploadId}/${index}-${crypto.randomBytes(6).toString('hex')}`;
  const counter = new ByteCounter(expected);
  // Every stream has its error handler before the first byte flows: a failure reaches us through `put` below, and a
  // late one (the socket closing after the answer) has nowhere to go but must never be an uncaught exception.
  const fail = (err: Error) => { if (!counter.destroyed) counter.destroy(err); };
  counter.on('error', () => undefined);
  body.on('error', fail);
  // A client that drops the connection fails the write instead of leaving it waiting.
  body.on('aborted', () => fail(new Error('Upload aborted')));
  body.on('close', () => { if ('complete' in body && !body.complete) fail(new Error('Upload aborted')); });
  try {
    body.pipe(counter);
    await ctx.storage.put(key, counter);
  } catch (err) {
    body.unpipe(counter);
    // The rest of an over-long body is read and dropped, so the answer can still be sent on this connection.
    body.resume();
    await ctx.storage.delete(key);
    if (err instanceof ChunkSizeError || counter.bytes > expected) throw invalid('chunk', translate(undefined, 'The chunk must be :size bytes.', { size: expected }));
    throw err;
  }
  if (counter.bytes !== expected) {
    await ctx.storage.delete(key);
    throw invalid('chunk', counter.bytes === 0 ? 'The chunk is empty.' : translate(undefined, 'The chunk must be :size bytes.', { size: expected }));
  }
  try {
    await ctx.db.insertInto('upload_chunks').values({ upload_id: uploadId, chunk_index: index, size: expected, storage_key: key, created_at: nowIso() }).execute();
    await ctx.db.updateTable('upload_sessions').set({ updated_at: nowIso() }).where('id', '=', uploadId).execute();
  } catch {
    await ctx.storage.delete(key);
    throw invalid('chunk', 'This chunk was already uploaded.');
  }
  return toSession(s, await uploadedChunks(ctx.db, uploadId));
}

export async function uploadStatus(ctx: AppContext, who: Uploader, uploadId: string): Promise<UploadSession> {
  const s = await ownSession(ctx, who, uploadId);
  return toSession(s, await uploadedChunks(ctx.db, uploadId));
}

export async function abortUpload(ctx: AppContext, who: Uploader, uploadId: string): Promise<void> {
  await ownSession(ctx, who, uploadId);
  await discardUpload(ctx, uploadId);
}

/** Hashes bytes as they pass. */
function hashTap(hash: crypto.Hash): Transform {
  return new Transform({ transform(chunk: Buffer, _e, cb) { hash.update(chunk); cb(null, chunk); } });
}

/**
 * Joins the chunks in order into the final object (streamed: one chunk in flight at a time), checks the bytes'
 * real type and hash, makes a thumbnail for images, then records the entry. Any failure leaves no bytes and no row.
 */
export async function completeUpload(ctx: AppContext, who: Uploader, uploadId: string): Promise<FileEntry> {
  const s = await ownSession(ctx, who, uploadId);
  const chunks = await uploadedChunks(ctx.db, uploadId);
  const have = new Set(chunks.map((c) => c.chunk_index));
  const missing = Array.from({ length: s.total_chunks }, (_, i) => i).filter((i) => !have.has(i));
  if (missing.length) {
    const list = missing.length > 20 ? `${missing.slice(0, 20).join(', ')} …` : missing.join(', ');
    const message = translate(undefined, 'The upload is missing chunks: :chunks.', { chunks: list });
    throw new HttpError(422, message, { chunks: [message], missing_chunks: missing.map(String) });
  }
  const limits = await uploadLimits(ctx, who.userId, who.isAdmin);
  let detected;
  try {
    checkSize(Number(s.size), limits);
    checkExtension(s.name, limits);
    await checkSpace(ctx.db, who.userId, Number(s.size), limits, s.id);
    const head = await readBytes(ctx.storage, chunks[0].storage_key, { start: 0, end: SNIFF_BYTES - 1 });
    detected = await detectFileType(head, s.name, s.mime ?? undefined);
  } catch (err) {
    await discardUpload(ctx, uploadId);
    if (err instanceof TypeMismatchError) throw invalid('file', "The file's contents do not match its type.");
    throw err;
  }

  const storageId = crypto.randomUUID();
  const key = `${ENTRY_PREFIX}/${storageId}${detected.extension ? `.${detected.extension}` : ''}`;
  const hash = crypto.createHash('sha256');
  const storage = ctx.storage;
  // The bytes go to one driver, named on the entry, so they stay reachable after the uploads disk is switched.
  const disk = await storage.disk(key).currentName();
  const target = await storage.driver(disk, key);
  async function* joined() {
    for (const c of chunks) yield* storage.read(c.storage_key);
  }
  let thumbnail: string | null = null;
  try {
    await target.put(key, Readable.from(joined()).pipe(hashTap(hash)), { contentType: detected.mime });
    const contentHash = hash.digest('hex');
    if (s.sha256 && s.sha256 !== contentHash) throw invalid('file', 'The file was damaged during upload. Please upload it again.');
    if (detected.type === 'image') thumbnail = await makeThumbnail(target, key, `${ENTRY_PREFIX}/thumbnails/${storageId}.webp`);
    const now = nowIso();
    const id = await ctx.db.transaction().execute(async (trx) => {
      // Checked again inside the write: two uploads finishing together must not both fit in the same space.
      await checkSpace(trx, who.userId, Number(s.size), limits, s.id);
      const row = await trx.insertInto('file_entries').values({
        name: s.name, file_name: key, mime: detected.mime, type: detected.type, extension: detected.extension, file_size: Number(s.size),
        hash: crypto.randomBytes(20).toString('hex'), content_hash: contentHash, user_id: who.userId, public: false, disk,
        thumbnail, parent_id: s.parent_id, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      await bumpFileCounter(trx, 1);
      // A second "complete" of the same upload (a double click) loses here instead of making a copy.
      const claimed = await trx.deleteFrom('upload_sessions').where('id', '=', s.id).executeTakeFirst();
      if (Number(claimed.numDeletedRows) !== 1) throw notFound('Upload not found');
      return row.id;
    });
    await storage.deleteMany(chunks.map((c) => c.storage_key));
    return stillThere(await findEntry(ctx.db, { id }), 'File not found');
  } catch (err) {
    await target.deleteMany([key, ...(thumbnail ? [thumbnail] : [])]);
    await discardUpload(ctx, uploadId);
    throw err;
  }
}
