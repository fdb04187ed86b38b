import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import type { $ZodType, output } from 'zod/v4/core';
import { z, type ZodType } from 'zod';
import { HttpError, ResponseDriftError, zodFieldErrors } from './errors.ts';
import { MAX_IDS } from './list-query.ts';
import { ID_MAX, translate } from '@app/contracts';

/**
 * Route schemas (issue 18 item 1): a route's `schema: { params, querystring, body, response }` holds zod schemas
 * from `contracts/`. Input that fails its schema is refused before the handler with the house 422
 * `{ message, errors }` (the same answer as `parse()`), so the error handler and its translation of messages apply.
 * Response schemas document the answer (OpenAPI) and are never used to serialize it: a zod object strips keys
 * it does not list, and the web app reads fields a documented shape may leave out. Production answers with plain
 * JSON.stringify (no stripping, no extra cost); with `checkResponses` (NODE_ENV=test, so every API test) each
 * answer is first checked against its route's schema for its status, and a mismatch (a missing or mistyped field;
 * extra fields are fine) fails the call with a 500 naming the route and the fields, so the test that made it fails.
 */
export function registerRouteSchemas(app: FastifyInstance, opts: { checkResponses: boolean }): void {
  app.setValidatorCompiler<ZodType>(({ schema }) => (data) => {
    // A missing body or query validates as an empty object, as `parse()` always did.
    const result = schema.safeParse(data ?? {});
    if (result.success) return { value: result.data };
    const errors = zodFieldErrors(result.error);
    return { error: new HttpError(422, Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors) };
  });
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    if (!opts.checkResponses || !(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
    return (data) => {
      const result = schema.safeParse(data);
      if (!result.success) throw new ResponseDriftError(`${method} ${url} ${httpStatus}`, result.error);
      return JSON.stringify(data);
    };
  });
}

/**
 * The zod type provider for input only: handlers read `req.params`, `req.query` and `req.body` typed from the
 * schemas, while answers are not typed from the response schemas (many repositories answer `Pagination<unknown>`
 * or wider row types); answers are checked against them at run time in every API test instead (see above).
 */
interface ApiTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends $ZodType ? output<this['schema']> : unknown;
  serializer: unknown;
}

/** The app with the zod type provider: handlers read `req.params`, `req.query` and `req.body` typed from the schemas. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ApiTypeProvider>();
export type TypedApp = ReturnType<typeof typed>;

const INVALID_ID = 'Invalid id.';
/** A positive database id in a path segment or query: digits only (no `1e3`, `0x10`, ` 1`), at most ID_MAX. */
export const idSchema = z.string().regex(/^[1-9][0-9]{0,9}$/, INVALID_ID).transform(Number).refine((n) => n <= ID_MAX, INVALID_ID)
  .meta({ description: 'A record id (positive integer).' });

/** `/:id` routes: one shared parser instead of a copy per module. */
export const idParam = z.object({ id: idSchema });

/** `1,2,3` from a bulk-delete path, at most MAX_IDS distinct ids. */
export const idsSchema = z.string().max(16 * 1024).transform((raw, c) => {
  const ids = raw.split(',').map((s) => Number(s.trim()));
  if (ids.length > MAX_IDS) {
    c.addIssue({ code: 'custom', message: translate(undefined, 'You can delete at most :count items at once.', { count: MAX_IDS }) });
    return z.NEVER;
  }
  if (!ids.length || ids.some((n) => !Number.isSafeInteger(n) || n < 1 || n > ID_MAX)) {
    c.addIssue({ code: 'custom', message: 'Invalid ids.' });
    return z.NEVER;
  }
  return [...new Set(ids)];
}).meta({ description: 'Comma-separated record ids, e.g. `1,2,3`.' });

/** `/:ids` bulk routes. */
export const idsParam = z.object({ ids: idsSchema });

/** A route answering `{}` or a short confirmation (documentation only, see above). */
export const okResponse = z.object({ message: z.string().optional() }).meta({ description: 'Done.' });

/** The error body of every refused call (401, 403, 404, 422). */
export const errorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional().meta({ description: 'Field name to its messages (422).' }),
});
