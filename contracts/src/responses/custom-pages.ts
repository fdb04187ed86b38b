import { z } from '../zod.ts';
import type { CustomPage, CustomPageOwner } from '../custom-pages.ts';
import { entity, isoTime, paginated, recordId, EXAMPLE_TIME as T } from './common.ts';

const customPageOwnerEntity = entity({ id: recordId, display_name: z.string(), email: z.string(), avatar: z.string().nullable() }) satisfies z.ZodType<CustomPageOwner>;

const publicFields = { id: recordId, title: z.string(), slug: z.string(), type: z.string(), created_at: isoTime, updated_at: isoTime };

/** A page as the admin sees it: its owner, and its body except in the list. */
export const customPageEntity = entity({
  ...publicFields,
  body: z.string().optional(),
  user_id: recordId.nullable(),
  user: customPageOwnerEntity.nullable().optional(),
}).meta({
  id: 'CustomPage',
  examples: [{
    id: 3, title: 'About us', slug: 'about-us', body: '<h2>Who we are</h2><p>A catalogue run by film lovers.</p>', type: 'default', user_id: 1,
    user: { id: 1, display_name: 'Admin', email: 'admin@example.com', avatar: null }, created_at: T, updated_at: T,
  }],
}) satisfies z.ZodType<CustomPage>;

export const customPageListResponse = paginated(customPageEntity);
export const customPageResponse = entity({ page: customPageEntity, message: z.string().optional() });
/** The public page at /pages/{slug}: no owner details. */
export const publicCustomPageResponse = entity({ page: entity({ ...publicFields, body: z.string() }) });
export const customPageFilterOptionsResponse = entity({ owners: z.array(customPageOwnerEntity), types: z.array(z.string()) });
