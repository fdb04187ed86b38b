import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { sniffImage } from '../lib/sniff.ts';
import { HttpError } from './errors.ts';

const NOT_IMAGE = 'The file must be an image (png, jpeg, gif or webp).';
const fileError = (message: string) => new HttpError(422, message, { file: [message] });

/**
 * Streams the request's one uploaded image to `public/{prefix}/` on the storage driver and answers its
 * public URL. The type comes from the first bytes (never the name or the client's claim); the body is
 * never held whole in memory; an upload over `maxBytes` is removed again and refused.
 */
export async function storeImageUpload(ctx: AppContext, req: FastifyRequest, opts: { prefix: string; maxBytes: number; tooLarge: string }): Promise<string> {
  const file = await req.file({ limits: { fileSize: opts.maxBytes, files: 1 } });
  if (!file) throw fileError('Please select a file.');
  const source = file.file;
  const chunks = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headLength = 0;
  while (headLength < 16) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value as Buffer);
    headLength += (next.value as Buffer).length;
  }
  const ext = sniffImage(Buffer.concat(head));
  if (!ext) {
    source.resume();
    throw fileError(NOT_IMAGE);
  }
  const key = `${opts.prefix}/${crypto.randomUUID()}.${ext}`;
  const body = Readable.from((async function* () {
    yield* head;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value as Buffer;
  })());
  await ctx.storage.put(`public/${key}`, body);
  if (source.truncated) {
    await ctx.storage.delete(`public/${key}`);
    throw fileError(opts.tooLarge);
  }
  return `/storage/${key}`;
}
