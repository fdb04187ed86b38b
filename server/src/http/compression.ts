import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Compresses JSON, HTML and other text answers (issue 16 item 1) with brotli or gzip as the client accepts, streaming
 * through Node's zlib so a large answer never blocks the event loop while it compresses. Answers under THRESHOLD bytes
 * go out as they are: compressing them costs more time than the bytes it saves. Built assets are already
 * precompressed on disk (fastify-static's preCompressed) and streams (files, CSV, video) are left alone.
 */
const THRESHOLD = 1024;
const COMPRESSIBLE = /^(application\/(json|xml|rss\+xml|atom\+xml|javascript|ld\+json)|text\/|image\/svg\+xml)/i;
/** Brotli at quality 4 compresses about as fast as gzip level 6 and a little smaller; the top qualities are for build time. */
const BROTLI_QUALITY = 4;

type Encoding = 'br' | 'gzip';

/** The best encoding the Accept-Encoding header allows (a q=0 refuses one), brotli first; null when neither. */
export function pickEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weight = (name: Encoding) => accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0);
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

function addVary(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/accept-encoding|\*/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

function compress(req: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.hasHeader('content-encoding')) return payload;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!COMPRESSIBLE.test(type)) return payload;
  // The answer differs by Accept-Encoding whenever it could be compressed, small or not.
  addVary(reply);
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (size < THRESHOLD || req.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return payload;
  const encoding = pickEncoding(req.headers['accept-encoding']);
  if (!encoding) return payload;
  const stream = encoding === 'br'
    ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } })
    : zlib.createGzip({ level: 6 });
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  // Fastify listens for the payload stream's errors while it sends it (it logs and ends the response).
  stream.end(payload);
  return stream;
}

/** Register after every other onSend hook that reads or rewrites the payload: this one turns it into a stream. */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => compress(req, reply, payload));
}
