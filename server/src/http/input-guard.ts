import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/** Deepest nesting of objects and arrays a request may send (no form of ours nests more than a few levels). */
export const MAX_DEPTH = 32;
export const INVALID_TEXT = 'The text contains invalid characters.';
export const TOO_DEEP = 'The data is nested too deeply.';

/**
 * NUL (PostgreSQL refuses it in text, SQLite stores it and then cuts strings at it) and lone UTF-16
 * surrogates (stored as invalid UTF-8, which breaks every reader of the row afterwards).
 */
// eslint-disable-next-line no-control-regex
const INVALID = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasInvalidText = (s: string): boolean => INVALID.test(s);

/**
 * The path of the first string (value or key) with invalid characters, or TOO_DEEP past MAX_DEPTH levels.
 * Recursion is bounded by MAX_DEPTH, so however deep the input, the walk stays shallow.
 */
export function findInvalid(value: unknown, path: string[] = [], depth = 0): { path: string[]; message: string } | null {
  if (typeof value === 'string') return hasInvalidText(value) ? { path, message: INVALID_TEXT } : null;
  if (!value || typeof value !== 'object') return null;
  // Parsed data only: a streamed body (chunk uploads) or a Buffer is bytes, not text to walk.
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return null;
  if (depth >= MAX_DEPTH) return { path, message: TOO_DEEP };
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  for (const [key, child] of entries) {
    if (hasInvalidText(key)) return { path: [...path, key.replace(INVALID, '?')], message: INVALID_TEXT };
    const found = findInvalid(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

const routeTables = new WeakMap<FastifyInstance, { method: string; url: string }[]>();

/** Every route registered after the guard (all of them: it is registered before the first route). */
export const registeredRoutes = (app: FastifyInstance): readonly { method: string; url: string }[] => routeTables.get(app) ?? [];

/**
 * Refuses (422) a request whose params, query or parsed body hold NUL or lone surrogates, or whose body
 * nests deeper than MAX_DEPTH. Runs as preValidation: after the permission check (onRequest), before any
 * handler reads the input, so no module has to repeat it.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // A call without a body sent with `Content-Type: application/json` anyway (many HTTP clients set it on every
  // request, DELETE included) has no body, not a malformed one: it reaches the route, which asks for the fields it
  // needs. Without the header, Fastify skips parsing a request that carries no body.
  app.addHook('onRequest', async (req) => {
    const { headers } = req;
    if (headers['transfer-encoding'] === undefined && (headers['content-length'] === undefined || headers['content-length'] === '0')
      && /^application\/json\s*(;|$)/i.test(headers['content-type'] ?? '')) delete headers['content-type'];
  });
  // Every route the app serves, API or not (the fuzz test and bench walk them all).
  const table: { method: string; url: string }[] = [];
  routeTables.set(app, table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD' && method !== 'OPTIONS') table.push({ method, url: route.url });
  });
  app.addHook('preValidation', async (req) => {
    for (const source of [req.params, req.query, req.body]) {
      // Query and params are flat (the field is the parameter's name); a body reports its field path.
      const found = findInvalid(source);
      if (!found) continue;
      const field = found.path.length ? found.path.join('.') : 'body';
      throw new HttpError(422, found.message, { [field]: [found.message] });
    }
  });
}
