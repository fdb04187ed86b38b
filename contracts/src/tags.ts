import { z } from './zod.ts';

/** Tag types; system types belong to features that manage their own tags and cannot be chosen by hand. */
export const TAG_TYPES = [
  { name: 'custom', system: false },
  { name: 'genre', system: true },
  { name: 'keyword', system: true },
  { name: 'production_country', system: true },
] as const;
export type TagType = (typeof TAG_TYPES)[number]['name'];
export const TAG_TYPE_NAMES = TAG_TYPES.map((t) => t.name) as TagType[];
export const SELECTABLE_TAG_TYPES = TAG_TYPES.filter((t) => !t.system).map((t) => t.name) as TagType[];
export const isSystemTagType = (type: string) => TAG_TYPES.some((t) => t.name === type && t.system);

export interface Tag {
  id: number;
  name: string;
  display_name: string;
  type: string;
  created_at: string;
  updated_at: string;
}

export const TAG_SORTS = ['name', 'display_name', 'type', 'created_at', 'updated_at'] as const;
export const TAG_FILTERS = ['type', 'created_at', 'updated_at'] as const;

export const tagSchema = z.object({
  name: z.string({ message: 'The name field is required.' }).trim().min(1, 'The name field is required.').max(100),
  display_name: z.string().trim().max(100).nullish().transform((v) => v || null),
  // Whether a system type may be kept is the server's call (it may on the tag that already has it).
  type: z.string().trim().max(50).default('custom').refine((t) => TAG_TYPE_NAMES.includes(t as TagType), 'The selected type is invalid.'),
}).meta({ examples: [{ name: 'cult-classic', display_name: 'Cult classic', type: 'custom' }] });
export type TagInput = z.infer<typeof tagSchema>;
export const SYSTEM_TAG_TYPE_MESSAGE = 'System tag types cannot be chosen.';
export const TAG_NAME_TAKEN_MESSAGE = 'A tag with this name already exists.';
