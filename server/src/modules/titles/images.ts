import crypto from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { TITLE_IMAGE_MAX_BYTES } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { parseIds } from '../../http/list-query.ts';
import { sniffImage } from '../../lib/sniff.ts';
import { removeStoredFiles } from './service.ts';

const tooLarge = () => new HttpError(422, 'The image may not be greater than 5 MB.', { file: ['The image may not be greater than 5 MB.'] });
const notImage = () => new HttpError(422, 'The file must be an image (png, jpeg, gif or webp).', { file: ['The file must be an image (png, jpeg, gif or webp).'] });

/**
 * Streams an upload into the storage driver: the first bytes decide the type, the rest is piped through
 * without being held in memory. A file over the limit is removed again.
 */
export async function storeImageStream(ctx: AppContext, file: Readable & { truncated?: boolean }, folder: string): Promise<string> {
  const iterator = file[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head: Buffer = first.done ? Buffer.alloc(0) : first.value;
  const ext = sniffImage(head);
  if (!ext) {
    file.resume();
    throw notImage();
  }
  const key = `${folder}/${crypto.randomUUID()}.${ext}`;
  const pass = new PassThrough();
  const writing = ctx.storage.put(`public/${key}`, pass);
  pass.write(head);
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    if (!pass.write(next.value)) await new Promise((r) => pass.once('drain', r));
  }
  pass.end();
  await writing;
  if (file.truncated) {
    await ctx.storage.delete(`public/${key}`);
    throw tooLarge();
  }
  return `/storage/${key}`;
}

export function imageRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Multipart: titleId (a field before the file), optional type (backdrop, poster, still), file.
  app.post('/api/v1/images', { config: { permission: 'images.create' } }, async (req) => {
    let titleId: number | null = null;
    let type = 'backdrop';
    let url: string | null = null;
    for await (const part of req.parts({ limits: { fileSize: TITLE_IMAGE_MAX_BYTES, files: 1 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'titleId') titleId = Number(part.value);
        if (part.fieldname === 'type' && ['backdrop', 'poster', 'still'].includes(String(part.value))) type = String(part.value);
        continue;
      }
      if (!titleId || !(await ctx.db.selectFrom('titles').select('id').where('id', '=', titleId).executeTakeFirst())) {
        part.file.resume();
        throw new HttpError(422, 'Title is required.', { titleId: ['Title is required.'] });
      }
      url = await storeImageStream(ctx, part.file, 'title-images');
    }
    if (!url) throw new HttpError(422, 'Please select a file.', { file: ['Please select a file.'] });
    const last = await ctx.db.selectFrom('images').select((eb) => eb.fn.max('order').as('n')).where('model_type', '=', 'title').where('model_id', '=', titleId!).executeTakeFirst();
    const image = await ctx.db.insertInto('images').values({
      model_type: 'title', model_id: titleId!, url, type, source: 'local', order: Number(last?.n ?? -1) + 1, created_at: nowIso(),
    }).returning(['id', 'url', 'type', 'order']).executeTakeFirstOrThrow();
    return { image };
  });

  app.delete('/api/v1/images/:ids', { config: { permission: 'images.delete' } }, async (req) => {
    const ids = parseIds((req.params as { ids: string }).ids);
    const rows = await ctx.db.selectFrom('images').select(['id', 'url']).where('id', 'in', ids).execute();
    if (!rows.length) throw notFound('Image not found');
    await ctx.db.deleteFrom('images').where('id', 'in', ids).execute();
    await removeStoredFiles(ctx, rows.map((r) => r.url));
    return {};
  });
}
