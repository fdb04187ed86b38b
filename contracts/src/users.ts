import { z } from './zod.ts';
import { isExternalUrl, storedKeyOf } from './stored-urls.ts';
import { dayNamed } from './date-range.ts';

export interface RoleSummary {
  id: number;
  name: string;
}

export interface Ban {
  id: number;
  ban_until: string | null;
  comment: string | null;
  created_at: string;
}

export interface Subscription {
  id: number;
  user_id: number;
  product_id: number | null;
  price_id: number | null;
  gateway_name: string;
  description: string | null;
  renews_at: string | null;
  ends_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface User {
  id: number;
  display_name: string;
  email: string;
  avatar: string | null;
  first_name: string | null;
  last_name: string | null;
  available_space: number | null;
  created_at: string;
  updated_at: string;
  email_verified_at: string | null;
  banned_at: string | null;
  roles: RoleSummary[];
  permissions?: { name: string; restrictions?: { name: string; value?: boolean | number }[] }[];
  subscriptions?: Subscription[];
  bans?: Ban[];
  /** Whether two-factor sign-in is on: the signed-in user's own, and one user's in the admin (not in lists). */
  two_factor_enabled?: boolean;
  /** In the admin users list: whether the user holds the admin permission (only an admin may change such a user). */
  is_admin?: boolean;
}

/** The signed-in user, as `GET auth/me` answers it. */
export interface CurrentUser extends User {
  /** Effective permission names: the union of the user's roles' and their own. */
  effective_permissions: string[];
  /** False for accounts made through social login until they set one (account settings then ask no current password). */
  has_password: boolean;
}

const restrictionSchema = z.object({ name: z.string().max(64), value: z.union([z.boolean(), z.number().int()]).nullish().transform((v) => v ?? undefined) });
export const permissionGrantSchema = z.object({ name: z.string().max(100), restrictions: z.array(restrictionSchema).max(20).optional() });

const name = z.string().trim().max(100).nullish().transform((v) => v || null);
/** Available space in bytes; empty means inherit from roles or subscription. */
const space = z.union([z.number().int().min(1), z.null()]).optional();

/** Every user field; create adds defaults, update takes any subset and leaves the rest alone. */
const userFields = {
  email: z.string().trim().toLowerCase().email().max(255),
  password: z.string().min(8).max(255),
  first_name: name,
  last_name: name,
  email_verified_at: z.boolean(),
  available_space: space,
  roles: z.array(z.number().int()).max(100),
  permissions: z.array(permissionGrantSchema).max(500),
  // An avatar uploaded through the avatar call, or a picture elsewhere on the web; never a path of our choosing.
  avatar: z.string().max(500).nullish().refine((v) => !v || storedKeyOf(v, ['avatars']) !== null || isExternalUrl(v), 'The avatar must be an uploaded image or a web address.'),
};

export const userCreateSchema = z.object({
  ...userFields,
  email_verified_at: userFields.email_verified_at.default(false),
  roles: userFields.roles.default([]),
  permissions: userFields.permissions.default([]),
}).meta({ examples: [{ email: 'ada@example.com', password: 'correct horse battery', first_name: 'Ada', last_name: 'Lovelace', email_verified_at: true, roles: [2] }] });
export type UserCreate = z.infer<typeof userCreateSchema>;

export const userUpdateSchema = z.object({
  ...userFields,
  password: userFields.password.optional().or(z.literal('').transform(() => undefined)),
}).partial().meta({ examples: [{ first_name: 'Ada', last_name: 'King', roles: [2, 4], available_space: 1073741824 }] });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const BAN_COMMENT_MAX = 250;
export const banSchema = z.object({
  ban_until: z.string().datetime({ offset: true }).nullish().or(z.string().date().nullish()),
  permanent: z.boolean().default(true),
  comment: z.string().trim().max(BAN_COMMENT_MAX).nullish(),
}).superRefine((v, ctx) => {
  // A date in the past is refused even on a permanent ban: the caller meant something else than what would be saved.
  if (v.ban_until && new Date(v.ban_until).getTime() <= Date.now()) {
    ctx.addIssue({ code: 'custom', path: ['ban_until'], message: `Enter a date after ${dayNamed(new Date().toISOString())}` });
  } else if (!v.permanent && !v.ban_until) ctx.addIssue({ code: 'custom', path: ['ban_until'], message: 'The suspension end date is required.' });
}).meta({ examples: [{ permanent: false, ban_until: '2099-12-31T00:00:00.000Z', comment: 'Spam in the comments.' }, { permanent: true, comment: 'Repeated abuse.' }] });
export type BanRequest = z.infer<typeof banSchema>;

export const USER_SORTS = ['email', 'first_name', 'last_name', 'created_at', 'updated_at', 'id'] as const;
export const USER_FILTERS = ['email_verified_at', 'created_at', 'updated_at', 'subscriptions', 'roles', 'banned_at'] as const;

export const CSV_EXPORT_SYNC_LIMIT = 10_000;
export interface CsvExportResponse {
  downloadPath?: string;
  result?: 'jobQueued';
  message?: string;
}

/** Units accepted by size inputs (available space, max file size). */
export const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
export const MAX_SIZE_BYTES = 0x630000000000;
