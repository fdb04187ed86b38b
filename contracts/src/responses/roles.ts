import { z } from '../zod.ts';
import type { Permission } from '../permissions.ts';
import type { Role } from '../roles.ts';
import { ROLE_TYPES } from '../roles.ts';
import { entity, isoTime, paginated, recordId } from './common.ts';
import { permissionGrantEntity } from './users.ts';

export const roleEntity = entity({
  id: recordId,
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(ROLE_TYPES),
  default: z.boolean(),
  guests: z.boolean(),
  internal: z.boolean(),
  permissions: z.array(permissionGrantEntity),
  created_at: isoTime,
  updated_at: isoTime,
  users_count: z.number().int().optional(),
}).meta({
  id: 'Role',
  examples: [{
    id: 4, name: 'Editors', description: 'Edit the catalogue.', type: 'sitewide', default: false, guests: false, internal: false,
    permissions: [{ name: 'titles.update' }, { name: 'files.create', restrictions: [{ name: 'max_file_size', value: 512 }] }],
    created_at: '2026-01-31T12:00:00.000Z', updated_at: '2026-01-31T12:00:00.000Z', users_count: 3,
  }],
}) satisfies z.ZodType<Role>;

export const roleListResponse = paginated(roleEntity);
export const roleResponse = entity({ role: roleEntity });
/** How many users were added to or removed from the role. */
export const roleUsersResponse = entity({ count: z.number().int(), message: z.string() });

export const permissionEntity = entity({
  name: z.string(),
  display_name: z.string(),
  description: z.string(),
  group: z.string(),
  advanced: z.boolean(),
  restrictions: z.array(entity({ name: z.string(), type: z.enum(['bool', 'number']), description: z.string(), value: z.union([z.boolean(), z.number()]).optional() })),
}).meta({
  id: 'Permission',
  examples: [{ name: 'users.update', display_name: 'Manage users', description: 'Allow viewing, updating, suspending and exporting all users.', group: 'users', advanced: true, restrictions: [] }],
}) satisfies z.ZodType<Permission>;
/** The permission catalogue (contracts/src/permissions.ts). */
export const permissionListResponse = entity({ permissions: z.array(permissionEntity) });
