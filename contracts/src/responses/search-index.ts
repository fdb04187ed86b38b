import { z } from '../zod.ts';
import type { SearchableModel } from '../search.ts';
import { entity } from './common.ts';

/** The models the search index holds (admin search settings). */
export const searchModelListResponse = entity({ models: z.array(entity({ model: z.string(), name: z.string() }) satisfies z.ZodType<SearchableModel>) })
  .meta({ examples: [{ models: [{ model: 'users', name: 'Users' }] }] });
