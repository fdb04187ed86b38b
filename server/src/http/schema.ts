import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { HttpError, zodFieldErrors } from './errors.ts';
import { MAX_IDS } from './list-query.ts';

/**
 * Route schemas (issue 18 item 1): a route's `schema: { params, querystring, body, response }` holds zod schemas
 * from `contracts/`. Input that fails its schema is refused before the handler with the house 422
 * `{ message, errors }` (the same answer as `parse()`), so the error handler and its translation of messages apply.
 * Response schemas document the answer (OpenAPI) and are never used to serialize it: a zod object strips keys
 * it does not list, and the web app reads fields a documented shape may leave out.
 */
export function registerRouteSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler<ZodType>(({ schema }) => (data) => {
    // A missing body or query validates as an empty object, as `parse()` always did.
    const result = schema.safeParse(data ?? {});
    if (result.success) return { value: result.data };
    const errors = zodFieldErrors(result.error);
    return { error: new HttpError(422, Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors) };
  });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

/** The app with the zod type provider: handlers read `req.params`, `req.query` and `req.body` typed from the schemas. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
export type TypedApp = ReturnType<typeof typed>;

const INVALID_ID = 'Invalid id.';
/** A positive database id in a path segment or query: digits only (no `1e3`, `0x10`, ` 1`), at most 15 of them. */
export const idSchema = z.string().regex(/^[1-9][0-9]{0,14}$/, INVALID_ID).transform(Number).meta({ description: 'A record id (positive integer).' });

/** `/:id` routes: one shared parser instead of a copy per module. */
export const idParam = z.object({ id: idSchema });

/** `1,2,3` from a bulk-delete path, at most MAX_IDS distinct ids. */
export const idsSchema = z.string().max(16 * 1024).transform((raw, c) => {
  const ids = raw.split(',').map((s) => Number(s.trim()));
  if (ids.length > MAX_IDS) {
    c.addIssue({ code: 'custom', message: `You can delete at most ${MAX_IDS} items at once.` });
    return z.NEVER;
  }
  if (!ids.length || ids.some((n) => !Number.isSafeInteger(n) || n < 1)) {
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
