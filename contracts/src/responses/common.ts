import { z } from '../zod.ts';

/**
 * Building blocks of the response schemas (issue 18 item 1). A response schema documents an answer in the OpenAPI
 * document and, in the API tests, checks it (server/src/http/schema.ts); production answers are plain JSON.
 * Objects are loose (`entity`): an answer may carry more fields than its schema names, never fewer, and the
 * document says so (no `additionalProperties: false`).
 */
export const entity = z.looseObject;

/** The timestamp the examples use (imported as `T`). */
export const EXAMPLE_TIME = '2026-01-31T12:00:00.000Z';
/** A whole number (imported as `int`). */
export const integer = z.number().int();

/** A timestamp as both databases answer it: an ISO 8601 string. */
export const isoTime = z.string().meta({ description: 'ISO 8601 timestamp (UTC).', examples: [EXAMPLE_TIME] });
export const recordId = z.number().int().meta({ description: 'Record id.', examples: [42] });

/** The `pagination` of every list call (contracts/src/list.ts `Pagination`). */
export function paginationOf<T extends z.ZodType>(item: T) {
  return entity({
    current_page: z.number().int(),
    per_page: z.number().int(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    total: z.number().int(),
    total_capped: z.boolean().optional(),
    last_page: z.number().int(),
    data: z.array(item),
  });
}

/** `{ pagination }`: the answer of a list call. */
export const paginated = <T extends z.ZodType>(item: T) => entity({ pagination: paginationOf(item) });

/** `{}` or a short confirmation. */
export const doneResponse = entity({ message: z.string().optional() }).meta({ description: 'Done.' });

/** A route whose answer is not JSON (a file, a CSV, a page): documented, never checked (only objects are serialized). */
export const binaryResponse = z.string().meta({ description: 'The file itself (not JSON).', format: 'binary' });

/** A route that answers with a redirect. */
export const redirectResponse = z.null().meta({ description: 'A redirect (see the Location header).' });
