import { z, required } from './zod.ts';
import type { PermissionGrant } from './permissions.ts';

export const ROLE_TYPES = ['sitewide', 'workspace'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];

export interface Role {
  id: number;
  name: string;
  description: string | null;
  type: RoleType;
  default: boolean;
  guests: boolean;
  internal: boolean;
  permissions: PermissionGrant[];
  created_at: string;
  updated_at: string;
  users_count?: number;
}

/** Role users tab and its user picker page size. */
export const ROLE_USERS_PER_PAGE = 14;
export const ROLE_SORTS = ['name', 'type', 'created_at', 'updated_at'] as const;
export const ROLE_FILTERS = ['type', 'created_at', 'updated_at'] as const;

/**
 * A restriction value: a boolean, or a number where an empty input means "no limit" (undefined)
 * and anything else must be an integer. Numeric strings from form inputs are accepted.
 */
const restrictionValue = z.preprocess((v) => {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'string') {
    const s = v.trim();
    return s === '' ? undefined : Number(s);
  }
  return v;
}, z.custom<boolean | number | undefined>(
  (v) => v === undefined || typeof v === 'boolean' || Number.isInteger(v),
  'Restriction values must be true, false or a whole number.',
));

export const roleGrantSchema = z.object({
  name: z.string().max(100),
  restrictions: z.array(z.object({ name: z.string().max(64), value: restrictionValue })).max(20).optional(),
});

const roleFields = {
  name: z.string(required('The name field is required.')).trim().min(1, 'The name field is required.').max(100),
  description: z.string().trim().max(2000).nullish().transform((v) => v || null),
  type: z.enum(ROLE_TYPES),
  default: z.boolean(),
  guests: z.boolean(),
  permissions: z.array(roleGrantSchema).max(500),
};

export const roleCreateSchema = z.object({
  ...roleFields,
  type: roleFields.type.default('sitewide'),
  default: roleFields.default.default(false),
  guests: roleFields.guests.default(false),
  permissions: roleFields.permissions.default([]),
}).meta({ examples: [{ name: 'Editors', description: 'Edit the catalogue.', type: 'sitewide', permissions: [{ name: 'titles.update' }, { name: 'files.create', restrictions: [{ name: 'max_file_size', value: 512 }] }] }] });
export type RoleCreate = z.infer<typeof roleCreateSchema>;

/** Any subset of the fields; what is not sent stays as it is. */
export const roleUpdateSchema = z.object(roleFields).partial().meta({ examples: [{ description: 'Edit titles and people.', permissions: [{ name: 'titles.update' }, { name: 'people.update' }] }] });
export type RoleUpdate = z.infer<typeof roleUpdateSchema>;

export const roleUsersSchema = z.object({
  userIds: z.array(z.number().int().min(1), { message: 'Select at least one user.' }).min(1, 'Select at least one user.').max(1000),
}).meta({ examples: [{ userIds: [12, 15] }] });
export type RoleUsersRequest = z.infer<typeof roleUsersSchema>;
