import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, type ZodType } from 'zod';
import { translate } from '@app/contracts';

/** An error whose message and status are safe to show the client. */
export class HttpError extends Error {
  /** `headers` go out with the answer (a 429's Retry-After). */
  constructor(public status: number, message: string, public errors?: Record<string, string[]>, public headers?: Record<string, string>) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, message);
export const forbidden = (message = 'You are not allowed to do that.') => new HttpError(403, message);
export const unprocessable = (field: string, message: string) => new HttpError(422, message, { [field]: [message] });

export function zodFieldErrors(err: ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of err.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'body';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
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

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError | ZodError, req, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.status).send({ message: translate(undefined, err.message), ...(err.errors ? { errors: err.errors } : {}) });
    }
    if (err instanceof ZodError) {
      const errors = zodFieldErrors(err);
      return reply.status(422).send({ message: 'The given data was invalid.', errors });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      req.log.error(err);
      return reply.status(500).send({ message: 'There was an issue. Please try again later.' });
    }
    const message = status === 413 ? 'The request is too large.' : status === 400 && (err as FastifyError).code?.includes('JSON') ? 'Malformed JSON in the request body.' : err.message;
    return reply.status(status).send({ message });
  });
}
