import { z } from '../zod.ts';
import type { Tag } from '../tags.ts';
import { entity, isoTime, paginated, recordId } from './common.ts';

export const tagEntity = entity({
  id: recordId,
  name: z.string(),
  display_name: z.string(),
  type: z.string(),
  created_at: isoTime,
  updated_at: isoTime,
}).meta({ id: 'Tag', examples: [{ id: 7, name: 'cult-classic', display_name: 'Cult classic', type: 'custom', created_at: '2026-01-31T12:00:00.000Z', updated_at: '2026-01-31T12:00:00.000Z' }] }) satisfies z.ZodType<Tag>;

export const tagListResponse = paginated(tagEntity);
export const tagResponse = entity({ tag: tagEntity });
