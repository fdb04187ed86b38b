import { z } from '../zod.ts';
import type { ImportedItem, TmdbImportResponse } from '../tmdb.ts';
import { entity, recordId } from './common.ts';

/** Answers of the movie-database import calls. */

export const tmdbStatusResponse = entity({ configured: z.boolean().meta({ description: 'Whether a TMDb API key is set.' }) });

/** `POST media/import`: the imported (or updated) title or person. */
export const mediaImportResponse = entity({ id: recordId, name: z.string(), media_type: z.enum(['movie', 'series', 'person']) })
  .meta({ examples: [{ id: 42, name: 'The Matrix', media_type: 'movie' }] });

const importedItem = entity({
  id: recordId.nullable(), tmdb_id: z.number().int(), name: z.string(), status: z.enum(['imported', 'failed']), error: z.string().optional(),
}) satisfies z.ZodType<ImportedItem>;

/** `POST tmdb/import`: one page of the multi-title import. */
export const tmdbImportResponse = entity({ items: z.array(importedItem), total_pages: z.number().int() })
  .meta({ examples: [{ items: [{ id: 42, tmdb_id: 603, name: 'The Matrix', status: 'imported' }], total_pages: 500 }] }) satisfies z.ZodType<TmdbImportResponse>;
