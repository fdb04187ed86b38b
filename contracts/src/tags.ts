import { TITLE_TAG_TYPES, type TitleTagType } from './titles.ts';
import { z, lowerCasedAtMost, required } from './zod.ts';

/**
 * The Tags page lists every tag of the catalogue. System types belong to features that manage their own tags
 * (imports, the Genres and Keywords pages, a title's tabs) and cannot be chosen by hand: a new tag is a custom one.
 */
export type TagType = TitleTagType;
export const TAG_TYPE_NAMES: TagType[] = ['custom', ...TITLE_TAG_TYPES.filter((t) => t !== 'custom')];
export const SELECTABLE_TAG_TYPES: TagType[] = ['custom'];
export const isSystemTagType = (type: string) => TAG_TYPE_NAMES.includes(type as TagType) && !SELECTABLE_TAG_TYPES.includes(type as TagType);

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
  name: z.string(required('The name field is required.')).trim().min(1, 'The name field is required.').max(100).superRefine(lowerCasedAtMost(100)),
  display_name: z.string().trim().max(100).nullish().transform((v) => v || null),
  // Whether a system type may be kept is the server's call (it may on the tag that already has it).
  type: z.string().trim().max(50).default('custom').refine((t) => TAG_TYPE_NAMES.includes(t as TagType), 'The selected type is invalid.').transform((t) => t as TagType),
}).meta({ examples: [{ name: 'cult-classic', display_name: 'Cult classic', type: 'custom' }] });
export type TagInput = z.infer<typeof tagSchema>;
export const SYSTEM_TAG_TYPE_MESSAGE = 'System tag types cannot be chosen.';
export const TAG_NAME_TAKEN_MESSAGE = 'A tag with this name already exists.';
