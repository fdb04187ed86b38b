import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, type ZodType } from 'zod';
import { localizeMessage, type Lines } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { isLostRace } from '../db/errors.ts';

/** An error whose message and status are safe to show the client. */
export class HttpError extends Error {
  /** `headers` go out with the answer (a 429's Retry-After). */
  constructor(public status: number, message: string, public errors?: Record<string, string[]>, public headers?: Record<string, string>) {
    super(message);
  }
}

/** An answer that does not match its route's response schema (only thrown while checking, in tests). */
export class ResponseDriftError extends Error {
  constructor(route: string, err: ZodError) {
    super(`The answer of ${route} does not match its response schema: ${err.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, message);
export const forbidden = (message = 'You are not allowed to do that.') => new HttpError(403, message);
export const unprocessable = (field: string, message: string) => new HttpError(422, message, { [field]: [message] });

export function zodFieldErrors(err: ZodError): Record<string, string[]> {
  // A Map, not a plain object: a field path such as `constructor` or `__proto__` comes from the client.
  const errors = new Map<string, string[]>();
  for (const issue of err.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'body';
    errors.set(key, [...(errors.get(key) ?? []), issue.message]);
  }
  return Object.fromEntries(errors);
}

/** Validate input at the edge; a failure becomes 422 with field errors. */
export function parse<S extends ZodType>(schema: S, data: unknown): ReturnType<S['parse']> {
  const result = schema.safeParse(data ?? {});
  if (!result.success) {
    const errors = zodFieldErrors(result.error);
    throw new HttpError(422, Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors);
  }
  return result.data as ReturnType<S['parse']>;
}

/**
 * PostgreSQL's class 22 "data exception" (invalid text representation, numeric or datetime out of range, NUL
 * in text...) is always a value the client sent that the database cannot take: a 422, never a 500.
 */
export function isDataException(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, severity } = err as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code) && typeof severity === 'string';
}

export const RACE_MESSAGE = 'This was changed by another request at the same moment. Please try again.';

/** The status an error is answered with, for the hooks that report server errors. */
export function errorStatus(err: FastifyError | Error): number {
  if (err instanceof HttpError) return err.status;
  if (err instanceof ZodError || isDataException(err)) return 422;
  if (isLostRace(err)) return 409;
  return (err as FastifyError).statusCode ?? 500;
}

/** The caller's translation lines; the error handler answers 4xx messages in the caller's language. */
export type LinesFor = (req: FastifyRequest) => Promise<Lines | undefined>;

function localized(lines: Lines | undefined, message: string, errors?: Record<string, string[]>) {
  if (!lines) return { message, ...(errors ? { errors } : {}) };
  const out = errors && Object.fromEntries(Object.entries(errors).map(([k, list]) => [k, list.map((m) => localizeMessage(lines, m))]));
  return { message: localizeMessage(lines, message), ...(out ? { errors: out } : {}) };
}

/**
 * The multipart parser's own errors (a body without its boundary, cut short, a broken part header) carry no status:
 * they are the client's bad framing, as malformed JSON is, not the server's failure.
 */
const MULTIPART_ERRORS = /^(Multipart: Boundary not found|Unexpected end of (multipart data|form)|Malformed part header|(Part|File|Field) terminated early due to unexpected end of multipart data)$/;
const isMalformedMultipart = (err: unknown) => err instanceof Error && !(err as FastifyError).statusCode && MULTIPART_ERRORS.test(err.message);

export function registerErrorHandler(app: FastifyInstance, linesFor?: LinesFor): void {
  // Looking up the caller's language must never turn a 4xx into a 500: English is the fallback.
  const lines = async (req: FastifyRequest) => (linesFor ? linesFor(req).catch(() => undefined) : undefined);
  app.setErrorHandler(async (err: FastifyError | HttpError | ZodError, req, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      // RFC 9110 15.5.2: a 401 names how to authenticate; API clients sign in with a bearer token (not a browser dialog).
      if (err.status === 401 && !reply.hasHeader('www-authenticate') && req.url.startsWith('/api/')) reply.header('www-authenticate', 'Bearer');
      return reply.status(err.status).send(localized(await lines(req), err.message, err.errors));
    }
    if (err instanceof ZodError) {
      return reply.status(422).send(localized(await lines(req), 'The given data was invalid.', zodFieldErrors(err)));
    }
    if (isDataException(err)) {
      req.log.info({ err }, 'database refused a value');
      return reply.status(422).send(localized(await lines(req), 'The given data was invalid.'));
    }
    // A write that raced another past its service's check (services that can name the field answer 422 themselves).
    if (isLostRace(err)) {
      req.log.warn({ err }, 'a write lost a race with another request');
      return reply.status(409).send(localized(await lines(req), RACE_MESSAGE));
    }
    if (isMalformedMultipart(err)) return reply.status(400).send(localized(await lines(req), 'Malformed multipart data in the request body.'));
    // Thrown only in tests (http/schema.ts): the message names the route and the fields, so the failing test says why.
    if (err instanceof ResponseDriftError) return reply.status(500).send({ message: err.message });
    const status = (err as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      req.log.error(err);
      return reply.status(500).send(localized(await lines(req), 'There was an issue. Please try again later.'));
    }
    const message = status === 413 ? 'The request is too large.' : status === 415 ? 'Send the request body as JSON (Content-Type: application/json).' : status === 400 && (err as FastifyError).code?.includes('JSON') ? 'Malformed JSON in the request body.' : err.message;
    return reply.status(status).send(localized(await lines(req), message));
  });
}

/**
 * Success answers carry a `message` too ("Your password has been reset. You can now log in.", "Rating saved"), which
 * the sign-in pages show as they are: answered in the caller's language, as the errors are. Only a top-level string
 * under 400 (the error handler localizes its own), and a missing translation leaves the English.
 */
export function registerSuccessMessages(app: FastifyInstance, linesFor: LinesFor): void {
  app.addHook('preSerialization', async (req, reply, payload: unknown) => {
    if (reply.statusCode >= 400 || !payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
    const { message } = payload as { message?: unknown };
    if (typeof message !== 'string') return payload;
    const lines = await linesFor(req).catch(() => undefined);
    return lines ? { ...payload, message: localizeMessage(lines, message) } : payload;
  });
}

/**
 * A row read back after its write: a request that deleted it in between (two admins, two tabs) makes the answer the
 * 404 a moment later would have given, not a 200 with nothing in it.
 */
export function stillThere<T>(row: T | null | undefined, message: string): T {
  if (row == null) throw notFound(message);
  return row;
}
