import { z } from './zod.ts';

/** Search methods (Part A section 9); mysql and tntsearch use the database's own index. */
export const SEARCH_DRIVERS = ['mysql', 'meilisearch', 'tntsearch', 'elasticsearch', 'algolia'] as const;

/** `POST admin/search/import`: one model, or `*` for every searchable model, into a driver (the saved one when absent). */
export const searchImportSchema = z.object({
  model: z.string().min(1).max(50),
  driver: z.enum(SEARCH_DRIVERS).optional(),
}).meta({ examples: [{ model: '*', driver: 'meilisearch' }] });
export type SearchImport = z.infer<typeof searchImportSchema>;

export interface SearchableModel {
  model: string;
  name: string;
}
