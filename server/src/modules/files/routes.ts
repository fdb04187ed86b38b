import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  SERVER_MAX_CHUNK_BYTES, binaryResponse, deletedCountResponse, doneResponse, fileEntryListResponse, listQuerySchema, previewTokenResponse,
  serverMaxFileSizeResponse, uploadCompleteResponse, uploadInitSchema, uploadSessionResponse,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import type { Storage } from '../../drivers/storage/storage.ts';
import { HttpError, forbidden, notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/auth.ts';
import { idParam, idsParam, typed } from '../../http/schema.ts';
import { sendStored, setSafeFileHeaders } from '../../http/serve-file.ts';
import { entryThumbnail, findEntry, listFileEntries } from './repository.ts';
import { addPreviewToken, assertNoVideoPlays, canOpen, deleteEntries, validPreviewToken } from './service.ts';
import { abortUpload, completeUpload, putChunk, registerUploadJobs, startUpload, uploadStatus, type Uploader } from './uploads.ts';

// A hash or upload id of the wrong shape is simply not found (404), so these take any short string.
const hashParam = z.object({ hash: z.string().max(128) });
const downloadQuery = z.object({
  preview_token: z.string().max(512).optional(),
  thumbnail: z.string().max(16).optional(),
  download: z.string().max(16).optional(),
});
const uploadParam = z.object({ uploadId: z.string().max(128) });
const chunkParams = uploadParam.extend({ index: z.string().max(32) });

const uploader = (req: FastifyRequest): Uploader => ({ userId: requireUser(req), isAdmin: req.auth.can('admin') });

/**
 * Streams `key` from `storage`: the driver the file entry recorded (`disk`), not necessarily the one selected now.
 * Only raster images, audio and video may show inline; everything else is a sandboxed download (http/serve-file.ts).
 */
async function sendObject(ctx: AppContext, storage: Storage, req: FastifyRequest, reply: FastifyReply, key: string, mime: string, name: string, attachment: boolean) {
  const stat = await storage.stat(key);
  if (!stat) throw notFound('File not found');
  setSafeFileHeaders(reply, { mime, name, forceDownload: attachment });
  reply.header('cache-control', 'private, max-age=3600');
  return sendStored(ctx, req, reply, storage, key, stat.size);
}

export function filesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  registerUploadJobs(ctx);
  api.get('/api/v1/file-entries', { config: { permission: 'files.update' }, schema: { querystring: listQuerySchema, response: { 200: fileEntryListResponse } } }, async (req) =>
    ({ pagination: await listFileEntries(ctx, req.query) }));

  api.delete('/api/v1/file-entries/:ids', { config: { permission: ['files.delete', 'files.update'] }, schema: { params: idsParam, response: { 200: deletedCountResponse } } }, async (req) => {
    await assertNoVideoPlays(ctx, req.params.ids);
    const deleted = await deleteEntries(ctx, req.params.ids);
    return { deleted };
  });

  // Open to anyone: the file itself decides (public, owner, files.view, or a preview token).
  api.get('/api/v1/file-entries/download/:hash', {
    config: { permission: 'public' }, schema: { params: hashParam, querystring: downloadQuery, response: { 200: binaryResponse } },
  }, async (req, reply) => {
    const hash = req.params.hash;
    const q = req.query;
    const entry = /^[a-f0-9]{8,64}$/.test(hash) ? await findEntry(ctx.db, { hash }) : null;
    if (!entry) throw notFound('File not found');
    if (!canOpen(req, entry) && !(await validPreviewToken(ctx, entry.id, q.preview_token))) {
      throw req.auth.userId ? forbidden() : new HttpError(401, 'Unauthenticated.');
    }
    if (q.thumbnail) {
      const thumbnail = await entryThumbnail(ctx.db, entry.id);
      if (!thumbnail) throw notFound('File not found');
      return sendObject(ctx, await ctx.storage.driver(entry.disk, thumbnail), req, reply, thumbnail, 'image/webp', entry.name.replace(/\.[^.]*$/, '') + '.webp', false);
    }
    return sendObject(ctx, await ctx.storage.driver(entry.disk, entry.file_name), req, reply, entry.file_name, entry.mime, entry.name, q.download === '1' || q.download === 'true');
  });

  api.post('/api/v1/file-entries/:id/add-preview-token', { config: { permission: 'authenticated' }, schema: { params: idParam, response: { 200: previewTokenResponse } } }, async (req) =>
    ({ preview_token: await addPreviewToken(ctx, req, req.params.id) }));

  app.get('/api/v1/uploads/server-max-file-size', { config: { permission: ['settings.update', 'files.create'] }, schema: { response: { 200: serverMaxFileSizeResponse } } }, async () => ({ maxSize: SERVER_MAX_CHUNK_BYTES }));

  api.post('/api/v1/uploads', { config: { permission: 'files.create' }, schema: { body: uploadInitSchema, response: { 200: uploadSessionResponse } } }, async (req) =>
    ({ upload: await startUpload(ctx, uploader(req), req.body) }));

  api.get('/api/v1/uploads/:uploadId', { config: { permission: 'files.create' }, schema: { params: uploadParam, response: { 200: uploadSessionResponse } } }, async (req) =>
    ({ upload: await uploadStatus(ctx, uploader(req), req.params.uploadId) }));

  api.delete('/api/v1/uploads/:uploadId', { config: { permission: 'files.create' }, schema: { params: uploadParam, response: { 200: doneResponse } } }, async (req) => {
    await abortUpload(ctx, uploader(req), req.params.uploadId);
    return {};
  });

  api.post('/api/v1/uploads/:uploadId/complete', { config: { permission: 'files.create' }, schema: { params: uploadParam, response: { 200: uploadCompleteResponse } } }, async (req) =>
    ({ fileEntry: await completeUpload(ctx, uploader(req), req.params.uploadId) }));

  // Chunk bodies are raw bytes streamed straight to storage; only this scope accepts application/octet-stream.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));
    typed(scope).put('/api/v1/uploads/:uploadId/chunks/:index', {
      config: { permission: 'files.create' }, bodyLimit: SERVER_MAX_CHUNK_BYTES, schema: { params: chunkParams, response: { 200: uploadSessionResponse } },
    }, async (req) => {
      const { uploadId, index } = req.params;
      const length = req.headers['content-length'] !== undefined ? Number(req.headers['content-length']) : undefined;
      if (length !== undefined && length > SERVER_MAX_CHUNK_BYTES) throw new HttpError(413, 'The request is too large.');
      const body = (req.body as Readable | undefined) ?? req.raw;
      return { upload: await putChunk(ctx, uploader(req), uploadId, /^\d+$/.test(index) ? Number(index) : -1, body, length) };
    });
  });
}
