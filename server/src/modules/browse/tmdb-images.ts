import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { TMDB_IMAGE_FILE, TMDB_IMAGE_LIMIT, type TmdbImageSize } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { consume } from '../../http/rate-limit.ts';
import { asHttpError, tmdbClient } from '../tmdb/importer.ts';

const LIMIT = { name: 'tmdb-image', max: TMDB_IMAGE_LIMIT, windowSeconds: 3600, message: 'Too many requests. Please try again in :seconds seconds.' };
const TYPES = new Map([['jpg', 'image/jpeg'], ['png', 'image/png'], ['webp', 'image/webp']]);

/** The address a search hit's poster is shown from: this site's pass-through, or nothing for a path it would refuse. */
export function tmdbImageAddress(path: string | null | undefined, size: TmdbImageSize): string | null {
  return path?.startsWith('/') && TMDB_IMAGE_FILE.test(path.slice(1)) ? `/api/v1/tmdb/images/${size}${path}` : null;
}

/**
 * Streams a poster from the movie database to the visitor. The service's answer is awaited before anything is sent,
 * so a failure is a clean 404 or 502; browsers keep the image for a day.
 */
export async function sendTmdbImage(ctx: AppContext, size: string, file: string, visitor: string, reply: FastifyReply) {
  // Only a site whose search shows the service's hits has posters to pass through.
  if ((await ctx.settings.get('client.content.search_provider')) === 'local') throw notFound('Not found');
  await consume(ctx, LIMIT, visitor);
  let body: ReadableStream<Uint8Array>;
  try {
    body = await (await tmdbClient(ctx)).image(`/${file}`, size);
  } catch (e) {
    throw asHttpError(e);
  }
  const ext = file.slice(file.lastIndexOf('.') + 1);
  return reply.type(TYPES.get(ext) ?? 'application/octet-stream').header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff')
    .send(Readable.fromWeb(body as import('node:stream/web').ReadableStream));
}
