import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_MAX_CHUNK_BYTES, uploadInitSchema } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import type { Storage } from '../../drivers/storage/storage.ts';
import { HttpError, notFound, parse } from '../../http/errors.ts';
import { paginate, parseIds } from '../../http/list-query.ts';
import { requireUser } from '../../http/auth.ts';
import { sendRange, setSafeFileHeaders } from '../../http/serve-file.ts';
import { attachOwners, fileEntriesListDefinition, findEntry, selectEntries, toFileEntry } from './repository.ts';
import { addPreviewToken, canOpen, deleteEntries, validPreviewToken } from './service.ts';
import { abortUpload, completeUpload, putChunk, registerUploadJobs, startUpload, uploadStatus, type Uploader } from './uploads.ts';

const idParam = (params: unknown) => {
  const id = Number((params as { id: string }).id);
  if (!Number.isInteger(id) || id < 1) throw notFound('File not found');
  return id;
};

const uploader = (req: FastifyRequest): Uploader => ({ userId: requireUser(req), isAdmin: req.auth.can('admin') });

/**
 * Streams `key` from `storage`: the driver the file entry recorded (`disk`), not necessarily the one selected now.
 * Only raster images, audio and video may show inline; everything else is a sandboxed download (http/serve-file.ts).
 */
async function sendObject(storage: Storage, req: FastifyRequest, reply: FastifyReply, key: string, mime: string, name: string, attachment: boolean) {
  const stat = await storage.stat(key);
  if (!stat) throw notFound('File not found');
  setSafeFileHeaders(reply, { mime, name, forceDownload: attachment });
  reply.header('cache-control', 'private, max-age=3600');
  return sendRange(req, reply, stat.size, (range) => storage.read(key, range));
}

export function filesRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerUploadJobs(ctx);
  app.get('/api/v1/file-entries', { config: { permission: 'files.update' } }, async (req) => {
    const page = await paginate(selectEntries(ctx.db), req.query, fileEntriesListDefinition(ctx), toFileEntry);
    return { pagination: { ...page, data: await attachOwners(ctx.db, page.data) } };
  });

  app.delete('/api/v1/file-entries/:ids', { config: { permission: ['files.delete', 'files.update'] } }, async (req) => {
    const deleted = await deleteEntries(ctx, parseIds((req.params as { ids: string }).ids));
    return { deleted };
  });

  // Open to anyone: the file itself decides (public, owner, files.view, or a preview token).
  app.get('/api/v1/file-entries/download/:hash', { config: { permission: 'public' } }, async (req, reply) => {
    const hash = (req.params as { hash: string }).hash;
    const q = req.query as { preview_token?: string; thumbnail?: string; download?: string };
    const entry = /^[a-f0-9]{8,64}$/.test(hash) ? await findEntry(ctx.db, { hash }) : null;
    if (!entry) throw notFound('File not found');
    if (!canOpen(req, entry) && !(await validPreviewToken(ctx, entry.id, q.preview_token))) {
      throw req.auth.userId ? new HttpError(403, 'You are not allowed to do that.') : new HttpError(401, 'Unauthenticated.');
    }
    if (q.thumbnail) {
      const row = await ctx.db.selectFrom('file_entries').select('thumbnail').where('id', '=', entry.id).executeTakeFirst();
      if (!row?.thumbnail) throw notFound('File not found');
      return sendObject(await ctx.storage.driver(entry.disk, row.thumbnail), req, reply, row.thumbnail, 'image/webp', entry.name.replace(/\.[^.]*$/, '') + '.webp', false);
    }
    return sendObject(await ctx.storage.driver(entry.disk, entry.file_name), req, reply, entry.file_name, entry.mime, entry.name, q.download === '1' || q.download === 'true');
  });

  app.post('/api/v1/file-entries/:id/add-preview-token', { config: { permission: 'authenticated' } }, async (req) =>
    ({ preview_token: await addPreviewToken(ctx, req, idParam(req.params)) }));

  app.get('/api/v1/uploads/server-max-file-size', { config: { permission: ['settings.update', 'files.create'] } }, async () => ({ maxSize: SERVER_MAX_CHUNK_BYTES }));

  app.post('/api/v1/uploads', { config: { permission: 'files.create' } }, async (req) =>
    ({ upload: await startUpload(ctx, uploader(req), parse(uploadInitSchema, req.body)) }));

  app.get('/api/v1/uploads/:uploadId', { config: { permission: 'files.create' } }, async (req) =>
    ({ upload: await uploadStatus(ctx, uploader(req), (req.params as { uploadId: string }).uploadId) }));

  app.delete('/api/v1/uploads/:uploadId', { config: { permission: 'files.create' } }, async (req) => {
    await abortUpload(ctx, uploader(req), (req.params as { uploadId: string }).uploadId);
    return {};
  });

  app.post('/api/v1/uploads/:uploadId/complete', { config: { permission: 'files.create' } }, async (req) =>
    ({ fileEntry: await completeUpload(ctx, uploader(req), (req.params as { uploadId: string }).uploadId) }));

  // Chunk bodies are raw bytes streamed straight to storage; only this scope accepts application/octet-stream.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));
    scope.put('/api/v1/uploads/:uploadId/chunks/:index', { config: { permission: 'files.create' }, bodyLimit: SERVER_MAX_CHUNK_BYTES }, async (req) => {
      const { uploadId, index } = req.params as { uploadId: string; index: string };
      const length = req.headers['content-length'] !== undefined ? Number(req.headers['content-length']) : undefined;
      if (length !== undefined && length > SERVER_MAX_CHUNK_BYTES) throw new HttpError(413, 'The request is too large.');
      const body = (req.body as Readable | undefined) ?? req.raw;
      return { upload: await putChunk(ctx, uploader(req), uploadId, /^\d+$/.test(index) ? Number(index) : -1, body, length) };
    });
  });
}
